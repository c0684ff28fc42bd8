// Benchmark of `POST v2/convert` on a generated shapefile of about 100,000 polygons (over 50 MB),
// beside `ogr2ogr -f GeoJSON` (GDAL) converting the same file, in the same run. The api runs as its
// own process (PGlite in a temp folder); its memory is read from /proc while it converts.
// Run: `npm run bench convert` at the root (this file is its convert section).
import { spawnSync } from 'node:child_process';
import { openAsBlob, readFileSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startAuthServer } from '../test/auth-server';
import { pickPort, startApi, runWhenMain } from './api-process';
import { WGS84_PRJ, writeShapefile, type ShapefileFeature } from '../files/shapefile-writer';

/** The api's port in this benchmark, unless something else holds it (another e2e stack may). */
const PREFERRED_PORT = 4600;
const FEATURES = 100_000;
const CORNERS = 30;

export interface ConvertRun {
  seconds: number;
  featuresPerSecond: number;
  /** Peak resident memory in MB (api: sampled VmRSS while converting; ogr2ogr: max RSS from time -v). */
  peakMb: number;
}

export interface ApiRun extends ConvertRun {
  port: number;
  /** The api's resident memory just before the upload (started, worker warmed up). */
  idleMb: number;
  /** What converting added: the largest rise of RSS over its lowest point before, during the request. */
  addedMb: number;
  /** The process's high-water mark since it started (startup and migrations included). */
  vmHwmMb: number;
  responseMb: number;
}

export interface ConvertBench {
  inputMb: number;
  features: number;
  pglite: ApiRun;
  postgres: ApiRun | null;
  ogr2ogr: ConvertRun | null;
  notes: string[];
}

/** Field-like polygons on a grid over NSW: jittered circles, with a few attributes each. */
function* fieldFeatures(): Generator<ShapefileFeature> {
  let seed = 1;
  const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
  const columns = Math.ceil(Math.sqrt(FEATURES));
  for (let i = 0; i < FEATURES; i++) {
    const cx = 145 + (i % columns) * 0.01;
    const cy = -33 - Math.floor(i / columns) * 0.01;
    const ring: Array<[number, number]> = [];
    for (let c = 0; c < CORNERS - 1; c++) {
      const angle = (2 * Math.PI * c) / (CORNERS - 1);
      const radius = 0.003 + 0.0015 * random();
      ring.push([cx + radius * Math.cos(angle), cy + radius * Math.sin(angle)]);
    }
    ring.push(ring[0] as [number, number]);
    yield {
      geometry: { type: 'Polygon', coordinates: [ring] },
      properties: {
        name: `Paddock ${i + 1}`,
        crop_name: ['Wheat', 'Barley', 'Canola', 'Lupins'][i % 4] ?? null,
        area_ha: Math.round(random() * 5000) / 100,
      },
    };
  }
}

const mb = (bytes: number) => Math.round((bytes / (1024 * 1024)) * 10) / 10;

function procStatusKb(pid: number, key: 'VmRSS' | 'VmHWM'): number {
  const match = new RegExp(`${key}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(match?.[1] ?? NaN);
}

async function postShapefile(
  port: number,
  base: string,
  token: string,
): Promise<{ status: number; bytes: number; tail: string }> {
  const form = new FormData();
  for (const part of ['shp', 'shx', 'dbf', 'prj'])
    form.append('files', await openAsBlob(`${base}.${part}`), `fields.${part}`);
  const response = await fetch(`http://127.0.0.1:${port}/v2/convert`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  let bytes = 0;
  let tail = '';
  const decoder = new TextDecoder();
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    tail = (tail + decoder.decode(chunk, { stream: true })).slice(-4096);
  }
  return { status: response.status, bytes, tail };
}

async function measureApi(base: string, env: Record<string, string>): Promise<ApiRun> {
  const auth = await startAuthServer();
  const port = await pickPort(PREFERRED_PORT);
  const api = await startApi({ ...env, AUTH_JWKS_URL: auth.jwksUrl }, port);
  const pid = api.pid as number;
  try {
    const token = await auth.sign(
      { sub: 'bench|convert', email: 'convert@paddock.example', email_verified: true },
      { expiresIn: 3600 },
    );
    // A small request first, so the worker thread exists and tsx has compiled it: the run measures conversion.
    const warm = writeShapefile([...fieldFeatures()].slice(0, 10));
    for (const [part, content] of Object.entries(warm)) writeFileSync(`${base}-warm.${part}`, content);
    writeFileSync(`${base}-warm.prj`, WGS84_PRJ);
    const warmed = await postShapefile(port, `${base}-warm`, token);
    if (warmed.status !== 200) throw new Error(`warm-up answered ${warmed.status}: ${warmed.tail}`);

    // The api's heap may hold garbage from startup that a collection frees during the upload (PGlite's
    // does): the memory conversion adds is the largest rise over the lowest point seen before it.
    const idleKb = procStatusKb(pid, 'VmRSS');
    const rss = { peak: idleKb, floor: idleKb, rise: 0 };
    const sample = () => {
      const now = procStatusKb(pid, 'VmRSS');
      rss.peak = Math.max(rss.peak, now);
      rss.floor = Math.min(rss.floor, now);
      rss.rise = Math.max(rss.rise, now - rss.floor);
    };
    const sampler = setInterval(sample, 10);
    const started = performance.now();
    const result = await postShapefile(port, base, token);
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    sample();
    if (result.status !== 200) throw new Error(`convert answered ${result.status}: ${result.tail}`);
    if (!result.tail.includes('"invalid":[]')) throw new Error(`unexpected end of answer: ${result.tail.slice(-200)}`);
    const last = lastFeatureNumber(result.tail);
    if (last !== FEATURES) throw new Error(`the answer ended at feature ${last}, not ${FEATURES}`);
    return {
      port,
      seconds: round(seconds),
      featuresPerSecond: Math.round(FEATURES / seconds),
      peakMb: mb(rss.peak * 1024),
      idleMb: mb(idleKb * 1024),
      addedMb: mb(rss.rise * 1024),
      vmHwmMb: mb(procStatusKb(pid, 'VmHWM') * 1024),
      responseMb: mb(result.bytes),
    };
  } finally {
    api.kill('SIGTERM');
    await new Promise((resolve) => api.once('exit', resolve));
    await auth.close();
  }
}

/** The last feature's number in the answer's tail ("Paddock 100000"): a check that all arrived, in order. */
function lastFeatureNumber(tail: string): number {
  const names = [...tail.matchAll(/"name":"Paddock (\d+)"/g)];
  return Number(names.at(-1)?.[1] ?? NaN);
}

const round = (value: number) => Math.round(value * 100) / 100;

function measureOgr2ogr(base: string, out: string): ConvertRun | null {
  const timed = spawnSync('/usr/bin/time', ['-v', 'ogr2ogr', '-f', 'GeoJSON', out, `${base}.shp`], {
    encoding: 'utf8',
  });
  if (timed.error || timed.status !== 0) return null;
  return parseTimeReport(timed.stderr);
}

/** Wall time and max RSS from GNU time's verbose report (stderr of `time -v`). */
function parseTimeReport(report: string): ConvertRun {
  const wall = /Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (?:(\d+):)?(\d+):([\d.]+)/.exec(report);
  const rss = /Maximum resident set size \(kbytes\): (\d+)/.exec(report);
  const seconds = Number(wall?.[1] ?? 0) * 3600 + Number(wall?.[2] ?? 0) * 60 + Number(wall?.[3] ?? NaN);
  return {
    seconds: round(seconds),
    featuresPerSecond: Math.round(FEATURES / seconds),
    peakMb: mb(Number(rss?.[1] ?? NaN) * 1024),
  };
}

export async function benchConvert(
  pgUrl = process.env.PG_TEST_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
): Promise<ConvertBench> {
  const dir = await mkdtemp(path.join(tmpdir(), 'paddock-bench-convert-'));
  try {
    const base = path.join(dir, 'fields');
    const parts = writeShapefile([...fieldFeatures()], { prj: WGS84_PRJ });
    for (const [part, content] of Object.entries(parts)) writeFileSync(`${base}.${part}`, content);
    const inputBytes = ['shp', 'shx', 'dbf', 'prj'].reduce((sum, part) => sum + statSync(`${base}.${part}`).size, 0);

    const notes: string[] = [];
    const ogr2ogr = measureOgr2ogr(base, path.join(dir, 'ogr.geojson'));
    if (!ogr2ogr) notes.push('ogr2ogr did not run (apt-get install gdal-bin)');
    const pglite = await measureApi(base, { DATA_DIR: path.join(dir, 'pglite') });
    let postgres: ApiRun | null = null;
    try {
      postgres = await measureApi(base, { DATABASE_URL: pgUrl });
    } catch (error) {
      notes.push(`api on PostgreSQL not measured: ${(error as Error).message}`);
    }
    for (const run of [pglite, postgres]) {
      if (run && run.port !== PREFERRED_PORT) notes.push(`port ${PREFERRED_PORT} was taken: an api ran on ${run.port}`);
    }
    return { inputMb: mb(inputBytes), features: FEATURES, pglite, postgres, ogr2ogr, notes };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

runWhenMain(import.meta.url, benchConvert);
