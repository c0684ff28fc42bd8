// Benchmark of `GET v2/zoning/zones`: paddocks just under the 800 ha limit at 5 m (about 320,000
// pixels each), 3 and 5 zones, cold (each request computes) and warm (the same request again, from
// the cache), with the api's /health latency meanwhile; beside a Python reference pipeline (numpy +
// rasterio: k-means classes, rasterio.features.sieve, rasterio.features.shapes, mask clip) on the
// same index rasters. Zone count, slivers and variance reduction of both.
//
// Three paddocks in different places (their own soil, canopy and zone pattern), each zoned in turn by
// the api and then by the reference, run after run: both are timed on the same rasters and in the same
// spells of machine load, so the ratio does not depend on which paddock a run got or on what else the
// machine was doing in one half of the run.
// Run: `npm run bench zoning` at the root (this file is its zoning section).
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { AreaGeometry, Position } from '@paddock/shared/contracts';
import { SimulatedSource } from '../imagery/simulated';
import { fieldRaster, minZonePixels, zoningWindow } from '../imagery/zoning';
import { productivityRaster, windowsOf } from '../imagery/zoning/productivity';
import { algorithmBands, computeIndex } from '../imagery/indices';
import { pixelClass } from '../imagery/source';
import { bboxOf } from '../geo/geometry';
import { startAuthServer } from '../test/auth-server';
import { WORKER_NICE_INCREMENT } from '../workers/pool';
import { pickPort, startApi } from './api-process';
import { paddock } from './paddock';
import { startHealthProbe } from './health-probe';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const PREFERRED_PORT = 4680 + Number(process.env.PADDOCK_PORT_OFFSET ?? 0);
const ZONES = [3, 5];
/** Cold runs per paddock and zone count (each followed by the reference's run on the same raster). */
const COLD_RUNS = process.env.PADDOCK_BENCH_ZONING === 'productivity' ? 0 : 5;
/** Zonings per worker thread before measuring: the JIT's warm-up (see main). */
const WARMUPS_PER_THREAD = process.env.PADDOCK_BENCH_ZONING === 'productivity' ? 0 : 12;
const WARM_RUNS = process.env.PADDOCK_BENCH_ZONING === 'productivity' ? 0 : 20;
const TARGET_HA = 795;
/** Where the paddocks lie (lon, lat): near Wagga Wagga, about 5 km apart. */
const PLACES: readonly Position[] = [
  [147.2, -35.05],
  [147.26, -35.09],
  [147.14, -35.12],
];
const EMAIL = 'zoning-bench@paddock.example';
/** Productivity zones (issue 26): one paddock over three wheat seasons at 25 m, cold runs and warm-ups. */
const PRODUCTIVITY_SEASONS = [2022, 2023, 2024];
const PRODUCTIVITY_RESOLUTION = { level: 2, metres: 25 };
const PRODUCTIVITY_RUNS = 7;
const PRODUCTIVITY_WARMUPS = 2;
/** `PADDOCK_BENCH_ZONING=productivity` runs only the productivity part (a short run). */
const ONLY_PRODUCTIVITY = process.env.PADDOCK_BENCH_ZONING === 'productivity';

const percentile = (values: readonly number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number;
};
const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;
const summary = (ms: readonly number[]) => ({
  runs: ms.length,
  p50: round(percentile(ms, 50)),
  p95: round(percentile(ms, 95)),
});

interface ZonesAnswer {
  zoned_image: { features: { properties: { zone: number; area: number } }[] };
  statistics: { variance_reduction: number; fields: { min_zone_ha: number }[] };
}

/** What the bench and the reference know of each paddock's raster (meta.json). */
interface BenchRaster {
  name: string;
  width: number;
  height: number;
  bbox: readonly number[];
  latitude: number;
  minZoneHa: number;
  minPixels: number;
  sliverHa: number;
  insidePixels: number;
}

interface ReferenceRun {
  ms: number;
  zones: number;
  polygons: number;
  slivers: number;
  areaHa: number;
  varianceReduction: number;
}

/** The Python reference as one long-lived process at the workers' priority: a run per call. */
async function startReference(workDir: string) {
  // At the api's worker-thread priority (nice +10, workers/pool.ts), so both compute on equal terms.
  const child = spawn(
    'nice',
    [
      '-n',
      String(WORKER_NICE_INCREMENT),
      '/usr/bin/python3',
      path.join(repoRoot, 'scripts/bench/reference-zoning.py'),
      workDir,
    ],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const next = async <T>(): Promise<T> => {
    const line = await lines.next();
    if (line.done) throw new Error(`the reference pipeline exited (${child.exitCode})`);
    return JSON.parse(line.value as string) as T;
  };
  await next<{ ready: true }>();
  return {
    run: async (raster: number, zones: number): Promise<ReferenceRun> => {
      child.stdin.write(`${raster} ${zones}\n`);
      return next<ReferenceRun>();
    },
    close: () => child.stdin.end(),
  };
}

interface ProductivityReferenceRun extends ReferenceRun {
  /** Milliseconds of the standardise-and-mean alone. */
  meanMs: number;
  /** Largest difference between the reference's productivity raster and the engine's, over pixels both measured. */
  maxDifference: number;
  captures: number;
}

/**
 * Productivity zones (issue 26): one paddock of ~795 ha over three seasons at 25 m through the api,
 * each cold run followed by the reference (numpy: the same per-pixel standardise-and-mean over the
 * same index rasters and clear masks, then the reference zoning) in the same spell of machine load.
 */
async function benchProductivity(
  workDir: string,
  field: { id: string; areaHa: number; geometry: AreaGeometry },
  timed: (url: string) => Promise<{ ms: number; answer: ZonesAnswer; readMs: number; zoningMs: number }>,
) {
  const metres = PRODUCTIVITY_RESOLUTION.metres;
  const today = new Date().toISOString().slice(0, 10);
  const aoi = { fieldId: field.id, cropType: 'Wheat', geometry: field.geometry, bbox: bboxOf(field.geometry) };
  const source = new SimulatedSource();
  const window = zoningWindow(aoi, metres);
  const size = window.width * window.height;
  // Every capture of the seasons (the engine keeps those at least half clear; the reference decides for itself).
  const windows = windowsOf(aoi, { kind: 'seasons', seasons: PRODUCTIVITY_SEASONS, range: null, until: today });
  const captures = [];
  const seasonOf: number[] = [];
  for (const [index, { from, to }] of windows.entries()) {
    const listed = await source.catalog([aoi], 'standard', { from, to });
    for (const capture of [...listed].sort((a, b) => a.date.localeCompare(b.date))) {
      captures.push(capture);
      seasonOf.push(index);
    }
  }
  const indexRasters = new Float32Array(captures.length * size);
  const clear = new Uint8Array(captures.length * size);
  for (const [k, capture] of captures.entries()) {
    const read = await source.read([aoi], capture, algorithmBands.NDVI, window);
    const values = computeIndex('NDVI', read);
    indexRasters.set(values, k * size);
    for (let i = 0; i < size; i += 1) clear[k * size + i] = read.mask[i] === pixelClass.clear ? 1 : 0;
  }
  const engine = await productivityRaster(source, aoi, windows, 'NDVI', metres);
  const minZoneHa = Math.max(0.5, 0.01 * field.areaHa);
  const prefix = path.join(workDir, 'productivity');
  writeFileSync(`${prefix}.index.f32`, Buffer.from(indexRasters.buffer));
  writeFileSync(`${prefix}.clear.u8`, clear);
  writeFileSync(`${prefix}.inside.u8`, engine.inside);
  writeFileSync(`${prefix}.engine.f32`, Buffer.from(engine.values.buffer));
  writeFileSync(`${prefix}.engine-valid.u8`, engine.valid);
  writeFileSync(
    `${prefix}.json`,
    JSON.stringify({
      width: window.width,
      height: window.height,
      bbox: window.bbox,
      latitude: (aoi.bbox[1] + aoi.bbox[3]) / 2,
      captures: captures.length,
      minPixels: minZonePixels(minZoneHa, metres),
      sliverHa: minZoneHa / 10,
    }),
  );
  const child = spawn(
    'nice',
    [
      '-n',
      String(WORKER_NICE_INCREMENT),
      '/usr/bin/python3',
      path.join(repoRoot, 'scripts/bench/reference-productivity.py'),
      prefix,
    ],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const next = async <T>(): Promise<T> => {
    const line = await lines.next();
    if (line.done) throw new Error(`the productivity reference exited (${child.exitCode})`);
    return JSON.parse(line.value as string) as T;
  };
  try {
    await next<{ ready: true }>();
    const url = (run: number) =>
      `v2/zoning/zones?field_ids=${field.id}&latest_capture_date=${today}&zones=3&resolution=${PRODUCTIVITY_RESOLUTION.level}` +
      `&algorithm=standard_NDVI&source=seasons&${PRODUCTIVITY_SEASONS.map((year) => `seasons=${year}`).join('&')}` +
      `&min_zone_ha=${round(minZoneHa + run * 1e-6, 6)}`;
    const ask = async (): Promise<ProductivityReferenceRun> => {
      child.stdin.write('3\n');
      return next<ProductivityReferenceRun>();
    };
    // Warm-ups (not measured): the worker's JIT and the reference's first numpy calls.
    for (let run = 0; run < PRODUCTIVITY_WARMUPS; run += 1) {
      await timed(url(1000 + run));
      await ask();
    }
    const cold: number[] = [];
    const reads: number[] = [];
    const steps: number[] = [];
    const theirs: number[] = [];
    let ours: ZonesAnswer | null = null;
    let last: ProductivityReferenceRun | null = null;
    for (let run = 0; run < PRODUCTIVITY_RUNS; run += 1) {
      const { ms, answer, readMs, zoningMs } = await timed(url(run + 1));
      cold.push(ms);
      reads.push(readMs);
      steps.push(zoningMs);
      ours = answer;
      last = await ask();
      theirs.push(last.ms);
    }
    const features = ours?.zoned_image.features ?? [];
    return {
      areaHa: round(field.areaHa, 2),
      seasons: PRODUCTIVITY_SEASONS,
      resolutionM: metres,
      pixels: size,
      captures: captures.length,
      capturesUsed: engine.captures.length,
      cold: summary(cold),
      imageryRead: summary(reads),
      standardiseAndZone: summary(steps),
      reference: summary(theirs),
      referenceMean: last ? round(last.meanMs) : null,
      api: {
        zones: new Set(features.map((feature) => feature.properties.zone)).size,
        polygons: features.length,
        varianceReduction: ours?.statistics.variance_reduction ?? null,
      },
      referenceFigures: last
        ? {
            zones: last.zones,
            polygons: last.polygons,
            varianceReduction: round(last.varianceReduction, 4),
            capturesUsed: last.captures,
            maxRasterDifference: last.maxDifference,
          }
        : null,
    };
  } finally {
    child.stdin.end();
  }
}

async function main() {
  const workDir = await mkdtemp(path.join(tmpdir(), 'paddock-bench-zoning-'));
  const auth = await startAuthServer();
  const port = await pickPort(PREFERRED_PORT);
  const api = await startApi(
    { DATA_DIR: path.join(workDir, 'pglite'), AUTH_JWKS_URL: auth.jwksUrl, ZONING_TIME_BUDGET_MS: '120000' },
    port,
    // What `npm start` runs: the compiled api and its compiled worker threads.
    { compiled: true },
  );
  const base = `http://127.0.0.1:${port}`;
  let reference: Awaited<ReturnType<typeof startReference>> | null = null;
  try {
    const token = await auth.sign({ sub: `bench|${EMAIL}`, email: EMAIL, email_verified: true }, { expiresIn: 3600 });
    const call = async <T>(url: string, init: RequestInit = {}): Promise<T> => {
      const response = await fetch(`${base}/${url}`, {
        ...init,
        headers: { authorization: `Bearer ${token}`, ...(init.body ? { 'content-type': 'application/json' } : {}) },
      });
      if (!response.ok) throw new Error(`${url}: HTTP ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    };
    const farm = await call<{ id: string }>('v2/farms', {
      method: 'POST',
      body: JSON.stringify({ data: { farm_name: 'Zoning bench' } }),
    });
    const geometries = PLACES.map((place) => paddock(TARGET_HA, place));
    const created = await call<{ features: { id: string; properties: { area: number } }[] }>(
      `v2/farms/${farm.id}/fields`,
      {
        method: 'POST',
        body: JSON.stringify({
          type: 'FeatureCollection',
          features: geometries.map((geometry, index) => ({
            type: 'Feature',
            geometry,
            properties: { field_name: `Big paddock ${index + 1}`, field_crop_type: 'Wheat' },
          })),
        }),
      },
    );
    const fields = created.features.map((feature, index) => ({
      id: feature.id,
      areaHa: feature.properties.area,
      geometry: geometries[index] as AreaGeometry,
    }));

    // The capture of late winter 2025 that is clearest over all three paddocks.
    const cloudOn = new Map<string, number>();
    for (const field of fields) {
      const catalog = await call<{
        features: { properties: { dates: { date: string; items: { cloud_percent: number }[] }[] } }[];
      }>(`v2/catalog?field_ids=${field.id}&layer_filter=standard&latest_date_utc=2025-09-15&search_days=60`);
      for (const { date, items } of catalog.features[0]?.properties.dates ?? []) {
        cloudOn.set(date, Math.max(cloudOn.get(date) ?? 0, items[0]?.cloud_percent ?? 100));
      }
    }
    const [date, cloudPercent] = [...cloudOn].sort(([, a], [, b]) => a - b)[0] as [string, number];

    // The same index rasters the api zones, for the reference (same source, field ids, crop and capture).
    const source = new SimulatedSource();
    const rasters: BenchRaster[] = [];
    for (const [index, field] of fields.entries()) {
      const aoi = { fieldId: field.id, cropType: 'Wheat', geometry: field.geometry, bbox: bboxOf(field.geometry) };
      const [capture] = await source.catalog([aoi], 'standard', { from: date, to: date });
      if (!capture) throw new Error(`no capture on ${date}`);
      const raster = await fieldRaster(source, aoi, capture, 'NDVI', 5);
      const minZoneHa = Math.max(0.5, 0.01 * field.areaHa);
      const name = `paddock-${index + 1}`;
      writeFileSync(path.join(workDir, `${name}.values.f32`), Buffer.from(raster.values.buffer));
      writeFileSync(path.join(workDir, `${name}.inside.u8`), raster.inside);
      writeFileSync(path.join(workDir, `${name}.valid.u8`), raster.valid);
      rasters.push({
        name,
        width: raster.grid.width,
        height: raster.grid.height,
        bbox: raster.window.bbox,
        latitude: (aoi.bbox[1] + aoi.bbox[3]) / 2,
        minZoneHa,
        minPixels: minZonePixels(minZoneHa, 5),
        sliverHa: minZoneHa / 10,
        insidePixels: raster.inside.reduce((sum, value) => sum + value, 0),
      });
    }
    writeFileSync(path.join(workDir, 'meta.json'), JSON.stringify({ rasters }));
    reference = await startReference(workDir);

    const zonesUrl = (fieldId: string, zones: number, minHa: number) =>
      `v2/zoning/zones?field_ids=${fieldId}&latest_capture_date=${date}&zones=${zones}&resolution=1&algorithm=standard_NDVI&min_zone_ha=${minHa}`;
    // /health is sampled for the goal while a zoning request is in flight (probe.measuring).
    const probe = startHealthProbe(`${base}/health`);
    const timed = async (url: string) => {
      probe.measuring(true);
      const started = performance.now();
      const response = await fetch(`${base}/${url}`, { headers: { authorization: `Bearer ${token}` } });
      if (!response.ok) throw new Error(`${url}: HTTP ${response.status} ${await response.text()}`);
      // The request's time is until its last byte arrives; this client's own parse of the answer is not
      // the api's work (the reference's time has no such step either).
      const body = await response.arrayBuffer();
      const ms = performance.now() - started;
      probe.measuring(false);
      const answer = JSON.parse(Buffer.from(body).toString('utf8')) as ZonesAnswer;
      // Server-Timing: imagery;dur=…;desc="index raster", zoning;dur=…
      const timing = response.headers.get('server-timing') ?? '';
      const duration = (name: string) => Number(new RegExp(`${name};dur=([0-9.]+)`).exec(timing)?.[1] ?? Number.NaN);
      return { ms, answer, readMs: duration('imagery'), zoningMs: duration('zoning') };
    };
    // Start the worker threads and let their code warm up (not measured), and the reference's too. Each
    // thread of the pool compiles the zoning code on its own, and the JIT needs about ten zonings per
    // thread to reach its steady speed (measured: a 2-thread pool zones 3 zones in ~170 ms after 7 runs
    // per thread, ~110 ms after 20). A long-running api is in that steady state; the reference runs in
    // one warm Python process. Every measured cold run still reads the raster and zones it (a new
    // answer-cache key).
    const warmups = WARMUPS_PER_THREAD * availableParallelism();
    for (let run = 0; run < warmups; run += 1) {
      const field = run % fields.length;
      const zones = ZONES[run % ZONES.length] as number;
      const minHa = (rasters[field]?.minZoneHa ?? 0) + 0.01 * (run + 1);
      await call(zonesUrl(fields[field]?.id as string, zones, round(minHa, 6)));
      if (run < fields.length * ZONES.length) await reference.run(field, zones);
    }

    const results: Record<string, unknown> = {};
    const referenceResults: Record<string, unknown> = {};
    const quality = (answer: ZonesAnswer, sliverHa: number) => {
      const features = answer.zoned_image.features;
      return {
        zones: new Set(features.map((feature) => feature.properties.zone)).size,
        polygons: features.length,
        slivers: features.filter((feature) => feature.properties.area < sliverHa).length,
        areaHa: round(
          features.reduce((sum, feature) => sum + feature.properties.area, 0),
          2,
        ),
        varianceReduction: answer.statistics.variance_reduction,
      };
    };
    for (const zones of ONLY_PRODUCTIVITY ? [] : ZONES) {
      const cold: number[] = [];
      const reads: number[] = [];
      const steps: number[] = [];
      const theirs: number[] = [];
      const ourQuality: ReturnType<typeof quality>[] = [];
      const theirQuality: Omit<ReferenceRun, 'ms'>[] = [];
      let lastUrl = '';
      for (let run = 0; run < COLD_RUNS; run += 1) {
        for (const [index, field] of fields.entries()) {
          const raster = rasters[index] as (typeof rasters)[number];
          // A minimum size a millionth of a hectare apart: a new cache key, the same zones.
          lastUrl = zonesUrl(field.id, zones, round(raster.minZoneHa + (run + 1) * 1e-6, 6));
          const { ms, answer, readMs, zoningMs } = await timed(lastUrl);
          cold.push(ms);
          reads.push(readMs);
          steps.push(zoningMs);
          const { ms: referenceMs, ...figures } = await reference.run(index, zones);
          theirs.push(referenceMs);
          if (run === COLD_RUNS - 1) {
            ourQuality.push(quality(answer, raster.sliverHa));
            theirQuality.push({
              ...figures,
              areaHa: round(figures.areaHa, 2),
              varianceReduction: round(figures.varianceReduction, 4),
            });
          }
        }
      }
      const warm: number[] = [];
      for (let run = 0; run < WARM_RUNS; run += 1) warm.push((await timed(lastUrl)).ms);
      results[zones] = {
        cold: summary(cold),
        warm: summary(warm),
        /** Inside the worker: reading the index raster, then zoning it (what the reference does). */
        imageryRead: summary(reads),
        zoningStep: summary(steps),
        paddocks: ourQuality,
      };
      referenceResults[zones] = { ...summary(theirs), paddocks: theirQuality };
    }
    const productivity = await benchProductivity(workDir, fields[0] as (typeof fields)[number], timed);
    const health = await probe.stop();

    console.log(
      JSON.stringify({
        paddocks: fields.map((field, index) => ({
          areaHa: round(field.areaHa, 2),
          pixels: (rasters[index]?.width ?? 0) * (rasters[index]?.height ?? 0),
          insidePixels: rasters[index]?.insidePixels,
          minZoneHa: round(rasters[index]?.minZoneHa ?? 0, 2),
          sliverHa: round(rasters[index]?.sliverHa ?? 0, 3),
        })),
        captureDate: date,
        cloudPercent,
        productivity,
        api: results,
        reference: referenceResults,
        health: {
          requests: health.length,
          p50: round(percentile(health, 50), 2),
          p99: round(percentile(health, 99), 2),
          max: round(Math.max(...health), 2),
        },
      }),
    );
  } finally {
    reference?.close();
    api.kill('SIGTERM');
    await auth.close();
    await rm(workDir, { recursive: true, force: true });
  }
}

await main();
