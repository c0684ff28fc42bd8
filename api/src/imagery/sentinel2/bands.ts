import { pixelClass, type BandName, type PixelClass } from '../source';
import type { StacAsset, StacItem } from './stac';

/**
 * Sentinel-2 L2A specifics: which item asset holds a band, how digital numbers become reflectance,
 * and how the scene classification (SCL) becomes the engine's clear / cloud / shadow / no-data mask.
 */

/** Asset keys per band: Earth Search's common names first, then the band names other catalogs use. */
const ASSET_KEYS: Partial<Record<BandName | 'SCL', readonly string[]>> = {
  B02: ['blue', 'B02'],
  B03: ['green', 'B03'],
  B04: ['red', 'B04'],
  B05: ['rededge1', 'B05'],
  B08: ['nir', 'B08'],
  B11: ['swir16', 'B11'],
  SCL: ['scl', 'SCL'],
};

/**
 * Whether Sentinel-2 measures the band at all. THERMAL (and the EM surfaces) have no Sentinel-2
 * counterpart: a read answers them with an all-NaN band rather than failing, so a THERMAL request
 * against real imagery draws nothing instead of breaking the map.
 */
export const hasSentinel2Asset = (band: BandName | 'SCL'): boolean => ASSET_KEYS[band] !== undefined;

/** The asset key Earth Search gives a band (`red` for B04…); undefined for bands Sentinel-2 lacks. */
export const earthSearchAssetKey = (band: BandName | 'SCL'): string | undefined => ASSET_KEYS[band]?.[0];

export interface ResolvedAsset {
  key: string;
  href: string;
  scale: number;
  offset: number;
  /** Digital number of pixels without data (L2A: 0). */
  noData: number;
}

export class MissingAssetError extends Error {}

export function resolveAsset(item: StacItem, band: BandName | 'SCL'): ResolvedAsset {
  const keys = ASSET_KEYS[band] ?? [];
  const key = keys.find((candidate) => item.assets[candidate] !== undefined);
  const asset = key === undefined ? undefined : item.assets[key];
  if (key === undefined || asset === undefined) {
    throw new MissingAssetError(`Sentinel-2 item ${item.id} has no asset for ${band} (looked for ${keys.join(', ')})`);
  }
  if (band === 'SCL') return { key, href: asset.href, scale: 1, offset: 0, noData: 0 };
  return { key, href: asset.href, ...reflectanceScaling(item, asset) };
}

/**
 * L2A digital numbers are reflectance × 10,000. From processing baseline 04.00 (25 January 2022) the
 * numbers carry a +1,000 offset (BOA_ADD_OFFSET), so reflectance = DN / 10,000 − 0.1. Earth Search
 * re-processed some of those items to take the offset out again and marks them with
 * `earthsearch:boa_offset_applied: true`: for those no offset applies whatever `raster:bands` says.
 * Otherwise the asset's own `raster:bands` scale/offset wins, then the item's processing baseline.
 */
function reflectanceScaling(item: StacItem, asset: StacAsset): { scale: number; offset: number; noData: number } {
  const declared = asset['raster:bands']?.[0];
  const scale = declared?.scale ?? 1 / 10000;
  const noData = declared?.nodata ?? 0;
  if (item.properties['earthsearch:boa_offset_applied'] === true) return { scale, offset: 0, noData };
  if (declared?.offset !== undefined) return { scale, offset: declared.offset, noData };
  const baseline = item.properties['s2:processing_baseline'] ?? item.properties['sentinel:processing_baseline'];
  return { scale, offset: baseline !== undefined && Number(baseline) >= 4 ? -0.1 : 0, noData };
}

/** Scene classification → pixel class: 3 cloud shadow; 8, 9, 10 cloud (medium, high, cirrus); 0, 1 no data / defective. */
export function classifyScl(value: number): PixelClass {
  switch (value) {
    case 0:
    case 1:
      return pixelClass.noData;
    case 3:
      return pixelClass.shadow;
    case 8:
    case 9:
    case 10:
      return pixelClass.cloud;
    default:
      return pixelClass.clear;
  }
}

/** classifyScl for every 8-bit code, for per-pixel lookups. */
export const SCL_CLASSES: Uint8Array = Uint8Array.from({ length: 256 }, (_, code) => classifyScl(code));
