import type { RasterWindow } from './source';

/** Web mercator (EPSG:3857) sphere radius and half the world's width, in metres. */
export const EARTH_RADIUS = 6378137;
export const MERCATOR_HALF_WORLD = Math.PI * EARTH_RADIUS;

const DEG = Math.PI / 180;

export const lonToMercatorX = (lon: number): number => EARTH_RADIUS * lon * DEG;
export const latToMercatorY = (lat: number): number => EARTH_RADIUS * Math.log(Math.tan(Math.PI / 4 + (lat * DEG) / 2));
export const mercatorXToLon = (x: number): number => x / EARTH_RADIUS / DEG;
export const mercatorYToLat = (y: number): number => (2 * Math.atan(Math.exp(y / EARTH_RADIUS)) - Math.PI / 2) / DEG;

/** Mercator metres per ground metre at a latitude (the projection stretches away from the equator). */
export const mercatorScale = (lat: number): number => 1 / Math.cos(lat * DEG);

/** The EPSG:3857 bbox of XYZ tile z/x/y (row 0 at the north). */
export function tileBBox(z: number, x: number, y: number): RasterWindow['bbox'] {
  const size = (2 * MERCATOR_HALF_WORLD) / 2 ** z;
  const minX = -MERCATOR_HALF_WORLD + x * size;
  const maxY = MERCATOR_HALF_WORLD - y * size;
  return [minX, maxY - size, minX + size, maxY];
}

export const TILE_SIZE = 256;

export function tileWindow(z: number, x: number, y: number): RasterWindow {
  return { bbox: tileBBox(z, x, y), width: TILE_SIZE, height: TILE_SIZE };
}

/** The EPSG:3857 bbox of a lon/lat bbox. */
export function mercatorBBox([minLon, minLat, maxLon, maxLat]: readonly number[]): RasterWindow['bbox'] {
  return [
    lonToMercatorX(minLon ?? 0),
    latToMercatorY(minLat ?? 0),
    lonToMercatorX(maxLon ?? 0),
    latToMercatorY(maxLat ?? 0),
  ];
}

/**
 * The pixels of `window` that a mercator bbox touches, as a sub-window with the same pixel size
 * (null when they do not overlap). Lets a tile read only the part its fields cover.
 */
export function subWindow(
  window: RasterWindow,
  bbox: RasterWindow['bbox'],
): { window: RasterWindow; column: number; row: number } | null {
  const [minX, minY, maxX, maxY] = window.bbox;
  const pixelW = (maxX - minX) / window.width;
  const pixelH = (maxY - minY) / window.height;
  const column = Math.max(0, Math.floor((bbox[0] - minX) / pixelW));
  const columnEnd = Math.min(window.width, Math.ceil((bbox[2] - minX) / pixelW));
  const row = Math.max(0, Math.floor((maxY - bbox[3]) / pixelH));
  const rowEnd = Math.min(window.height, Math.ceil((maxY - bbox[1]) / pixelH));
  if (columnEnd <= column || rowEnd <= row) return null;
  return {
    column,
    row,
    window: {
      bbox: [minX + column * pixelW, maxY - rowEnd * pixelH, minX + columnEnd * pixelW, maxY - row * pixelH],
      width: columnEnd - column,
      height: rowEnd - row,
    },
  };
}
