import { inflateSync } from 'node:zlib';
import { addDecoder, BaseDecoder, fromUrl, getDecoder, type GeoTIFFImage, type TypedArray } from 'geotiff';
import { LruCache } from '../lru';
import { describeError, isNetworkFailure, retryingNetworkFailures } from './network';
import { projectedCrs } from './crs';
import type { ProjectedGrid } from './reproject';
import { CogReadError } from './cog-error';

/**
 * Cloud-Optimized GeoTIFF reads over HTTP range requests (geotiff.js): open once per URL (headers and
 * tile indexes only), pick the overview level for the window's pixel size, fetch and decode only the
 * internal tiles the window touches, and resample them onto the window's pixels.
 *
 * Decoded internal tiles are kept in a byte-bounded LRU shared by every read in the thread, because
 * neighbouring map tiles, and the statistics and tiles of one capture, keep asking for the same COG
 * tiles. (geotiff.js's own tile cache is unbounded and still refetches the bytes before it looks.)
 */

// Deflate through node's zlib rather than geotiff.js's pure-JS inflate: same bytes, several times faster.
class NodeDeflateDecoder extends BaseDecoder {
  override decodeBlock(buffer: ArrayBufferLike): ArrayBufferLike {
    const out = inflateSync(new Uint8Array(buffer));
    return out.buffer.slice(out.byteOffset, out.byteOffset + out.byteLength);
  }
}
addDecoder([8, 32946], () => Promise.resolve(NodeDeflateDecoder));

export interface CogLevel {
  image: GeoTIFFImage;
  width: number;
  height: number;
  tileWidth: number;
  tileHeight: number;
  /** Pixel size in CRS units along x and y (both positive; rows run north to south). */
  resX: number;
  resY: number;
  decoder: { decode(buffer: ArrayBufferLike): Promise<ArrayBufferLike> };
}

export interface Cog {
  url: string;
  epsg: number;
  /** CRS coordinates of the top-left corner of the top-left pixel. */
  originX: number;
  originY: number;
  /** Full resolution first, then the overviews from finest to coarsest. */
  levels: CogLevel[];
  noData: number | null;
}

const MAX_OPEN_COGS = 64;
const MAX_DECODED_BYTES = 96 * 1024 * 1024;

const openCogs = new LruCache<string, Promise<Cog>>(MAX_OPEN_COGS);
const decodedTiles = new LruCache<string, Promise<TypedArray>>(MAX_DECODED_BYTES);

export { CogReadError } from './cog-error';

const unreadable = (message: string, reason: string) => new CogReadError(message, reason, true);

/** The COG at `url`, opened once per thread (its headers and tile indexes fetched, no pixels). */
export function openCog(url: string): Promise<Cog> {
  const cached = openCogs.get(url);
  if (cached) return cached;
  const opening = retryingNetworkFailures(() => open(url)).catch((error: unknown) => {
    openCogs.delete(url);
    if (error instanceof CogReadError) throw error;
    // No answer at all is a passing failure; an answer that is not a GeoTIFF (missing, refused, other
    // content) means the file cannot be read.
    throw isNetworkFailure(error)
      ? new CogReadError(
          `Could not open the COG ${url}: ${describeError(error)}`,
          'The satellite image could not be fetched from the imagery archive. Please try again later.',
        )
      : unreadable(
          `Could not open the COG ${url}: ${describeError(error)}`,
          'The satellite image file could not be opened: the imagery archive did not give a GeoTIFF for it.',
        );
  });
  openCogs.set(url, opening);
  return opening;
}

async function open(url: string): Promise<Cog> {
  const tiff = await fromUrl(url);
  const count = await tiff.getImageCount();
  const images = await Promise.all(Array.from({ length: count }, (_, i) => tiff.getImage(i)));
  const full = images[0];
  if (!full) throw unreadable(`The COG ${url} has no image`, 'This image file holds no image.');
  const geoKeys = full.getGeoKeys() ?? {};
  const epsg = Number(geoKeys.ProjectedCSTypeGeoKey);
  if (!Number.isInteger(epsg) || epsg <= 0 || epsg === 32767)
    throw unreadable(
      `The COG ${url} has no projected CRS (ProjectedCSTypeGeoKey)`,
      'This image does not say which map projection it is in by an EPSG code, so it cannot be placed on the map.',
    );
  const crs = projectedCrs(epsg);
  if (!crs)
    throw unreadable(
      `The COG ${url} is in EPSG:${epsg}, which Paddock does not know`,
      `This image is in coordinate system EPSG:${epsg}, which is not a map projection Paddock knows, so it cannot be placed on the map.`,
    );
  const [originX = 0, originY = 0] = full.getOrigin();
  const [resX = 0, negResY = 0] = full.getResolution();
  const resY = Math.abs(negResY);
  // PixelIsPoint rasters tie the first pixel's centre, not its corner.
  const pointShift = geoKeys.GTRasterTypeGeoKey === 2 ? 0.5 : 0;

  const levels = await Promise.all(
    images
      // Reduced-resolution images only (masks and other subfiles are not overviews).
      .filter((image, i) => i === 0 || ((image.fileDirectory.getValue('NewSubfileType') ?? 0) & 1) === 1)
      .map(async (image): Promise<CogLevel> => {
        if (!image.isTiled)
          throw unreadable(
            `The COG ${url} is not tiled, so it cannot be read by ranges`,
            'This image is not tiled, so it cannot be read in parts.',
          );
        if (image.getSamplesPerPixel() !== 1)
          throw unreadable(
            `The COG ${url} has ${image.getSamplesPerPixel()} samples per pixel; one band per file is expected`,
            `This image holds ${image.getSamplesPerPixel()} bands in one file; Paddock reads one band per file.`,
          );
        // Load the tile index in one range request instead of one request per tile later.
        await Promise.all([
          image.fileDirectory.loadValue('TileOffsets'),
          image.fileDirectory.loadValue('TileByteCounts'),
        ]);
        const compression = Number(image.fileDirectory.getValue('Compression') ?? 1);
        const decoder = await getDecoder(compression, {
          tileWidth: image.getTileWidth(),
          tileHeight: image.getTileHeight(),
          planarConfiguration: 1,
          bitsPerSample: image.getBitsPerSample(0),
          predictor: Number((await image.fileDirectory.loadValue('Predictor')) ?? 1),
        });
        return {
          image,
          width: image.getWidth(),
          height: image.getHeight(),
          tileWidth: image.getTileWidth(),
          tileHeight: image.getTileHeight(),
          resX: (resX * full.getWidth()) / image.getWidth(),
          resY: (resY * full.getHeight()) / image.getHeight(),
          decoder,
        };
      }),
  );
  levels.sort((a, b) => a.resX - b.resX);
  return {
    url,
    epsg,
    originX: originX - pointShift * resX,
    originY: originY + pointShift * resY,
    levels,
    noData: full.getGDALNoData(),
  };
}

/** The coarsest level whose pixels are still no larger than the window's (the full resolution if none is). */
export function chooseLevel(cog: Cog, windowPixelSize: number): CogLevel {
  let chosen = cog.levels[0] as CogLevel;
  for (const level of cog.levels) if (level.resX <= windowPixelSize * 1.000001) chosen = level;
  return chosen;
}

/**
 * The COG's values at each pixel of the window `grid` describes (pixel centres in the COG's CRS), as
 * digital numbers (`noData`, the file's own nodata tag unless the caller knows better, read as NaN): nearest neighbour for classes, bilinear for continuous values (weights spread over
 * the valid neighbours). NaN outside the image and where the image has no data. `null` when the
 * window misses the image altogether.
 */
export async function readOnGrid(
  cog: Cog,
  grid: ProjectedGrid,
  method: 'nearest' | 'bilinear',
  noData: number | null = cog.noData,
): Promise<Float32Array | null> {
  const level = chooseLevel(cog, grid.pixelSize);
  const window = windowOf(cog, level, grid);
  if (!window) return null;
  const source = await readWindow(cog, level, window.x0, window.y0, window.x1, window.y1, noData);
  return method === 'nearest' ? nearest(source, window, grid) : (bilinear([source], window, grid)[0] as Float32Array);
}

interface Window {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  width: number;
  height: number;
  a: number;
  b: number;
  c: number;
  d: number;
}

/**
 * The pixels of one level that `grid` covers, [x0, x1) × [y0, y1) (edges at integers, so a centre is
 * at k + 0.5), with one pixel of margin for the bilinear neighbours, clipped to the image; and the
 * grid in the window's own pixel space: u = a·x + b, v = c·y + d. `null` when the grid misses the image.
 */
function windowOf(cog: Cog, level: CogLevel, grid: ProjectedGrid): Window | null {
  const { resX, resY } = level;
  const x0 = Math.max(0, Math.floor((grid.minX - cog.originX) / resX) - 1);
  const x1 = Math.min(level.width, Math.ceil((grid.maxX - cog.originX) / resX) + 1);
  const y0 = Math.max(0, Math.floor((cog.originY - grid.maxY) / resY) - 1);
  const y1 = Math.min(level.height, Math.ceil((cog.originY - grid.minY) / resY) + 1);
  if (x0 >= x1 || y0 >= y1) return null;
  return {
    x0,
    y0,
    x1,
    y1,
    width: x1 - x0,
    height: y1 - y0,
    a: 1 / resX,
    b: -cog.originX / resX - x0,
    c: -1 / resY,
    d: cog.originY / resY - y0,
  };
}

/** Whether two COGs' levels of this pixel size share one pixel grid (origin, pixel size, extent). */
function sameGrid(a: Cog, b: Cog, levelA: CogLevel, levelB: CogLevel): boolean {
  return (
    a.epsg === b.epsg &&
    a.originX === b.originX &&
    a.originY === b.originY &&
    levelA.resX === levelB.resX &&
    levelA.resY === levelB.resY &&
    levelA.width === levelB.width &&
    levelA.height === levelB.height
  );
}

/**
 * `readOnGrid(cog, grid, 'bilinear', noData)` for several COGs at once (the bands of one item), the same
 * values band for band. Bands on one pixel grid (Sentinel-2's 10 m bands are) share the resampling
 * pass: each window pixel's four neighbours and weights are found once for all of them.
 */
export async function readBandsOnGrid(
  reads: ReadonlyArray<{ cog: Cog; noData: number | null }>,
  grid: ProjectedGrid,
): Promise<Array<Float32Array | null>> {
  const [first] = reads;
  if (!first) return [];
  const level = chooseLevel(first.cog, grid.pixelSize);
  const shared = reads.every(
    ({ cog }) => cog === first.cog || sameGrid(first.cog, cog, level, chooseLevel(cog, grid.pixelSize)),
  );
  if (!shared || reads.length === 1)
    return Promise.all(reads.map(({ cog, noData }) => readOnGrid(cog, grid, 'bilinear', noData)));
  const window = windowOf(first.cog, level, grid);
  if (!window) return reads.map(() => null);
  const { x0, y0, x1, y1 } = window;
  const sources = await Promise.all(
    reads.map(({ cog: each, noData }) => readWindow(each, chooseLevel(each, grid.pixelSize), x0, y0, x1, y1, noData)),
  );
  return bilinear(sources, window, grid);
}

// The two resampling loops run for every pixel of every band of every tile: plain loops over
// Float32/Float64 arrays only, no closures, so they stay monomorphic and cheap.

function nearest(source: Float32Array, window: Window, grid: ProjectedGrid): Float32Array {
  const { width, height, a, b, c, d } = window;
  const { x, y } = grid;
  const out = new Float32Array(x.length);
  for (let p = 0; p < out.length; p++) {
    const u = Math.floor((x[p] as number) * a + b);
    const v = Math.floor((y[p] as number) * c + d);
    out[p] = u < 0 || v < 0 || u >= width || v >= height ? Number.NaN : (source[v * width + u] as number);
  }
  return out;
}

/**
 * Bilinear values of each source (bands of one pixel grid) on the grid, in one pass: each pixel's four
 * nearest pixel centres and their weights are found once for all sources, and their values are read
 * again only when the pixel falls in another cell (a zoomed-in tile has several pixels per cell).
 */
function bilinear(sources: readonly Float32Array[], window: Window, grid: ProjectedGrid): Float32Array[] {
  const { width, height, a, b, c, d } = window;
  const { x, y } = grid;
  const count = sources.length;
  const outs = sources.map(() => new Float32Array(x.length));
  // The current cell's four values per source: top left, top right, bottom left, bottom right.
  const values = new Float64Array(count * 4);
  let cell = Number.NaN;
  for (let p = 0; p < x.length; p++) {
    const u = (x[p] as number) * a + b;
    const v = (y[p] as number) * c + d;
    if (u < 0 || v < 0 || u >= width || v >= height) {
      for (let k = 0; k < count; k++) (outs[k] as Float32Array)[p] = Number.NaN;
      continue;
    }
    // The four nearest pixel centres, clamped at the window's edge (which is the image's edge or a
    // margin pixel), weighted by distance.
    const cu = u - 0.5;
    const cv = v - 0.5;
    const left = Math.floor(cu);
    const top = Math.floor(cv);
    const fx = cu - left;
    const fy = cv - top;
    // left and top are at least -1: a key unique to the cell.
    const key = (top + 1) * (width + 1) + left + 1;
    if (key !== cell) {
      cell = key;
      const l = left < 0 ? 0 : left;
      const r = left + 1 >= width ? width - 1 : left + 1;
      const t = (top < 0 ? 0 : top) * width;
      const bottom = (top + 1 >= height ? height - 1 : top + 1) * width;
      for (let k = 0; k < count; k++) {
        const source = sources[k] as Float32Array;
        values[k * 4] = source[t + l] as number;
        values[k * 4 + 1] = source[t + r] as number;
        values[k * 4 + 2] = source[bottom + l] as number;
        values[k * 4 + 3] = source[bottom + r] as number;
      }
    }
    const ftl = (1 - fx) * (1 - fy);
    const ftr = fx * (1 - fy);
    const fbl = (1 - fx) * fy;
    const fbr = fx * fy;
    for (let k = 0; k < count; k++) {
      (outs[k] as Float32Array)[p] = weighted(
        values[k * 4] as number,
        values[k * 4 + 1] as number,
        values[k * 4 + 2] as number,
        values[k * 4 + 3] as number,
        ftl,
        ftr,
        fbl,
        fbr,
      );
    }
  }
  return outs;
}

/** One source's value from four neighbours and their weights; a neighbour without data (NaN) gives its weight to the others. */
function weighted(
  tl: number,
  tr: number,
  bl: number,
  br: number,
  ftl: number,
  ftr: number,
  fbl: number,
  fbr: number,
): number {
  // NaN !== NaN: a missing neighbour weighs nothing.
  const wtl = tl === tl ? ftl : 0;
  const wtr = tr === tr ? ftr : 0;
  const wbl = bl === bl ? fbl : 0;
  const wbr = br === br ? fbr : 0;
  const weights = wtl + wtr + wbl + wbr;
  return weights > 0
    ? ((wtl > 0 ? tl * wtl : 0) + (wtr > 0 ? tr * wtr : 0) + (wbl > 0 ? bl * wbl : 0) + (wbr > 0 ? br * wbr : 0)) /
        weights
    : Number.NaN;
}

/** Pixels [x0, x1) × [y0, y1) of one level as Float32 (NaN where the image has no data), from the internal tiles they span. */
async function readWindow(
  cog: Cog,
  level: CogLevel,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  noData: number | null,
): Promise<Float32Array> {
  const { tileWidth, tileHeight } = level;
  const width = x1 - x0;
  const firstTx = Math.floor(x0 / tileWidth);
  const lastTx = Math.floor((x1 - 1) / tileWidth);
  const firstTy = Math.floor(y0 / tileHeight);
  const lastTy = Math.floor((y1 - 1) / tileHeight);
  const reads: Array<Promise<{ tx: number; ty: number; data: TypedArray }>> = [];
  for (let ty = firstTy; ty <= lastTy; ty++) {
    for (let tx = firstTx; tx <= lastTx; tx++)
      reads.push(decodedTile(cog, level, tx, ty).then((data) => ({ tx, ty, data })));
  }
  const window = new Float32Array(width * (y1 - y0));
  for (const { tx, ty, data } of await Promise.all(reads)) {
    // The part of this tile inside the window, row by row (set() converts the sample type natively).
    const fromX = Math.max(x0, tx * tileWidth);
    const toX = Math.min(x1, (tx + 1) * tileWidth);
    const fromY = Math.max(y0, ty * tileHeight);
    const toY = Math.min(y1, (ty + 1) * tileHeight);
    for (let row = fromY; row < toY; row++) {
      const start = (row - ty * tileHeight) * tileWidth + (fromX - tx * tileWidth);
      window.set(data.subarray(start, start + (toX - fromX)), (row - y0) * width + (fromX - x0));
    }
  }
  if (noData !== null) for (let i = 0; i < window.length; i++) if (window[i] === noData) window[i] = Number.NaN;
  return window;
}

function decodedTile(cog: Cog, level: CogLevel, tx: number, ty: number): Promise<TypedArray> {
  const key = `${cog.url}#${level.width}/${tx}/${ty}`;
  const cached = decodedTiles.get(key);
  if (cached) return cached;
  const bytes = level.tileWidth * level.tileHeight * level.image.getBytesPerPixel();
  const decoding = retryingNetworkFailures(() => level.image.getTileOrStrip(tx, ty, 0, level.decoder))
    .then(({ data }) => samplesOf(level.image, data))
    .catch((error: unknown) => {
      decodedTiles.delete(key);
      throw error instanceof CogReadError
        ? error
        : new CogReadError(
            `Could not read tile ${tx},${ty} of ${cog.url}: ${describeError(error)}`,
            'Part of the satellite image could not be fetched from the imagery archive. Please try again later.',
          );
    });
  decodedTiles.set(key, decoding, bytes);
  return decoding;
}

/** A decoded tile's bytes as the sample type the file declares, in this machine's byte order. */
function samplesOf(image: GeoTIFFImage, buffer: ArrayBufferLike): TypedArray {
  const bits = image.getBitsPerSample(0);
  const format = image.getSampleFormat(0);
  if (!image.littleEndian && bits > 8) swapBytes(new Uint8Array(buffer), bits / 8);
  if (format === 3 && bits === 32) return new Float32Array(buffer);
  if (format === 3 && bits === 64) return new Float64Array(buffer);
  const signed = format === 2;
  if (bits === 8) return signed ? new Int8Array(buffer) : new Uint8Array(buffer);
  if (bits === 16) return signed ? new Int16Array(buffer) : new Uint16Array(buffer);
  if (bits === 32) return signed ? new Int32Array(buffer) : new Uint32Array(buffer);
  throw unreadable(
    `Unsupported sample type: ${bits}-bit format ${format}`,
    `This image stores its values as ${bits}-bit numbers of a kind Paddock cannot read.`,
  );
}

function swapBytes(bytes: Uint8Array, size: number): void {
  for (let i = 0; i < bytes.length; i += size) bytes.subarray(i, i + size).reverse();
}
