// The tiles bench's 500 NDVI tiles rendered in this process, one after another, straight through the
// engine (no HTTP, no worker pool): the CPU a tile costs and where it goes. Run it under a profiler
// to see the split, e.g.
//   node --cpu-prof --cpu-prof-dir=/tmp/prof --import tsx src/bench/tile-profile.ts [--rounds 2]
// The COGs come from the bench's data server (src/imagery/testing/bench-data.ts), started as a child
// process so its serving is not counted here. Prints CPU ms per tile per round (each cold) and, with
// --pixels, the sha1 of every tile's decoded RGBA (after the timed rounds), to show a change keeps the pixels.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { createInterface } from 'node:readline';
import type { AreaGeometry, BBox } from '@paddock/shared/contracts';
import { renderTile, type TileRequest } from '../imagery/engine';
import { stretchRange } from '../imagery/palettes';
import { ImageryService } from '../imagery/service';
import { Sentinel2Source } from '../imagery/sentinel2';
import type { Capture, FieldAoi } from '../imagery/source';
import { pickPort, runWhenMain } from './api-process';
// Plain ES module shared with the root bench script (typed by load.d.mts).
import { cpuMs } from '../../../scripts/bench/load.mjs';

const TILE_COUNT = 500;
const ZOOMS = [13, 14, 15, 16];

interface BenchData {
  stacApiUrl: string;
  collection: string;
  captures: Array<{ date: string; itemId: string }>;
  fields: Array<{ geometry: AreaGeometry; cropType: string }>;
}

const lonToX = (lon: number, z: number) => Math.floor(((lon + 180) / 360) * 2 ** z);
const latToY = (lat: number, z: number) => {
  const r = (lat * Math.PI) / 180;
  return Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * 2 ** z);
};

const bboxOf = (geometry: AreaGeometry): BBox => {
  const positions = (geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates).flat(2);
  const lons = positions.map((position) => position[0]);
  const lats = positions.map((position) => position[1]);
  return [Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats)];
};

/** The same 500 tiles as scripts/bench/tiles.mjs: every tile of zooms 13–15, then zoom 16 spread evenly. */
function tilesOver(boxes: readonly BBox[]): Array<{ z: number; x: number; y: number }> {
  const byZoom = ZOOMS.map((z) => {
    const tiles = new Map<string, { z: number; x: number; y: number }>();
    for (const [w, s, e, n] of boxes) {
      for (let y = latToY(n, z); y <= latToY(s, z); y++)
        for (let x = lonToX(w, z); x <= lonToX(e, z); x++) tiles.set(`${z}/${x}/${y}`, { z, x, y });
    }
    return [...tiles.values()].sort((a, b) => a.y - b.y || a.x - b.x);
  });
  const deepest = byZoom.pop() ?? [];
  const chosen = byZoom.flat();
  const wanted = TILE_COUNT - chosen.length;
  for (let i = 0; i < wanted; i++)
    chosen.push(deepest[Math.floor((i * deepest.length) / wanted)] as (typeof chosen)[0]);
  return chosen;
}

/** CPU ms of this process's main thread (Linux). */
const mainThreadCpuMs = (): number => cpuMs(process.pid, process.pid) ?? NaN;

export async function profileTiles(): Promise<Record<string, number | string>> {
  const rounds = Number(process.argv[process.argv.indexOf('--rounds') + 1] ?? 1) || 1;
  const port = await pickPort(0);
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'src/imagery/testing/bench-data.ts', '--port', String(port)],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  try {
    const data = await new Promise<BenchData>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`bench data server exited (${code})`)));
      createInterface({ input: child.stdout }).on('line', (line) => {
        if (line.startsWith('{')) resolve(JSON.parse(line) as BenchData);
      });
    });
    const fields: FieldAoi[] = data.fields.map((field, i) => ({
      fieldId: `f${i}`,
      cropType: field.cropType,
      geometry: field.geometry,
      bbox: bboxOf(field.geometry),
    }));
    const tiles = tilesOver(fields.map((field) => field.bbox));
    const valueRange = stretchRange('NDVI', 'fixed', null);
    const captureOf = (index: number): Capture => {
      const captured = data.captures[index] ?? data.captures[0];
      if (!captured) throw new Error('no capture');
      return { id: captured.itemId, layer: 'standard', date: captured.date, resolutionM: 10, sourceLabel: 'bench' };
    };
    /** Every tile through `render`, `concurrency` at once. */
    const eachTile = async (concurrency: number, render: (tile: TileRequest) => Promise<Uint8Array>) => {
      let next = 0;
      let bytes = 0;
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (next < tiles.length) {
            const { z, x, y } = tiles[next++] as (typeof tiles)[0];
            bytes += (await render({ fields, capture: captureOf(0), algorithm: 'NDVI', valueRange, z, x, y }))
              .byteLength;
          }
        }),
      );
      return bytes;
    };
    const perTile = (ms: number) => Math.round((ms / tiles.length) * 100) / 100;
    const result: Record<string, number | string> = {};
    for (let round = 0; round < rounds; round++) {
      // A new source (and a capture it has not read) per round: a cold block cache each time.
      const source = new Sentinel2Source({ stacApiUrl: data.stacApiUrl, collection: data.collection });
      const capture = captureOf(1 + (round % 2));
      const cpu0 = process.cpuUsage();
      const t0 = performance.now();
      // TILE_PROFILE_CONCURRENCY tiles at once in this thread (the pool runs 4 per worker).
      const bytes = await eachTile(Number(process.env.TILE_PROFILE_CONCURRENCY ?? 1), (tile) =>
        renderTile(source, { ...tile, capture }),
      );
      const cpu = process.cpuUsage(cpu0);
      result[`round${round + 1}CpuMsPerTile`] = perTile((cpu.user + cpu.system) / 1000);
      result[`round${round + 1}SysMsPerTile`] = perTile(cpu.system / 1000);
      result[`round${round + 1}WallMsPerTile`] = perTile(performance.now() - t0);
      result[`round${round + 1}BytesPerTile`] = Math.round(bytes / tiles.length);
    }
    if (process.argv.includes('--pool')) {
      // The same tiles through the api's worker pool (as the tile route dispatches them).
      const service = new ImageryService({
        source: { kind: 'sentinel2', stacApiUrl: data.stacApiUrl, collection: data.collection },
        tileCacheBytes: 0,
        ...(process.env.TILE_PROFILE_THREADS ? { workerThreads: Number(process.env.TILE_PROFILE_THREADS) } : {}),
      });
      try {
        // The first round warms the threads (module load, JIT) on the template capture, as the bench's catalog does.
        for (const [round, concurrency] of [8, 1, 8].entries()) {
          const capture = captureOf(round);
          const cpu0 = process.cpuUsage();
          const main0 = mainThreadCpuMs();
          const t0 = performance.now();
          await eachTile(concurrency, (tile) =>
            service.tile(`${round}/${tile.z}/${tile.x}/${tile.y}`, { ...tile, capture }),
          );
          const cpu = process.cpuUsage(cpu0);
          const name = `pool${round}C${concurrency}`;
          result[`${name}CpuMsPerTile`] = perTile((cpu.user + cpu.system) / 1000);
          result[`${name}MainMsPerTile`] = perTile(mainThreadCpuMs() - main0);
          result[`${name}SysMsPerTile`] = perTile(cpu.system / 1000);
          result[`${name}WallMsPerTile`] = perTile(performance.now() - t0);
        }
      } finally {
        await service.close();
      }
    }
    if (process.argv.includes('--pixels')) {
      const source = new Sentinel2Source({ stacApiUrl: data.stacApiUrl, collection: data.collection });
      const capture = captureOf(1);
      const pixels = createHash('sha1');
      const files = createHash('sha1');
      await eachTile(1, async (tile) => {
        const png = await renderTile(source, { ...tile, capture });
        pixels.update(await sharp(png).ensureAlpha().raw().toBuffer());
        files.update(png);
        return png;
      });
      result.pixelsSha1 = pixels.digest('hex');
      result.pngSha1 = files.digest('hex');
    }
    return result;
  } finally {
    child.kill('SIGTERM');
  }
}

runWhenMain(import.meta.url, profileTiles);
