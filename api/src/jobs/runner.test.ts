import { sql } from 'kysely';
import { z } from 'zod';
import { openDatabase, type OpenDatabase } from '../db';
import { availableBackends, createTestDatabase, type TestDatabase } from '../test/backends';
import { JobRunner } from './runner';

const payload = z.object({ farm: z.string() });

describe.each(availableBackends())('durable jobs on %s', (kind) => {
  let testDb: TestDatabase;
  let database: OpenDatabase;
  const runners: JobRunner[] = [];

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    database = await openDatabase(testDb.config);
    await sql`create table effects (job_id bigint, farm text)`.execute(database.db);
  });
  afterAll(async () => {
    for (const runner of runners) await runner.stop(100);
    await database.close();
    await testDb.drop();
  });
  beforeEach(async () => {
    await sql`delete from effects`.execute(database.db);
    await database.db.deleteFrom('jobs').execute();
  });

  const effects = async () =>
    (await sql<{ farm: string }>`select farm from effects order by farm`.execute(database.db)).rows.map(
      (row) => row.farm,
    );

  /** A runner whose `export` kind records its effect with the completion; `failures` first attempts throw. */
  function runner(options: { failures?: number; leaseMs?: number; hang?: boolean; slowKind?: boolean } = {}) {
    const jobs = JobRunner.for(database, { concurrency: 1, pollMs: 50, backoffMs: () => 0 });
    let attempts = 0;
    // Another kind with a long lease, registered beside `export` (as an api process registers many kinds).
    if (options.slowKind)
      jobs.register('slow-report', { parse: payload.parse, leaseMs: 120_000, handle: async () => {} });
    jobs.register('export', {
      parse: payload.parse,
      leaseMs: options.leaseMs,
      maxAttempts: 4,
      handle: async ({ farm }, context) => {
        attempts += 1;
        if (attempts <= (options.failures ?? 0)) throw new Error(`attempt ${attempts} failed`);
        if (options.hang) await new Promise(() => undefined);
        await context.complete(async (trx) => {
          await sql`insert into effects values (${context.job.id}, ${farm})`.execute(trx);
        });
      },
    });
    runners.push(jobs);
    return { jobs, attempts: () => attempts };
  }

  it('exists only if the enqueueing write committed', async () => {
    const { jobs } = runner();
    await database.db
      .transaction()
      .execute(async (trx) => {
        await jobs.enqueue(trx, 'export', { farm: 'rolled back' });
        throw new Error('the write failed');
      })
      .catch(() => undefined);
    await database.db.transaction().execute((trx) => jobs.enqueue(trx, 'export', { farm: 'committed' }));
    expect(await jobs.drain()).toBe(1);
    expect(await effects()).toEqual(['committed']);
  });

  it('retries a failing job with back-off until it succeeds, with its effect once', async () => {
    const { jobs, attempts } = runner({ failures: 2 });
    await jobs.enqueue(database.db, 'export', { farm: 'North' });
    expect(await jobs.drain()).toBe(3);
    expect(attempts()).toBe(3);
    expect(await effects()).toEqual(['North']);
    const row = await database.db.selectFrom('jobs').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: 'done', attempts: 3, last_error: null });
  });

  it('gives up after its attempts, keeping the last error', async () => {
    const { jobs } = runner({ failures: 10 });
    await jobs.enqueue(database.db, 'export', { farm: 'Never' });
    await jobs.drain();
    const row = await database.db.selectFrom('jobs').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: 'failed', attempts: 4, last_error: 'attempt 4 failed' });
    expect(await effects()).toEqual([]);
  });

  it('enqueues one job per dedupe key', async () => {
    const { jobs } = runner();
    const first = await jobs.enqueue(database.db, 'export', { farm: 'A' }, { dedupeKey: 'export:A' });
    const again = await jobs.enqueue(database.db, 'export', { farm: 'A' }, { dedupeKey: 'export:A' });
    expect(first).not.toBeNull();
    expect(again).toBeNull();
    expect(await jobs.drain()).toBe(1);
  });

  it.each([
    ['alone', false],
    ['beside a kind with a longer lease', true],
  ])(
    'runs a job whose worker died mid-way again when its lease runs out (%s), with its effect once',
    async (_, slowKind) => {
      // Runners of earlier tests would claim this test's job: they stop first.
      for (const earlier of runners.splice(0)) await earlier.stop(100);
      const dying = runner({ hang: true, leaseMs: 300, slowKind });
      await dying.jobs.enqueue(database.db, 'export', { farm: 'South' });
      await dying.jobs.start();
      // The first worker has claimed the job and hangs (as a killed process would, holding nothing but its lease).
      for (let i = 0; i < 100 && dying.attempts() === 0; i += 1) await new Promise((r) => setTimeout(r, 20));
      expect(dying.attempts()).toBe(1);
      const healthy = runner();
      await healthy.jobs.start();
      for (let i = 0; i < 150 && (await effects()).length === 0; i += 1) await new Promise((r) => setTimeout(r, 20));
      expect(await effects()).toEqual(['South']);
      const row = await database.db.selectFrom('jobs').selectAll().executeTakeFirstOrThrow();
      expect(row).toMatchObject({ state: 'done', attempts: 2 });
    },
  );
  it('drains on stop (SIGTERM): a job in flight finishes with its effect, and no new job is claimed', async () => {
    // Runners of earlier tests would claim this test's jobs: they stop first.
    for (const earlier of runners.splice(0)) await earlier.stop(100);
    const jobs = JobRunner.for(database, { concurrency: 1, pollMs: 50, backoffMs: () => 0 });
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    const started: string[] = [];
    jobs.register('export', {
      parse: payload.parse,
      handle: async ({ farm }, context) => {
        started.push(farm);
        await released;
        await context.complete(async (trx) => {
          await sql`insert into effects values (${context.job.id}, ${farm})`.execute(trx);
        });
      },
    });
    runners.push(jobs);
    await jobs.enqueue(database.db, 'export', { farm: 'In flight' });
    await jobs.start();
    for (let i = 0; i < 150 && started.length === 0; i += 1) await new Promise((r) => setTimeout(r, 20));
    expect(started).toEqual(['In flight']);
    await jobs.enqueue(database.db, 'export', { farm: 'Queued' });
    const stopped = jobs.stop(10_000);
    let stoppedYet = false;
    void stopped.then(() => (stoppedYet = true));
    await new Promise((r) => setTimeout(r, 100));
    expect(stoppedYet).toBe(false); // waiting for the job in flight
    release();
    await stopped;
    expect(await effects()).toEqual(['In flight']);
    const states = await database.db.selectFrom('jobs').select(['state']).orderBy('id').execute();
    expect(states.map((row) => row.state)).toEqual(['done', 'pending']);
  });
});
