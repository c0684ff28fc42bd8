// Benchmark of field-boundary checks (npm run bench geometry): the costliest valid boundary the api
// takes (a comb of 10,000 positions whose edges all span the same longitudes) checked in process,
// beside turf's `kinks` (the quadratic check the map used) on the same boundary; then the api's
// /health latency while ten of them are POSTed in one request, against the api as its own process.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { kinks } from '@turf/kinks';
import type { Polygon } from 'geojson';
import { inspectBoundary } from '../geo/geometry';
import { circleBoundary, combBoundary } from '../geo/testing/boundaries';
import { startAuthServer } from '../test/auth-server';
import { pickPort, startApi, runWhenMain } from './api-process';
import { startHealthProbe } from './health-probe';

type HealthProbe = ReturnType<typeof startHealthProbe>;

const PREFERRED_PORT = 4610 + Number(process.env.PADDOCK_PORT_OFFSET ?? 0);
const POSITIONS = 10_000;
const FIELDS_PER_POST = 10;
const POSTS = 3;
const CIRCLES = 40;

export interface Latencies {
  requests: number;
  p50: number;
  p99: number;
  max: number;
}

export interface GeometryBench {
  positions: number;
  /** inspectBoundary (checks and ellipsoidal area) on the comb, in process: median and best of 15 runs (ms). */
  checkMs: { median: number; best: number };
  /** turf's kinks on the same comb, once (ms); null when it took over a minute. */
  turfKinksMs: number | null;
  /**
   * POST of three combs as the api's first large request (a cold worker pool): its time, its answer and
   * /health meanwhile; the check budget counts the check, not the worker's start.
   */
  threeCombs: { ms: number; status: number; health: Latencies };
  /** POST of ten combs: request size and time per request (ms). */
  post: { megabytes: number; medianMs: number; status: number };
  healthIdle: Latencies;
  healthDuringPosts: Latencies;
  /** One import of 40 circles of 10,000 positions: its time and /health meanwhile. */
  circles: { fields: number; megabytes: number; ms: number; status: number; health: Latencies };
  port: number;
}

const round = (value: number) => Math.round(value * 100) / 100;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

function summarise(latencies: number[]): Latencies {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    requests: sorted.length,
    p50: round(percentile(sorted, 50)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? NaN),
  };
}

/** The /health phases of the run, as the probe thread keeps them. */
const PHASES = { idle: 1, threeCombs: 2, tenCombs: 3, circles: 4 } as const;

/**
 * Runs `work` with the probe thread keeping /health latencies under `phase`. The probe is a thread of
 * its own: the bench's main thread sends megabytes and reads megabytes back meanwhile, and its own
 * stalls must not count as the api's (the zoning bench measures the same way).
 */
async function during<T>(probe: HealthProbe, phase: number, work: () => Promise<T>): Promise<T> {
  probe.measuring(phase);
  try {
    return await work();
  } finally {
    probe.measuring(false);
  }
}

function measureCheck(): GeometryBench['checkMs'] {
  const comb = combBoundary(POSITIONS);
  const times: number[] = [];
  for (let run = 0; run < 15; run += 1) {
    const started = performance.now();
    const inspection = inspectBoundary(comb);
    times.push(performance.now() - started);
    if (!inspection.ok) throw new Error(`the comb was refused: ${inspection.problem.message}`);
  }
  return { median: round(median(times)), best: round(Math.min(...times)) };
}

function measureTurfKinks(): number | null {
  const started = performance.now();
  const found = kinks(combBoundary(POSITIONS) as Polygon).features.length;
  if (found !== 0) throw new Error(`turf found ${found} crossings in the comb`);
  const ms = performance.now() - started;
  return ms > 60_000 ? null : round(ms);
}

export async function benchGeometry(): Promise<GeometryBench> {
  const checkMs = measureCheck();
  const turfKinksMs = measureTurfKinks();
  const dir = await mkdtemp(path.join(tmpdir(), 'paddock-bench-geometry-'));
  const auth = await startAuthServer();
  const port = await pickPort(PREFERRED_PORT);
  let probe: HealthProbe | undefined;
  const api = await startApi(
    { DATA_DIR: path.join(dir, 'pglite'), AUTH_JWKS_URL: auth.jwksUrl },
    port,
    // The build `npm start` runs (scripts/bench/geometry.mjs builds it from the current source).
    { compiled: true },
  );
  try {
    const base = `http://127.0.0.1:${port}`;
    const token = await auth.sign(
      { sub: 'bench|geometry', email: 'geometry@paddock.example', email_verified: true },
      { expiresIn: 3600 },
    );
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const farm = await fetch(`${base}/v2/farms`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ data: { farm_name: 'Combs' } }),
    });
    if (farm.status !== 201) throw new Error(`create farm answered ${farm.status}: ${await farm.text()}`);
    const farmId = ((await farm.json()) as { id: string }).id;
    const body = (post: number) =>
      JSON.stringify({
        type: 'FeatureCollection',
        features: Array.from({ length: FIELDS_PER_POST }, (_, i) => ({
          type: 'Feature',
          geometry: combBoundary(POSITIONS, 147 + (post * FIELDS_PER_POST + i) * 0.02, -35.1),
          properties: { field_name: `Comb ${post * FIELDS_PER_POST + i + 1}` },
        })),
      });
    const send = async (text: string) => {
      const started = performance.now();
      const response = await fetch(`${base}/v2/farms/${farmId}/fields`, { method: 'POST', headers, body: text });
      const answer = await response.text();
      return { status: response.status, ms: performance.now() - started, detail: answer.slice(0, 300) };
    };
    // A served api has been up for a while before a farmer's first import.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    probe = startHealthProbe(`${base}/health`);
    await during(probe, PHASES.idle, () => new Promise((resolve) => setTimeout(resolve, 1_500)));
    // Three combs as the first large request, once the api has served for a moment (the /health run
    // above), as a farmer's first import comes: the check's worker thread starts with it.
    const threeText = JSON.stringify({
      type: 'FeatureCollection',
      features: [0, 1, 2].map((i) => ({
        type: 'Feature',
        geometry: combBoundary(POSITIONS, 146 + i * 0.02, -35.1),
        properties: { field_name: `Three ${i + 1}` },
      })),
    });
    const three = await during(probe, PHASES.threeCombs, () => send(threeText));
    if (three.status !== 201) console.error(`POST of three combs answered ${three.status}: ${three.detail}`);
    // Warm up (ten combs): the checks are optimised by V8 before the timed posts.
    const warm = await send(body(POSTS));
    if (warm.status !== 201) throw new Error(`warm-up POST answered ${warm.status}`);

    const postTimes: number[] = [];
    let status = 0;
    let megabytes = 0;
    for (let post = 0; post < POSTS; post += 1) {
      const text = body(post);
      megabytes = round(Buffer.byteLength(text) / (1024 * 1024));
      const result = await during(probe, PHASES.tenCombs, () => send(text));
      status = result.status;
      postTimes.push(result.ms);
      if (status !== 201) throw new Error(`POST of ten combs answered ${status}: ${result.detail}`);
    }
    // An import of 40 detailed circles (valid, simple boundaries: the common big import).
    const circlesText = JSON.stringify({
      type: 'FeatureCollection',
      features: Array.from({ length: CIRCLES }, (_, i) => ({
        type: 'Feature',
        geometry: circleBoundary(POSITIONS, 148 + (i % 8) * 0.01, -35.3 - Math.floor(i / 8) * 0.01),
        properties: { field_name: `Circle ${i + 1}` },
      })),
    });
    const circlesResult = await during(probe, PHASES.circles, () => send(circlesText));
    const health = await probe.stopByPhase();
    const latencies = (phase: number) => summarise(health.get(phase) ?? []);
    // Not thrown: on a machine whose cores are busy elsewhere the check can run over its time budget (422).
    if (circlesResult.status !== 201)
      console.error(`POST of ${CIRCLES} circles answered ${circlesResult.status}: ${circlesResult.detail}`);
    return {
      positions: POSITIONS,
      circles: {
        fields: CIRCLES,
        megabytes: round(Buffer.byteLength(circlesText) / (1024 * 1024)),
        ms: round(circlesResult.ms),
        status: circlesResult.status,
        health: latencies(PHASES.circles),
      },
      checkMs,
      turfKinksMs,
      threeCombs: { ms: round(three.ms), status: three.status, health: latencies(PHASES.threeCombs) },
      post: { megabytes, medianMs: round(median(postTimes)), status },
      healthIdle: latencies(PHASES.idle),
      healthDuringPosts: latencies(PHASES.tenCombs),
      port,
    };
  } finally {
    await probe?.stop().catch(() => undefined);
    api.kill('SIGTERM');
    await new Promise((resolve) => api.once('exit', resolve));
    await auth.close();
    await rm(dir, { recursive: true, force: true });
  }
}

runWhenMain(import.meta.url, benchGeometry);
