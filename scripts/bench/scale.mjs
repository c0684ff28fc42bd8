// The deployed shape at work (issue 17): the gateway in front of one, then two api processes (the
// compiled api) on one PostgreSQL database. Farm-list and NDVI tile throughput through the gateway with
// each, the cross-process invalidation delay (a collaborator removed through process A until process
// B refuses their tile), the gateway's added latency (`/api/health` through it against `/health` on
// the api), and the idle memory of one api process on PostgreSQL and on PGlite. The load comes from a
// node loop on the same two cores (wrk is not needed here: the figures compare like with like).
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { register } from 'tsx/esm/api';
import { apiPort, startStack, urls } from '../lib/stack.mjs';
import { printRows, repoRoot } from './common.mjs';
import { percentile, runLoad } from './load.mjs';

const PG_URL = process.env.PG_TEST_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const EMAIL = 'scale-bench@paddock.example';
const OWNER = { sub: `seed|${EMAIL}`, email: EMAIL, email_verified: true };
const COLLABORATOR = { sub: 'bench|scale-viewer', email: 'scale-viewer@paddock.example', email_verified: true };
const FARM_LIST = { concurrency: 16, warmup: 300, requests: 3000 };
const TILES = { concurrency: 8, count: 600 };
const GATEWAY_SAMPLES = 1500;
const INVALIDATIONS = 30;
const SEARCHES = ['', 'creek', 'downs', 'park', 'vale'];
const SORTS = ['farm_name', 'updated_on', 'number_of_fields', 'farm_area'];

const round = (value) => Math.round(value * 100) / 100;
const summary = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { samples: sorted.length, p50: round(percentile(sorted, 50)), p95: round(percentile(sorted, 95)), p99: round(percentile(sorted, 99)) };
};

function farmListPath(i) {
  const search = new URLSearchParams({
    skip: String((i % 3) * 10),
    limit: '10',
    sort_by: SORTS[i % SORTS.length],
    sort_dir: i % 2 === 0 ? 'desc' : 'asc',
    search_query: SEARCHES[i % SEARCHES.length],
  });
  return `/v2/farms?${search}`;
}

const lonToX = (lon, z) => Math.floor(((lon + 180) / 360) * 2 ** z);
const latToY = (lat, z) => {
  const r = (lat * Math.PI) / 180;
  return Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * 2 ** z);
};

/** The paddock of the tile runs (about 900 ha near Wagga Wagga) and 600 tiles over it, zooms 14–18. */
const PADDOCK = { west: 147.33, south: -35.14, east: 147.36, north: -35.11 };
function tilesOverPaddock() {
  const tiles = [];
  for (const z of [14, 15, 16, 17, 18]) {
    for (let y = latToY(PADDOCK.north, z); y <= latToY(PADDOCK.south, z); y++)
      for (let x = lonToX(PADDOCK.west, z); x <= lonToX(PADDOCK.east, z); x++) tiles.push(`${z}/${x}/${y}`);
  }
  // Every tile of the coarse zooms, the rest spread over the finest.
  const coarse = tiles.filter((tile) => !tile.startsWith('18/'));
  const fine = tiles.filter((tile) => tile.startsWith('18/'));
  const wanted = TILES.count - coarse.length;
  return [...coarse, ...Array.from({ length: wanted }, (_, i) => fine[Math.floor((i * fine.length) / wanted)])];
}

async function call(url, token, init = {}) {
  const response = await fetch(url, {
    ...init,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(init.body ? { 'content-type': 'application/json' } : {}), ...init.headers },
  });
  const body = Buffer.from(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, body };
}

async function json(url, token, init = {}) {
  const answer = await call(url, token, init);
  if (answer.status >= 300) throw new Error(`${init.method ?? 'GET'} ${url}: HTTP ${answer.status} ${answer.body.toString('utf8', 0, 300)}`);
  return JSON.parse(answer.body.toString('utf8'));
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer().once('error', reject).listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

const rssMb = (pid) => Math.round(Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) / 102.4) / 10;

/** Starts the compiled api alone, waits for /health, lets it settle 3 s and reads its resident memory. */
async function idleRss(env) {
  const port = await freePort();
  const child = spawn(process.execPath, [join(repoRoot, 'api/dist/main.js')], {
    cwd: repoRoot,
    env: { ...process.env, ...env, PORT: String(port), LOG_LEVEL: 'warn', NODE_ENV: 'development' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    const deadline = Date.now() + 120_000;
    while (!(await fetch(`http://127.0.0.1:${port}/health`).then((r) => r.ok, () => false))) {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error('the api did not start');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await new Promise((resolve) => setTimeout(resolve, 3000));
    return rssMb(child.pid);
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', resolve)));
  }
}

/** Farm list and tiles through the gateway with `processes` api processes. */
async function throughput(stack, tokens, tilePaths) {
  const farmRequest = async (i) => {
    const answer = await call(`${urls.api}${farmListPath(i)}`, tokens.owner);
    if (answer.status !== 200) throw new Error(`farm list: HTTP ${answer.status}`);
  };
  await runLoad({ concurrency: FARM_LIST.concurrency, total: FARM_LIST.warmup, run: farmRequest });
  const farmList = await runLoad({ concurrency: FARM_LIST.concurrency, total: FARM_LIST.requests, run: farmRequest });
  const tiles = await runLoad({
    concurrency: TILES.concurrency,
    total: tilePaths.length,
    run: async (i) => {
      const answer = await call(`${urls.api}${tilePaths[i]}`, tokens.owner);
      if (answer.status !== 200 || answer.headers.get('content-type') !== 'image/png') throw new Error(`tile: HTTP ${answer.status}`);
    },
  });
  return { processes: stack.apis.length, farmList, tiles };
}

/** /health through the gateway and on the api itself, alternately, one at a time. */
async function gatewayLatency() {
  const direct = [];
  const through = [];
  const time = async (url, into) => {
    const t0 = performance.now();
    const answer = await call(url);
    if (answer.status !== 200) throw new Error(`${url}: HTTP ${answer.status}`);
    into.push(performance.now() - t0);
  };
  for (let i = 0; i < 100; i++) await Promise.all([time(`${urls.apiDirect}/health`, []), time(`${urls.api}/health`, [])]);
  for (let i = 0; i < GATEWAY_SAMPLES; i++) {
    await time(`${urls.apiDirect}/health`, direct);
    await time(`${urls.api}/health`, through);
  }
  const d = summary(direct);
  const g = summary(through);
  return { direct: d, gateway: g, addedP50: round(g.p50 - d.p50), addedP99: round(g.p99 - d.p99) };
}

/**
 * A collaborator's tile answers come from process B's access cache (5 s); the owner removes them through
 * process A; how long until B refuses the tile. Asked back to back, so the figure is within a few ms.
 */
async function invalidationDelay(tokens, farmId, tilePath) {
  const a = `http://127.0.0.1:${apiPort(0)}`;
  const b = `http://127.0.0.1:${apiPort(1)}`;
  await json(`${b}/v2/accounts/profile`, tokens.collaborator);
  const delays = [];
  let etag = '';
  for (let i = 0; i < INVALIDATIONS; i++) {
    await json(`${a}/v2/farms/share_farm`, tokens.owner, {
      method: 'POST',
      body: JSON.stringify({ data: { farm_ids: [farmId], account_permission: [{ email: COLLABORATOR.email, permission: 'viewer' }] } }),
    });
    // The share reaches B too; then B caches the collaborator's access to the tile.
    for (;;) {
      const warm = await call(`${b}${tilePath}`, tokens.collaborator, { headers: etag ? { 'if-none-match': etag } : {} });
      if (warm.status === 200 || warm.status === 304) {
        etag = warm.headers.get('etag') ?? etag;
        break;
      }
    }
    await json(`${a}/v2/farms/${farmId}/remove_collaborator/${COLLABORATOR.email}`, tokens.owner, { method: 'POST' });
    const removed = performance.now();
    for (;;) {
      const answer = await call(`${b}${tilePath}`, tokens.collaborator, { headers: { 'if-none-match': etag } });
      if (answer.status === 404) break;
      if (performance.now() - removed > 10_000) throw new Error('process B never refused the removed collaborator');
    }
    delays.push(performance.now() - removed);
  }
  return summary(delays);
}

export async function measure() {
  console.log('Scale: compiling the api, seeding 1,000 farms on a fresh PostgreSQL database…');
  execFileSync('npm', ['run', 'build', '-w', 'api'], { cwd: repoRoot, stdio: 'ignore' });
  const unregister = register();
  const { startAuthServer, TEST_ISSUER } = await import('../../api/src/test/auth-server.ts');
  const { openDatabase } = await import('../../api/src/db/index.ts');
  const { seedFarms } = await import('../../api/src/cli/seed-lib.ts');

  const database = `paddock_bench_scale_${process.pid}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${database}`);
  await admin.query(`create database ${database}`);
  const url = new URL(PG_URL);
  url.pathname = `/${database}`;
  const databaseUrl = url.toString();
  const workDir = mkdtempSync(join(tmpdir(), 'paddock-bench-scale-'));
  const auth = await startAuthServer();
  try {
    const opened = await openDatabase({ kind: 'postgres', url: databaseUrl });
    try {
      await seedFarms(opened.db, { email: EMAIL, farms: 1000, fieldsPerFarm: 20 });
    } finally {
      await opened.close();
    }
    const tokens = {
      owner: await auth.sign(OWNER, { expiresIn: 3600 }),
      collaborator: await auth.sign(COLLABORATOR, { expiresIn: 3600 }),
    };
    // Front ends are not measured here: small stand-ins keep the stack from needing their builds.
    const frontEndDirs = {};
    for (const name of ['host', 'mf_farms', 'mf_map', 'mf_commerce', 'mf_account']) {
      frontEndDirs[name] = join(workDir, 'front-ends', name);
      mkdirSync(frontEndDirs[name], { recursive: true });
      writeFileSync(join(frontEndDirs[name], 'index.html'), '<!doctype html><title>stand-in</title>');
    }

    const runs = [];
    let gateway = null;
    let invalidation = null;
    let tilePaths = [];
    let farmId = '';
    for (const processes of [1, 2]) {
      console.log(`Scale: gateway + ${processes} api process${processes > 1 ? 'es' : ''} on PostgreSQL…`);
      const stack = await startStack({
        dataDir: join(workDir, `stack-${processes}`),
        log: () => {},
        apiProcesses: processes,
        compiledApi: true,
        frontEndDirs,
        extraEnv: { DATABASE_URL: databaseUrl, AUTH_ISSUER: TEST_ISSUER, AUTH_JWKS_URL: auth.jwksUrl, LOG_LEVEL: 'warn' },
      });
      try {
        if (!farmId) {
          const farm = await json(`${urls.api}/v2/farms`, tokens.owner, { method: 'POST', body: JSON.stringify({ data: { farm_name: 'Scale bench' } }) });
          farmId = farm.id;
          const ring = [[PADDOCK.west, PADDOCK.south], [PADDOCK.east, PADDOCK.south], [PADDOCK.east, PADDOCK.north], [PADDOCK.west, PADDOCK.north], [PADDOCK.west, PADDOCK.south]];
          const fields = await json(`${urls.api}/v2/farms/${farmId}/fields`, tokens.owner, {
            method: 'POST',
            body: JSON.stringify({ type: 'FeatureCollection', features: [{ type: 'Feature', geometry: { type: 'Polygon', coordinates: [ring] }, properties: { field_name: 'Big paddock', field_crop_type: 'Wheat' } }] }),
          });
          const fieldId = fields.features[0].id;
          const catalog = await json(`${urls.api}/v2/catalog?field_ids=${fieldId}&layer_filter=standard`, tokens.owner);
          const dates = catalog.features[0].properties.dates.map((entry) => entry.date);
          // One capture per run, so each starts with cold tile caches.
          tilePaths = [dates[1], dates[2]].map((date) => tilesOverPaddock().map((tile) => `/v2/tiles/standard_NDVI/${date}/${tile}.png?field_ids=${fieldId}`));
        }
        runs.push(await throughput(stack, tokens, tilePaths[processes - 1]));
        if (processes === 1) gateway = await gatewayLatency();
        else invalidation = await invalidationDelay(tokens, farmId, tilePaths[1][0]);
      } finally {
        await stack.stop();
      }
    }

    console.log('Scale: idle memory of one compiled api process…');
    const idle = {
      postgres: await idleRss({ DATABASE_URL: databaseUrl, AUTH_ISSUER: TEST_ISSUER, AUTH_JWKS_URL: auth.jwksUrl }),
      pglite: await idleRss({ DATA_DIR: join(workDir, 'idle-pglite'), AUTH_ISSUER: TEST_ISSUER, AUTH_JWKS_URL: auth.jwksUrl }),
    };
    const [one, two] = runs;
    return {
      loadGenerator: 'node fetch loop on the same machine',
      farmList: { concurrency: FARM_LIST.concurrency, requests: FARM_LIST.requests, one: one.farmList, two: two.farmList, ratio: round(two.farmList.rps / one.farmList.rps) },
      tiles: { concurrency: TILES.concurrency, count: TILES.count, one: one.tiles, two: two.tiles, ratio: round(two.tiles.rps / one.tiles.rps) },
      invalidationMs: invalidation,
      gatewayMs: gateway,
      idleRssMb: idle,
    };
  } finally {
    await auth.close();
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
    rmSync(workDir, { recursive: true, force: true });
    await unregister();
  }
}

const fmt = (r) => `${r.rps} req/s (p50 ${r.p50} ms, p95 ${r.p95} ms${r.failures ? `, ${r.failures} failed` : ''})`;

export function report(scale) {
  const { farmList, tiles, invalidationMs, gatewayMs, idleRssMb } = scale;
  printRows(`Scale: gateway + api processes on PostgreSQL (load: ${scale.loadGenerator})`, [
    [`farm list, 1 api process (c=${farmList.concurrency})`, fmt(farmList.one)],
    [`farm list, 2 api processes`, fmt(farmList.two)],
    ['farm list, 2 / 1', `${farmList.ratio}×`, 'nothing breaks; little gain on 2 cores'],
    [`NDVI tiles, 1 api process (c=${tiles.concurrency})`, fmt(tiles.one)],
    [`NDVI tiles, 2 api processes`, fmt(tiles.two)],
    ['NDVI tiles, 2 / 1', `${tiles.ratio}×`],
    ['cross-process invalidation', `p50 ${invalidationMs.p50} ms, p95 ${invalidationMs.p95} ms (${invalidationMs.samples} removals)`, 'p95 < 1000 ms'],
    ['api /health direct', `p50 ${gatewayMs.direct.p50} ms, p99 ${gatewayMs.direct.p99} ms`],
    ['api /health via gateway', `p50 ${gatewayMs.gateway.p50} ms, p99 ${gatewayMs.gateway.p99} ms`],
    ['gateway adds', `p50 ${gatewayMs.addedP50} ms, p99 ${gatewayMs.addedP99} ms`],
    ['idle RSS, one api process', `PostgreSQL ${idleRssMb.postgres} MB, PGlite ${idleRssMb.pglite} MB`, '≤ 150 MB / ≤ 350 MB'],
  ]);
}
