// Benchmark of `GET v2/farms` (a page of 10, sorted, with a search) at concurrency 16 over HTTP,
// against an api process on PGlite and on PostgreSQL, each seeded with a 1,000-farm account (20,000
// fields) and a 10-farm one; on PostgreSQL a raw `pg` loop replays the exact SQL the api ran, in the
// same run. A page should cost what it holds, whatever the account's size: the growth from 10 to
// 1,000 farms is measured on pages that hold the same, ten farms each (FULL_FIRST_PAGES).
// Run: `npm run bench` at the root (this file is its farm-list section).
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { openDatabase, type Database, type DatabaseConfig } from '../db';
import { preparedStatementName } from '../db/prepared-pool';
import { seedFarms } from '../cli/seed-lib';
import { ensureAccount, listFarms, type FarmListQuery } from '../plugins';
import { startAuthServer } from '../test/auth-server';
import { pickPort, startApi, runWhenMain, waitUntilSettled } from './api-process';
// Plain ES module shared with the root bench script (typed by load.d.mts).
import { cpuMs, percentile, runLoad, type LoadResult } from '../../../scripts/bench/load.mjs';

const EMAIL = 'bench@paddock.example';
/** The small account beside it: 10 farms of 20 fields. */
const SMALL_EMAIL = 'bench-small@paddock.example';
const CONCURRENCY = 16;
const WARMUP = 300;
const REQUESTS = 4000;
/** Requests of one raw pg round: about as long as a wrk round at raw pg's rate on this machine. */
const RAW_REQUESTS = 12_000;
const LOAD_SECONDS = 10;
/** Rounds of api and raw pg in turn on PostgreSQL. */
const ROUNDS = 3;
const SEARCHES = ['creek', 'downs', 'park', 'hill', 'vale', 'plains', 'station', 'estate'];
const SORTS = ['updated_on', 'farm_name', 'farm_area', 'number_of_fields'] as const;

/** Queries loaded in turn, one after another, round and round. */
type Rotation = readonly FarmListQuery[];

/** The list's load on the 1,000-farm account: every sort, both directions, a search, the first three pages. */
const LIST_ROTATION: Rotation = Array.from({ length: SORTS.length * SEARCHES.length * 3 }, (_, i) => ({
  skip: (i % 3) * 10,
  limit: 10,
  sort_by: SORTS[i % SORTS.length] ?? 'updated_on',
  sort_dir: i % 2 === 0 ? 'desc' : 'asc',
  search_query: SEARCHES[i % SEARCHES.length],
}));

/** The search of the growth comparison: every farm of the 10-farm account is named to match it. */
const GROWTH_SEARCH = 'creek';
/**
 * The growth comparison's load on both accounts: the first page of a search, every sort, both
 * directions. Each page holds ten farms on either account (the warm-up checks it), so the two differ
 * only in the account's size. LIST_ROTATION's pages on the 10-farm account hold none to two farms,
 * and compared the cost of a full page with that of an almost empty one.
 */
const FULL_FIRST_PAGES: Rotation = SORTS.flatMap((sort_by) =>
  (['desc', 'asc'] as const).map((sort_dir) => ({
    skip: 0,
    limit: 10,
    sort_by,
    sort_dir,
    search_query: GROWTH_SEARCH,
  })),
);

async function seed(config: DatabaseConfig): Promise<void> {
  const { db, close } = await openDatabase(config);
  try {
    await seedFarms(db, { email: EMAIL, farms: 1000, fieldsPerFarm: 20 });
    await seedFarms(db, { email: SMALL_EMAIL, farms: 10, fieldsPerFarm: 20 });
    // Every farm of the small account matches the growth comparison's search ("Myall Plains Creek").
    await db
      .updateTable('farms')
      .set({ name: sql<string>`name || ' Creek'` })
      .where('owner_id', '=', db.selectFrom('accounts').select('id').where('login_email', '=', SMALL_EMAIL))
      .execute();
  } finally {
    await close();
  }
}

function urlFor(q: FarmListQuery): string {
  const search = new URLSearchParams({
    skip: String(q.skip),
    limit: String(q.limit),
    sort_by: String(q.sort_by),
    sort_dir: String(q.sort_dir),
    search_query: String(q.search_query),
  });
  return `/v2/farms?${search}`;
}

const hasWrk = (() => {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
    return true;
  } catch (error) {
    // wrk prints its version and exits 1; only a missing binary throws ENOENT.
    return (error as NodeJS.ErrnoException).code !== 'ENOENT';
  }
})();

/**
 * Load from wrk (C, epoll) when it is installed, so the load generator takes little of the two
 * cores the api and the database share; the same rotation of URLs as the node loop.
 */
async function wrkLoad(port: number, token: string, seconds: number, rotation: Rotation): Promise<LoadResult> {
  const dir = await mkdtemp(path.join(tmpdir(), 'paddock-wrk-'));
  const script = path.join(dir, 'farms.lua');
  const paths = rotation.map(urlFor);
  await writeFile(
    script,
    `
local paths = { ${paths.map((p) => JSON.stringify(p)).join(', ')} }
local counter = 0
request = function()
  counter = counter + 1
  return wrk.format("GET", paths[(counter % #paths) + 1], { ["Authorization"] = "Bearer ${token}" })
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("RESULT %d %d %.3f %.3f %.3f %.3f\\n", summary.requests, e.connect + e.read + e.write + e.status + e.timeout,
    summary.duration / 1e6, latency:percentile(50) / 1000, latency:percentile(95) / 1000, latency:percentile(99) / 1000))
end
`,
  );
  try {
    // Not synchronous: the bare HTTP side answers from this very process.
    const { stdout: out } = await promisify(execFile)(
      'wrk',
      ['-t2', `-c${CONCURRENCY}`, `-d${seconds}s`, '-s', script, `http://127.0.0.1:${port}/`],
      { encoding: 'utf8' },
    );
    const match = /RESULT (\d+) (\d+) ([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+)/.exec(out);
    if (!match) throw new Error(`unexpected wrk output: ${out}`);
    const [, requests, failures, duration, p50, p95, p99] = match.map(Number) as number[];
    return {
      requests: requests ?? 0,
      failures: failures ?? 0,
      rps: Math.round((requests ?? 0) / (duration ?? 1)),
      p50: p50 ?? NaN,
      p95: p95 ?? NaN,
      p99: p99 ?? NaN,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * CPU time per request (ms): of the process answering (the api, with its database thread on PGlite;
 * for raw pg, the bench's own loop and pg client) and of the PostgreSQL backends it used. The machine
 * is shared, so these compare the two sides' work where throughput also measures the neighbours.
 */
export interface CpuPerRequest {
  process: number;
  postgres: number | null;
}

export type Measured = LoadResult & { cpu?: CpuPerRequest };

/** CPU ms so far of each PostgreSQL backend connected to `url`'s database (the server runs on this machine). */
async function backendCpu(url: string | undefined): Promise<Map<number, number> | null> {
  if (!url) return null;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    const cpu = new Map<number, number>();
    for (const { pid } of rows) {
      const ms = cpuMs(pid);
      if (ms !== null) cpu.set(pid, ms);
    }
    return cpu;
  } finally {
    await client.end();
  }
}

/** Runs `load` and adds the CPU per request that `processCpu` (ms so far) and the database's backends spent on it. */
async function withCpu(
  load: () => Promise<LoadResult>,
  processCpu: () => number | null,
  databaseUrl: string | undefined,
): Promise<Measured> {
  const backendsBefore = await backendCpu(databaseUrl);
  const processBefore = processCpu();
  const result = await load();
  const processAfter = processCpu();
  const backendsAfter = await backendCpu(databaseUrl);
  const perRequest = (ms: number) => Math.round((ms / Math.max(1, result.requests)) * 1000) / 1000;
  let postgres: number | null = null;
  if (backendsBefore && backendsAfter) {
    let ms = 0;
    for (const [pid, after] of backendsAfter) ms += after - (backendsBefore.get(pid) ?? 0);
    postgres = perRequest(ms);
  }
  if (processBefore === null || processAfter === null) return result;
  return { ...result, cpu: { process: perRequest(processAfter - processBefore), postgres } };
}

const ownCpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** One side of the comparison, started once and loaded as often as asked. */
interface LoadSide {
  load(): Promise<Measured>;
  stop(): Promise<void>;
}

/** Whom an api process is loaded as, and with what. */
interface Caller {
  email: string;
  rotation: Rotation;
}

/**
 * One api process (as apiSide starts it) loaded as each of `callers` in turn: one process, so that
 * the embedded database, which one process at a time may open, serves both accounts of a comparison.
 */
async function apiProcessFor(
  env: Record<string, string>,
  callers: readonly Caller[],
): Promise<{ loads: Array<() => Promise<Measured>>; stop: () => Promise<void> }> {
  const auth = await startAuthServer();
  const port = await pickPort();
  // The hourly change-alert scan would check all 20,000 fields' captures in the background if an
  // hour began during the run (it did, and took rounds down with it): a week between scans keeps
  // it out, so the rounds measure the list alone.
  const api = await startApi({ ...env, AUTH_JWKS_URL: auth.jwksUrl, ALERTS_SCAN_MINUTES: '10080' }, port, {
    compiled: true,
  });
  const stop = async () => {
    api.kill('SIGTERM');
    await new Promise((resolve) => api.once('exit', resolve));
    await auth.close();
  };
  try {
    await waitUntilSettled(api);
    const apiCpu = () => (api.pid === undefined ? null : cpuMs(api.pid));
    const loads: Array<() => Promise<Measured>> = [];
    for (const { email, rotation } of callers) {
      const token = await auth.sign({ sub: `seed|${email}`, email, email_verified: true }, { expiresIn: 3600 });
      const request = async (i: number) => {
        const query = rotation[i % rotation.length] as FarmListQuery;
        const response = await fetch(`http://127.0.0.1:${port}${urlFor(query)}`, {
          headers: { authorization: `Bearer ${token}` },
        });
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const body = (await response.json()) as { features: unknown[] };
        if (body.features.length === 0) throw new Error('empty page: the search matched nothing');
        if (rotation === FULL_FIRST_PAGES && body.features.length !== query.limit) {
          throw new Error(`a page of the growth comparison held ${body.features.length} farms, not ${query.limit}`);
        }
      };
      await runLoad({ concurrency: CONCURRENCY, total: WARMUP, run: request });
      // wrk's own warm-up: the api's code paths are compiled by the optimiser before anything is counted.
      if (hasWrk) await wrkLoad(port, token, 3, rotation);
      loads.push(() =>
        hasWrk
          ? withCpu(() => wrkLoad(port, token, LOAD_SECONDS, rotation), apiCpu, env.DATABASE_URL)
          : withCpu(() => runLoad({ concurrency: CONCURRENCY, total: REQUESTS, run: request }), apiCpu, env.DATABASE_URL),
      );
    }
    return { loads, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * The api as `npm start` runs it (compiled; scripts/bench/farms.mjs builds it from the current
 * source), once its start-up work is done and the warm-up (which also checks every answer is a
 * non-empty page) has run.
 */
async function apiSide(env: Record<string, string>, email: string, rotation: Rotation): Promise<LoadSide> {
  const { loads, stop } = await apiProcessFor(env, [{ email, rotation }]);
  return { load: loads[0] as () => Promise<Measured>, stop };
}

/** The api on `env`'s database, measured once. */
async function measureApi(env: Record<string, string>, email: string, rotation: Rotation): Promise<Measured> {
  const side = await apiSide(env, email, rotation);
  try {
    return await side.load();
  } finally {
    await side.stop();
  }
}

type Statement = { text: string; values: unknown[] };

/** The statements the api's own list code sends for each query of the rotation (by its index). */
async function recordStatements(url: string, email: string, rotation: Rotation): Promise<Statement[][]> {
  const statements: Statement[][] = [];
  let recording: Statement[] = [];
  const realPool = new pg.Pool({ connectionString: url, max: 1 });
  realPool.on('error', () => undefined);
  // A pool whose clients note every statement before running it.
  const recorder = {
    async connect() {
      const client = await realPool.connect();
      return {
        query: (text: string, values: unknown[]) => {
          recording.push({ text, values });
          return client.query(text, values);
        },
        release: () => client.release(),
      };
    },
    end: () => realPool.end(),
  };
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: recorder as unknown as pg.Pool }) });
  for (const query of rotation) {
    recording = [];
    // Everything the endpoint asks of the database: the caller's account, then the page.
    const account = await ensureAccount(db, {
      sub: `seed|${email}`,
      email,
      emailVerified: true,
      scopes: [],
      clientId: null,
    });
    await listFarms(db, account.id, query);
    statements.push(recording);
  }
  await db.destroy();
  if (statements.some((s) => s.length === 0)) throw new Error('recorded no SQL from the list code');
  return statements;
}

/** Runs one request's statements on `pool`, prepared by name exactly as the api's pool does (db/prepared-pool.ts). */
async function runStatements(pool: pg.Pool, statements: readonly Statement[]): Promise<pg.QueryResult | undefined> {
  let last: pg.QueryResult | undefined;
  for (const { text, values } of statements) {
    last = await (values.length ? pool.query({ name: preparedStatementName(text), text, values }) : pool.query(text));
  }
  return last;
}

/**
 * Replays the api's statements with a bare pg pool, so both sides do the same database work: the same
 * SQL, minus HTTP, auth, validation and JSON.
 */
async function rawPgSide(url: string, email: string, rotation: Rotation): Promise<LoadSide> {
  const statements = await recordStatements(url, email, rotation);
  const pool = new pg.Pool({ connectionString: url, max: CONCURRENCY });
  pool.on('error', () => undefined);
  const run = async (i: number) => {
    await runStatements(pool, statements[i % statements.length] ?? []);
  };
  await runLoad({ concurrency: CONCURRENCY, total: WARMUP * 4, run });
  return {
    load: () => withCpu(() => runLoad({ concurrency: CONCURRENCY, total: RAW_REQUESTS, run }), ownCpuMs, url),
    stop: () => pool.end(),
  };
}

/**
 * What any Node HTTP server pays on this machine: a bare Fastify route (no auth, validation, Kysely or
 * response schema) that runs the same recorded statements with a bare pg pool and answers the page's
 * rows as JSON, in this process, loaded by wrk as the api is. api ÷ this is the api's own work; this ÷
 * raw pg is HTTP's. Needs wrk (a load generator in this process would share its event loop).
 */
async function bareHttpSide(url: string, email: string, rotation: Rotation): Promise<LoadSide> {
  const statements = await recordStatements(url, email, rotation);
  const byUrl = new Map(statements.map((forQuery, i) => [urlFor(rotation[i] as FarmListQuery), forQuery]));
  const pool = new pg.Pool({ connectionString: url, max: CONCURRENCY });
  pool.on('error', () => undefined);
  const app = Fastify();
  app.get('/v2/farms', async (request) => ({
    type: 'FeatureCollection',
    features: (await runStatements(pool, byUrl.get(request.url) ?? []))?.rows ?? [],
  }));
  const port = await pickPort();
  await app.listen({ port, host: '127.0.0.1' });
  await wrkLoad(port, 'none', 3, rotation);
  return {
    load: () => withCpu(() => wrkLoad(port, 'none', LOAD_SECONDS, rotation), ownCpuMs, url),
    stop: async () => {
      await app.close();
      await pool.end();
    },
  };
}

/** The middle value (the bench's own percentile, at 50). */
const median = (values: readonly number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

/** `a` ÷ `b` throughput, to two places. */
const throughputRatio = (a: Measured, b: Measured) => Math.round((a.rps / b.rps) * 100) / 100;

/** The round whose throughput is the median of `measured`. */
const middleOf = (measured: Measured[]) => {
  const middle = median(measured.map((m) => m.rps));
  return measured.find((m) => m.rps === middle) ?? (measured[0] as Measured);
};

/**
 * The api and raw pg on the same database, loaded in turn ROUNDS times, so a neighbour's burst on
 * this shared machine falls on one round of one side rather than on the whole of it. Reports each
 * side's median round and the median of the rounds' throughput ratios.
 */
interface Alternated {
  api: Measured;
  raw: Measured;
  /** api ÷ raw pg throughput of each round. */
  ratios: number[];
  /** The bare HTTP side's median round and api ÷ bare of each round (with wrk only). */
  bare?: Measured;
  apiOverBare?: number[];
}

async function alternating(url: string, email: string, rotation: Rotation, { withBare = false } = {}): Promise<Alternated> {
  const sides: LoadSide[] = [];
  try {
    const api = await apiSide({ DATABASE_URL: url }, email, rotation);
    sides.push(api);
    const raw = await rawPgSide(url, email, rotation);
    sides.push(raw);
    const bare = withBare && hasWrk ? await bareHttpSide(url, email, rotation) : null;
    if (bare) sides.push(bare);
    const rounds: Array<{ api: Measured; raw: Measured; bare?: Measured }> = [];
    for (let round = 0; round < ROUNDS; round++) {
      rounds.push({ api: await api.load(), raw: await raw.load(), ...(bare ? { bare: await bare.load() } : {}) });
    }
    const bareRounds = rounds.flatMap((r) => (r.bare ? [{ api: r.api, bare: r.bare }] : []));
    return {
      api: middleOf(rounds.map((r) => r.api)),
      raw: middleOf(rounds.map((r) => r.raw)),
      ratios: rounds.map((r) => throughputRatio(r.api, r.raw)),
      ...(bareRounds.length
        ? {
            bare: middleOf(bareRounds.map((r) => r.bare)),
            apiOverBare: bareRounds.map((r) => throughputRatio(r.api, r.bare)),
          }
        : {}),
    };
  } finally {
    for (const side of sides.reverse()) await side.stop();
  }
}

/** One account's side of the growth comparison: its median round of each. */
export interface GrowthSide {
  api: Measured;
  raw: Measured | null;
}

/** p95 of the 1,000-farm account ÷ p95 of the 10-farm one, on pages that hold ten farms each. */
export interface Growth {
  /** The queries both accounts were loaded with. */
  pages: string;
  big: GrowthSide;
  small: GrowthSide;
  /** p95 big ÷ small of each round (the two accounts loaded one after the other), and their median. */
  apiRatios: number[];
  apiMedian: number;
  rawRatios: number[] | null;
  rawMedian: number | null;
}

const p95Ratio = (big: Measured, small: Measured) => Math.round((big.p95 / small.p95) * 100) / 100;

/**
 * Both accounts loaded with FULL_FIRST_PAGES, one after the other in each of ROUNDS rounds (one api
 * process on `env`'s database, and raw pg on PostgreSQL), so the machine's neighbours weigh on both alike.
 */
async function growthRounds(env: Record<string, string>, rawUrl: string | null): Promise<Growth> {
  const stops: Array<() => Promise<void>> = [];
  try {
    const api = await apiProcessFor(env, [
      { email: EMAIL, rotation: FULL_FIRST_PAGES },
      { email: SMALL_EMAIL, rotation: FULL_FIRST_PAGES },
    ]);
    stops.push(api.stop);
    const [loadBig, loadSmall] = api.loads as [() => Promise<Measured>, () => Promise<Measured>];
    const raws = rawUrl
      ? { big: await rawPgSide(rawUrl, EMAIL, FULL_FIRST_PAGES), small: await rawPgSide(rawUrl, SMALL_EMAIL, FULL_FIRST_PAGES) }
      : null;
    if (raws) stops.push(raws.big.stop, raws.small.stop);
    const rounds: Array<{ big: Measured; small: Measured; bigRaw?: Measured; smallRaw?: Measured }> = [];
    for (let round = 0; round < ROUNDS; round++) {
      const big = await loadBig();
      const small = await loadSmall();
      rounds.push(raws ? { big, small, bigRaw: await raws.big.load(), smallRaw: await raws.small.load() } : { big, small });
    }
    const apiRatios = rounds.map((r) => p95Ratio(r.big, r.small));
    const rawRatios = raws ? rounds.map((r) => p95Ratio(r.bigRaw as Measured, r.smallRaw as Measured)) : null;
    return {
      pages: `first page of "${GROWTH_SEARCH}", every sort, both directions (${FULL_FIRST_PAGES.length} queries)`,
      big: { api: middleOf(rounds.map((r) => r.big)), raw: raws ? middleOf(rounds.map((r) => r.bigRaw as Measured)) : null },
      small: {
        api: middleOf(rounds.map((r) => r.small)),
        raw: raws ? middleOf(rounds.map((r) => r.smallRaw as Measured)) : null,
      },
      apiRatios,
      apiMedian: median(apiRatios),
      rawRatios,
      rawMedian: rawRatios ? median(rawRatios) : null,
    };
  } finally {
    for (const stop of stops.reverse()) await stop();
  }
}

async function withFreshPostgresDatabase<T>(baseUrl: string, work: (url: string) => Promise<T>): Promise<T> {
  const name = `paddock_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  try {
    return await work(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

export interface ApiOverRaw {
  rounds: number;
  ratios: number[];
  median: number;
}

export interface FarmListBench {
  loadGenerator: string;
  concurrency: number;
  requests: number;
  /** The 1,000-farm account loaded with LIST_ROTATION. */
  pglite: Measured;
  postgres: Measured | null;
  rawPg: Measured | null;
  /** api ÷ raw pg throughput of each round (api and raw pg loaded in turn), and their median. */
  apiOverRaw?: ApiOverRaw;
  /** A bare Fastify route running the same statements (the floor for a Node HTTP server), and api ÷ it. */
  bareHttp?: Measured | null;
  apiOverBare?: ApiOverRaw;
  /** 10 and 1,000 farms on pages of ten farms each: on PostgreSQL (api and raw pg) and on PGlite (api). */
  growth: { postgres: Growth | null; pglite: Growth };
  note?: string;
}

export async function benchFarmList(
  pgUrl = process.env.PG_TEST_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
): Promise<FarmListBench> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'paddock-bench-pglite-'));
  let pglite: Measured;
  let pgliteGrowth: Growth;
  try {
    await seed({ kind: 'pglite', dataDir });
    pglite = await measureApi({ DATA_DIR: dataDir }, EMAIL, LIST_ROTATION);
    pgliteGrowth = await growthRounds({ DATA_DIR: dataDir }, null);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }

  const common = {
    loadGenerator: hasWrk ? `wrk (${LOAD_SECONDS} s)` : `node fetch (${REQUESTS} requests)`,
    concurrency: CONCURRENCY,
    requests: REQUESTS,
    pglite,
  };
  try {
    return await withFreshPostgresDatabase(pgUrl, async (url) => {
      await seed({ kind: 'postgres', url });
      const big = await alternating(url, EMAIL, LIST_ROTATION, { withBare: true });
      const growth = await growthRounds({ DATABASE_URL: url }, url);
      return {
        ...common,
        postgres: big.api,
        rawPg: big.raw,
        apiOverRaw: { rounds: ROUNDS, ratios: big.ratios, median: median(big.ratios) },
        bareHttp: big.bare ?? null,
        ...(big.apiOverBare
          ? { apiOverBare: { rounds: ROUNDS, ratios: big.apiOverBare, median: median(big.apiOverBare) } }
          : {}),
        growth: { postgres: growth, pglite: pgliteGrowth },
      };
    });
  } catch (error) {
    return {
      ...common,
      postgres: null,
      rawPg: null,
      growth: { postgres: null, pglite: pgliteGrowth },
      note: `PostgreSQL unavailable: ${(error as Error).message}`,
    };
  }
}

runWhenMain(import.meta.url, benchFarmList);
