import proj4 from 'proj4';
import {
  pixelClass,
  type BandName,
  type Capture,
  type FieldAoi,
  type ImagerySource,
  type RasterRead,
  type RasterWindow,
  type SourceLayer,
} from '../source';
import { hasSentinel2Asset, MissingAssetError, resolveAsset, SCL_CLASSES, type ResolvedAsset } from './bands';
import { CogReadError, openCog, readBandsOnGrid, readOnGrid, type Cog } from './cog';
import { LruCache } from '../lru';
import { projectWindow, type ProjectedGrid } from './reproject';
import type { StacItem, StacSearchBody } from './stac';
import { searchItems, StacError } from './stac-client';

/**
 * Sentinel-2 L2A from a STAC API (e.g. Earth Search, collection `sentinel-2-l2a`) and the
 * Cloud-Optimized GeoTIFFs its items point to. Only the `standard` layer exists here (no 80 cm
 * imagery, no EM surveys). One capture is one day: the items of that day over the fields (adjacent
 * MGRS tiles) are mosaicked when read. THERMAL has no Sentinel-2 band and reads as NaN.
 *
 * Built from a serialisable config because it runs inside worker threads; each thread keeps its own
 * caches of search answers, items, opened COGs and decoded COG tiles.
 */
export interface Sentinel2Config {
  /** STAC API root, e.g. `https://earth-search.aws.element84.com/v1`. */
  stacApiUrl: string;
  /** e.g. `sentinel-2-l2a`. */
  collection: string;
  /** Leave out scenes whose `eo:cloud_cover` is above this percentage (whole scene, not the fields). */
  maxCloudCover?: number;
}

export const SENTINEL2_SOURCE_LABEL = 'SENTINEL-2 L2A';
/** Joins the ids of a day's items into the capture id (STAC item ids never contain it; URL-safe). */
const ID_SEPARATOR = '~';
const SEARCH_TTL_MS = 5 * 60 * 1000;

const toLonLat = proj4('EPSG:3857', 'EPSG:4326');
/** Items checked at once for a catalog (each check opens a few COG headers, cached afterwards). */
const CHECK_CONCURRENCY = 8;
/** Reflectance assets whose files are checked (with the classification) before a capture is offered. */
const READABILITY_BANDS = ['B04', 'B08'] as const;

/**
 * `mosaicItem`'s pixel pass for two bands (every index: red and near infrared, red edge and near
 * infrared), with the arrays in locals: the same rule and the same arithmetic, about twice as fast.
 */
function fillPair(
  mask: Uint8Array,
  scl: Float32Array,
  dns: readonly Float32Array[],
  outs: readonly Float32Array[],
  scales: readonly number[],
  offsets: readonly number[],
  pixels: number,
): number {
  const first = dns[0] as Float32Array;
  const second = dns[1] as Float32Array;
  const out1 = outs[0] as Float32Array;
  const out2 = outs[1] as Float32Array;
  const scale1 = scales[0] as number;
  const scale2 = scales[1] as number;
  const offset1 = offsets[0] as number;
  const offset2 = offsets[1] as number;
  const noData = pixelClass.noData;
  let filled = 0;
  for (let p = 0; p < pixels; p++) {
    if (mask[p] !== noData) {
      filled += 1;
      continue;
    }
    const code = scl[p] as number;
    if (!(code >= 0 && code < 256)) continue;
    const cls = SCL_CLASSES[code] as number;
    if (cls === noData) continue;
    const a = first[p] as number;
    const b = second[p] as number;
    if (Number.isNaN(a) || Number.isNaN(b)) continue;
    mask[p] = cls;
    filled += 1;
    out1[p] = a * scale1 + offset1;
    out2[p] = b * scale2 + offset2;
  }
  return filled;
}

export class Sentinel2Source implements ImagerySource {
  readonly name = 'sentinel-2-l2a' as const;
  private readonly searches = new LruCache<string, { at: number; items: Promise<StacItem[]> }>(256);
  private readonly items = new LruCache<string, StacItem>(2048);
  private readonly readability = new LruCache<string, Promise<boolean>>(2048);

  constructor(private readonly config: Sentinel2Config) {}

  async catalog(
    fields: readonly FieldAoi[],
    layer: SourceLayer,
    range: { from: string; to: string },
  ): Promise<Capture[]> {
    if (layer !== 'standard' || fields.length === 0) return [];
    const body: StacSearchBody = {
      collections: [this.config.collection],
      bbox: unionBbox(fields),
      datetime: `${range.from}T00:00:00Z/${range.to}T23:59:59.999Z`,
      ...(this.config.maxCloudCover === undefined
        ? {}
        : { query: { 'eo:cloud_cover': { lte: this.config.maxCloudCover } } }),
    };
    const found = await this.readableItems(await this.search(body));
    const byDay = new Map<string, string[]>();
    for (const item of found) {
      const day = new Date(item.properties.datetime).toISOString().slice(0, 10);
      byDay.set(day, [...(byDay.get(day) ?? []), item.id]);
    }
    return [...byDay.entries()]
      .sort(([a], [b]) => b.localeCompare(a))
      .map(([date, ids]) => ({
        id: [...new Set(ids)].sort().join(ID_SEPARATOR),
        layer: 'standard',
        date,
        resolutionM: 10,
        sourceLabel: SENTINEL2_SOURCE_LABEL,
      }));
  }

  async read(
    _fields: readonly FieldAoi[],
    capture: Capture,
    bands: readonly BandName[],
    window: RasterWindow,
  ): Promise<RasterRead> {
    if (capture.layer !== 'standard') throw new Error(`Sentinel-2 has no ${capture.layer} imagery`);
    const pixels = window.width * window.height;
    const wanted = [...new Set(bands)];
    const result: RasterRead = {
      width: window.width,
      height: window.height,
      bands: Object.fromEntries(wanted.map((band) => [band, new Float32Array(pixels).fill(Number.NaN)])),
      mask: new Uint8Array(pixels).fill(pixelClass.noData),
    };
    const readable = wanted.filter((band) => hasSentinel2Asset(band));
    const windowLonLat = windowBboxLonLat(window);
    const grids = new Map<number, ProjectedGrid>();
    for (const item of await this.itemsOf(capture)) {
      if (item.bbox && !intersects(item.bbox, windowLonLat)) continue;
      const filled = await this.mosaicItem(item, readable, window, grids, result);
      if (filled === pixels) break;
    }
    return result;
  }

  /**
   * Fills the pixels of `result` that are still without data from one item; returns how many
   * pixels of the window have data after it.
   */
  private async mosaicItem(
    item: StacItem,
    bands: readonly BandName[],
    window: RasterWindow,
    grids: Map<number, ProjectedGrid>,
    result: RasterRead,
  ): Promise<number> {
    const pixels = window.width * window.height;
    // Resolve every asset first, so a missing one fails before any pixel is fetched.
    const assets: Array<[BandName | 'SCL', ResolvedAsset]> = [
      ['SCL', resolveAsset(item, 'SCL')],
      ...bands.map((band): [BandName, ResolvedAsset] => [band, resolveAsset(item, band)]),
    ];
    const opened = await Promise.all(assets.map(async ([, asset]) => openCog(asset.href)));
    const gridOf = (cog: Cog) => {
      let grid = grids.get(cog.epsg);
      if (!grid) {
        grid = projectWindow(window, cog.epsg);
        grids.set(cog.epsg, grid);
      }
      return grid;
    };
    // The file's nodata tag, else what the STAC item declares (raster:bands[].nodata, 0 for L2A).
    const noDataOf = (i: number) => (opened[i] as Cog).noData ?? (assets[i] as [string, ResolvedAsset])[1].noData;
    const sclCog = opened[0] as Cog;
    const bandCogs = opened.slice(1);
    const [sclValues, bandValuesRead] = await Promise.all([
      readOnGrid(sclCog, gridOf(sclCog), 'nearest', noDataOf(0)),
      // The reflectance bands in one resampling pass when they share a CRS (and so a grid).
      bandCogs.every((cog) => cog.epsg === (bandCogs[0] as Cog).epsg) && bandCogs.length > 0
        ? readBandsOnGrid(
            bandCogs.map((cog, i) => ({ cog, noData: noDataOf(i + 1) })),
            gridOf(bandCogs[0] as Cog),
          )
        : Promise.all(bandCogs.map((cog, i) => readOnGrid(cog, gridOf(cog), 'bilinear', noDataOf(i + 1)))),
    ]);
    const values = [sclValues, ...bandValuesRead];
    const [scl, ...bandValues] = values;
    if (!scl || bandValues.some((band) => band === null)) return countWithData(result.mask);
    const { mask } = result;
    const dns = bandValues as Float32Array[];
    const outs = bands.map((band) => result.bands[band] as Float32Array);
    const scales = bands.map((_, b) => (assets[b + 1] as [BandName, ResolvedAsset])[1].scale);
    const offsets = bands.map((_, b) => (assets[b + 1] as [BandName, ResolvedAsset])[1].offset);
    const count = bands.length;
    if (count === 2) return fillPair(mask, scl, dns, outs, scales, offsets, pixels);
    // One pass over the pixels (this runs for every pixel of every tile): a still-empty pixel takes
    // this item's class and values when its SCL has a class and every band has a value.
    let filled = 0;
    for (let p = 0; p < pixels; p++) {
      if (mask[p] !== pixelClass.noData) {
        filled += 1;
        continue;
      }
      const code = scl[p] as number;
      if (!(code >= 0 && code < 256)) continue;
      const cls = SCL_CLASSES[code] as number;
      if (cls === pixelClass.noData) continue;
      let complete = true;
      for (let b = 0; b < count; b++) if (Number.isNaN((dns[b] as Float32Array)[p])) complete = false;
      if (!complete) continue;
      mask[p] = cls;
      filled += 1;
      for (let b = 0; b < count; b++)
        (outs[b] as Float32Array)[p] =
          ((dns[b] as Float32Array)[p] as number) * (scales[b] as number) + (offsets[b] as number);
    }
    return filled;
  }

  /**
   * The items whose imagery can be read: they have a classification (SCL) asset, and it and the red
   * and near-infrared files open as tiled COGs in a coordinate system Paddock knows. A capture that cannot be read is
   * not offered. (Network failures are not the file's fault: they fail the catalog, to be retried.)
   */
  private async readableItems(items: readonly StacItem[]): Promise<StacItem[]> {
    const checks: boolean[] = [];
    for (let start = 0; start < items.length; start += CHECK_CONCURRENCY) {
      checks.push(
        ...(await Promise.all(items.slice(start, start + CHECK_CONCURRENCY).map((item) => this.isReadable(item)))),
      );
    }
    return items.filter((_, i) => checks[i]);
  }

  private isReadable(item: StacItem): Promise<boolean> {
    const known = this.readability.get(item.id);
    if (known) return known;
    const checking = (async () => {
      try {
        // The classification is needed for every read; red and near infrared are checked when present.
        const assets = [
          resolveAsset(item, 'SCL'),
          ...READABILITY_BANDS.flatMap((band) => {
            try {
              return [resolveAsset(item, band)];
            } catch {
              return [];
            }
          }),
        ];
        await Promise.all(assets.map((asset) => openCog(asset.href)));
        return true;
      } catch (error) {
        if (error instanceof MissingAssetError || (error instanceof CogReadError && error.format)) return false;
        throw error;
      }
    })();
    checking.catch(() => this.readability.delete(item.id));
    this.readability.set(item.id, checking);
    return checking;
  }

  /** A capture's items, from this thread's cache or fetched by id. */
  private async itemsOf(capture: Capture): Promise<StacItem[]> {
    const ids = capture.id.split(ID_SEPARATOR);
    const missing = ids.filter((id) => !this.items.get(id));
    if (missing.length > 0)
      await this.search({ collections: [this.config.collection], ids: missing, limit: missing.length });
    const unknown = ids.filter((id) => !this.items.get(id));
    if (unknown.length > 0)
      throw new StacError(
        `Sentinel-2 capture ${capture.id}: STAC has no item ${unknown.join(', ')} in ${this.config.collection}`,
      );
    return ids.map((id) => this.items.get(id) as StacItem);
  }

  /** Item search, answered from a short-lived cache when the same search ran recently. */
  private async search(body: StacSearchBody): Promise<StacItem[]> {
    const key = JSON.stringify(body);
    const cached = this.searches.get(key);
    if (cached && Date.now() - cached.at < SEARCH_TTL_MS) return cached.items;
    const items = searchItems(this.config.stacApiUrl, body).then((found) => {
      for (const item of found) this.items.set(item.id, item);
      return found;
    });
    items.catch(() => this.searches.delete(key));
    this.searches.set(key, { at: Date.now(), items });
    return items;
  }
}

function countWithData(mask: Uint8Array): number {
  let count = 0;
  for (let p = 0; p < mask.length; p++) if (mask[p] !== pixelClass.noData) count += 1;
  return count;
}

function unionBbox(fields: readonly FieldAoi[]): [number, number, number, number] {
  return fields.reduce<[number, number, number, number]>(
    ([w, s, e, n], { bbox }) => [
      Math.min(w, bbox[0]),
      Math.min(s, bbox[1]),
      Math.max(e, bbox[2]),
      Math.max(n, bbox[3]),
    ],
    [Infinity, Infinity, -Infinity, -Infinity],
  );
}

function windowBboxLonLat({ bbox: [minX, minY, maxX, maxY] }: RasterWindow): [number, number, number, number] {
  const [w, s] = toLonLat.forward([minX, minY]);
  const [e, n] = toLonLat.forward([maxX, maxY]);
  return [w ?? -180, s ?? -90, e ?? 180, n ?? 90];
}

function intersects(itemBbox: readonly number[], [w, s, e, n]: [number, number, number, number]): boolean {
  const [iw = -180, is = -90, ie = 180, iN = 90] =
    itemBbox.length >= 6 ? [itemBbox[0], itemBbox[1], itemBbox[3], itemBbox[4]] : itemBbox;
  return iw <= e && ie >= w && is <= n && iN >= s;
}
