// The tiles benchmark's imagery: Sentinel-2 L2A look-alike COGs served with a STAC API on a local
// port, as a process of its own (the bench's stand-in for Earth Search and its bucket).
// Run: node --import tsx src/imagery/testing/bench-data.ts [--port 4750] [--cache DIR]
// Prints one JSON line (STAC URL, captures and their COG URLs, the farm's fields) once it serves.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import proj4 from 'proj4';
import type { AreaGeometry, BBox } from '@paddock/shared/contracts';
import { projDefinition } from '../sentinel2/reproject';
import { SimulatedSource } from '../simulated';
import { pixelClass, type Capture, type FieldAoi } from '../source';
import { sampleScene, sceneCogs, sceneItem, type Scene, type UtmGrid } from './scene';
import { startStacServer } from './stac-server';

/** Bump when the generated data changes, so cached files are made again. */
const DATA_VERSION = 1;
const COLLECTION = 'sentinel-2-l2a';
/** Half a Sentinel-2 MGRS tile (54.9 km) at 10 m, 512-pixel internal tiles as GDAL's COG driver writes them. */
const SCENE_PIXELS = 5490;
const COG_TILE = 512;
/** The farm: 4 × 4 paddocks of about 2.3 km, 100 m roads between them, near Wagga Wagga (UTM zone 55 south). */
const FARM_CENTRE = [147.35, -35.15] as const;
const PADDOCKS_PER_SIDE = 4;
const PADDOCK_M = 2300;
const ROAD_M = 100;
const CROPS = ['Wheat', 'Canola', 'Barley', 'Pasture (annual)'];
/** The template capture (catalog only) and the two measured ones, one per concurrency, so each run starts cold. */
const BENCH_DATES = ['2025-09-09', '2025-09-14', '2025-09-19'] as const;

const EPSG = 32755;

interface BenchField {
  name: string;
  cropType: string;
  geometry: AreaGeometry;
}

interface BenchCapture {
  date: string;
  itemId: string;
  /** Asset key (red, nir, scl) → URL on the data server. */
  assets: Record<string, string>;
}

interface BenchData {
  stacApiUrl: string;
  collection: string;
  grid: UtmGrid;
  captures: BenchCapture[];
  fields: BenchField[];
}

/** The farm's paddocks: slightly irregular quadrilaterals on a grid, in lon/lat. */
function benchFields(): BenchField[] {
  const toUtm = proj4('EPSG:4326', projDefinition(EPSG));
  const toLonLat = proj4(projDefinition(EPSG), 'EPSG:4326');
  const [cx, cy] = toUtm.forward([...FARM_CENTRE]) as [number, number];
  const span = PADDOCKS_PER_SIDE * PADDOCK_M + (PADDOCKS_PER_SIDE - 1) * ROAD_M;
  const fields: BenchField[] = [];
  for (let row = 0; row < PADDOCKS_PER_SIDE; row++) {
    for (let column = 0; column < PADDOCKS_PER_SIDE; column++) {
      const west = cx - span / 2 + column * (PADDOCK_M + ROAD_M);
      const north = cy + span / 2 - row * (PADDOCK_M + ROAD_M);
      // Corners pulled in by up to 60 m, differently for each paddock, so none is a perfect square.
      const jitter = (k: number) => ((row * 7 + column * 13 + k * 5) % 7) * 10;
      const corners: Array<[number, number]> = [
        [west + jitter(0), north - jitter(1)],
        [west + PADDOCK_M - jitter(2), north - jitter(3)],
        [west + PADDOCK_M - jitter(4), north - PADDOCK_M + jitter(5)],
        [west + jitter(6), north - PADDOCK_M + jitter(7)],
      ];
      const ring = [...corners, corners[0] as [number, number]].map((corner) => {
        const [lon, lat] = toLonLat.forward(corner) as [number, number];
        return [Math.round(lon * 1e7) / 1e7, Math.round(lat * 1e7) / 1e7] as [number, number];
      });
      fields.push({
        name: `Paddock ${row * PADDOCKS_PER_SIDE + column + 1}`,
        cropType: CROPS[(row + column) % CROPS.length] as string,
        geometry: { type: 'Polygon', coordinates: [ring] },
      });
    }
  }
  return fields;
}

function benchGrid(): UtmGrid {
  const [cx, cy] = proj4('EPSG:4326', projDefinition(EPSG)).forward([...FARM_CENTRE]) as [number, number];
  const half = (SCENE_PIXELS * 10) / 2;
  return {
    epsg: EPSG,
    originX: Math.round((cx - half) / 10) * 10,
    originY: Math.round((cy + half) / 10) * 10,
    pixelSize: 10,
    width: SCENE_PIXELS,
    height: SCENE_PIXELS,
  };
}

const bboxOf = (geometry: AreaGeometry): BBox => {
  const positions = (geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates).flat(2);
  const lons = positions.map((position) => position[0]);
  const lats = positions.map((position) => position[1]);
  return [Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats)];
};

/**
 * One capture's scene: the farm (and 500 m around it) from the simulated source — crops, soil,
 * clouds — and, for the rest of the half tile, a cheap textured background of grazing land.
 */
async function makeScene(date: string, fields: readonly BenchField[]): Promise<Scene> {
  const grid = benchGrid();
  const size = grid.width * grid.height;
  const scene: Scene = {
    grid,
    bands: { B04: new Float32Array(size), B08: new Float32Array(size) },
    mask: new Uint8Array(size).fill(pixelClass.clear),
  };
  const red = scene.bands.B04 as Float32Array;
  const nir = scene.bands.B08 as Float32Array;
  for (let row = 0; row < grid.height; row++) {
    for (let column = 0; column < grid.width; column++) {
      const p = row * grid.width + column;
      const pattern = 0.5 + 0.5 * Math.sin(column * 0.013 + Math.cos(row * 0.007)) * Math.cos(row * 0.011);
      const grain = (((p * 2654435761) >>> 0) % 1000) / 1000 - 0.5;
      red[p] = 0.07 + 0.05 * (1 - pattern) + 0.006 * grain;
      nir[p] = 0.22 + 0.12 * pattern + 0.01 * grain;
    }
  }

  const aois: FieldAoi[] = fields.map((field, i) => ({
    fieldId: `bench-${i}`,
    cropType: field.cropType,
    geometry: field.geometry,
    bbox: bboxOf(field.geometry),
  }));
  const toUtm = proj4('EPSG:4326', projDefinition(EPSG));
  const boxes = aois
    .map((aoi) => [toUtm.forward([aoi.bbox[0], aoi.bbox[1]]), toUtm.forward([aoi.bbox[2], aoi.bbox[3]])])
    .flat() as Array<[number, number]>;
  const column0 = Math.floor((Math.min(...boxes.map(([x]) => x)) - 500 - grid.originX) / 10);
  const row0 = Math.floor((grid.originY - Math.max(...boxes.map(([, y]) => y)) - 500) / 10);
  const column1 = Math.ceil((Math.max(...boxes.map(([x]) => x)) + 500 - grid.originX) / 10);
  const row1 = Math.ceil((grid.originY - Math.min(...boxes.map(([, y]) => y)) + 500) / 10);
  const farmGrid: UtmGrid = {
    ...grid,
    originX: grid.originX + column0 * 10,
    originY: grid.originY - row0 * 10,
    width: column1 - column0,
    height: row1 - row0,
  };
  const capture: Capture = {
    id: `sim-s2:${date}`,
    layer: 'standard',
    date,
    resolutionM: 10,
    sourceLabel: 'SIMULATED SENTINEL-2',
  };
  const farm = await sampleScene(new SimulatedSource(), aois, capture, ['B04', 'B08'], farmGrid, 1);
  for (let row = 0; row < farmGrid.height; row++) {
    const from = row * farmGrid.width;
    const to = (row0 + row) * grid.width + column0;
    red.set((farm.bands.B04 as Float32Array).subarray(from, from + farmGrid.width), to);
    nir.set((farm.bands.B08 as Float32Array).subarray(from, from + farmGrid.width), to);
    scene.mask.set(farm.mask.subarray(from, from + farmGrid.width), to);
  }
  return scene;
}

const itemIdOf = (date: string) => `S2B_55HEV_${date.replaceAll('-', '')}_0_L2A`;

/** The COG files of every bench capture in `cacheDir`, made the first time (about a minute). */
async function ensureFiles(cacheDir: string, fields: readonly BenchField[]): Promise<void> {
  for (const date of BENCH_DATES) {
    const dir = path.join(cacheDir, itemIdOf(date));
    if (existsSync(path.join(dir, 'done'))) continue;
    process.stderr.write(`bench-data: making the ${date} scene (${SCENE_PIXELS}² at 10 m)…\n`);
    mkdirSync(dir, { recursive: true });
    const cogs = sceneCogs(await makeScene(date, fields), { tileSize: COG_TILE, sclPixelSize: 20 });
    for (const [key, bytes] of Object.entries(cogs)) writeFileSync(path.join(dir, `${key}.tif`), bytes);
    writeFileSync(path.join(dir, 'done'), '');
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const option = (name: string) => {
    const at = args.indexOf(`--${name}`);
    return at >= 0 ? args[at + 1] : undefined;
  };
  const port = Number(option('port') ?? 4750);
  const cacheDir = option('cache') ?? path.join(tmpdir(), `paddock-bench-tiles-v${DATA_VERSION}`);
  const fields = benchFields();
  await ensureFiles(cacheDir, fields);

  const server = await startStacServer({ port });
  const grid = benchGrid();
  const captures = BENCH_DATES.map((date): BenchCapture => {
    const itemId = itemIdOf(date);
    const assets = Object.fromEntries(
      ['red', 'nir', 'scl'].map((key) => [
        key,
        server.addFile(`${itemId}/${key}.tif`, readFileSync(path.join(cacheDir, itemId, `${key}.tif`))),
      ]),
    );
    server.addItem(
      sceneItem({ id: itemId, datetime: `${date}T00:12:34Z`, grid, hrefs: assets, collection: COLLECTION }),
    );
    return { date, itemId, assets };
  });
  const data: BenchData = { stacApiUrl: server.url, collection: COLLECTION, grid, captures, fields };
  process.stdout.write(`${JSON.stringify(data)}\n`);
  const stop = () => void server.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
