import proj4 from 'proj4';
import type { RasterWindow } from '../source';
import { projectedCrs } from './crs';

/**
 * Where each pixel of a web-mercator window falls in a COG's projected CRS: the window's pixel
 * centres mapped to (say) UTM metres. proj4 runs on a coarse lattice only and the pixels in between
 * are interpolated: over a 16-pixel step of a map tile the mapping is linear to well under a
 * centimetre, and 289 projections instead of 65,536 per 256×256 tile keep a tile read cheap (GDAL's
 * warper does the same with its approximate transformer).
 */

const LATTICE_STEP = 16;

/** The proj4 definition of a COG's projected CRS (`crs.ts` lists the ones Paddock reads). */
export function projDefinition(epsg: number): string {
  const crs = projectedCrs(epsg);
  if (!crs) throw new UnsupportedCrsError(epsg);
  return crs.proj;
}

/** A COG in a coordinate system Paddock cannot place on the map. */
export class UnsupportedCrsError extends Error {
  constructor(readonly epsg: number) {
    super(`Unsupported CRS EPSG:${epsg}`);
    this.name = 'UnsupportedCrsError';
  }
}

/** Pixel-centre coordinates of `window` in `epsg`, as two width×height arrays (x then y), and their extent. */
export interface ProjectedGrid {
  x: Float64Array;
  y: Float64Array;
  minX: number;
  maxX: number;
  minY: number;
  maxY: number;
  /** Mean size of a window pixel in the target CRS's units (chooses the overview level). */
  pixelSize: number;
}

export function projectWindow(window: RasterWindow, epsg: number): ProjectedGrid {
  const { width, height } = window;
  const [minX, minY, maxX, maxY] = window.bbox;
  const dx = (maxX - minX) / width;
  const dy = (maxY - minY) / height;
  const toTarget = epsg === 3857 ? null : proj4('EPSG:3857', projDefinition(epsg));
  const project = (point: [number, number]): [number, number] =>
    toTarget ? (toTarget.forward(point) as [number, number]) : point;

  // Lattice points every LATTICE_STEP pixels, the last column and row on the window's last pixel.
  const columns = latticeLines(width);
  const rows = latticeLines(height);
  const latticeX = new Float64Array(columns.length * rows.length);
  const latticeY = new Float64Array(columns.length * rows.length);
  rows.forEach((row, r) =>
    columns.forEach((column, c) => {
      const [px, py] = project([minX + (column + 0.5) * dx, maxY - (row + 0.5) * dy]);
      latticeX[r * columns.length + c] = px;
      latticeY[r * columns.length + c] = py;
    }),
  );

  const x = new Float64Array(width * height);
  const y = new Float64Array(width * height);
  const grid = { x, y, minX: Infinity, maxX: -Infinity, minY: Infinity, maxY: -Infinity, pixelSize: 0 };
  for (let r = 0; r + 1 < rows.length || (r === 0 && rows.length === 1); r++) {
    for (let c = 0; c + 1 < columns.length || (c === 0 && columns.length === 1); c++) {
      fillCell(grid, width, latticeX, latticeY, columns, rows, c, r);
    }
  }
  // A window pixel's size in the target CRS: its two edges at the window's centre, averaged.
  const centre: [number, number] = [(minX + maxX) / 2, (minY + maxY) / 2];
  const [ax, ay] = project(centre);
  const [bx, by] = project([centre[0] + dx, centre[1]]);
  const [cx, cy] = project([centre[0], centre[1] + dy]);
  grid.pixelSize = (Math.hypot(bx - ax, by - ay) + Math.hypot(cx - ax, cy - ay)) / 2;
  return grid;
}

/** 0, STEP, 2·STEP… and the last pixel, so every pixel lies between two lattice lines (or on the only one). */
function latticeLines(size: number): number[] {
  const lines: number[] = [];
  for (let at = 0; at < size - 1; at += LATTICE_STEP) lines.push(at);
  lines.push(size - 1);
  return lines;
}

/**
 * Interpolates the pixels of one lattice cell (columns c…c+1, rows r…r+1; the last cell includes its
 * far edges) bilinearly from its four corners, and widens the grid's extent.
 */
function fillCell(
  grid: ProjectedGrid,
  width: number,
  latticeX: Float64Array,
  latticeY: Float64Array,
  columns: number[],
  rows: number[],
  c: number,
  r: number,
): void {
  const cols = columns.length;
  const c1 = Math.min(c + 1, cols - 1);
  const r1 = Math.min(r + 1, rows.length - 1);
  const left = columns[c] as number;
  const right = columns[c1] as number;
  const top = rows[r] as number;
  const bottom = rows[r1] as number;
  const lastColumn = c1 === cols - 1 ? right : right - 1;
  const lastRow = r1 === rows.length - 1 ? bottom : bottom - 1;
  const spanX = right - left || 1;
  const spanY = bottom - top || 1;
  const corner = (values: Float64Array, cc: number, rr: number) => values[rr * cols + cc] as number;
  const [xTL, xTR, xBL, xBR] = [
    corner(latticeX, c, r),
    corner(latticeX, c1, r),
    corner(latticeX, c, r1),
    corner(latticeX, c1, r1),
  ];
  const [yTL, yTR, yBL, yBR] = [
    corner(latticeY, c, r),
    corner(latticeY, c1, r),
    corner(latticeY, c, r1),
    corner(latticeY, c1, r1),
  ];
  const { x, y } = grid;
  const last = lastColumn - left;
  for (let row = top; row <= lastRow; row++) {
    const fy = (row - top) / spanY;
    // This row's ends inside the cell, then a constant step across it.
    const xStart = xTL + (xBL - xTL) * fy;
    const yStart = yTL + (yBL - yTL) * fy;
    const xStep = (xTR + (xBR - xTR) * fy - xStart) / spanX;
    const yStep = (yTR + (yBR - yTR) * fy - yStart) / spanX;
    const from = row * width + left;
    for (let k = 0; k <= last; k++) {
      x[from + k] = xStart + xStep * k;
      y[from + k] = yStart + yStep * k;
    }
    // start + step·k is monotonic in k (IEEE products and sums are), so a row's extremes are its ends.
    widen(grid, x[from] as number, y[from] as number);
    widen(grid, x[from + last] as number, y[from + last] as number);
  }
}

function widen(grid: ProjectedGrid, px: number, py: number): void {
  if (px < grid.minX) grid.minX = px;
  if (px > grid.maxX) grid.maxX = px;
  if (py < grid.minY) grid.minY = py;
  if (py > grid.maxY) grid.maxY = py;
}
