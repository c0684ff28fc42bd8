// The farm map (mf-map): first render and frame times with 2,000 and 5,000 fields on one farm, and
// the gzipped weight of OpenLayers in what the map page loads beside a minimal OpenLayers build.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import webpack from 'webpack';
import { remoteUrl } from '../lib/stack.mjs';
import {
  callApi,
  captureToken,
  collectScripts,
  kb,
  median,
  printRows,
  repoRoot,
  signIn,
  urls,
  withStackAndBrowser,
} from './common.mjs';

const FIELD_COUNTS = [2000, 5000];
const RUNS = 3;
const FIRST_RENDER_TIMEOUT_MS = 120_000;
const MAP = '[data-testid="farm-map"]';
const SMOOTH_FRAME_MS = 16.7;
const LONG_FRAME_MS = 50;
const mfMapDist = join(repoRoot, 'mf-map', 'dist');
const minimalConfig = join(repoRoot, 'mf-map', 'bench', 'ol-minimal', 'webpack.config.mjs');

// ---------------------------------------------------------------------------------------------
// Which minified bytes are OpenLayers: each chunk's source map names the original file of every
// segment of the minified code. Bytes mapped to a file inside node_modules/ol/ (OpenLayers and the
// copies of rbush, earcut… nested under it) are OpenLayers; node_modules/ol-ext/ is counted apart.
// The gzipped share is the gzip of those bytes taken together, in file order.

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** The numbers of one source-map segment (base64 VLQ). */
function decodeSegment(segment) {
  const values = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = BASE64.indexOf(char);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    values.push(value & 1 ? -(value >>> 1) : value >>> 1);
    value = 0;
    shift = 0;
  }
  return values;
}

/** [start, end, source] spans of the generated code, per line; unmapped spans have source null. */
function mappedSpans(code, sourceMap) {
  const lines = code.split('\n');
  const spans = [];
  let lineStart = 0;
  let source = 0;
  sourceMap.mappings.split(';').forEach((lineMappings, lineIndex) => {
    const line = lines[lineIndex] ?? '';
    let column = 0;
    const starts = [];
    for (const segment of lineMappings.split(',')) {
      if (!segment) continue;
      const fields = decodeSegment(segment);
      column += fields[0];
      if (fields.length >= 4) source += fields[1];
      starts.push([column, fields.length >= 4 ? sourceMap.sources[source] : null]);
    }
    if (!starts.length || starts[0][0] > 0) starts.unshift([0, null]);
    starts.forEach(([start, name], i) => {
      const end = i + 1 < starts.length ? starts[i + 1][0] : line.length;
      if (end > start) spans.push([lineStart + start, lineStart + end, name]);
    });
    lineStart += line.length + 1;
  });
  return spans;
}

const isOl = (source) => source !== null && /(^|\/)node_modules\/ol\//.test(source);
const isOlExt = (source) => source !== null && /(^|\/)node_modules\/ol-ext\//.test(source);

/** Sizes of one built JS file and of its OpenLayers and ol-ext parts, raw and gzipped. */
function weigh(file) {
  const code = readFileSync(file, 'utf8');
  const mapFile = `${file}.map`;
  const spans = existsSync(mapFile) ? mappedSpans(code, JSON.parse(readFileSync(mapFile, 'utf8'))) : [];
  const part = (test) => {
    const picked = spans.filter(([, , source]) => test(source));
    const text = picked.map(([start, end]) => code.slice(start, end)).join('');
    return { raw: Buffer.byteLength(text), sources: new Set(picked.map(([, , source]) => source)), text };
  };
  return { raw: Buffer.byteLength(code), gzip: gzipSync(code).length, hasMap: existsSync(mapFile), ol: part(isOl), olExt: part(isOlExt) };
}

/** Several files' parts weighed together (their code would be one download's worth of gzip). */
function weighAll(files) {
  const weighed = files.map((file) => ({ file, ...weigh(file) }));
  const total = (key) => {
    const text = weighed.map((w) => w[key].text).join('');
    return { rawKB: kb(Buffer.byteLength(text)), gzipKB: kb(gzipSync(text).length) };
  };
  return { weighed, ol: total('ol'), olExt: total('olExt'), gzipKB: kb(weighed.reduce((sum, w) => sum + w.gzip, 0)) };
}

function buildMinimalOl() {
  return import(minimalConfig).then(({ default: config }) => new Promise((resolve, reject) => {
    const compiler = webpack(config);
    compiler.run((error, stats) => {
      compiler.close(() => {});
      if (error || stats.hasErrors()) reject(error ?? new Error(stats.toString('errors-only')));
      else resolve(join(config.output.path, 'ol-minimal.js'));
    });
  }));
}

/** The minimal build really draws its polygon (so nothing it needs was left out). */
async function minimalBuildRenders(browser, bundle) {
  const page = await browser.newPage();
  try {
    await page.setContent('<div id="map" style="width:400px;height:300px"></div>');
    await page.addScriptTag({ path: bundle });
    await page.locator('#map[data-rendered="1"]').waitFor({ timeout: 30_000 });
    return true;
  } catch {
    return false;
  } finally {
    await page.close();
  }
}

/** OpenLayers in every JS file of mf-map's dist (the page may load only some): chunks, gzipped share, duplicates. */
function olAcrossDist() {
  const all = weighAll(readdirJs(mfMapDist));
  const holders = all.weighed.filter((w) => w.ol.raw > 0);
  const seen = new Map();
  for (const { ol } of holders) for (const source of ol.sources) seen.set(source, (seen.get(source) ?? 0) + 1);
  return {
    distChunksWithOl: holders.map((w) => w.file.slice(mfMapDist.length + 1)),
    distOlGzipKB: all.ol.gzipKB,
    olModulesInMoreThanOneChunk: [...seen.values()].filter((count) => count > 1).length,
  };
}

function readdirJs(dir) {
  return existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith('.js')).map((name) => join(dir, name)) : [];
}

// ---------------------------------------------------------------------------------------------
// Realistic paddocks: a grid of irregular four- or six-cornered fields, 20–80 ha, 6–20 vertices,
// on farmland near Wagga Wagga (NSW) and Horsham (VIC). Seeded, so every run draws the same farm.

const farmCentres = { 2000: [147.37, -35.12], 5000: [142.2, -36.72] };
const CELL_M = 1250;
const METRES_PER_DEGREE_LAT = 111_320;

function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Corners in metres around (0, 0): angles in order, so the ring never crosses itself. */
function paddockOutline(random) {
  const corners = random() < 0.5 ? 4 : 6;
  const vertices = 6 + Math.floor(random() * 15);
  const step = (2 * Math.PI) / corners;
  const rotation = random() * step;
  const outline = Array.from({ length: corners }, (_, k) => {
    const angle = rotation + k * step + (random() - 0.5) * step * 0.4;
    const radius = 0.8 + random() * 0.2;
    return [radius * Math.cos(angle), radius * Math.sin(angle)];
  });
  // Fence lines are rarely straight: extra vertices along the edges, nudged a little sideways.
  const extraPerEdge = Array(corners).fill(0);
  for (let i = corners; i < vertices; i++) extraPerEdge[Math.floor(random() * corners)] += 1;
  const ring = [];
  outline.forEach(([ax, ay], k) => {
    const [bx, by] = outline[(k + 1) % corners];
    ring.push([ax, ay]);
    for (let j = 1; j <= extraPerEdge[k]; j++) {
      const t = j / (extraPerEdge[k] + 1);
      const nudge = (random() - 0.5) * 0.03;
      ring.push([ax + (bx - ax) * t - (by - ay) * nudge, ay + (by - ay) * t + (bx - ax) * nudge]);
    }
  });
  return ring;
}

const planarArea = (ring) => Math.abs(ring.reduce((sum, [x, y], i) => {
  const [nx, ny] = ring[(i + 1) % ring.length];
  return sum + x * ny - nx * y;
}, 0)) / 2;

function generatePaddocks(count, cropTypes) {
  const random = seededRandom(count);
  const [lon0, lat0] = farmCentres[count];
  const metresPerDegreeLon = METRES_PER_DEGREE_LAT * Math.cos((lat0 * Math.PI) / 180);
  const columns = Math.ceil(Math.sqrt(count));
  const halfCell = CELL_M / 2;
  return Array.from({ length: count }, (_, n) => {
    const outline = paddockOutline(random);
    const targetM2 = (20 + random() * 60) * 10_000;
    // Scaled to the wanted area, but never past the cell, so neighbours do not overlap.
    const widest = Math.max(...outline.map(([x, y]) => Math.hypot(x, y)));
    const scale = Math.min(Math.sqrt(targetM2 / planarArea(outline)), (halfCell - 5) / widest);
    const cx = ((n % columns) - columns / 2) * CELL_M;
    const cy = (Math.floor(n / columns) - columns / 2) * CELL_M;
    const ring = outline.map(([x, y]) => [
      Number((lon0 + (cx + x * scale) / metresPerDegreeLon).toFixed(7)),
      Number((lat0 + (cy + y * scale) / METRES_PER_DEGREE_LAT).toFixed(7)),
    ]);
    ring.push(ring[0]);
    return {
      type: 'Feature',
      geometry: { type: 'Polygon', coordinates: [ring] },
      properties: { field_name: `Paddock ${n + 1}`, field_crop_type: cropTypes[Math.floor(random() * cropTypes.length)] },
    };
  });
}

// ---------------------------------------------------------------------------------------------
// The API, as the signed-in demo user.

async function createFarmWithFields(authorization, count, cropTypes) {
  const farm = await callApi(authorization, 'POST', 'farms', { data: { farm_name: `Bench ${count}` } });
  const features = generatePaddocks(count, cropTypes);
  const created = await callApi(authorization, 'POST', `farms/${farm.id}/fields`, { type: 'FeatureCollection', features });
  const areas = created.features.map((f) => f.properties.area);
  return { id: farm.id, areaHa: { min: Math.round(Math.min(...areas)), max: Math.round(Math.max(...areas)) } };
}

// ---------------------------------------------------------------------------------------------
// In the page.

/** Notes when the map says all `expected` fields are drawn, relative to navigation start. */
const watchFieldsRendered = (expected) => {
  const done = () => document.querySelector('[data-testid="farm-map"]')?.getAttribute('data-fields-rendered') === String(expected);
  new MutationObserver((_, observer) => {
    if (window.__benchFieldsRenderedAt === undefined && done()) {
      window.__benchFieldsRenderedAt = performance.now();
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-fields-rendered'] });
};

/** When the page asked for the fields and when the last byte came (Resource Timing; null if not seen). */
const fieldsRequestTiming = (pathEnd) => {
  const entry = performance.getEntriesByType('resource').find((e) => new URL(e.name).pathname.endsWith(pathEnd));
  return entry ? { startMs: entry.startTime, endMs: entry.responseEnd } : null;
};

const startFrameLog = () => {
  const stamps = [];
  let running = true;
  const tick = (time) => {
    if (!running) return;
    stamps.push(time);
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  window.__benchStopFrameLog = () => {
    running = false;
    return stamps;
  };
};

/** Drags the map around for about two seconds, then zooms in and out with the wheel. */
async function panAndZoom(page) {
  const box = await page.locator(MAP).boundingBox();
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  await page.mouse.move(cx, cy);
  await page.mouse.down();
  const started = Date.now();
  for (let elapsed = 0; elapsed < 2000; elapsed = Date.now() - started) {
    const turn = (elapsed / 2000) * 2 * Math.PI;
    await page.mouse.move(cx + Math.sin(turn) * box.width * 0.2, cy + (1 - Math.cos(turn)) * box.height * 0.15);
    await page.waitForTimeout(16); // a hand moves at its own pace, whatever the frame rate
  }
  await page.mouse.up();
  for (const deltaY of [-100, -100, -100, -100, 100, 100, 100, 100]) {
    await page.mouse.wheel(0, deltaY);
    await page.waitForTimeout(350); // lets each 250 ms zoom animation play, as a user's wheel clicks would
  }
  await page.waitForTimeout(500);
}

/** Frame-time figures over several runs' requestAnimationFrame timestamps, pooled. */
function frameStats(runs) {
  const deltas = runs.flatMap((stamps) => stamps.slice(1).map((t, i) => t - stamps[i])).sort((a, b) => a - b);
  if (!deltas.length) return null;
  return {
    runs: runs.length,
    frames: deltas.length,
    p50Ms: Math.round(deltas[Math.floor(deltas.length * 0.5)] * 10) / 10,
    p95Ms: Math.round(deltas[Math.ceil(deltas.length * 0.95) - 1] * 10) / 10,
    maxMs: Math.round(deltas.at(-1)),
    over50Ms: deltas.filter((d) => d > LONG_FRAME_MS).length,
    durationMs: Math.round(runs.reduce((sum, stamps) => sum + (stamps.at(-1) - stamps[0]), 0)),
  };
}

/** One cold load of the farm's map (fresh context) to all fields drawn, then a pan and zoom. */
async function loadMap(browser, storageState, farm, count, scripts) {
  const context = await browser.newContext({ storageState });
  try {
    await context.addInitScript(watchFieldsRendered, count);
    const page = await context.newPage();
    if (scripts) scripts.push(collectScripts(page));
    await page.goto(`${urls.host}/farms/${farm.id}`);
    await page.waitForFunction(() => window.__benchFieldsRenderedAt !== undefined, null, { timeout: FIRST_RENDER_TIMEOUT_MS });
    const firstRenderMs = await page.evaluate(() => window.__benchFieldsRenderedAt);
    const fieldsRequest = await page.evaluate(fieldsRequestTiming, `/farms/${farm.id}/fields`);
    await page.evaluate(startFrameLog);
    await panAndZoom(page);
    return { firstRenderMs, fieldsRequest, frameStamps: await page.evaluate(() => window.__benchStopFrameLog()) };
  } finally {
    await context.close();
  }
}

async function measureFarm(browser, storageState, farm, count, scripts) {
  const runs = [];
  for (let run = 0; run < RUNS; run++) {
    runs.push(await loadMap(browser, storageState, farm, count, run === 0 ? scripts : null));
  }
  const samples = runs.map((r) => r.firstRenderMs);
  const timed = runs.filter((r) => r.fieldsRequest);
  const part = (pick) => (timed.length ? Math.round(median(timed.map(pick))) : null);
  return {
    fields: count,
    fieldAreaHa: farm.areaHa,
    firstRenderMs: { median: Math.round(median(samples)), min: Math.round(Math.min(...samples)), max: Math.round(Math.max(...samples)), runs: samples.length },
    // Where the time goes (medians of each part, so they need not add up to the median total).
    firstRenderPartsMs: {
      untilFieldsRequested: part((r) => r.fieldsRequest.startMs),
      fieldsRequest: part((r) => r.fieldsRequest.endMs - r.fieldsRequest.startMs),
      afterFieldsArrived: part((r) => r.firstRenderMs - r.fieldsRequest.endMs),
    },
    frames: frameStats(runs.map((r) => r.frameStamps)),
  };
}

// ---------------------------------------------------------------------------------------------
// The first look (issue 10 item 5): a farm with one paddock opens on its latest clear capture by
// itself; the figure is navigation start → the first imagery tile received and drawn.

const IMAGERY_RUNS = 5;
const IMAGERY_TIMEOUT_MS = 60_000;
const PADDOCK = {
  type: 'Polygon',
  coordinates: [[[147.36, -35.12], [147.372, -35.12], [147.372, -35.111], [147.36, -35.111], [147.36, -35.12]]],
};

/** Records when the first imagery tile answered and when OpenLayers next finished a frame (the tile on screen). */
function watchFirstImagery() {
  const tile = /\/v2\/tiles\/[^/]+\/\d{4}-\d{2}-\d{2}\/\d+\/\d+\/\d+\.png/;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (window.__benchFirstTileAt === undefined && tile.test(entry.name) && entry.responseStatus !== 204) {
        window.__benchFirstTileAt = entry.responseEnd;
        // The blob is decoded and drawn on the next frames: the first frame after two animation frames.
        requestAnimationFrame(() => requestAnimationFrame(() => (window.__benchFirstImageryAt = performance.now())));
      }
    }
  }).observe({ type: 'resource', buffered: true });
}

/** Median of 5 cold loads (fresh signed-in context each) of a one-paddock farm's map to its first imagery drawn. */
async function measureFirstImagery(browser, storageState, authorization) {
  const farm = await callApi(authorization, 'POST', 'farms', { data: { farm_name: 'Bench first look' } });
  await callApi(authorization, 'POST', `farms/${farm.id}/fields`, {
    type: 'FeatureCollection',
    features: [{ type: 'Feature', geometry: PADDOCK, properties: { field_name: 'Home Paddock', field_crop_type: 'Wheat' } }],
  });
  const samples = [];
  const tileSamples = [];
  for (let run = 0; run < IMAGERY_RUNS; run++) {
    const context = await browser.newContext({ storageState, viewport: { width: 1280, height: 720 } });
    try {
      await context.addInitScript(watchFirstImagery);
      const page = await context.newPage();
      await page.goto(`${urls.host}/farms/${farm.id}`);
      await page.waitForFunction(() => window.__benchFirstImageryAt !== undefined, null, { timeout: IMAGERY_TIMEOUT_MS });
      samples.push(await page.evaluate(() => window.__benchFirstImageryAt));
      tileSamples.push(await page.evaluate(() => window.__benchFirstTileAt));
    } finally {
      await context.close();
    }
  }
  const stats = (values) => ({ median: Math.round(median(values)), min: Math.round(Math.min(...values)), max: Math.round(Math.max(...values)) });
  return { runs: samples.length, drawnMs: stats(samples), firstTileMs: stats(tileSamples) };
}

/** The mf-map files the map page downloaded, as paths in mf-map's dist. */
function mapPageFiles(scriptLists) {
  const origin = `${remoteUrl('mf_map')}/`;
  const names = new Set(scriptLists.flat().filter((s) => s.url.startsWith(origin)).map((s) => s.url.slice(origin.length).split('?')[0]));
  return [...names].map((name) => join(mfMapDist, name)).filter((file) => existsSync(file));
}

export async function measure() {
  let loadBefore;
  // PADDOCK_BENCH_MAP_FIRST_LOOK_ONLY=1 measures only the first look (the rest takes many minutes).
  const firstLookOnly = Boolean(process.env.PADDOCK_BENCH_MAP_FIRST_LOOK_ONLY);
  const results = {};
  let minimalBundle = null;
  if (!firstLookOnly) {
    console.log('Map: building the minimal OpenLayers build…');
    minimalBundle = await buildMinimalOl();
    const minimal = weighAll([minimalBundle]);
    results.minimalOl = { fileGzipKB: minimal.gzipKB, ol: minimal.ol };
  }

  await withStackAndBrowser(async ({ browser }) => {
    if (minimalBundle) results.minimalOl.renders = await minimalBuildRenders(browser, minimalBundle);

    const context = await browser.newContext();
    const page = await context.newPage();
    const token = captureToken(page);
    await signIn(page);
    const authorization = await token;
    const storageState = await context.storageState();
    await context.close();

    try {
      console.log('Map: opening a one-paddock farm cold 5 times, to its first imagery drawn…');
      results.firstImagery = await measureFirstImagery(browser, storageState, authorization);
    } catch (error) {
      results.firstImagery = { error: error.message.split('\n')[0] };
    }
    if (firstLookOnly) return;

    const cropTypes = (await callApi(authorization, 'GET', 'farms/crop_types/list')).data.crop_types;
    loadBefore = loadavg()[0];
    results.farms = {};
    const scripts = [];
    for (const count of FIELD_COUNTS) {
      console.log(`Map: adding a farm with ${count.toLocaleString('en-AU')} fields and loading its map…`);
      const farm = await createFarmWithFields(authorization, count, cropTypes);
      try {
        results.farms[count] = await measureFarm(browser, storageState, farm, count, scripts);
      } catch (error) {
        results.farms[count] = { fields: count, fieldAreaHa: farm.areaHa, error: error.message.split('\n')[0] };
      }
    }

    const loaded = weighAll(mapPageFiles(scripts));
    const holding = loaded.weighed.filter((w) => w.ol.raw > 0 || w.olExt.raw > 0);
    results.mfMapOl = {
      chunksGzipKB: kb(holding.reduce((sum, w) => sum + w.gzip, 0)),
      chunks: holding.map((w) => ({
        file: w.file.slice(mfMapDist.length + 1), fileGzipKB: kb(w.gzip), olRawKB: kb(w.ol.raw), olExtRawKB: kb(w.olExt.raw),
      })),
      missingSourceMaps: loaded.weighed.filter((w) => !w.hasMap).length,
      ol: loaded.ol,
      olExt: loaded.olExt,
      ...olAcrossDist(),
    };
  });
  if (firstLookOnly) return results;
  // Frame times are wall-clock: whatever else runs on the machine shows in them.
  results.machine = { cores: availableParallelism(), loadAverage1m: { before: round1(loadBefore), after: round1(loadavg()[0]) } };
  // No OpenLayers found (no map built yet, or no source maps) gives no ratio rather than a flattering 0.
  const ratio = (value) => (results.mfMapOl.ol.gzipKB > 0 ? Math.round((value / results.minimalOl.ol.gzipKB) * 100) / 100 : null);
  results.olRatio = ratio(results.mfMapOl.ol.gzipKB);
  results.olWithOlExtRatio = ratio(results.mfMapOl.ol.gzipKB + results.mfMapOl.olExt.gzipKB);
  return results;
}

const firstRenderRow = (farm) => (farm.error
  ? `not measured: ${farm.error}`
  : `${farm.firstRenderMs.median} ms median (min ${farm.firstRenderMs.min}, max ${farm.firstRenderMs.max}, ${farm.firstRenderMs.runs} cold loads)`);
const partsRow = ({ firstRenderPartsMs: parts }) => (parts.fieldsRequest === null
  ? 'the fields request was not seen'
  : `page until fields requested ${parts.untilFieldsRequested} ms · GET …/fields ${parts.fieldsRequest} ms · parse and draw ${parts.afterFieldsArrived} ms`);
const framesRow = (farm) => (farm.error || !farm.frames
  ? 'not measured'
  : `p95 ${farm.frames.p95Ms} ms (p50 ${farm.frames.p50Ms}, max ${farm.frames.maxMs}; ${farm.frames.over50Ms} of ${farm.frames.frames} frames > ${LONG_FRAME_MS} ms in ${farm.frames.runs} runs of ${farm.frames.durationMs} ms in all)`);

const round1 = (value) => Math.round(value * 10) / 10;
const times = (ratio) => (ratio === null ? 'not measured: no OpenLayers found in the map page\'s mf-map files' : `${ratio}×`);

const firstImageryRow = (first) => (!first || first.error
  ? `not measured${first ? `: ${first.error}` : ''}`
  : `${first.drawnMs.median} ms median (min ${first.drawnMs.min}, max ${first.drawnMs.max}, ${first.runs} cold loads; first tile received at ${first.firstTileMs.median} ms median)`);

export function report(results) {
  const { minimalOl, mfMapOl } = results;
  const rows = [['One paddock: navigation → first imagery drawn (no click)', firstImageryRow(results.firstImagery), 'report']];
  if (!mfMapOl) {
    printRows('Farm map (mf-map)', rows);
    return;
  }
  for (const farm of Object.values(results.farms)) {
    const fields = farm.fields.toLocaleString('en-AU');
    rows.push([`${fields} fields: navigation → all fields drawn`, firstRenderRow(farm), 'report']);
    if (!farm.error) rows.push(['    of which (medians)', partsRow(farm), '']);
    rows.push([`${fields} fields: frame time, pan + wheel zoom`, framesRow(farm), `report; smooth is ≤ ${SMOOTH_FRAME_MS} ms`]);
  }
  rows.push(
    ['Minimal Map+View+Vector build: OpenLayers (gzip)', `${minimalOl.ol.gzipKB} KB (whole file ${minimalOl.fileGzipKB} KB; draws its polygon: ${minimalOl.renders ? 'yes' : 'NO'})`, ''],
    ['mf-map map page: OpenLayers (gzip)', `${mfMapOl.ol.gzipKB} KB in ${mfMapOl.chunks.length} chunk(s) (those chunks whole: ${mfMapOl.chunksGzipKB} KB)`, ''],
    ['mf-map map page: ol-ext (gzip)', `${mfMapOl.olExt.gzipKB} KB`, ''],
    ['mf-map OpenLayers / minimal build', times(results.olRatio), '≤ 1.5×'],
    ['mf-map OpenLayers + ol-ext / minimal build', times(results.olWithOlExtRatio), '≤ 1.5× if ol-ext counts as OpenLayers'],
  );
  printRows('Farm map (mf-map)', rows);
  console.log(`  All of mf-map/dist: ${mfMapOl.distOlGzipKB} KB of OpenLayers (gzip) in ${mfMapOl.distChunksWithOl.length} chunk(s) (${mfMapOl.distChunksWithOl.join(', ') || 'none'}); OpenLayers modules in more than one chunk: ${mfMapOl.olModulesInMoreThanOneChunk}.`);
  const { cores, loadAverage1m } = results.machine;
  console.log(`  Machine: ${cores} cores; 1-minute load average ${loadAverage1m.before} before and ${loadAverage1m.after} after this section (above ${cores}, other work was competing with the browser and the figures are slower than on an idle machine).`);
  if (mfMapOl.missingSourceMaps) console.log(`  ${mfMapOl.missingSourceMaps} loaded file(s) had no source map: their OpenLayers bytes are not counted.`);
  console.log([
    '  Method: the map page (/farms/{id}, viewport 1280×720) is loaded cold in a fresh signed-in context, 3 times per farm;',
    '  first render is navigation start → the map container\'s data-fields-rendered equals the field count (mf-map sets it',
    '  after OpenLayers\' rendercomplete). After each load, a ~2 s drag-pan and 4 wheel zooms in and 4 out; frame times are',
    '  the requestAnimationFrame deltas of the 3 runs pooled. Headless Chromium with --disable-gpu draws the canvas in',
    '  software, so a desktop with a GPU is faster. OpenLayers size: each mf-map JS file the map page downloaded is',
    '  attributed byte by byte to its original modules through its source map; bytes from node_modules/ol/ (with the',
    '  libraries nested under it) are OpenLayers, node_modules/ol-ext/ is ol-ext, and the share is the gzip of those bytes',
    '  together. The minimal build (mf-map/bench/ol-minimal: Map, View, Vector layer and source, GeoJSON; webpack 5',
    '  production with the default Terser minifier, as the project\'s factory) is weighed the same way. CSS is not counted.',
  ].join('\n'));
}
