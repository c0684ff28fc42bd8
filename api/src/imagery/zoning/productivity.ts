import type { ImageryAlgorithm } from '@paddock/shared/contracts';
import sharp from 'sharp';
import { algorithmBands, computeIndex } from '../indices';
import { rasteriseFields } from '../rasterise';
import { pixelClass, type Capture, type FieldAoi, type ImagerySource } from '../source';
import { windowsOf, type ProductivityWindow } from './windows';
import {
  fieldRaster,
  type FieldRaster,
  type FieldZoning,
  type RasterSource,
  zoneRaster,
  type ZoningRequest,
  type ZoningResult,
  zoningWindow,
} from './index';
import { classify, fillGaps, NoClearPixelsError } from './raster';

/**
 * Productivity zones (issue 26): a field's index over every clear capture of one or more windows
 * (seasons or a date range). Per capture, obscured pixels are masked and the clear pixels inside the
 * field are standardised (z-score over the field's clear pixels), so a dry year with low values
 * everywhere weighs as much as a wet one; the productivity raster is the per-pixel mean of those
 * z-scores. It is zoned by the existing engine. Each window's own mean (its season raster), classified
 * with the same breaks, tells how stable each pixel's zone is from season to season.
 *
 * EM with imagery: the Rapid-EM shallow and deep conductivity and an imagery index, each standardised
 * over the field, combined by the user's weights.
 */

export { windowsOf, type ProductivityWindow };

/** A capture counts when at least this share of the field's pixels is clear (the single-date rule too). */
export const MIN_CLEAR_SHARE = 0.5;

export interface SeasonLayer {
  label: string;
  /** Mean of the window's standardised captures per pixel (NaN where none was clear). */
  values: Float32Array;
  /** Mean of the window's raw index per pixel (NaN where none was clear): what the CV is measured on. */
  raw: Float32Array;
  captures: number;
}

export interface ProductivityRaster extends FieldRaster {
  seasons: SeasonLayer[];
  /** The clear captures used, oldest first, with the share (0–100) of the field's pixels clear on each. */
  captures: { date: string; clearPercent: number }[];
  /** Milliseconds spent in the source (catalog, reads) and its band math: the rest is standardising and averaging. */
  readMs: number;
}

/** Below this standard deviation (in the index's units) a layer is uniform: it is not standardised nor used. */
export const MIN_SPREAD = 1e-4;

/**
 * Standardises `values` in place over the pixels where `use` is 1 (z-score, two passes); false, and
 * `values` untouched, when they are fewer than two or uniform (standard deviation under MIN_SPREAD).
 */
export function standardise(values: Float32Array, use: Uint8Array): boolean {
  let count = 0;
  let sum = 0;
  for (let i = 0; i < values.length; i += 1) {
    if (!use[i]) continue;
    count += 1;
    sum += values[i] as number;
  }
  if (count < 2) return false;
  const mean = sum / count;
  let squares = 0;
  for (let i = 0; i < values.length; i += 1) if (use[i]) squares += ((values[i] as number) - mean) ** 2;
  const sd = Math.sqrt(squares / count);
  if (!(sd >= MIN_SPREAD)) return false;
  for (let i = 0; i < values.length; i += 1) if (use[i]) values[i] = ((values[i] as number) - mean) / sd;
  return true;
}

/** One window's clear captures of a field, summed per pixel (what a worker hands back for one season). */
export interface WindowSums {
  label: string;
  /** Σ z-scores, Σ raw index and the number of clear captures, per pixel of the zoning window. */
  sum: Float64Array;
  rawSum: Float64Array;
  count: Uint16Array;
  captures: { date: string; clearPercent: number }[];
  /** Milliseconds reading captures, and standardising and summing them. */
  readMs: number;
  computeMs: number;
}

/** The field's pixels on its zoning window: 1 inside, and their indices. */
function fieldMask(field: FieldAoi, resolutionM: number) {
  const window = zoningWindow(field, resolutionM);
  const size = window.width * window.height;
  const labels = rasteriseFields([field], window);
  const inside = new Uint8Array(size);
  let insideCount = 0;
  for (let i = 0; i < size; i += 1) {
    inside[i] = labels[i] === 0 ? 0 : 1;
    insideCount += inside[i] as number;
  }
  const insideIndex = new Int32Array(insideCount);
  for (let i = 0, k = 0; i < size; i += 1) if (inside[i]) insideIndex[k++] = i;
  return { window, size, inside, insideIndex };
}

/**
 * Every capture of one window whose field is at least half clear and not uniform, standardised over
 * its clear pixels (two passes), summed per pixel (oldest capture first: the same sums every time).
 */
export async function windowSums(
  source: ImagerySource,
  field: FieldAoi,
  { label, from, to }: ProductivityWindow,
  algorithm: ImageryAlgorithm,
  resolutionM: number,
): Promise<WindowSums> {
  const begun = performance.now();
  const { window, size, insideIndex } = fieldMask(field, resolutionM);
  const insideCount = insideIndex.length;
  const sum = new Float64Array(size);
  const rawSum = new Float64Array(size);
  const count = new Uint16Array(size);
  // One capture's clear pixels inside the field, packed: where each is and its value (reused per capture,
  // so the passes after the first walk contiguous memory and nothing is allocated per capture).
  const clearAt = new Int32Array(insideCount);
  const clearValue = new Float64Array(insideCount);
  const clearClass = pixelClass.clear;
  const captures: WindowSums['captures'] = [];
  let readMs = 0;
  const listed = performance.now();
  const inWindow = await source.catalog([field], 'standard', { from, to });
  readMs += performance.now() - listed;
  for (const capture of [...inWindow].sort((a, b) => a.date.localeCompare(b.date))) {
    const started = performance.now();
    const read = await source.read([field], capture, algorithmBands[algorithm], window);
    const values = computeIndex(algorithm, read);
    readMs += performance.now() - started;
    // Over the field's pixels only: the clear ones (finite: v − v is 0) packed with their sum, then
    // their spread about the mean over the packed values (two passes, as the reference).
    const mask = read.mask;
    let clearInside = 0;
    let total = 0;
    for (let k = 0; k < insideCount; k += 1) {
      const i = insideIndex[k] as number;
      const value = values[i] as number;
      if (mask[i] !== clearClass || value - value !== 0) continue;
      clearAt[clearInside] = i;
      clearValue[clearInside] = value;
      clearInside += 1;
      total += value;
    }
    if (insideCount === 0 || clearInside < MIN_CLEAR_SHARE * insideCount) continue;
    const mean = total / clearInside;
    let squares = 0;
    for (let j = 0; j < clearInside; j += 1) {
      const d = (clearValue[j] as number) - mean;
      squares += d * d;
    }
    const sd = Math.sqrt(squares / clearInside);
    // A uniform capture (bare soil after harvest, a flooded paddock) says nothing about where the field does better.
    if (!(sd >= MIN_SPREAD)) continue;
    captures.push({ date: capture.date, clearPercent: Math.round((clearInside / insideCount) * 1000) / 10 });
    for (let j = 0; j < clearInside; j += 1) {
      const i = clearAt[j] as number;
      const value = clearValue[j] as number;
      sum[i] = (sum[i] as number) + (value - mean) / sd;
      rawSum[i] = (rawSum[i] as number) + value;
      count[i] = (count[i] as number) + 1;
    }
  }
  return { label, sum, rawSum, count, captures, readMs, computeMs: performance.now() - begun - readMs };
}

/**
 * The productivity raster from each window's sums (in the windows' order): per pixel the mean of all
 * its z-scores, and each window's own means for the stability figures. Pixels clear on no capture are
 * filled from their neighbours.
 */
export function combineWindows(
  field: FieldAoi,
  resolutionM: number,
  windows: readonly WindowSums[],
): ProductivityRaster {
  const { window, size, inside, insideIndex } = fieldMask(field, resolutionM);
  const grid = { width: window.width, height: window.height };
  const insideCount = insideIndex.length;
  const sum = new Float64Array(size);
  const count = new Uint32Array(size);
  const seasons: SeasonLayer[] = [];
  const captures: ProductivityRaster['captures'] = [];
  let readMs = 0;
  for (const part of windows) {
    const seasonValues = new Float32Array(size).fill(Number.NaN);
    const seasonRaw = new Float32Array(size).fill(Number.NaN);
    for (let i = 0; i < size; i += 1) {
      const n = part.count[i] as number;
      if (n === 0) continue;
      sum[i] = (sum[i] as number) + (part.sum[i] as number);
      count[i] = (count[i] as number) + n;
      seasonValues[i] = (part.sum[i] as number) / n;
      seasonRaw[i] = (part.rawSum[i] as number) / n;
    }
    seasons.push({ label: part.label, values: seasonValues, raw: seasonRaw, captures: part.captures.length });
    captures.push(...part.captures);
    readMs += part.readMs;
  }
  const values = new Float32Array(size);
  const valid = new Uint8Array(size);
  let measured = 0;
  for (let i = 0; i < size; i += 1) {
    const n = count[i] as number;
    if (n === 0) continue;
    values[i] = (sum[i] as number) / n;
    if (inside[i]) {
      valid[i] = 1;
      measured += 1;
    }
  }
  if (measured === 0) throw new NoClearPixelsError();
  const known = Uint8Array.from(valid);
  const filled = measured < insideCount ? fillGaps(grid, values, inside, known) : 0;
  const sources: RasterSource[] = captures.map(({ date, clearPercent }) => ({
    date,
    pixels: Math.round((clearPercent / 100) * insideCount),
  }));
  if (filled > 0) sources.push({ date: null, pixels: filled });
  return { grid, window, values, inside, valid, filled, sources, seasons, captures, readMs };
}

/**
 * The productivity raster of a field over `windows` (which do not overlap): every capture at least
 * half clear and not uniform, standardised over its clear pixels, averaged per pixel (all captures
 * together, and per window for the stability figures). One window after the other, in this thread.
 */
export async function productivityRaster(
  source: ImagerySource,
  field: FieldAoi,
  windows: readonly ProductivityWindow[],
  algorithm: ImageryAlgorithm,
  resolutionM: number,
): Promise<ProductivityRaster> {
  const sums: WindowSums[] = [];
  for (const window of windows) sums.push(await windowSums(source, field, window, algorithm, resolutionM));
  return combineWindows(field, resolutionM, sums);
}

/** How steady each zone is from season to season. */
export interface ZoneStability {
  zone: number;
  /** Share (0–1) of the zone's pixels that fell in the zone's class in every season that saw them. */
  stableShare: number;
  /** Coefficient of variation (sd / mean) of the zone's mean raw index across the seasons; null below two seasons. */
  cv: number | null;
}

export interface StabilityResult {
  /** Per pixel, the share (0–1) of seasons in which it fell in its zone's class; NaN outside the field or never seen. */
  agreement: Float32Array;
  zones: ZoneStability[];
  /** Seasons that counted (had at least one clear capture). */
  seasons: string[];
}

/**
 * Zone stability: each season's standardised raster classified with the productivity zoning's breaks;
 * per pixel the share of seasons in which it fell in the class of its (final) zone; per zone the share
 * of its pixels stable in every season, and the CV of its seasonal mean raw index.
 */
export function zoneStability(
  raster: Pick<ProductivityRaster, 'inside' | 'seasons'>,
  breaks: readonly number[],
  classes: Uint8Array,
  zones: number,
): StabilityResult {
  const { inside } = raster;
  const size = inside.length;
  const counted = raster.seasons.filter((season) => season.captures > 0);
  const agree = new Uint16Array(size);
  const votes = new Uint16Array(size);
  const zoneRawSums = counted.map(() => ({ sum: new Float64Array(zones + 1), n: new Float64Array(zones + 1) }));
  counted.forEach((season, s) => {
    const seen = new Uint8Array(size);
    for (let i = 0; i < size; i += 1) seen[i] = inside[i] && Number.isFinite(season.values[i] as number) ? 1 : 0;
    const seasonClasses = classify(season.values, seen, breaks);
    const sums = zoneRawSums[s] as { sum: Float64Array; n: Float64Array };
    for (let i = 0; i < size; i += 1) {
      if (!seen[i]) continue;
      const zone = classes[i] as number;
      if (zone === 0) continue;
      votes[i] = (votes[i] as number) + 1;
      if (seasonClasses[i] === zone) agree[i] = (agree[i] as number) + 1;
      sums.sum[zone] = (sums.sum[zone] as number) + (season.raw[i] as number);
      sums.n[zone] = (sums.n[zone] as number) + 1;
    }
  });
  const agreement = new Float32Array(size).fill(Number.NaN);
  const stable = new Float64Array(zones + 1);
  const total = new Float64Array(zones + 1);
  for (let i = 0; i < size; i += 1) {
    const zone = classes[i] as number;
    if (!inside[i] || zone === 0 || votes[i] === 0) continue;
    const share = (agree[i] as number) / (votes[i] as number);
    agreement[i] = share;
    total[zone] = (total[zone] as number) + 1;
    if (share === 1) stable[zone] = (stable[zone] as number) + 1;
  }
  const result: ZoneStability[] = [];
  for (let zone = 1; zone <= zones; zone += 1) {
    const means = zoneRawSums
      .filter(({ n }) => (n[zone] as number) > 0)
      .map(({ sum, n }) => (sum[zone] as number) / (n[zone] as number));
    let cv: number | null = null;
    if (means.length >= 2) {
      const mean = means.reduce((a, b) => a + b, 0) / means.length;
      const sd = Math.sqrt(means.reduce((a, b) => a + (b - mean) ** 2, 0) / means.length);
      cv = mean !== 0 ? Math.abs(sd / mean) : null;
    }
    result.push({
      zone,
      stableShare: (total[zone] as number) > 0 ? (stable[zone] as number) / (total[zone] as number) : 0,
      cv,
    });
  }
  return { agreement, zones: result, seasons: counted.map((season) => season.label) };
}

/** The stability layer's colours: every season in its zone, most seasons, half or fewer. */
export const STABILITY_CLASSES = [
  { label: 'Same zone every season', min: 1, rgb: [26, 150, 65] },
  { label: 'Same zone in most seasons', min: 0.5 + 1e-9, rgb: [253, 174, 97] },
  { label: 'Same zone in half the seasons or fewer', min: 0, rgb: [215, 25, 28] },
] as const;

/** A PNG of the agreement raster over the zoning window (transparent outside the field). */
export async function stabilityPng(agreement: Float32Array, width: number, height: number): Promise<Uint8Array> {
  const rgba = new Uint8Array(width * height * 4);
  const [every, most, fewer] = STABILITY_CLASSES;
  for (let i = 0; i < agreement.length; i += 1) {
    const share = agreement[i] as number;
    if (share - share !== 0) continue; // NaN: outside the field or never seen
    const { rgb } = share >= every.min ? every : share >= most.min ? most : fewer;
    const at = i * 4;
    rgba[at] = rgb[0];
    rgba[at + 1] = rgb[1];
    rgba[at + 2] = rgb[2];
    rgba[at + 3] = 255;
  }
  return new Uint8Array(
    await sharp(rgba, { raw: { width, height, channels: 4 } })
      .png()
      .toBuffer(),
  );
}

/** Pearson correlation of two layers over the pixels where `use` is 1; null without spread. */
export function pearson(a: Float32Array, b: Float32Array, use: Uint8Array): number | null {
  let n = 0;
  let sa = 0;
  let sb = 0;
  for (let i = 0; i < a.length; i += 1) {
    if (!use[i]) continue;
    n += 1;
    sa += a[i] as number;
    sb += b[i] as number;
  }
  if (n < 2) return null;
  const ma = sa / n;
  const mb = sb / n;
  let cov = 0;
  let va = 0;
  let vb = 0;
  for (let i = 0; i < a.length; i += 1) {
    if (!use[i]) continue;
    const da = (a[i] as number) - ma;
    const db = (b[i] as number) - mb;
    cov += da * db;
    va += da * da;
    vb += db * db;
  }
  return va > 0 && vb > 0 ? cov / Math.sqrt(va * vb) : null;
}

export interface EmWeights {
  shallow: number;
  deep: number;
  index: number;
}

export interface EmRaster extends FieldRaster {
  /** Pearson correlations between the standardised layers, over pixels all three measured. */
  correlations: { shallowDeep: number | null; shallowIndex: number | null; deepIndex: number | null };
}

/**
 * EM with imagery: the survey's shallow and deep conductivity and the imagery index raster (gap
 * filled as for single-date zones), each standardised over the field's measured pixels, combined as
 * Σ wᵢ·zᵢ / Σ wᵢ (weights of 0 leave a layer out).
 */
export async function emImageryRaster(
  source: ImagerySource,
  field: FieldAoi,
  survey: Capture,
  imagery: FieldRaster,
  weights: EmWeights,
): Promise<EmRaster> {
  const { window, inside } = imagery;
  const size = inside.length;
  const read = await source.read([field], survey, ['EM_SHALLOW', 'EM_DEEP'], window);
  const shallow = computeIndex('SHALLOW', read);
  const deep = computeIndex('DEEP', read);
  const index = Float32Array.from(imagery.values);
  const all = new Uint8Array(size);
  let measured = 0;
  for (let i = 0; i < size; i += 1) {
    all[i] =
      inside[i] &&
      imagery.valid[i] &&
      read.mask[i] === pixelClass.clear &&
      Number.isFinite(shallow[i] as number) &&
      Number.isFinite(deep[i] as number)
        ? 1
        : 0;
    measured += all[i] as number;
  }
  if (measured === 0) throw new NoClearPixelsError();
  for (const layer of [shallow, deep, index]) standardise(layer, all);
  const total = weights.shallow + weights.deep + weights.index;
  const values = new Float32Array(size);
  for (let i = 0; i < size; i += 1) {
    if (!all[i]) continue;
    values[i] =
      ((shallow[i] as number) * weights.shallow +
        (deep[i] as number) * weights.deep +
        (index[i] as number) * weights.index) /
      total;
  }
  const known = Uint8Array.from(all);
  let insideCount = 0;
  for (let i = 0; i < size; i += 1) insideCount += inside[i] as number;
  const filled = measured < insideCount ? fillGaps(imagery.grid, values, inside, known) : 0;
  return {
    grid: imagery.grid,
    window,
    values,
    inside,
    valid: all,
    filled,
    sources: imagery.sources,
    correlations: {
      shallowDeep: pearson(shallow, deep, all),
      shallowIndex: pearson(shallow, index, all),
      deepIndex: pearson(deep, index, all),
    },
  };
}

/** Zones of a productivity raster, with their stability per zone and the stability layer. */
export async function zoneProductivity(
  field: FieldAoi,
  raster: ProductivityRaster,
  zones: number,
  resolutionM: number,
  minZoneHa: number | null,
): Promise<{ zoning: FieldZoning; stability: StabilityResult; png: Uint8Array }> {
  let classes: Uint8Array = new Uint8Array(0);
  const zoning = zoneRaster(field, raster, zones, resolutionM, minZoneHa, (final) => {
    classes = final;
  });
  const stability = zoneStability(raster, zoning.breaks, classes, zones);
  const png = await stabilityPng(stability.agreement, raster.grid.width, raster.grid.height);
  return { zoning, stability, png };
}

/** What a productivity or EM zoning is made from, beside the common zoning settings. */
export type ZoningBasis =
  | {
      kind: 'seasons';
      /** Seasons by the year they start in (each field's crop decides the months), or one date range. */
      seasons: number[];
      range: { from: string; to: string } | null;
      /** Nothing after this day is read (today). */
      until: string;
    }
  | { kind: 'em'; capture: Capture; surveys: Record<string, Capture>; weights: EmWeights };

export interface BasisZoningRequest extends Omit<ZoningRequest, 'capture'> {
  basis: ZoningBasis;
  /** Seasons: each field's window sums already computed (by other worker threads), by field id. */
  windowSums?: Record<string, WindowSums[]>;
}

/** Per field, what a productivity or EM zoning adds to the zones. */
export interface FieldBasisFigures {
  fieldId: string;
  seasons?: { label: string; captures: number }[];
  stability?: { seasons: string[]; zones: ZoneStability[]; png: string; extent3857: [number, number, number, number] };
  correlations?: EmRaster['correlations'];
}

/** Zones of every field from a productivity (seasons) or EM-with-imagery basis. */
export async function zoneFieldsByBasis(
  source: ImagerySource,
  request: BasisZoningRequest,
): Promise<ZoningResult & { figures: FieldBasisFigures[] }> {
  const fields: FieldZoning[] = [];
  const figures: FieldBasisFigures[] = [];
  const clouded: string[] = [];
  const timings = { readMs: 0, zoningMs: 0 };
  const { basis } = request;
  for (const field of request.fields) {
    try {
      const started = performance.now();
      if (basis.kind === 'seasons') {
        const computed = request.windowSums?.[field.fieldId];
        const raster = computed
          ? combineWindows(field, request.resolutionM, computed)
          : await productivityRaster(source, field, windowsOf(field, basis), request.algorithm, request.resolutionM);
        // Reading the captures is the source's time; standardising, averaging and zoning are the engine's
        // (summed over the threads that read the seasons, when they were read in parallel).
        const elsewhere = computed ? computed.reduce((sum, part) => sum + part.computeMs, 0) : 0;
        // In this thread: the reads (when not done elsewhere), then combining, standardising and zoning.
        const readHere = computed ? 0 : raster.readMs;
        const { zoning, stability, png } = await zoneProductivity(
          field,
          raster,
          request.zones,
          request.resolutionM,
          request.minZoneHa,
        );
        fields.push(zoning);
        figures.push({
          fieldId: field.fieldId,
          seasons: raster.seasons.map(({ label, captures }) => ({ label, captures })),
          stability: {
            seasons: stability.seasons,
            zones: stability.zones,
            png: Buffer.from(png).toString('base64'),
            extent3857: raster.window.bbox,
          },
        });
        timings.readMs += raster.readMs;
        timings.zoningMs += elsewhere + performance.now() - started - readHere;
      } else {
        const survey = basis.surveys[field.fieldId];
        if (!survey) throw new Error(`No Rapid-EM survey for field ${field.fieldId}`);
        const imagery = await fieldRaster(source, field, basis.capture, request.algorithm, request.resolutionM);
        const raster = await emImageryRaster(source, field, survey, imagery, basis.weights);
        const read = performance.now();
        fields.push(zoneRaster(field, raster, request.zones, request.resolutionM, request.minZoneHa));
        figures.push({ fieldId: field.fieldId, correlations: raster.correlations });
        timings.readMs += read - started;
        timings.zoningMs += performance.now() - read;
      }
    } catch (error) {
      if (!(error instanceof NoClearPixelsError)) throw error;
      clouded.push(field.fieldId);
    }
  }
  return { fields, clouded, timings, figures };
}
