import type { AreaGeometry } from '@paddock/shared/contracts';
import { latToMercatorY, lonToMercatorX } from './geo';
import type { RasterWindow } from './source';

/** One polygon in a window's pixel coordinates: its rings as flat [x0, y0, x1, y1, …] arrays (outer first). */
export type PixelPolygon = Float64Array[];

/** The geometry's polygons in the pixel coordinates of `window` (x right, y down, pixel centres at +0.5). */
export function toPixelPolygons(geometry: AreaGeometry, window: RasterWindow): PixelPolygon[] {
  const [minX, minY, maxX, maxY] = window.bbox;
  const sx = window.width / (maxX - minX);
  const sy = window.height / (maxY - minY);
  const ring = (positions: readonly (readonly number[])[]): Float64Array => {
    const flat = new Float64Array(positions.length * 2);
    positions.forEach((position, index) => {
      flat[index * 2] = (lonToMercatorX(position[0] ?? 0) - minX) * sx;
      flat[index * 2 + 1] = (maxY - latToMercatorY(position[1] ?? 0)) * sy;
    });
    return flat;
  };
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  return polygons.map((rings) => rings.map(ring));
}

/**
 * Scanline fill: sets `out[row * width + column] = value` for every pixel whose centre lies inside
 * the polygon (even–odd over its rings, so holes stay empty). Edges are bucketed by their first row
 * and kept in an active list, so the cost is the edges plus the filled spans, not rows × edges.
 */
export function fillPolygon(
  polygon: PixelPolygon,
  width: number,
  height: number,
  out: Uint8Array | Uint16Array,
  value: number,
): void {
  let edgeCount = 0;
  for (const ring of polygon) edgeCount += ring.length / 2;
  const x0s = new Float64Array(edgeCount);
  const y0s = new Float64Array(edgeCount);
  const slopes = new Float64Array(edgeCount);
  const lastRows = new Int32Array(edgeCount);
  const firstRows = new Int32Array(edgeCount);
  let edges = 0;
  let topRow = height;
  let bottomRow = -1;
  for (const ring of polygon) {
    const points = ring.length / 2;
    for (let p = 0; p < points; p += 1) {
      const q = (p + 1) % points;
      let ax = ring[p * 2] as number;
      let ay = ring[p * 2 + 1] as number;
      let bx = ring[q * 2] as number;
      let by = ring[q * 2 + 1] as number;
      if (ay === by) continue;
      if (ay > by) [ax, ay, bx, by] = [bx, by, ax, ay];
      // Rows whose centre y (row + 0.5) lies in [ay, by): half-open, so shared vertices count once.
      const first = Math.max(0, Math.ceil(ay - 0.5));
      const last = Math.min(height - 1, Math.ceil(by - 0.5) - 1);
      if (last < first) continue;
      x0s[edges] = ax;
      y0s[edges] = ay;
      slopes[edges] = (bx - ax) / (by - ay);
      firstRows[edges] = first;
      lastRows[edges] = last;
      topRow = Math.min(topRow, first);
      bottomRow = Math.max(bottomRow, last);
      edges += 1;
    }
  }
  if (edges === 0) return;

  // Counting sort of edges by first row.
  const bucketStart = new Int32Array(height + 1);
  for (let e = 0; e < edges; e += 1) {
    const slot = (firstRows[e] as number) + 1;
    bucketStart[slot] = (bucketStart[slot] as number) + 1;
  }
  for (let r = 0; r < height; r += 1) bucketStart[r + 1] = (bucketStart[r + 1] as number) + (bucketStart[r] as number);
  const byRow = new Int32Array(edges);
  const cursor = bucketStart.slice(0, height);
  for (let e = 0; e < edges; e += 1) {
    const r = firstRows[e] as number;
    const at = cursor[r] as number;
    byRow[at] = e;
    cursor[r] = at + 1;
  }

  const active = new Int32Array(edges);
  let activeCount = 0;
  const crossings = new Float64Array(edges);
  for (let row = topRow; row <= bottomRow; row += 1) {
    for (let k = bucketStart[row] as number; k < (bucketStart[row + 1] as number); k += 1)
      active[activeCount++] = byRow[k] as number;
    if (activeCount === 0) continue;
    const yc = row + 0.5;
    let n = 0;
    let kept = 0;
    for (let k = 0; k < activeCount; k += 1) {
      const e = active[k] as number;
      if ((lastRows[e] as number) < row) continue;
      active[kept++] = e;
      const x = (x0s[e] as number) + (yc - (y0s[e] as number)) * (slopes[e] as number);
      // Insertion sort: a row crosses few edges.
      let i = n;
      while (i > 0 && (crossings[i - 1] as number) > x) {
        crossings[i] = crossings[i - 1] as number;
        i -= 1;
      }
      crossings[i] = x;
      n += 1;
    }
    activeCount = kept;
    const offset = row * width;
    for (let k = 0; k + 1 < n; k += 2) {
      // Pixels whose centre (column + 0.5) lies in [xa, xb).
      const start = Math.max(0, Math.ceil((crossings[k] as number) - 0.5));
      const end = Math.min(width, Math.ceil((crossings[k + 1] as number) - 0.5));
      if (end > start) out.fill(value, offset + start, offset + end);
    }
  }
}

/**
 * A label raster of the fields over `window`: pixel = 1 + index of the field that covers its centre
 * (the later field wins where two overlap), 0 outside all of them.
 */
export function rasteriseFields(fields: readonly { geometry: AreaGeometry }[], window: RasterWindow): Uint16Array {
  const labels = new Uint16Array(window.width * window.height);
  fields.forEach((field, index) => {
    for (const polygon of toPixelPolygons(field.geometry, window))
      fillPolygon(polygon, window.width, window.height, labels, index + 1);
  });
  return labels;
}
