// NDVI map tiles from Sentinel-2 L2A COGs: the api (IMAGERY_SOURCE=sentinel2, worker threads) beside
// a small reference tiler on Debian's python3-rasterio (GDAL), both reading the same COGs over HTTP
// range requests from one local STAC/COG server. 500 tile URLs at zooms 13–16 over a 16-paddock farm,
// at concurrency 1 and 8, each run on its own capture so every cache starts cold; the CPU each
// process spent per tile (the machine is shared, so wall-clock figures also measure the neighbours);
// and the api's /health latency while it renders tiles at concurrency 8.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';
import { performance } from 'node:perf_hooks';
import { register } from 'tsx/esm/api';
import { repoRoot } from './common.mjs';
import { cpuMs, percentile, runLoad } from './load.mjs';

/** Preferred ports; one another process holds is swapped for a free one (e2e stacks shift theirs around). */
const OFFSET = Number(process.env.PADDOCK_PORT_OFFSET ?? 0);
const PREFERRED_PORTS = { api: 4700 + OFFSET, data: 4750 + OFFSET, reference: 4760 + OFFSET };
const TILE_COUNT = 500;
const ZOOMS = [13, 14, 15, 16];
const PYTHON = '/usr/bin/python3';
const apiDir = join(repoRoot, 'api');
const EMAIL = 'tiles-bench@paddock.example';

/** Binds every interface, so a port another process holds on any address counts as taken. */
function listenOn(port) {
  return new Promise((resolve, reject) => {
    const server = createServer().once('error', reject).listen(port, () => {
      const { port: bound } = server.address();
      server.close(() => resolve(bound));
    });
  });
}

const freePort = (preferred) => listenOn(preferred).catch(() => listenOn(0));

/** Debian's python3-rasterio for the reference tiler, installed when missing. */
function ensureRasterio() {
  try {
    execFileSync(PYTHON, ['-c', 'import rasterio, numpy'], { stdio: 'ignore' });
  } catch {
    console.log('Installing python3-rasterio from Debian packages for the reference tiler…');
    execFileSync('apt-get', ['install', '-y', '-qq', 'python3-rasterio'], { stdio: 'ignore' });
  }
}

/** Starts a child process and resolves once `ready(line)` accepts a line of its standard output. */
function startChild(name, command, args, options, ready) {
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    child.once('exit', (code) => reject(new Error(`${name} exited with code ${code} before it was ready`)));
    lines.on('line', (line) => {
      const value = ready(line);
      if (value !== undefined) resolve({ child, value });
    });
  });
}

async function waitForHealth(url, child, name) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode}`);
    if (await fetch(url).then((response) => response.ok, () => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${name} did not answer ${url}`);
}

function stop(child) {
  if (!child || child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
}

const lonToX = (lon, z) => Math.floor(((lon + 180) / 360) * 2 ** z);
const latToY = (lat, z) => {
  const r = (lat * Math.PI) / 180;
  return Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * 2 ** z);
};

/** 500 tiles over the fields, zoom by zoom in map order: every tile of zooms 13–15, then zoom 16 spread evenly. */
function tilesOver(fields) {
  const boxes = fields.map(({ geometry }) => {
    const ring = geometry.coordinates[0];
    const lons = ring.map(([lon]) => lon);
    const lats = ring.map(([, lat]) => lat);
    return [Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats)];
  });
  const byZoom = ZOOMS.map((z) => {
    const tiles = new Map();
    for (const [w, s, e, n] of boxes) {
      for (let y = latToY(n, z); y <= latToY(s, z); y++) for (let x = lonToX(w, z); x <= lonToX(e, z); x++) tiles.set(`${z}/${x}/${y}`, { z, x, y });
    }
    return [...tiles.values()].sort((a, b) => a.y - b.y || a.x - b.x);
  });
  const deepest = byZoom.pop();
  const chosen = byZoom.flat();
  const wanted = TILE_COUNT - chosen.length;
  if (wanted > deepest.length) throw new Error(`only ${chosen.length + deepest.length} tiles over the fields`);
  for (let i = 0; i < wanted; i++) chosen.push(deepest[Math.floor((i * deepest.length) / wanted)]);
  return chosen;
}

async function fetchPng(url, headers) {
  const response = await fetch(url, { headers });
  const body = await response.arrayBuffer();
  if (response.status !== 200 || response.headers.get('content-type') !== 'image/png') throw new Error(`HTTP ${response.status} for ${url}: ${Buffer.from(body).toString('utf8', 0, 200)}`);
}

/** GET /health one after another until `until` settles; the latencies. */
async function healthDuring(url, until) {
  const latencies = [];
  let done = false;
  until.finally(() => (done = true));
  while (!done) {
    const t0 = performance.now();
    const response = await fetch(url);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`/health answered ${response.status}`);
    latencies.push(performance.now() - t0);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  latencies.sort((a, b) => a - b);
  const round = (ms) => Math.round(ms * 100) / 100;
  return { requests: latencies.length, p50: round(percentile(latencies, 50)), p99: round(percentile(latencies, 99)), max: round(latencies.at(-1) ?? NaN) };
}

async function api(port, path, token, init = {}) {
  const response = await fetch(`http://127.0.0.1:${port}/${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, ...(init.body ? { 'content-type': 'application/json' } : {}) },
  });
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: HTTP ${response.status} ${await response.text()}`);
  return response.json();
}

export async function measure() {
  ensureRasterio();
  // The api's test identity provider (a JWKS on a local port and a token minter) is TypeScript.
  const unregister = register();
  const { startAuthServer } = await import('../../api/src/test/auth-server.ts');
  const PORTS = { api: await freePort(PREFERRED_PORTS.api), data: await freePort(PREFERRED_PORTS.data), reference: await freePort(PREFERRED_PORTS.reference) };
  const workDir = mkdtempSync(join(tmpdir(), 'paddock-bench-tiles-'));
  const children = [];
  const auth = await startAuthServer();
  try {
    console.log('Tiles: COGs and STAC (first run makes the scenes, about a minute), api and the reference tiler…');
    const data = await startChild('bench data server', process.execPath, ['--import', 'tsx', 'src/imagery/testing/bench-data.ts', '--port', String(PORTS.data)], { cwd: apiDir }, (line) => (line.startsWith('{') ? JSON.parse(line) : undefined));
    children.push(data.child);
    const bench = data.value;
    const [template, first, second] = bench.captures;

    // BENCH_API_NODE_ARGS adds node flags to the measured api, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`
    // (the event loop's profile: the pool ends its workers before they write theirs, so the engine's own
    // split is profiled in one process by api/src/bench/tile-profile.ts).
    const nodeArgs = (process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean);
    const apiProcess = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'src/main.ts'], {
      cwd: apiDir,
      env: { ...process.env, PORT: String(PORTS.api), DATA_DIR: join(workDir, 'pglite'), AUTH_JWKS_URL: auth.jwksUrl, IMAGERY_SOURCE: 'sentinel2', STAC_API_URL: bench.stacApiUrl, STAC_COLLECTION: bench.collection, ADMIN_EMAILS: EMAIL, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(apiProcess);
    // The api logs JSON lines; its errors (level 50+) are kept to explain failed tiles.
    const apiErrors = [];
    createInterface({ input: apiProcess.stdout }).on('line', (line) => {
      if (/"level":(5|6)0/.test(line) && apiErrors.length < 5) apiErrors.push(line.slice(0, 2000));
    });
    await waitForHealth(`http://127.0.0.1:${PORTS.api}/health`, apiProcess, 'api');

    const config = join(workDir, 'reference.json');
    writeFileSync(config, JSON.stringify({ port: PORTS.reference, captures: Object.fromEntries(bench.captures.map((capture) => [capture.date, capture.assets])), fields: bench.fields.map((field) => field.geometry) }));
    const reference = await startChild('reference tiler', PYTHON, [join(repoRoot, 'scripts', 'bench', 'reference-tiler.py'), config], {}, (line) => (line === 'READY' ? true : undefined));
    children.push(reference.child);

    // The farm and its paddocks, through the API as a user would make them.
    const token = await auth.sign({ sub: `bench|${EMAIL}`, email: EMAIL, email_verified: true }, { expiresIn: 3600 });
    const farm = await api(PORTS.api, 'v2/farms', token, { method: 'POST', body: JSON.stringify({ data: { farm_name: 'Tiles bench' } }) });
    const created = await api(PORTS.api, `v2/farms/${farm.id}/fields`, token, {
      method: 'POST',
      body: JSON.stringify({ type: 'FeatureCollection', features: bench.fields.map((field) => ({ type: 'Feature', geometry: field.geometry, properties: { field_name: field.name, field_crop_type: field.cropType } })) }),
    });
    const fieldIds = created.features.map((feature) => feature.id);
    // Imagery over several paddocks at once is an Advanced feature.
    await api(PORTS.api, `v2/admin/accounts/${EMAIL}`, token, { method: 'PATCH', body: JSON.stringify({ tier: 'premium' }) });

    // The catalog's NDVI tile URL template, from the template capture only, so its cloud-cover reads
    // warm nothing the measured captures use; several at once start every worker thread.
    const catalogPath = `v2/catalog?${fieldIds.map((id) => `field_ids=${id}`).join('&')}&layer_filter=standard&latest_date_utc=${template.date}&search_days=1`;
    const catalogs = await Promise.all([1, 2, 3, 4].map(() => api(PORTS.api, catalogPath, token)));
    const entry = catalogs[0].features[0].properties.dates[0];
    const urlTemplate = entry.items.find((item) => item.algorithm === 'NDVI').tile_urls[0];
    // The reference tiler draws over a fixed 0–1 stretch; the api's tiles are asked for the same.
    const apiUrl = (date, { z, x, y }) => `http://127.0.0.1:${PORTS.api}/${urlTemplate.replace(`/${template.date}/`, `/${date}/`).replace('{z}', z).replace('{x}', x).replace('{y}', y)}&color_stretch=fixed`;
    const referenceUrl = (date, { z, x, y }) => `http://127.0.0.1:${PORTS.reference}/tiles/${date}/${z}/${x}/${y}.png`;
    const tiles = tilesOver(bench.fields);
    const headers = { authorization: `Bearer ${token}` };

    const perTile = (ms) => Math.round((ms / tiles.length) * 10) / 10;
    /** A load run, with the CPU the tiler's process (and the api's event-loop thread) spent per tile. */
    const run = async (concurrency, url, pid) => {
      const before = [cpuMs(pid), cpuMs(pid, pid)];
      const result = await runLoad({ concurrency, total: tiles.length, run: (i) => fetchPng(url(tiles[i]), headers) });
      return { ...result, cpuMsPerTile: perTile(cpuMs(pid) - before[0]), mainThreadCpuMsPerTile: perTile(cpuMs(pid, pid) - before[1]) };
    };
    console.log(`Tiles: ${tiles.length} tiles, concurrency 1 on ${first.date}, then 8 on ${second.date}…`);
    // The api's runs back to back, so its worker threads (stopped after 30 s idle) stay up.
    const apiC1 = await run(1, (tile) => apiUrl(first.date, tile), apiProcess.pid);
    const apiC8Run = run(8, (tile) => apiUrl(second.date, tile), apiProcess.pid);
    const health = await healthDuring(`http://127.0.0.1:${PORTS.api}/health`, apiC8Run);
    const apiC8 = await apiC8Run;
    const referenceC1 = await run(1, (tile) => referenceUrl(first.date, tile), reference.child.pid);
    const referenceC8 = await run(8, (tile) => referenceUrl(second.date, tile), reference.child.pid);

    // The embedded base map (issue 10 §1): true colour, not clipped to the fields, on the latest clear
    // capture over the farm, through the same engine and worker threads, from the default (simulated)
    // source: the bench's COGs hold only the NDVI bands. The same tile URLs at concurrency 8, cold.
    await stop(apiProcess);
    const basemapPort = await freePort(0);
    const basemapApi = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: apiDir,
      env: { ...process.env, PORT: String(basemapPort), DATA_DIR: join(workDir, 'pglite-basemap'), AUTH_JWKS_URL: auth.jwksUrl, IMAGERY_SOURCE: 'simulated', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.push(basemapApi);
    await waitForHealth(`http://127.0.0.1:${basemapPort}/health`, basemapApi, 'api (simulated)');
    const basemapFarm = await api(basemapPort, 'v2/farms', token, { method: 'POST', body: JSON.stringify({ data: { farm_name: 'Base map bench' } }) });
    await api(basemapPort, `v2/farms/${basemapFarm.id}/fields`, token, {
      method: 'POST',
      body: JSON.stringify({ type: 'FeatureCollection', features: bench.fields.map((field) => ({ type: 'Feature', geometry: field.geometry, properties: { field_name: field.name, field_crop_type: field.cropType } })) }),
    });
    const basemapUrl = ({ z, x, y }) => `http://127.0.0.1:${basemapPort}/v2/basemap/tiles/${z}/${x}/${y}.png?farm_id=${basemapFarm.id}`;
    const basemapC8 = await run(8, basemapUrl, basemapApi.pid);

    const perZoom = Object.fromEntries(ZOOMS.map((z) => [z, tiles.filter((tile) => tile.z === z).length]));
    return {
      tiles: tiles.length,
      perZoom,
      ports: PORTS,
      cog: `${bench.grid.width}×${bench.grid.height} at ${bench.grid.pixelSize} m, EPSG:${bench.grid.epsg}, UInt16 deflate, 512² blocks, 4 overviews; SCL at 20 m`,
      farm: `${fieldIds.length} paddocks, about 9.5 km across`,
      c1: { api: apiC1, reference: referenceC1 },
      c8: { api: apiC8, reference: referenceC8 },
      basemapC8,
      healthDuringC8: health,
      ...(apiErrors.length ? { apiErrors } : {}),
    };
  } finally {
    for (const child of children.reverse()) await stop(child);
    await auth.close();
    await unregister();
    rmSync(workDir, { recursive: true, force: true });
  }
}

const fmt = (r) =>
  `${String(r.rps).padStart(4)} tiles/s   p50 ${String(r.p50).padStart(7)} ms   p95 ${String(r.p95).padStart(7)} ms   CPU ${String(r.cpuMsPerTile).padStart(5)} ms/tile${r.failures ? `   ${r.failures} FAILED` : ''}`;

export function report(results) {
  const { c1, c8, healthDuringC8: health } = results;
  console.log(`\nNDVI tiles from Sentinel-2 COGs, ${results.tiles} URLs (zoom ${Object.entries(results.perZoom).map(([z, n]) => `${z}: ${n}`).join(', ')}), cold caches`);
  console.log(`  COG: ${results.cog}; ${results.farm}`);
  for (const [label, run] of [['concurrency 1', c1], ['concurrency 8', c8]]) {
    console.log(`  ${label}`);
    console.log(`    api (node, geotiff.js)        ${fmt(run.api)}`);
    console.log(`    reference (python, rasterio)  ${fmt(run.reference)}`);
    console.log(`    api / reference throughput: ${(run.api.rps / run.reference.rps).toFixed(2)}×   (goal: ≥ 2×${label === 'concurrency 1' ? '; api p50 ≤ 30 ms' : ''})`);
    console.log(`    api / reference CPU per tile: ${(run.api.cpuMsPerTile / run.reference.cpuMsPerTile).toFixed(2)}×   (goal: ≤ 0.5×)`);
  }
  if (results.basemapC8) {
    console.log(`  base map (true colour, whole tile, latest clear capture), concurrency 8`);
    console.log(`    api basemap tiles             ${fmt(results.basemapC8)}`);
    console.log(`    reference (python, rasterio)  ${fmt(c8.reference)}   (NDVI, same URLs and COGs)`);
  }
  console.log(`  api event-loop thread (HTTP, auth, database, dispatch) CPU per tile: ${c1.api.mainThreadCpuMsPerTile} ms at concurrency 1, ${c8.api.mainThreadCpuMsPerTile} ms at 8`);
  for (const line of results.apiErrors ?? []) console.log(`  api error: ${line}`);
  console.log(`  /health while the api renders at concurrency 8: p99 ${health.p99} ms, p50 ${health.p50} ms, max ${health.max} ms over ${health.requests} requests   (goal: p99 ≤ 20 ms)`);
}
