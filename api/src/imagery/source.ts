import type { AreaGeometry, BBox } from '@paddock/shared/contracts';

/**
 * The seam between the imagery engine (band math, statistics, tiles, zoning) and where pixels come
 * from. Two implementations, chosen by configuration: the simulated Sentinel-2-like source (default)
 * and the Sentinel-2 L2A source (STAC search + Cloud-Optimized GeoTIFF range reads).
 */

/** Layers whose pixels come from a source (zoning is derived from these by the engine). */
export type SourceLayer = 'standard' | 'high_res' | 'sensor_em';

/**
 * Surface reflectance bands (0–1), thermal (kelvin), and the two EM soil-conductivity surfaces
 * (mS/m). Names follow Sentinel-2 where there is one.
 */
export type BandName = 'B02' | 'B03' | 'B04' | 'B05' | 'B08' | 'B11' | 'THERMAL' | 'EM_SHALLOW' | 'EM_DEEP';

/** A field as the sources see it. Geometry is WGS84 GeoJSON. */
export interface FieldAoi {
  fieldId: string;
  cropType: string | null;
  geometry: AreaGeometry;
  bbox: BBox;
  /**
   * Days (`YYYY-MM-DD`) of the field's completed high-resolution orders (table `high_res_captures`).
   * The high_res layer has pixels only for these; a source without high-res imagery ignores them.
   */
  highResDates?: readonly string[];
  /**
   * The field's Rapid-EM survey windows (table `em_surveys`), newest first. The sensor_em layer has
   * pixels only for these; a field never surveyed has no EM data.
   */
  emSurveys?: readonly EmSurveyWindow[];
}

/** Inclusive days (`YYYY-MM-DD`) the Rapid-EM machine surveyed a field. */
export interface EmSurveyWindow {
  start: string;
  end: string;
}

/** One acquisition a source can read. */
export interface Capture {
  /** Stable across calls, e.g. `S2B_20261104` or `sim:standard:2026-11-04`; used in tile URLs and ETags. */
  id: string;
  layer: SourceLayer;
  /** Acquisition day, `YYYY-MM-DD` (UTC). For sensor_em, the window's first day. */
  date: string;
  /** sensor_em only: last day of the weekly window. */
  endDate?: string;
  /** Native ground resolution in metres (10 for Sentinel-2, 0.8 for high_res, …). */
  resolutionM: number;
  /** Where the pixels came from, shown as the catalog item's `source` (e.g. 'SENTINEL-2 L2A', 'SIMULATED'). */
  sourceLabel: string;
}

/**
 * The grid a read fills: `width × height` pixels covering `bbox` in EPSG:3857 (web mercator),
 * row 0 at the top (maxY). A 256×256 XYZ tile is one such window; statistics use the field's bbox at
 * the capture's native resolution.
 */
export interface RasterWindow {
  bbox: [minX: number, minY: number, maxX: number, maxY: number];
  width: number;
  height: number;
}

export const pixelClass = { clear: 0, cloud: 1, shadow: 2, noData: 255 } as const;
export type PixelClass = (typeof pixelClass)[keyof typeof pixelClass];

export interface RasterRead {
  width: number;
  height: number;
  /** One Float32Array of width*height per requested band, row-major; NaN where there is no data. */
  bands: Partial<Record<BandName, Float32Array>>;
  /** Per-pixel class from the source's own cloud/shadow detection (Sentinel-2: the SCL band). */
  mask: Uint8Array;
}

export interface ImagerySource {
  readonly name: 'simulated' | 'sentinel-2-l2a';
  /** Captures over the fields between `from` and `to` (inclusive, `YYYY-MM-DD`), newest first. */
  catalog(fields: readonly FieldAoi[], layer: SourceLayer, range: { from: string; to: string }): Promise<Capture[]>;
  /** Resamples the capture's `bands` (and its mask) onto `window`. Pixels outside the capture are NaN / noData. */
  read(
    fields: readonly FieldAoi[],
    capture: Capture,
    bands: readonly BandName[],
    window: RasterWindow,
  ): Promise<RasterRead>;
}
