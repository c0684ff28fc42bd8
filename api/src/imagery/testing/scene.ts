import proj4 from 'proj4';
import { earthSearchAssetKey } from '../sentinel2/bands';
import { projDefinition } from '../sentinel2/reproject';
import type { StacItem } from '../sentinel2/stac';
import { pixelClass, type BandName, type Capture, type FieldAoi, type ImagerySource } from '../source';
import { writeCog } from './cog-writer';

/**
 * Sentinel-2 L2A look-alike scenes for tests and benchmarks: any source's pixels (the simulated one)
 * sampled onto a UTM grid, encoded as Earth Search encodes L2A (UInt16 digital numbers with the
 * baseline-04.00 offset, an SCL band), written as COGs, and described by a STAC item.
 */

/** A north-up grid in a projected CRS. */
export interface UtmGrid {
  epsg: number;
  /** Top-left corner of the top-left pixel. */
  originX: number;
  originY: number;
  pixelSize: number;
  width: number;
  height: number;
}

export interface Scene {
  grid: UtmGrid;
  /** Surface reflectance per band, NaN without data. */
  bands: Partial<Record<BandName, Float32Array>>;
  mask: Uint8Array;
}

const BLOCK = 512;

/**
 * `source`'s reading of `capture` at the centre of every pixel of `grid`: read block by block on a
 * web-mercator window `oversample` times finer than the grid, then nearest neighbour. Pixel centres
 * are projected one by one with proj4, independently of the Sentinel-2 source's own reprojection.
 */
export async function sampleScene(
  source: ImagerySource,
  fields: readonly FieldAoi[],
  capture: Capture,
  bands: readonly BandName[],
  grid: UtmGrid,
  oversample = 2,
): Promise<Scene> {
  const toMercator = proj4(projDefinition(grid.epsg), 'EPSG:3857');
  const size = grid.width * grid.height;
  const scene: Scene = {
    grid,
    bands: Object.fromEntries(bands.map((band) => [band, new Float32Array(size)])),
    mask: new Uint8Array(size),
  };
  for (let by = 0; by < grid.height; by += BLOCK) {
    for (let bx = 0; bx < grid.width; bx += BLOCK) {
      const columns = Math.min(BLOCK, grid.width - bx);
      const rows = Math.min(BLOCK, grid.height - by);
      // The block's pixel centres in web mercator, and the window around them.
      const mx = new Float64Array(columns * rows);
      const my = new Float64Array(columns * rows);
      let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
      for (let j = 0; j < rows; j++) {
        for (let i = 0; i < columns; i++) {
          const [x, y] = toMercator.forward([
            grid.originX + (bx + i + 0.5) * grid.pixelSize,
            grid.originY - (by + j + 0.5) * grid.pixelSize,
          ]) as [number, number];
          mx[j * columns + i] = x;
          my[j * columns + i] = y;
          minX = Math.min(minX, x);
          maxX = Math.max(maxX, x);
          minY = Math.min(minY, y);
          maxY = Math.max(maxY, y);
        }
      }
      const step = (maxX - minX) / (columns * oversample);
      const window = {
        bbox: [minX - step, minY - step, maxX + step, maxY + step] as [number, number, number, number],
        width: 0,
        height: 0,
      };
      window.width = Math.ceil((window.bbox[2] - window.bbox[0]) / step);
      window.height = Math.ceil((window.bbox[3] - window.bbox[1]) / step);
      const read = await source.read(fields, capture, bands, window);
      for (let j = 0; j < rows; j++) {
        for (let i = 0; i < columns; i++) {
          const k = j * columns + i;
          const column = Math.min(window.width - 1, Math.floor(((mx[k] as number) - window.bbox[0]) / step));
          const row = Math.min(window.height - 1, Math.floor((window.bbox[3] - (my[k] as number)) / step));
          const from = row * window.width + column;
          const to = (by + j) * grid.width + bx + i;
          scene.mask[to] = read.mask[from] as number;
          for (const band of bands)
            (scene.bands[band] as Float32Array)[to] = (read.bands[band] as Float32Array)[from] as number;
        }
      }
    }
  }
  return scene;
}

/** L2A processing baseline 04.00+: DN = (reflectance + 0.1) × 10,000, 0 = no data. */
export const L2A_SCALE = 0.0001;
export const L2A_OFFSET = -0.1;

/** SCL codes for the engine's classes: vegetation for clear, cloud high probability, cloud shadow, no data. */
const SCL_OF_CLASS: Record<number, number> = {
  [pixelClass.clear]: 4,
  [pixelClass.cloud]: 9,
  [pixelClass.shadow]: 3,
  [pixelClass.noData]: 0,
};

export interface SceneCogOptions {
  tileSize?: number;
  /** SCL comes at 20 m in real L2A products; default: the bands' own pixel size. */
  sclPixelSize?: number;
  /** Write GDAL's nodata tag (default); without it only the STAC item says 0 is no data. */
  noDataTag?: boolean;
}

/** One COG per band (keyed by Earth Search asset name) plus `scl`. */
export function sceneCogs(scene: Scene, options: SceneCogOptions = {}): Record<string, Buffer> {
  const { grid } = scene;
  const common = { epsg: grid.epsg, origin: [grid.originX, grid.originY] as const, tileSize: options.tileSize };
  const cogs: Record<string, Buffer> = {};
  for (const [band, values] of Object.entries(scene.bands) as Array<[BandName, Float32Array]>) {
    const key = earthSearchAssetKey(band);
    if (!key) continue;
    const dn = new Uint16Array(values.length);
    for (let p = 0; p < values.length; p++) {
      const value = values[p] as number;
      dn[p] = Number.isNaN(value) ? 0 : Math.min(65535, Math.max(1, Math.round((value - L2A_OFFSET) / L2A_SCALE)));
    }
    cogs[key] = writeCog({
      ...common,
      width: grid.width,
      height: grid.height,
      data: dn,
      pixelSize: grid.pixelSize,
      noData: options.noDataTag === false ? undefined : 0,
      scale: L2A_SCALE,
      offset: L2A_OFFSET,
    });
  }
  const factor = Math.max(1, Math.round((options.sclPixelSize ?? grid.pixelSize) / grid.pixelSize));
  const sclWidth = Math.ceil(grid.width / factor);
  const sclHeight = Math.ceil(grid.height / factor);
  const scl = new Uint8Array(sclWidth * sclHeight);
  for (let j = 0; j < sclHeight; j++) {
    for (let i = 0; i < sclWidth; i++) {
      // The class at the coarse pixel's centre (nearest), as a 20 m classification would have it.
      const column = Math.min(grid.width - 1, i * factor + Math.floor(factor / 2));
      const row = Math.min(grid.height - 1, j * factor + Math.floor(factor / 2));
      scl[j * sclWidth + i] = SCL_OF_CLASS[scene.mask[row * grid.width + column] as number] ?? 0;
    }
  }
  cogs[earthSearchAssetKey('SCL') as string] = writeCog({
    ...common,
    width: sclWidth,
    height: sclHeight,
    data: scl,
    pixelSize: grid.pixelSize * factor,
    noData: options.noDataTag === false ? undefined : 0,
  });
  return cogs;
}

export interface SceneItemOptions {
  id: string;
  /** ISO date-time of the acquisition. */
  datetime: string;
  grid: UtmGrid;
  /** Asset key → URL. */
  hrefs: Record<string, string>;
  collection?: string;
  cloudCover?: number;
  /** Extra item properties (e.g. `earthsearch:boa_offset_applied`). */
  properties?: Record<string, unknown>;
}

/** A STAC item as Earth Search writes one for L2A: lon/lat bbox, raster:bands scale/offset on reflectance assets. */
export function sceneItem(options: SceneItemOptions): StacItem {
  const { grid } = options;
  const toLonLat = proj4(projDefinition(grid.epsg), 'EPSG:4326');
  const corners = [
    [grid.originX, grid.originY],
    [grid.originX + grid.width * grid.pixelSize, grid.originY],
    [grid.originX, grid.originY - grid.height * grid.pixelSize],
    [grid.originX + grid.width * grid.pixelSize, grid.originY - grid.height * grid.pixelSize],
  ].map((corner) => toLonLat.forward(corner as [number, number]) as [number, number]);
  const lons = corners.map(([lon]) => lon);
  const lats = corners.map(([, lat]) => lat);
  const assets = Object.fromEntries(
    Object.entries(options.hrefs).map(([key, href]) => [
      key,
      key === 'scl'
        ? { href, type: 'image/tiff; application=geotiff; profile=cloud-optimized', 'raster:bands': [{ nodata: 0 }] }
        : {
            href,
            type: 'image/tiff; application=geotiff; profile=cloud-optimized',
            'raster:bands': [{ nodata: 0, scale: L2A_SCALE, offset: L2A_OFFSET }],
          },
    ]),
  );
  return {
    type: 'Feature',
    id: options.id,
    collection: options.collection ?? 'sentinel-2-l2a',
    bbox: [Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats)],
    properties: {
      datetime: options.datetime,
      'eo:cloud_cover': options.cloudCover ?? 0,
      's2:processing_baseline': '05.10',
      ...options.properties,
    },
    assets,
  };
}
