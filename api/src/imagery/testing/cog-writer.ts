import { deflateSync } from 'node:zlib';

/**
 * A pure-JS Cloud-Optimized GeoTIFF writer for tests and benchmarks: one band, square tiles, internal
 * overviews (each half the size of the one before), every IFD ahead of the pixel data and the
 * overviews' data ahead of the full resolution's (the COG layout, so a reader gets all headers from
 * the start of the file and then only the tiles it needs), a projected CRS by EPSG code (UTM zones,
 * web mercator), optional nodata and GDAL scale/offset metadata. Classic little-endian TIFF, so files
 * up to 4 GiB.
 */

export type CogSamples = Uint8Array | Uint16Array | Float32Array;

export interface CogOptions {
  width: number;
  height: number;
  /** width*height samples, row-major, row 0 at the top (north). */
  data: CogSamples;
  /** A projected CRS, e.g. 32755 (WGS 84 / UTM zone 55S). */
  epsg: number;
  /** Map coordinates of the top-left corner of the top-left pixel. */
  origin: readonly [x: number, y: number];
  /** Square pixels, in CRS units (metres). */
  pixelSize: number;
  /** Tile edge in pixels, a multiple of 16. Default 256. */
  tileSize?: number;
  /** Default 'deflate' (zlib, TIFF compression 8). */
  compression?: 'deflate' | 'none';
  /** How overview pixels are made. Default: 'nearest' for 8-bit classes, 'average' otherwise. */
  overviewResampling?: 'average' | 'nearest';
  /** Value of pixels without data (GDAL_NODATA); left out of overview averages. */
  noData?: number;
  /** Written as GDAL metadata (what `gdalinfo` shows as Offset/Scale). */
  scale?: number;
  offset?: number;
}

const TAG = {
  NewSubfileType: 254,
  ImageWidth: 256,
  ImageLength: 257,
  BitsPerSample: 258,
  Compression: 259,
  PhotometricInterpretation: 262,
  SamplesPerPixel: 277,
  PlanarConfiguration: 284,
  TileWidth: 322,
  TileLength: 323,
  TileOffsets: 324,
  TileByteCounts: 325,
  SampleFormat: 339,
  ModelPixelScale: 33550,
  ModelTiepoint: 33922,
  GeoKeyDirectory: 34735,
  GdalMetadata: 42112,
  GdalNoData: 42113,
} as const;

const TYPE = { ASCII: 2, SHORT: 3, LONG: 4, DOUBLE: 12 } as const;
const TYPE_SIZE: Record<number, number> = { [TYPE.ASCII]: 1, [TYPE.SHORT]: 2, [TYPE.LONG]: 4, [TYPE.DOUBLE]: 8 };

interface Entry {
  tag: number;
  type: number;
  values: readonly number[] | string;
}

interface Level {
  width: number;
  height: number;
  data: CogSamples;
  tiles: Buffer[];
}

export function writeCog(options: CogOptions): Buffer {
  const { width, height, data } = options;
  if (data.length !== width * height)
    throw new Error(`COG data has ${data.length} samples, expected ${width}×${height}`);
  const tileSize = options.tileSize ?? 256;
  if (tileSize % 16 !== 0) throw new Error('COG tile size must be a multiple of 16');
  const compress = (options.compression ?? 'deflate') === 'deflate';
  const resampling = options.overviewResampling ?? (data instanceof Uint8Array ? 'nearest' : 'average');

  const levels: Level[] = [];
  for (let level = { width, height, data }; ;) {
    levels.push({
      ...level,
      tiles: cutTiles(level.data, level.width, level.height, tileSize, options.noData ?? 0, compress),
    });
    if (level.width <= tileSize && level.height <= tileSize) break;
    level = halve(level.data, level.width, level.height, resampling, options.noData);
  }

  const ifds = levels.map((level, index) => ifdEntries(options, level, index, tileSize, compress));
  // Layout: header, every IFD (with its out-of-line values), then tile data, smallest overview first.
  let cursor = 8;
  const ifdOffsets = ifds.map((entries) => {
    const at = cursor;
    cursor += ifdSize(entries);
    return at;
  });
  const tileOffsets: number[][] = [];
  for (let index = levels.length - 1; index >= 0; index--) {
    tileOffsets[index] = (levels[index] as Level).tiles.map((tile) => {
      const at = cursor;
      cursor += tile.length;
      return at;
    });
  }
  if (cursor > 0xffffffff) throw new Error('COG larger than 4 GiB: classic TIFF cannot address it');

  const out = Buffer.alloc(cursor);
  out.write('II', 0, 'latin1');
  out.writeUInt16LE(42, 2);
  out.writeUInt32LE(ifdOffsets[0] ?? 0, 4);
  ifds.forEach((entries, index) => {
    const withOffsets = entries.map((entry) =>
      entry.tag === TAG.TileOffsets ? { ...entry, values: tileOffsets[index] ?? [] } : entry,
    );
    writeIfd(out, ifdOffsets[index] ?? 0, withOffsets, ifdOffsets[index + 1] ?? 0);
  });
  levels.forEach((level, index) => level.tiles.forEach((tile, t) => tile.copy(out, tileOffsets[index]?.[t] ?? 0)));
  return out;
}

function sampleLayout(data: CogSamples): { bits: number; format: number } {
  if (data instanceof Float32Array) return { bits: 32, format: 3 };
  return { bits: data.BYTES_PER_ELEMENT * 8, format: 1 };
}

function ifdEntries(options: CogOptions, level: Level, index: number, tileSize: number, compress: boolean): Entry[] {
  const { bits, format } = sampleLayout(level.data);
  const entries: Entry[] = [
    { tag: TAG.NewSubfileType, type: TYPE.LONG, values: [index === 0 ? 0 : 1] },
    { tag: TAG.ImageWidth, type: TYPE.LONG, values: [level.width] },
    { tag: TAG.ImageLength, type: TYPE.LONG, values: [level.height] },
    { tag: TAG.BitsPerSample, type: TYPE.SHORT, values: [bits] },
    { tag: TAG.Compression, type: TYPE.SHORT, values: [compress ? 8 : 1] },
    { tag: TAG.PhotometricInterpretation, type: TYPE.SHORT, values: [1] },
    { tag: TAG.SamplesPerPixel, type: TYPE.SHORT, values: [1] },
    { tag: TAG.PlanarConfiguration, type: TYPE.SHORT, values: [1] },
    { tag: TAG.TileWidth, type: TYPE.SHORT, values: [tileSize] },
    { tag: TAG.TileLength, type: TYPE.SHORT, values: [tileSize] },
    // Offsets are known only once every IFD is sized; a placeholder of the right length for now.
    { tag: TAG.TileOffsets, type: TYPE.LONG, values: level.tiles.map(() => 0) },
    { tag: TAG.TileByteCounts, type: TYPE.LONG, values: level.tiles.map((tile) => tile.length) },
    { tag: TAG.SampleFormat, type: TYPE.SHORT, values: [format] },
  ];
  if (index === 0) {
    const [x, y] = options.origin;
    entries.push(
      { tag: TAG.ModelPixelScale, type: TYPE.DOUBLE, values: [options.pixelSize, options.pixelSize, 0] },
      { tag: TAG.ModelTiepoint, type: TYPE.DOUBLE, values: [0, 0, 0, x, y, 0] },
      {
        tag: TAG.GeoKeyDirectory,
        type: TYPE.SHORT,
        // version 1.1.0, 3 keys: projected model, pixel-is-area, the projected CRS.
        values: [1, 1, 0, 3, 1024, 0, 1, 1, 1025, 0, 1, 1, 3072, 0, 1, options.epsg],
      },
    );
    const metadata = gdalMetadata(options);
    if (metadata) entries.push({ tag: TAG.GdalMetadata, type: TYPE.ASCII, values: metadata });
  }
  if (options.noData !== undefined)
    entries.push({ tag: TAG.GdalNoData, type: TYPE.ASCII, values: String(options.noData) });
  return entries.sort((a, b) => a.tag - b.tag);
}

function gdalMetadata({ scale, offset }: CogOptions): string | null {
  if (scale === undefined && offset === undefined) return null;
  const items = [
    scale === undefined ? '' : `<Item name="SCALE" sample="0" role="scale">${scale}</Item>`,
    offset === undefined ? '' : `<Item name="OFFSET" sample="0" role="offset">${offset}</Item>`,
  ];
  return `<GDALMetadata>${items.join('')}</GDALMetadata>`;
}

const valueBytes = (entry: Entry) =>
  typeof entry.values === 'string' ? entry.values.length + 1 : entry.values.length * (TYPE_SIZE[entry.type] ?? 0);
const outOfLineBytes = (entry: Entry) => {
  const bytes = valueBytes(entry);
  return bytes <= 4 ? 0 : bytes + (bytes % 2); // word-aligned
};
const ifdSize = (entries: Entry[]) =>
  2 + entries.length * 12 + 4 + entries.reduce((sum, entry) => sum + outOfLineBytes(entry), 0);

function writeIfd(out: Buffer, at: number, entries: Entry[], nextIfd: number): void {
  out.writeUInt16LE(entries.length, at);
  let extra = at + 2 + entries.length * 12 + 4;
  entries.forEach((entry, i) => {
    const slot = at + 2 + i * 12;
    const count = typeof entry.values === 'string' ? entry.values.length + 1 : entry.values.length;
    out.writeUInt16LE(entry.tag, slot);
    out.writeUInt16LE(entry.type, slot + 2);
    out.writeUInt32LE(count, slot + 4);
    const inline = outOfLineBytes(entry) === 0;
    const target = inline ? slot + 8 : extra;
    if (!inline) {
      out.writeUInt32LE(extra, slot + 8);
      extra += outOfLineBytes(entry);
    }
    writeValues(out, target, entry);
  });
  out.writeUInt32LE(nextIfd, at + 2 + entries.length * 12);
}

function writeValues(out: Buffer, at: number, entry: Entry): void {
  if (typeof entry.values === 'string') {
    out.write(`${entry.values}\0`, at, 'latin1');
    return;
  }
  entry.values.forEach((value, i) => {
    if (entry.type === TYPE.SHORT) out.writeUInt16LE(value, at + i * 2);
    else if (entry.type === TYPE.LONG) out.writeUInt32LE(value, at + i * 4);
    else out.writeDoubleLE(value, at + i * 8);
  });
}

/** Row-major tiles, each a full tileSize² block (edge tiles padded with `fill`), compressed. */
function cutTiles(
  data: CogSamples,
  width: number,
  height: number,
  tileSize: number,
  fill: number,
  compress: boolean,
): Buffer[] {
  const tiles: Buffer[] = [];
  const across = Math.ceil(width / tileSize);
  const down = Math.ceil(height / tileSize);
  for (let ty = 0; ty < down; ty++) {
    for (let tx = 0; tx < across; tx++) {
      const tile = new (data.constructor as new (length: number) => CogSamples)(tileSize * tileSize).fill(fill);
      const x0 = tx * tileSize;
      const rowLength = Math.min(tileSize, width - x0);
      for (let row = 0; row < tileSize && ty * tileSize + row < height; row++) {
        const from = (ty * tileSize + row) * width + x0;
        tile.set(data.subarray(from, from + rowLength), row * tileSize);
      }
      const bytes = Buffer.from(tile.buffer, tile.byteOffset, tile.byteLength);
      tiles.push(compress ? deflateSync(bytes) : Buffer.from(bytes));
    }
  }
  return tiles;
}

/** The next overview: each pixel from a 2×2 block (the mean of its valid pixels, or its top-left one). */
function halve(
  data: CogSamples,
  width: number,
  height: number,
  resampling: 'average' | 'nearest',
  noData: number | undefined,
): { width: number; height: number; data: CogSamples } {
  const w = Math.ceil(width / 2);
  const h = Math.ceil(height / 2);
  const out = new (data.constructor as new (length: number) => CogSamples)(w * h);
  const rounds = !(data instanceof Float32Array);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (resampling === 'nearest') {
        out[y * w + x] = data[2 * y * width + 2 * x] ?? 0;
        continue;
      }
      let sum = 0;
      let n = 0;
      for (let dy = 0; dy < 2 && 2 * y + dy < height; dy++) {
        for (let dx = 0; dx < 2 && 2 * x + dx < width; dx++) {
          const value = data[(2 * y + dy) * width + 2 * x + dx] ?? 0;
          if (value === noData || Number.isNaN(value)) continue;
          sum += value;
          n += 1;
        }
      }
      const mean = n === 0 ? (noData ?? Number.NaN) : sum / n;
      out[y * w + x] = rounds && n > 0 ? Math.round(mean) : mean;
    }
  }
  return { width: w, height: h, data: out };
}
