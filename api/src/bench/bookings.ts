// Benchmark of Rapid-EM reservations over HTTP, on PostgreSQL (when a server answers) and on PGlite:
// (1) 100 different customers reserve overlapping days of one machine at the same moment → exactly one
// hold, 99 'booked by another customer' answers, no errors, with the latency; (2) 1,000 reservations
// of 20 machines over a year at concurrency 16 → zero overlapping active reservations, checked by one
// SQL self-join afterwards. Prints one JSON object. Run: `npm run bench bookings`.
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { DATES_TAKEN_MESSAGE } from '@paddock/shared/contracts';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { DatabaseKind } from '../db';
import { bookingToday } from '../plugins';
import { startAuthServer, TEST_AUDIENCE, TEST_ISSUER } from '../test/auth-server';
import { createTestDatabase } from '../test/backends';
import { pgAnswers } from './api-process';
// Plain ES module shared with the root bench script (typed by load.d.mts).
import { percentile, runLoad } from '../../../scripts/bench/load.mjs';


const apiRoot = fileURLToPath(new URL('../..', import.meta.url));
const RACERS = 100;
const SPREAD = 1000;
const MACHINES = 20;
const SPREAD_CONCURRENCY = 16;

const day = (n: number): string =>
  new Date(Date.parse(`${bookingToday()}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const round = (ms: number) => Math.round(ms * 100) / 100;

async function measureOn(kind: DatabaseKind) {
  const database = await createTestDatabase(kind);
  const auth = await startAuthServer();
  const env = { AUTH_ISSUER: TEST_ISSUER, AUTH_AUDIENCE: TEST_AUDIENCE, AUTH_JWKS_URL: auth.jwksUrl };
  const config = { ...loadConfig(env, apiRoot), database: database.config };
  const app = await buildApp({ config, webhookSender: null });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  try {
    const tokens = await Promise.all(
      Array.from({ length: RACERS + SPREAD }, (_, i) =>
        auth.sign({ sub: `bench|em-${i}`, email: `em-bench-${i}@example.com`, email_verified: true }),
      ),
    );
    const call = (token: string, url: string, body?: unknown) =>
      fetch(`${base}${url}`, {
        method: body ? 'POST' : 'GET',
        headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
    // Accounts first, so the race measures reservations only.
    await runLoad({
      concurrency: 8,
      total: RACERS,
      run: async (i) => {
        await (await call(tokens[i] as string, '/v2/accounts/profile')).text();
      },
    });

    // (1) The race: every request overlaps day 30..32 of one machine.
    const latencies: number[] = [];
    const answers = await Promise.all(
      Array.from({ length: RACERS }, async (_, i) => {
        const start = 28 + (i % 3);
        const t0 = performance.now();
        const response = await call(tokens[i] as string, '/v2/sensors/em/reserve', {
          machine_id: 'EM-01',
          start_date: day(start),
          end_date: day(start + 4),
        });
        const body = (await response.json()) as { detail?: unknown };
        latencies.push(performance.now() - t0);
        return { status: response.status, detail: body.detail };
      }),
    );
    latencies.sort((a, b) => a - b);
    const race = {
      requests: RACERS,
      succeeded: answers.filter((answer) => answer.status === 200).length,
      refusedWithMessage: answers.filter((answer) => answer.status === 409 && answer.detail === DATES_TAKEN_MESSAGE)
        .length,
      errors: answers.filter((answer) => answer.status !== 200 && answer.status !== 409).length,
      p50: round(percentile(latencies, 50)),
      p95: round(percentile(latencies, 95)),
      max: round(latencies[latencies.length - 1] ?? NaN),
    };

    // (2) 1,000 reservations over 20 machines and a year, one customer each.
    await app.db
      .insertInto('em_machines')
      .values(
        Array.from({ length: MACHINES - 3 }, (_, i) => ({
          id: `EM-${String(i + 4).padStart(2, '0')}`,
          name: `Rapid-EM machine ${i + 4}`,
          position: i + 4,
        })),
      )
      .execute();
    let seed = 0x5eed;
    const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    const plan = Array.from({ length: SPREAD }, () => {
      const start = 1 + Math.floor(random() * 362);
      return {
        machine_id: `EM-${String(1 + Math.floor(random() * MACHINES)).padStart(2, '0')}`,
        start_date: day(start),
        end_date: day(start + 2 + Math.floor(random() * 8)),
      };
    });
    const statuses: Record<string, number> = {};
    const spreadLoad = await runLoad({
      concurrency: SPREAD_CONCURRENCY,
      total: SPREAD,
      run: async (i) => {
        const response = await call(tokens[RACERS + i] as string, '/v2/sensors/em/reserve', plan[i]);
        await response.text();
        statuses[response.status] = (statuses[response.status] ?? 0) + 1;
        if (response.status !== 200 && response.status !== 409) throw new Error(`reserve answered ${response.status}`);
      },
    });
    const overlaps = await sql<{ n: string }>`
      select count(*)::text as n
      from em_reservations a
      join em_reservations b
        on a.machine_id = b.machine_id and a.id < b.id
       and daterange(a.start_date, a.end_date, '[]') && daterange(b.start_date, b.end_date, '[]')
      where a.status in ('held', 'booked', 'confirmed') and b.status in ('held', 'booked', 'confirmed')`.execute(
      app.db,
    );
    const active = await sql<{ n: string }>`
      select count(*)::text as n from em_reservations where status in ('held', 'booked', 'confirmed')`.execute(app.db);
    const spread = {
      requests: SPREAD,
      machines: MACHINES,
      statuses,
      errors: spreadLoad.failures,
      activeReservations: Number(active.rows[0]?.n),
      overlappingPairs: Number(overlaps.rows[0]?.n),
      rps: spreadLoad.rps,
      p50: spreadLoad.p50,
      p95: spreadLoad.p95,
    };
    return { race, spread };
  } finally {
    await app.close();
    await auth.close();
    await database.drop();
  }
}

async function main(): Promise<void> {
  const kinds: DatabaseKind[] = (await pgAnswers()) ? ['postgres', 'pglite'] : ['pglite'];
  const results: Record<string, unknown> = {};
  for (const kind of kinds) results[kind] = await measureOn(kind);
  process.stdout.write(`${JSON.stringify(results)}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
