import { PassThrough } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { claimEvent } from '../processed-events';

/**
 * Probes for the multi-process topology test (gateway/src/topology.test.ts), mounted only by
 * `topology-entry.ts`, never by the product: they drive the real once-only, job and shutdown
 * machinery of an api process from outside, and record which process did what.
 *
 * - `POST /v2/topology/events/:id`: a webhook-like delivery; `claimEvent` and the effect commit in one
 *   transaction that stays open a moment, so two processes handling the same event overlap.
 * - `POST /v2/topology/jobs/:key`: enqueues a `topology-probe` job. Its first attempt records that it
 *   started and then hangs (the test kills that process); a later attempt commits the effect.
 * - `GET /v2/topology/slow?ms=`: answers after `ms` (a request in flight during SIGTERM).
 * - `GET /v2/topology/effects`: what took effect, and which process did it.
 */
export const topologyProbes: FastifyPluginAsync = async (app) => {
  const { db } = app;
  // Both processes start together: one creates the tables, under an advisory lock.
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(771177)`.execute(trx);
    await sql`create table if not exists topology_effects (
      kind text not null, key text not null, pid integer not null, attempt integer, at timestamptz not null default now())`.execute(
      trx,
    );
    await sql`create table if not exists topology_job_starts (
      job_id bigint not null, attempt integer not null, pid integer not null)`.execute(trx);
  });

  const jobPayload = z.object({ key: z.string() });
  app.jobs.register('topology-probe', {
    parse: jobPayload.parse,
    leaseMs: 1500,
    maxAttempts: 3,
    handle: async ({ key }, { job, complete, signal }) => {
      await sql`insert into topology_job_starts values (${job.id}, ${job.attempts}, ${process.pid})`.execute(db);
      if (job.attempts === 1) {
        // Mid-way: the test SIGKILLs this process now. (On a graceful stop, give up and be retried.)
        await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
        throw new Error('stopped mid-way');
      }
      await complete(async (trx) => {
        await sql`insert into topology_effects (kind, key, pid, attempt) values ('job', ${key}, ${process.pid}, ${job.attempts})`.execute(
          trx,
        );
      });
    },
  });

  const keyParams = z.object({ id: z.string().min(1).max(100) });
  app.post('/topology/events/:id', async (request) => {
    const { id } = keyParams.parse(request.params);
    const applied = await db.transaction().execute(async (trx) => {
      if (!(await claimEvent(trx, 'topology-probe', id))) return false;
      await sql`select pg_sleep(0.3)`.execute(trx);
      await sql`insert into topology_effects (kind, key, pid) values ('event', ${id}, ${process.pid})`.execute(trx);
      return true;
    });
    return { applied, pid: process.pid };
  });

  app.post('/topology/jobs/:id', async (request) => {
    const { id } = keyParams.parse(request.params);
    const job = await db.transaction().execute((trx) => app.jobs.enqueue(trx, 'topology-probe', { key: id }));
    return { job, pid: process.pid };
  });

  // Headers and the first bytes at once, the rest after `ms`: a caller knows its request is in flight.
  app.get('/topology/slow', async (request, reply) => {
    const { ms } = z.object({ ms: z.coerce.number().int().min(0).max(10_000) }).parse(request.query);
    const body = new PassThrough();
    body.write(`{"pid":${process.pid},`);
    setTimeout(() => body.end(`"waitedMs":${ms}}`), ms);
    return reply.type('application/json').send(body);
  });

  app.get('/topology/effects', async () => {
    const effects = await sql<{ kind: string; key: string; pid: number; attempt: number | null }>`
      select kind, key, pid, attempt from topology_effects order by at`.execute(db);
    const starts = await sql<{ job_id: string; attempt: number; pid: number }>`
      select job_id::text as job_id, attempt, pid from topology_job_starts order by attempt`.execute(db);
    const jobs = await sql<{ state: string; attempts: number }>`
      select state, attempts from jobs where kind = 'topology-probe' order by id`.execute(db);
    return { effects: effects.rows, jobStarts: starts.rows, jobs: jobs.rows };
  });
};
