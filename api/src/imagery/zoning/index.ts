import type { ImageryAlgorithm, Position } from '@paddock/shared/contracts';
import { areaInHectares } from '../../geo/geometry';
import { windRings } from '../../geo/winding';
import { addDays, dayNumber } from '../dates';
import { mercatorBBox, mercatorScale, mercatorXToLon, mercatorYToLat } from '../geo';
import { algorithmBands, computeIndex } from '../indices';
import { rasteriseFields, toPixelPolygons } from '../rasterise';
import { pixelClass, type Capture, type FieldAoi, type ImagerySource, type RasterWindow } from '../source';
import { PixelClipper, type PixelRing } from './clip';
import type { FieldBasisFigures } from './productivity';
import { polygonize } from './polygonize';
import {
  classify,
  extendClasses,
  fillGaps,
  mergeSmallPatches,
  naturalBreaks,
  NoClearPixelsError,
  patches,
  patchesNearOutside,
  type Grid,
} from './raster';

/**
 * Management zones of fields from one capture (ARCHITECTURE §6): the index raster of each field at the
 * zoning resolution, cloud and shadow filled from clear neighbours, natural-breaks classes on the
 * field's own values (zone 1 = lowest), patches under the minimum zone size merged into their largest
 * neighbour, polygons traced and simplified with shared edges, clipped to the field boundary (holes
 * kept), ellipsoidal areas. Deterministic: the same inputs give the same zones.
 */

/** The default minimum zone size: the larger of 0.5 ha and 1 % of the field. */
export const DEFAULT_MIN_ZONE_HA = 0.5;
export const DEFAULT_MIN_ZONE_SHARE = 0.01;
/** Simplification tolerance in pixels: staircases become diagonals, nothing moves by more than half a pixel. */
export const SIMPLIFY_TOLERANCE_PX = 0.5;
/** Pixels of margin around the field's bbox, so the classes carried past its edge cover it fully. */
const MARGIN_PX = 2;

export interface ZoningRequest {
  fields: readonly FieldAoi[];
  capture: Capture;
  algorithm: ImageryAlgorithm;
  /** 2–5. */
  zones: number;
  resolutionM: number;
  /** Minimum zone size in hectares; null for the default (the larger of 0.5 ha and 1 % of the field). */
  minZoneHa: number | null;
}

export interface ZonePolygon {
  fieldId: string;
  zone: number;
  geometry: { type: 'Polygon'; coordinates: Position[][] };
  /** Hectares on the WGS84 ellipsoid. */
  areaHa: number;
}

export interface ZoneSummary {
  zone: number;
  areaHa: number;
  /** Clear pixels of the zone: the figures below are over these (filled pixels are not data). */
  pixelCount: number;
  mean: number | null;
  min: number | null;
  max: number | null;
  variance: number | null;
}

export interface FieldZoning {
  fieldId: string;
  areaHa: number;
  minZoneHa: number;
  /** Share (0–100) of the field's pixels that were cloud, shadow or without data, filled from neighbours. */
  filledPercent: number;
  /** Ascending class limits of the index (natural breaks). */
  breaks: number[];
  /** 1 − Σ(A_z/A)·σ²_z / σ² over the clear pixels; 0 for a uniform field. */
  varianceReduction: number;
  zones: ZoneSummary[];
  polygons: ZonePolygon[];
  /** Patches merged away for being under the minimum size. */
  mergedPatches: number;
  /** Share (0–100, one decimal) of the field's pixels from each capture (`date`), or filled from neighbours (`date` null). */
  sources: { date: string | null; percent: number }[];
}

export interface ZoningResult {
  fields: FieldZoning[];
  /** Fields with no clear pixel on the capture nor on the nearby captures (not zoned). */
  clouded: string[];
  /** Milliseconds spent reading the index rasters (imagery source, gap filling) and zoning them. */
  timings: { readMs: number; zoningMs: number };
}

/** The raster a field is zoned on, exposed for tests and the bench's reference pipeline. */
export interface FieldRaster {
  grid: Grid;
  window: RasterWindow;
  /** Index values, obscured pixels filled. */
  values: Float32Array;
  /** 1 inside the field. */
  inside: Uint8Array;
  /** 1 for measured pixels: clear on the capture, or on a nearby capture that filled them. */
  valid: Uint8Array;
  filled: number;
  /**
   * Where the field's pixels came from: the captures (by day) and their pixels inside the field, then
   * `null` for the gaps filled from clear neighbouring pixels (not data). Sums to the field's pixels.
   */
  sources?: RasterSource[];
}

/** Pixels of a field's raster that came from one capture (`date`) or from neighbouring pixels (`date` null). */
export interface RasterSource {
  date: string | null;
  pixels: number;
}

/** A window over the field's bbox on square cells of `resolutionM` ground metres, with a margin. */
export function zoningWindow(field: FieldAoi, resolutionM: number): RasterWindow {
  const middleLatitude = (field.bbox[1] + field.bbox[3]) / 2;
  const cell = resolutionM * mercatorScale(middleLatitude);
  const [minX, minY, maxX, maxY] = mercatorBBox(field.bbox);
  const left = Math.floor(minX / cell) - MARGIN_PX;
  const bottom = Math.floor(minY / cell) - MARGIN_PX;
  const right = Math.ceil(maxX / cell) + MARGIN_PX;
  const top = Math.ceil(maxY / cell) + MARGIN_PX;
  return { bbox: [left * cell, bottom * cell, right * cell, top * cell], width: right - left, height: top - bottom };
}

/** Pixels a field's window has at a resolution (what the time budget is planned on). */
export function zoningPixels(field: Pick<FieldAoi, 'bbox'>, resolutionM: number): number {
  const window = zoningWindow(field as FieldAoi, resolutionM);
  return window.width * window.height;
}

/** How far (days) zoning looks for other captures to fill a cloudy one from, and how many it reads at most. */
export const FILL_SEARCH_DAYS = 30;
export const FILL_MAX_CAPTURES = 4;
/** Captures with more of the field obscured than this are filled from the nearest clearer captures first. */
const FILL_FROM_CAPTURES_ABOVE = 0.2;

async function indexRead(
  source: ImagerySource,
  field: FieldAoi,
  capture: Capture,
  algorithm: ImageryAlgorithm,
  window: RasterWindow,
): Promise<{ values: Float32Array; clear: Uint8Array }> {
  const read = await source.read([field], capture, algorithmBands[algorithm], window);
  const values = computeIndex(algorithm, read);
  const clear = new Uint8Array(values.length);
  for (let i = 0; i < values.length; i += 1)
    clear[i] = read.mask[i] === pixelClass.clear && Number.isFinite(values[i] as number) ? 1 : 0;
  return { values, clear };
}

/**
 * Reads the field's index raster and fills its obscured pixels: when much of the field is under cloud,
 * first from the nearest captures (within 30 days) where those pixels are clear, shifted by the mean
 * difference over the pixels both show clear; then every remaining gap from its clear neighbours.
 * `valid` is 1 for measured pixels (clear on this capture or a nearby one): values filled from
 * neighbours are never data (not in the breaks nor the statistics).
 */
export async function fieldRaster(
  source: ImagerySource,
  field: FieldAoi,
  capture: Capture,
  algorithm: ImageryAlgorithm,
  resolutionM: number,
): Promise<FieldRaster> {
  const window = zoningWindow(field, resolutionM);
  const grid = { width: window.width, height: window.height };
  const { values, clear: valid } = await indexRead(source, field, capture, algorithm, window);
  const labels = rasteriseFields([field], window);
  const inside = new Uint8Array(labels.length);
  let insideCount = 0;
  let obscured = 0;
  for (let i = 0; i < labels.length; i += 1) {
    inside[i] = labels[i] === 0 ? 0 : 1;
    insideCount += inside[i] as number;
    if (inside[i] && !valid[i]) obscured += 1;
  }
  // Pixels known so far: the capture's clear ones, then those taken from other captures.
  const known = Uint8Array.from(valid);
  let filled = 0;
  const sources: RasterSource[] = [{ date: capture.date, pixels: insideCount - obscured }];
  if (obscured > FILL_FROM_CAPTURES_ABOVE * insideCount && capture.layer === 'standard') {
    const nearby = (
      await source.catalog([field], capture.layer, {
        from: addDays(capture.date, -FILL_SEARCH_DAYS),
        to: addDays(capture.date, FILL_SEARCH_DAYS),
      })
    )
      .filter((other) => other.id !== capture.id)
      .sort(
        (a, b) =>
          Math.abs(dayNumber(a.date) - dayNumber(capture.date)) -
            Math.abs(dayNumber(b.date) - dayNumber(capture.date)) || a.date.localeCompare(b.date),
      )
      .slice(0, FILL_MAX_CAPTURES);
    for (const other of nearby) {
      if (obscured - filled <= FILL_FROM_CAPTURES_ABOVE * insideCount) break;
      const read = await indexRead(source, field, other, algorithm, window);
      let shift = 0;
      let both = 0;
      for (let i = 0; i < values.length; i += 1) {
        if (inside[i] && valid[i] && read.clear[i]) {
          shift += (values[i] as number) - (read.values[i] as number);
          both += 1;
        }
      }
      shift = both > 0 ? shift / both : 0;
      const before = filled;
      for (let i = 0; i < values.length; i += 1) {
        if (inside[i] && !known[i] && read.clear[i]) {
          values[i] = (read.values[i] as number) + shift;
          known[i] = 1;
          filled += 1;
        }
      }
      if (filled > before) sources.push({ date: other.date, pixels: filled - before });
    }
  }
  // Gaps left: none on a clear capture, where filling would only scan the window twice more.
  if (obscured - filled > 0 || insideCount === 0) {
    const fromNeighbours = fillGaps(grid, values, inside, known);
    filled += fromNeighbours;
    if (fromNeighbours > 0) sources.push({ date: null, pixels: fromNeighbours });
  }
  return { grid, window, values, inside, valid: known, filled, sources };
}

/** The minimum zone size in pixels at a resolution. */
export function minZonePixels(minZoneHa: number, resolutionM: number): number {
  const pixelHa = (resolutionM * resolutionM) / 10_000;
  return Math.max(1, Math.ceil(minZoneHa / pixelHa - 1e-9));
}

/** The field's zone per pixel (0 outside): natural breaks, then small patches merged away. */
export function classifyField(raster: FieldRaster, zones: number, minPixels: number) {
  const { grid, values, inside, valid } = raster;
  const breaks = naturalBreaks(values, inside, valid, zones);
  const classes = classify(values, inside, breaks);
  const mergedPatches = mergeSmallPatches(grid, classes, minPixels);
  return { breaks, classes, mergedPatches };
}

/** Zones of one field from its raster. */
export function zoneRaster(
  field: FieldAoi,
  raster: FieldRaster,
  zones: number,
  resolutionM: number,
  minZoneHa: number | null,
  /** Receives the final zone of each pixel (0 outside the field), e.g. for the stability figures. */
  onClasses?: (classes: Uint8Array) => void,
): FieldZoning {
  const { grid, window, values, inside, valid } = raster;
  const fieldAreaHa = areaInHectares(field.geometry);
  const minHa = minZoneHa ?? Math.max(DEFAULT_MIN_ZONE_HA, DEFAULT_MIN_ZONE_SHARE * fieldAreaHa);
  const minPixels = minZonePixels(minHa, resolutionM);

  const { breaks, classes, mergedPatches } = classifyField(raster, zones, minPixels);
  onClasses?.(classes.slice());

  // Statistics over clear pixels, by final zone.
  const count = new Float64Array(zones + 1);
  const sum = new Float64Array(zones + 1);
  const sumSquares = new Float64Array(zones + 1);
  const low = new Float64Array(zones + 1).fill(Infinity);
  const high = new Float64Array(zones + 1).fill(-Infinity);
  let insideCount = 0;
  for (let i = 0; i < classes.length; i += 1) {
    if (!inside[i]) continue;
    insideCount += 1;
    if (!valid[i]) continue;
    const zone = classes[i] as number;
    const value = values[i] as number;
    count[zone] = (count[zone] as number) + 1;
    sum[zone] = (sum[zone] as number) + value;
    sumSquares[zone] = (sumSquares[zone] as number) + value * value;
    if (value < (low[zone] as number)) low[zone] = value;
    if (value > (high[zone] as number)) high[zone] = value;
  }
  // Index 0: the whole field.
  for (let z = 1; z <= zones; z += 1) {
    count[0] = (count[0] as number) + (count[z] as number);
    sum[0] = (sum[0] as number) + (sum[z] as number);
    sumSquares[0] = (sumSquares[0] as number) + (sumSquares[z] as number);
    low[0] = Math.min(low[0] as number, low[z] as number);
    high[0] = Math.max(high[0] as number, high[z] as number);
  }
  const varianceOf = (z: number) => {
    const n = count[z] as number;
    if (n === 0) return null;
    const mean = (sum[z] as number) / n;
    return Math.max(0, (sumSquares[z] as number) / n - mean * mean);
  };
  const total = varianceOf(0) ?? 0;
  let within = 0;
  for (let z = 1; z <= zones; z += 1) within += ((count[z] as number) / (count[0] as number)) * (varianceOf(z) ?? 0);
  const varianceReduction = total > 0 ? Math.max(0, 1 - within / total) : 0;

  const polygons = zonePolygons(field, grid, window, classes, inside, minPixels / 2);
  const areaByZone = new Float64Array(zones + 1);
  for (const polygon of polygons) areaByZone[polygon.zone] = (areaByZone[polygon.zone] as number) + polygon.areaHa;

  const summaries: ZoneSummary[] = [];
  for (let z = 1; z <= zones; z += 1) {
    const n = count[z] as number;
    summaries.push({
      zone: z,
      areaHa: areaByZone[z] as number,
      pixelCount: n,
      mean: n ? (sum[z] as number) / n : null,
      min: n ? (low[z] as number) : null,
      max: n ? (high[z] as number) : null,
      variance: varianceOf(z),
    });
  }
  return {
    fieldId: field.fieldId,
    areaHa: fieldAreaHa,
    minZoneHa: minHa,
    filledPercent: insideCount ? Math.round((raster.filled / insideCount) * 1000) / 10 : 0,
    breaks,
    varianceReduction,
    zones: summaries,
    polygons,
    mergedPatches,
    sources: (raster.sources ?? []).map(({ date, pixels }) => ({
      date,
      percent: insideCount ? Math.round((pixels / insideCount) * 1000) / 10 : 0,
    })),
  };
}

/**
 * The zone polygons of a classified field: every pixel of the window takes the class of the nearest
 * field pixel, the patches are polygonized together (shared, simplified edges), and the patches near
 * the field's edge are clipped to the boundary; the rest lie inside it as they are.
 */
function zonePolygons(
  field: FieldAoi,
  grid: Grid,
  window: RasterWindow,
  classes: Uint8Array,
  inside: Uint8Array,
  sliverPixels: number,
): ZonePolygon[] {
  const { width, height } = grid;
  const extended = extendClasses(grid, classes);
  const { ids, count, classOf: zoneOf } = patches(grid, extended);
  const traced = polygonize(grid, ids, count, SIMPLIFY_TOLERANCE_PX);

  // Patches holding a pixel outside the field, the boundary passes through, or next to one (8-connected)
  // are clipped; the rest lie inside the field as traced.
  const fieldRings = toPixelPolygons(field.geometry, window);
  const clip = patchesNearOutside(grid, inside, ids, count);
  const markAround = (x: number, y: number) => {
    for (let ny = Math.max(0, y - 1); ny <= Math.min(height - 1, y + 1); ny += 1)
      for (let nx = Math.max(0, x - 1); nx <= Math.min(width - 1, x + 1); nx += 1)
        clip[ids[ny * width + nx] as number] = 1;
  };
  for (const polygon of fieldRings) {
    for (const ring of polygon) {
      const points = ring.length / 2;
      for (let k = 0; k + 1 < points; k += 1) {
        const ax = ring[k * 2] as number;
        const ay = ring[k * 2 + 1] as number;
        const bx = ring[k * 2 + 2] as number;
        const by = ring[k * 2 + 3] as number;
        const steps = Math.max(1, Math.ceil(Math.hypot(bx - ax, by - ay) * 4));
        for (let step = 0; step <= steps; step += 1) {
          const x = Math.floor(ax + ((bx - ax) * step) / steps);
          const y = Math.floor(ay + ((by - ay) * step) / steps);
          if (x >= 0 && y >= 0 && x < width && y < height) markAround(x, y);
        }
      }
    }
  }

  const toRing = (flat: Float64Array): PixelRing => {
    const ring: PixelRing = [];
    for (let k = 0; k < flat.length; k += 2) ring.push([flat[k] as number, flat[k + 1] as number]);
    ring.push([flat[0] as number, flat[1] as number]);
    return ring;
  };
  const clipper = new PixelClipper(Math.max(width, height));
  const fieldPolygons = fieldRings.map((polygon) => polygon.map((ring) => toRing(ring.slice(0, ring.length - 2))));

  const [minX, minY, maxX, maxY] = window.bbox;
  const pixelW = (maxX - minX) / width;
  const pixelH = (maxY - minY) / height;
  const toLonLat = (ring: PixelRing): Position[] => {
    const out: Position[] = [];
    for (const [x, y] of ring) {
      const position: Position = [
        Math.round(mercatorXToLon(minX + x * pixelW) * 1e9) / 1e9,
        Math.round(mercatorYToLat(maxY - y * pixelH) * 1e9) / 1e9,
      ];
      const previous = out[out.length - 1];
      if (!previous || previous[0] !== position[0] || previous[1] !== position[1]) out.push(position);
    }
    return out;
  };

  // Parts in pixel space: patches as traced, and the clipped ones as the clip cut them.
  const parts: { zone: number; rings: PixelRing[]; clipped: boolean }[] = [];
  const zones = Math.max(0, ...zoneOf);
  for (let zone = 1; zone <= zones; zone += 1) {
    const toClip: PixelRing[][] = [];
    for (const polygon of traced) {
      if (zoneOf[polygon.patch] !== zone || polygon.rings.length === 0) continue;
      const rings = polygon.rings.map(toRing);
      if (clip[polygon.patch]) toClip.push(rings);
      else parts.push({ zone, rings, clipped: false });
    }
    if (toClip.length === 0) continue;
    for (const part of clipper.intersection(toClip, fieldPolygons))
      parts.push({ zone, rings: part as PixelRing[], clipped: true });
  }
  mergeSlivers(parts, sliverPixels, clipper);

  const polygons: ZonePolygon[] = [];
  for (const { zone, rings } of parts) {
    const coordinates = windRings(
      rings.map(toLonLat).filter((ring) => ring.length >= 4),
      'counter-clockwise',
    );
    if (coordinates.length === 0) continue;
    const geometry = { type: 'Polygon' as const, coordinates };
    const areaHa = areaInHectares(geometry);
    if (areaHa > 0) polygons.push({ fieldId: field.fieldId, zone, geometry, areaHa });
  }
  // Largest first within a zone, zones in order: a stable order for the same request.
  polygons.sort((a, b) => a.zone - b.zone || b.areaHa - a.areaHa);
  return polygons;
}

/** Twice the signed area of a pixel-space ring (closed). */
function pixelArea(rings: readonly PixelRing[]): number {
  let total = 0;
  rings.forEach((ring, index) => {
    let sum = 0;
    for (let k = 0; k + 1 < ring.length; k += 1) {
      const [ax, ay] = ring[k] as [number, number];
      const [bx, by] = ring[k + 1] as [number, number];
      sum += ax * by - bx * ay;
    }
    total += index === 0 ? Math.abs(sum) : -Math.abs(sum);
  });
  return total / 2;
}

/**
 * Clipping can cut a patch where it reached round the field's edge, leaving slivers (a part pixel
 * cut off by the boundary, a patch joined only outside the field). Each clipped part under
 * `sliverPixels` joins the part it shares most corners with (ties: the larger), when the two make one polygon.
 */
function mergeSlivers(
  parts: { zone: number; rings: PixelRing[]; clipped: boolean }[],
  sliverPixels: number,
  clipper: PixelClipper,
): void {
  const key = ([x, y]: [number, number]) => `${x},${y}`;
  const order = parts
    .map((part, index) => ({ index, area: pixelArea(part.rings) }))
    .filter(({ index, area }) => (parts[index] as (typeof parts)[number]).clipped && area < sliverPixels)
    .sort((a, b) => a.area - b.area || a.index - b.index);
  const removed = new Set<number>();
  for (const { index } of order) {
    const sliver = parts[index] as (typeof parts)[number];
    const corners = new Set(sliver.rings.flat().map(key));
    let best = -1;
    let bestShared = 0;
    let bestArea = 0;
    parts.forEach((part, other) => {
      if (other === index || removed.has(other)) return;
      let shared = 0;
      for (const ring of part.rings) for (const position of ring) if (corners.has(key(position))) shared += 1;
      if (shared === 0) return;
      const area = pixelArea(part.rings);
      if (shared > bestShared || (shared === bestShared && area > bestArea)) {
        best = other;
        bestShared = shared;
        bestArea = area;
      }
    });
    if (best < 0 || bestShared < 2) continue;
    const target = parts[best] as (typeof parts)[number];
    const joined = clipper.union([target.rings], [sliver.rings]);
    if (joined.length !== 1) continue;
    target.rings = joined[0] as PixelRing[];
    target.clipped = true;
    removed.add(index);
  }
  const kept = parts.filter((_, index) => !removed.has(index));
  parts.length = 0;
  parts.push(...kept);
}

/** A field's zoning without its polygons (what crosses back from the worker beside the features' JSON). */
export type FieldZoningSummary = Omit<FieldZoning, 'polygons'>;

/**
 * The worker's answer: per-field figures, and the zone features already serialized as the JSON
 * array of `zoned_image.features` (one feature per patch, `id` `{field_id}:{n}`, area in hectares to
 * four decimals), so the api's event loop neither copies nor serializes thousands of positions.
 */
export interface ZoningAnswer {
  fields: FieldZoningSummary[];
  clouded: string[];
  timings: ZoningResult['timings'];
  featuresJson: string;
  /** Productivity and EM zonings: what each field's zones were made of (seasons, stability, correlations). */
  figures?: FieldBasisFigures[];
}

const round4 = (value: number): number => Math.round(value * 10_000) / 10_000;

export function zoningAnswer(result: ZoningResult & { figures?: FieldBasisFigures[] }): ZoningAnswer {
  const features: unknown[] = [];
  for (const field of result.fields) {
    field.polygons.forEach((polygon, index) => {
      features.push({
        type: 'Feature',
        id: `${field.fieldId}:${index + 1}`,
        geometry: polygon.geometry,
        properties: { zone: polygon.zone, field_id: field.fieldId, area: round4(polygon.areaHa) },
      });
    });
  }
  return {
    fields: result.fields.map(({ polygons: _polygons, ...summary }) => summary),
    clouded: result.clouded,
    timings: result.timings,
    featuresJson: JSON.stringify(features),
    ...(result.figures ? { figures: result.figures } : {}),
  };
}

/** Zones of every field of the request, each from its own values. */
export async function zoneFields(source: ImagerySource, request: ZoningRequest): Promise<ZoningResult> {
  const fields: FieldZoning[] = [];
  const clouded: string[] = [];
  const timings = { readMs: 0, zoningMs: 0 };
  for (const field of request.fields) {
    try {
      const started = performance.now();
      const raster = await fieldRaster(source, field, request.capture, request.algorithm, request.resolutionM);
      const read = performance.now();
      fields.push(zoneRaster(field, raster, request.zones, request.resolutionM, request.minZoneHa));
      timings.readMs += read - started;
      timings.zoningMs += performance.now() - read;
    } catch (error) {
      if (!(error instanceof NoClearPixelsError)) throw error;
      clouded.push(field.fieldId);
    }
  }
  return { fields, clouded, timings };
}
