import type { ImageryAlgorithm } from '@paddock/shared/contracts';
import { clippedPart, encodePng, measurementWindows, STATISTICS_MAX_PIXELS, type FieldWindow } from './engine';
import { tileWindow } from './geo';
import { algorithmBands, computeIndex } from './indices';
import { DIFFERENCE_PALETTE, paletteLookup } from './palettes';
import { rasteriseFields } from './rasterise';
import { pixelClass, type Capture, type FieldAoi, type ImagerySource, type RasterRead } from './source';
import { percentile, ValueCollector } from './statistics';

/**
 * Change between two captures of the same calculation (issue 30): later minus earlier per pixel,
 * masked wherever either capture is not clear (cloud, shadow, no data) or a value is missing, and
 * the statistics of both captures and of the difference over the pixels clear in both.
 */

/** A pixel counts as "down" when the later value is at least this much below the earlier one. */
export const DOWN_BY = 0.15;

/** Figures of one set of pixel values. `sd` is the population standard deviation (numpy's default). */
export interface DistributionStatistics {
  count: number;
  mean: number;
  sd: number;
  min: number;
  max: number;
  p10: number;
  p25: number;
  p50: number;
  p75: number;
  p90: number;
}

export interface DifferenceStatistics {
  earlier: DistributionStatistics;
  later: DistributionStatistics;
  difference: DistributionStatistics;
  /** Share (0–100) of the compared pixels whose value fell by DOWN_BY or more. */
  percentDown: number;
}

/** The index values and class mask of one capture over a window. */
export interface IndexRaster {
  index: Float32Array;
  mask: Uint8Array;
}

/** Later minus earlier per pixel; NaN outside `inside` (label 0), where either is not clear, or a value is missing. */
export function differenceRaster(earlier: IndexRaster, later: IndexRaster, inside: Uint16Array | null): Float32Array {
  const out = new Float32Array(later.index.length);
  for (let i = 0; i < out.length; i += 1) {
    const a = earlier.index[i] as number;
    const b = later.index[i] as number;
    const compared =
      (inside === null || inside[i] !== 0) &&
      earlier.mask[i] === pixelClass.clear &&
      later.mask[i] === pixelClass.clear &&
      Number.isFinite(a) &&
      Number.isFinite(b);
    out[i] = compared ? b - a : Number.NaN;
  }
  return out;
}

/** Statistics of `values` (all finite); sorts them in place; null when there are none. */
export function distribution(values: Float32Array): DistributionStatistics | null {
  if (values.length === 0) return null;
  let sum = 0;
  for (let i = 0; i < values.length; i += 1) sum += values[i] as number;
  const mean = sum / values.length;
  let squares = 0;
  for (let i = 0; i < values.length; i += 1) squares += ((values[i] as number) - mean) ** 2;
  values.sort();
  return {
    count: values.length,
    mean,
    sd: Math.sqrt(squares / values.length),
    min: values[0] as number,
    max: values[values.length - 1] as number,
    p10: percentile(values, 10),
    p25: percentile(values, 25),
    p50: percentile(values, 50),
    p75: percentile(values, 75),
    p90: percentile(values, 90),
  };
}

/** Gathers the compared pixels of several windows, then summarises them. */
export class DifferenceCollector {
  private readonly earlier = new ValueCollector();
  private readonly later = new ValueCollector();
  private readonly difference = new ValueCollector();
  private down = 0;

  add(earlier: IndexRaster, later: IndexRaster, inside: Uint16Array | null): void {
    const change = differenceRaster(earlier, later, inside);
    for (let i = 0; i < change.length; i += 1) {
      const d = change[i] as number;
      if (Number.isNaN(d)) continue;
      this.earlier.push(earlier.index[i] as number);
      this.later.push(later.index[i] as number);
      this.difference.push(d);
      if (d <= -DOWN_BY) this.down += 1;
    }
  }

  /** Null when no pixel is clear in both captures. */
  statistics(): DifferenceStatistics | null {
    const difference = distribution(this.difference.values());
    const earlier = distribution(this.earlier.values());
    const later = distribution(this.later.values());
    if (!difference || !earlier || !later) return null;
    return { earlier, later, difference, percentDown: (this.down / difference.count) * 100 };
  }
}

const indexRaster = (algorithm: ImageryAlgorithm, read: RasterRead): IndexRaster => ({
  index: computeIndex(algorithm, read),
  mask: read.mask,
});

/** Windows on the finer of the two captures' resolutions, so both are read onto the same pixels. */
export function comparisonWindows(
  fields: readonly FieldAoi[],
  earlier: Capture,
  later: Capture,
  maxPixels = STATISTICS_MAX_PIXELS,
): FieldWindow[] {
  return measurementWindows(fields, Math.min(earlier.resolutionM, later.resolutionM), maxPixels);
}

/** The difference statistics of a calculation between two captures over the fields (engine side, in a worker thread). */
export async function differenceStatistics(
  source: ImagerySource,
  fields: readonly FieldAoi[],
  earlier: Capture,
  later: Capture,
  algorithm: ImageryAlgorithm,
  maxPixels = STATISTICS_MAX_PIXELS,
): Promise<DifferenceStatistics | null> {
  const collector = new DifferenceCollector();
  const bands = algorithmBands[algorithm];
  for (const { field, window } of comparisonWindows(fields, earlier, later, maxPixels)) {
    const [a, b] = await Promise.all([
      source.read([field], earlier, bands, window),
      source.read([field], later, bands, window),
    ]);
    collector.add(indexRaster(algorithm, a), indexRaster(algorithm, b), rasteriseFields([field], window));
  }
  return collector.statistics();
}

/** A difference tile: later minus earlier over the fields, in the diverging palette from −span to +span. */
export interface DifferenceTileRequest {
  fields: readonly FieldAoi[];
  earlier: Capture;
  later: Capture;
  algorithm: ImageryAlgorithm;
  span: number;
  z: number;
  x: number;
  y: number;
}

let differenceLookup: Uint8Array | null = null;

/** Colours the change of each compared pixel; pixels not compared (cloud in either, outside the fields) stay transparent. */
export function paintDifference(
  change: Float32Array,
  span: number,
  rgba: Uint8Array,
  place: (i: number) => number,
): void {
  differenceLookup ??= paletteLookup(DIFFERENCE_PALETTE);
  const lookup = differenceLookup;
  const scale = 255 / (2 * span);
  for (let i = 0; i < change.length; i += 1) {
    const d = change[i] as number;
    if (Number.isNaN(d)) continue;
    const step = Math.min(255, Math.max(0, Math.round((d + span) * scale))) * 3;
    const offset = place(i) * 4;
    rgba[offset] = lookup[step] as number;
    rgba[offset + 1] = lookup[step + 1] as number;
    rgba[offset + 2] = lookup[step + 2] as number;
    rgba[offset + 3] = 255;
  }
}

export async function renderDifferenceTile(source: ImagerySource, request: DifferenceTileRequest): Promise<Uint8Array> {
  const target = tileWindow(request.z, request.x, request.y);
  const rgba = new Uint8Array(target.width * target.height * 4);
  const part = clippedPart(target, request.fields);
  if (part) {
    const bands = algorithmBands[request.algorithm];
    const [a, b] = await Promise.all([
      source.read(request.fields, request.earlier, bands, part.window),
      source.read(request.fields, request.later, bands, part.window),
    ]);
    const change = differenceRaster(
      indexRaster(request.algorithm, a),
      indexRaster(request.algorithm, b),
      rasteriseFields(request.fields, part.window),
    );
    const { width } = part.window;
    paintDifference(
      change,
      request.span,
      rgba,
      (i) => (part.row + Math.floor(i / width)) * target.width + part.column + (i % width),
    );
  }
  return encodePng(rgba);
}
