import { EXPORT_MAX_WIDTH, type ImageryAlgorithm } from '@paddock/shared/contracts';
import sharp from 'sharp';
import { mercatorBBox, mercatorScale, subWindow, tileWindow, TILE_SIZE } from './geo';
import { algorithmBands, computeIndex } from './indices';
import { paletteLookup, PALETTES } from './palettes';
import { codedPalettePng, palettePng } from './png';
import { rasteriseFields } from './rasterise';
import {
  pixelClass,
  type BandName,
  type Capture,
  type FieldAoi,
  type ImagerySource,
  type RasterRead,
  type RasterWindow,
} from './source';
import { summarise, ValueCollector, type ValueSummary } from './statistics';

/**
 * The imagery engine's raster work, run inside the worker threads: cloud cover measured inside
 * fields, statistics over clear pixels, and tiles. Pure functions of a source and their inputs.
 */

/** Pixel budgets: statistics at native resolution up to this many pixels, cloud cover on a coarser grid. */
export const STATISTICS_MAX_PIXELS = 1 << 20;
export const CLOUD_MAX_PIXELS = 128 * 128;

/** One field's measurement window: pixels on a lattice shared by all the fields of a request. */
export interface FieldWindow {
  field: FieldAoi;
  window: RasterWindow;
}

/**
 * A window per field over its bbox, on one lattice of square mercator cells: the capture's native
 * resolution, coarsened evenly when the fields together would exceed `maxPixels`. Shared cells keep
 * pixel counts comparable between fields, so percentages over several fields are true area shares.
 */
export function measurementWindows(fields: readonly FieldAoi[], resolutionM: number, maxPixels: number): FieldWindow[] {
  if (fields.length === 0) return [];
  const latitudes = fields.flatMap((field) => [field.bbox[1], field.bbox[3]]);
  const middleLatitude = (Math.min(...latitudes) + Math.max(...latitudes)) / 2;
  const boxes = fields.map((field) => mercatorBBox(field.bbox));
  let cell = resolutionM * mercatorScale(middleLatitude);
  const pixelsAt = (size: number) =>
    boxes.reduce(
      (sum, [minX, minY, maxX, maxY]) =>
        sum + (Math.ceil(maxX / size) - Math.floor(minX / size)) * (Math.ceil(maxY / size) - Math.floor(minY / size)),
      0,
    );
  const pixels = pixelsAt(cell);
  if (pixels > maxPixels) cell *= Math.sqrt(pixels / maxPixels) * 1.01;
  while (pixelsAt(cell) > maxPixels) cell *= 1.05;
  return fields.map((field, index) => {
    const [minX, minY, maxX, maxY] = boxes[index] as RasterWindow['bbox'];
    const left = Math.floor(minX / cell);
    const bottom = Math.floor(minY / cell);
    const right = Math.ceil(maxX / cell);
    const top = Math.ceil(maxY / cell);
    return {
      field,
      window: {
        bbox: [left * cell, bottom * cell, right * cell, top * cell],
        width: right - left,
        height: top - bottom,
      },
    };
  });
}

/** Reads each field's window and hands its pixels inside the field (label 1) to `visit`. */
async function forEachFieldRead(
  source: ImagerySource,
  windows: readonly FieldWindow[],
  capture: Capture,
  bands: readonly BandName[],
  visit: (read: RasterRead, inside: Uint16Array) => void,
): Promise<void> {
  for (const { field, window } of windows) {
    const read = await source.read([field], capture, bands, window);
    visit(read, rasteriseFields([field], window));
  }
}

/** Share (0–100, one decimal) of the fields' pixels with data that are cloud or cloud shadow; 100 with no data at all. */
export async function measureCloudPercent(
  source: ImagerySource,
  fields: readonly FieldAoi[],
  capture: Capture,
): Promise<number> {
  let obscured = 0;
  let seen = 0;
  await forEachFieldRead(
    source,
    measurementWindows(fields, capture.resolutionM, CLOUD_MAX_PIXELS),
    capture,
    [],
    ({ mask }, inside) => {
      for (let i = 0; i < mask.length; i += 1) {
        if (inside[i] === 0 || mask[i] === pixelClass.noData) continue;
        seen += 1;
        if (mask[i] === pixelClass.cloud || mask[i] === pixelClass.shadow) obscured += 1;
      }
    },
  );
  return seen === 0 ? 100 : Math.round((obscured / seen) * 1000) / 10;
}

export interface CaptureStatistics {
  /** Over clear pixels inside the fields; null when none are clear. */
  summary: ValueSummary | null;
  cloudPercent: number;
}

/** Statistics of a calculation over the fields' clear pixels (cloud, shadow and no-data left out), plus cloud cover. */
export async function fieldStatistics(
  source: ImagerySource,
  fields: readonly FieldAoi[],
  capture: Capture,
  algorithm: ImageryAlgorithm,
  maxPixels = STATISTICS_MAX_PIXELS,
): Promise<CaptureStatistics> {
  const values = new ValueCollector();
  let obscured = 0;
  let seen = 0;
  await forEachFieldRead(
    source,
    measurementWindows(fields, capture.resolutionM, maxPixels),
    capture,
    algorithmBands[algorithm],
    (read, inside) => {
      const index = computeIndex(algorithm, read);
      for (let i = 0; i < index.length; i += 1) {
        if (inside[i] === 0 || read.mask[i] === pixelClass.noData) continue;
        seen += 1;
        if (read.mask[i] !== pixelClass.clear) {
          obscured += 1;
          continue;
        }
        const value = index[i] as number;
        if (Number.isFinite(value)) values.push(value);
      }
    },
  );
  return {
    summary: summarise(values.values()),
    cloudPercent: seen === 0 ? 100 : Math.round((obscured / seen) * 1000) / 10,
  };
}

/** Room around the fields that a regional calculation's stretch looks at, as a share of their extent (and at least). */
const REGION_MARGIN = 0.5;
const REGION_MIN_MARGIN_M = 1_000;
/** The regional stretch samples the region on a coarse grid: percentiles need no more. */
export const REGION_MAX_PIXELS = 256 * 256;

/**
 * Summary of a calculation over the clear pixels of the region around the fields (their extent with a
 * margin), not clipped to them: the stretch of a regional layer (NDVI-R), which draws that region.
 */
export async function regionSummary(
  source: ImagerySource,
  fields: readonly FieldAoi[],
  capture: Capture,
  algorithm: ImageryAlgorithm,
  maxPixels = REGION_MAX_PIXELS,
): Promise<ValueSummary | null> {
  if (fields.length === 0) return null;
  const [minX, minY, maxX, maxY] = fieldsMercatorBBox(fields);
  const margin = Math.max(REGION_MIN_MARGIN_M, REGION_MARGIN * Math.max(maxX - minX, maxY - minY));
  const bbox: RasterWindow['bbox'] = [minX - margin, minY - margin, maxX + margin, maxY + margin];
  const cell = Math.max(capture.resolutionM, Math.sqrt(((bbox[2] - bbox[0]) * (bbox[3] - bbox[1])) / maxPixels));
  const width = Math.max(1, Math.round((bbox[2] - bbox[0]) / cell));
  const height = Math.max(1, Math.round((bbox[3] - bbox[1]) / cell));
  const read = await source.read(fields, capture, algorithmBands[algorithm], { bbox, width, height });
  const index = computeIndex(algorithm, read);
  const values = new ValueCollector();
  for (let i = 0; i < index.length; i += 1) {
    if (read.mask[i] !== pixelClass.clear) continue;
    const value = index[i] as number;
    if (Number.isFinite(value)) values.push(value);
  }
  return summarise(values.values());
}

/** What a rendering shows, wherever it is drawn (a tile, or the map image of an export). */
export interface RenderRequest {
  /** The selected fields: the image is clipped to them (except NDVI-R). */
  fields: readonly FieldAoi[];
  /** NDVI-R only: every field the source should know about in the region (e.g. the whole farm). */
  regionFields?: readonly FieldAoi[];
  capture: Capture;
  algorithm: ImageryAlgorithm;
  /** Values drawn in the palette's first and last colour. */
  valueRange: readonly [number, number];
  /** Draw the whole window, not only the fields (NDVI-R always is; the base map's true colour is too). */
  unclipped?: boolean;
}

export interface TileRequest extends RenderRequest {
  z: number;
  x: number;
  y: number;
}

/** The map image of a PDF export: the fields' extent, `width` pixels across. */
export interface ExportRequest extends RenderRequest {
  width: number;
}

/** How obscured pixels are drawn on calculated layers: translucent white cloud, translucent grey shadow. */
const CLOUD_RGBA = [255, 255, 255, 170] as const;
const SHADOW_RGBA = [70, 70, 80, 140] as const;

/** What a calculated layer's pixel is drawn as: a palette step (0–255), cloud, shadow, or nothing. */
const CLOUD_CODE = 256;
const SHADOW_CODE = 257;
const NOTHING_CODE = 258;

/** Each code's RGBA (4 bytes per code) for a calculation: its palette's steps, the overlays, transparent. */
const colourTables = new Map<ImageryAlgorithm, Uint8Array>();
const colourTableFor = (algorithm: ImageryAlgorithm): Uint8Array => {
  let table = colourTables.get(algorithm);
  if (!table) {
    const lookup = paletteLookup(PALETTES[algorithm]);
    table = new Uint8Array((NOTHING_CODE + 1) * 4);
    for (let step = 0; step < 256; step += 1) {
      table.set(
        [lookup[step * 3] as number, lookup[step * 3 + 1] as number, lookup[step * 3 + 2] as number, 255],
        step * 4,
      );
    }
    table.set(CLOUD_RGBA, CLOUD_CODE * 4);
    table.set(SHADOW_RGBA, SHADOW_CODE * 4);
    colourTables.set(algorithm, table);
  }
  return table;
};

/** Where a read lands in the image (`stride` pixels wide), and which of its pixels to draw (null: all). */
interface Placement {
  stride: number;
  width: number;
  height: number;
  column: number;
  row: number;
  labels: Uint16Array | null;
}

/** A calculated layer's codes: each pixel's palette step, or cloud or shadow (the rest stay as they are). */
function paintIndex(
  codes: Uint16Array,
  at: Placement,
  mask: Uint8Array,
  index: Float32Array,
  low: number,
  scale: number,
): void {
  for (let row = 0; row < at.height; row += 1) {
    let offset = (at.row + row) * at.stride + at.column;
    for (let i = row * at.width, end = i + at.width; i < end; i += 1, offset += 1) {
      if (at.labels !== null && at.labels[i] === 0) continue;
      const cls = mask[i];
      if (cls === pixelClass.cloud || cls === pixelClass.shadow) {
        codes[offset] = cls === pixelClass.cloud ? CLOUD_CODE : SHADOW_CODE;
        continue;
      }
      const value = index[i] as number;
      if (cls !== pixelClass.clear || !Number.isFinite(value)) continue;
      codes[offset] = Math.min(255, Math.max(0, Math.round((value - low) * scale)));
    }
  }
}

/** RGBA of codes through their colour table. */
function codesToRgba(codes: Uint16Array, table: Uint8Array): Uint8Array {
  const rgba = new Uint8Array(codes.length * 4);
  for (let p = 0; p < codes.length; p += 1) {
    const at = (codes[p] as number) * 4;
    rgba[p * 4] = table[at] as number;
    rgba[p * 4 + 1] = table[at + 1] as number;
    rgba[p * 4 + 2] = table[at + 2] as number;
    rgba[p * 4 + 3] = table[at + 3] as number;
  }
  return rgba;
}

/** Brightness steps of the true-colour curve. */
const COLOUR_STEPS = 1024;
/** True colour looks natural with a little gamma lift. */
const COLOUR_CURVE = Uint8Array.from({ length: COLOUR_STEPS + 1 }, (_, k) =>
  Math.round(255 * (k / COLOUR_STEPS) ** (1 / 1.4)),
);

/** True colour: red, green and blue reflectance stretched from `low` to `low + span`, clouds and all. */
function paintTrueColour(
  rgba: Uint8Array,
  at: Placement,
  mask: Uint8Array,
  channels: readonly Float32Array[],
  low: number,
  span: number,
): void {
  const scale = COLOUR_STEPS / span;
  for (let row = 0; row < at.height; row += 1) {
    let offset = ((at.row + row) * at.stride + at.column) * 4;
    for (let i = row * at.width, end = i + at.width; i < end; i += 1, offset += 4) {
      if ((at.labels !== null && at.labels[i] === 0) || mask[i] === pixelClass.noData) continue;
      let drawn = true;
      for (let c = 0; c < 3; c += 1) {
        const value = (channels[c] as Float32Array)[i] as number;
        if (!Number.isFinite(value)) drawn = false;
        rgba[offset + c] = COLOUR_CURVE[
          Math.min(COLOUR_STEPS, Math.max(0, Math.round((value - low) * scale)))
        ] as number;
      }
      rgba[offset + 3] = drawn ? 255 : 0;
    }
  }
}

/** A window's read for the request and where it lands in the image; null when the fields miss the window. */
async function readFor(
  source: ImagerySource,
  request: RenderRequest,
  target: RasterWindow,
): Promise<{ read: RasterRead; at: Placement } | null> {
  const { algorithm, capture, fields } = request;
  const regional = algorithm === 'NDVI-R' || request.unclipped === true;
  const part = regional ? { window: target, column: 0, row: 0 } : clippedPart(target, fields);
  if (!part) return null;
  const read = await source.read(
    regional ? (request.regionFields ?? fields) : fields,
    capture,
    algorithmBands[algorithm],
    part.window,
  );
  const at: Placement = {
    stride: target.width,
    width: part.window.width,
    height: part.window.height,
    column: part.column,
    row: part.row,
    labels: regional ? null : rasteriseFields(fields, part.window),
  };
  return { read, at };
}

/** A calculated layer's codes over a mercator window (`NOTHING_CODE` outside the fields, unless NDVI-R, and where there is no data). */
async function windowCodes(source: ImagerySource, request: RenderRequest, target: RasterWindow): Promise<Uint16Array> {
  const codes = new Uint16Array(target.width * target.height).fill(NOTHING_CODE);
  const drawn = await readFor(source, request, target);
  if (!drawn) return codes;
  const [low, high] = request.valueRange;
  const span = high - low || 1;
  paintIndex(codes, drawn.at, drawn.read.mask, computeIndex(request.algorithm, drawn.read), low, 255 / span);
  return codes;
}

/** RGBA pixels of a mercator window; transparent outside the fields (unless NDVI-R) and where there is no data. */
async function windowPixels(source: ImagerySource, request: RenderRequest, target: RasterWindow): Promise<Uint8Array> {
  const { algorithm } = request;
  if (algorithm !== 'COLOUR') return codesToRgba(await windowCodes(source, request, target), colourTableFor(algorithm));
  const rgba = new Uint8Array(target.width * target.height * 4);
  const drawn = await readFor(source, request, target);
  if (!drawn) return rgba;
  const [low, high] = request.valueRange;
  const channels = (['B04', 'B03', 'B02'] as const).map((band) => drawn.read.bands[band] as Float32Array);
  paintTrueColour(rgba, drawn.at, drawn.read.mask, channels, low, high - low || 1);
  return rgba;
}

/** The mercator bbox around all the fields. */
function fieldsMercatorBBox(fields: readonly FieldAoi[]): RasterWindow['bbox'] {
  const boxes = fields.map((field) => mercatorBBox(field.bbox));
  return [
    Math.min(...boxes.map((box) => box[0])),
    Math.min(...boxes.map((box) => box[1])),
    Math.max(...boxes.map((box) => box[2])),
    Math.max(...boxes.map((box) => box[3])),
  ];
}

/** The part of the window the fields' bboxes cover (pixel-aligned), or null when they miss it. */
export function clippedPart(target: RasterWindow, fields: readonly FieldAoi[]) {
  if (fields.length === 0) return null;
  return subWindow(target, fieldsMercatorBBox(fields));
}

/** PNG compression: level 4 without adaptive filtering is the size/speed sweet spot for tiles (filtering costs 4× for under 1% smaller files). */
const PNG_OPTIONS = { compressionLevel: 4, adaptiveFiltering: false } as const;

export async function encodePng(rgba: Uint8Array, width = TILE_SIZE, height = TILE_SIZE): Promise<Uint8Array> {
  // A palette PNG when the pixels fit one (calculated layers nearly always do), else RGBA through sharp.
  const indexed = palettePng(rgba, width, height, PNG_OPTIONS.compressionLevel);
  if (indexed) return indexed;
  const png = await sharp(rgba, { raw: { width, height, channels: 4 } })
    .png(PNG_OPTIONS)
    .toBuffer();
  return new Uint8Array(png.buffer, png.byteOffset, png.byteLength);
}

export async function renderTile(source: ImagerySource, request: TileRequest): Promise<Uint8Array> {
  const target = tileWindow(request.z, request.x, request.y);
  if (request.algorithm === 'COLOUR') return encodePng(await windowPixels(source, request, target));
  // A calculated layer goes from codes to a palette PNG directly (the same file as through RGBA).
  const codes = await windowCodes(source, request, target);
  const table = colourTableFor(request.algorithm);
  return (
    codedPalettePng(codes, table, target.width, target.height, PNG_OPTIONS.compressionLevel) ??
    encodePng(codesToRgba(codes, table))
  );
}

/** Room around the fields in an export image, as a share of their extent. */
const EXPORT_MARGIN = 0.05;
const OUTLINE_RGBA = [29, 42, 31, 255] as const;

/** The export image's window: the fields' extent with a margin, `width` pixels across (neither side beyond EXPORT_MAX_WIDTH). */
function exportWindow(fields: readonly FieldAoi[], width: number): RasterWindow {
  const [minX, minY, maxX, maxY] = fieldsMercatorBBox(fields);
  const margin = Math.max(maxX - minX, maxY - minY) * EXPORT_MARGIN;
  const bbox: RasterWindow['bbox'] = [minX - margin, minY - margin, maxX + margin, maxY + margin];
  const aspect = (bbox[3] - bbox[1]) / (bbox[2] - bbox[0]);
  const across = Math.min(width, EXPORT_MAX_WIDTH, Math.floor(EXPORT_MAX_WIDTH / aspect));
  return { bbox, width: Math.max(1, across), height: Math.max(1, Math.round(across * aspect)) };
}

/** Draws the fields' boundaries: inside pixels next to another field or to the outside, two pixels thick. */
function drawOutlines(rgba: Uint8Array, window: RasterWindow, fields: readonly FieldAoi[]): void {
  const labels = rasteriseFields(fields, window);
  const { width, height } = window;
  const labelAt = (column: number, row: number) =>
    column < 0 || row < 0 || column >= width || row >= height ? 0 : (labels[row * width + column] as number);
  for (let row = 0; row < height; row += 1) {
    for (let column = 0; column < width; column += 1) {
      const label = labels[row * width + column] as number;
      if (label === 0) continue;
      let edge = false;
      for (let d = 1; d <= 2 && !edge; d += 1) {
        edge =
          labelAt(column - d, row) !== label ||
          labelAt(column + d, row) !== label ||
          labelAt(column, row - d) !== label ||
          labelAt(column, row + d) !== label;
      }
      if (edge) rgba.set(OUTLINE_RGBA, (row * width + column) * 4);
    }
  }
}

/** The map image of a PDF export: the calculation over the fields' extent, with their boundaries, as a PNG. */
export async function renderExport(source: ImagerySource, request: ExportRequest): Promise<Uint8Array> {
  const window = exportWindow(request.fields, request.width);
  const rgba = await windowPixels(source, request, window);
  drawOutlines(rgba, window, request.fields);
  return encodePng(rgba, window.width, window.height);
}
