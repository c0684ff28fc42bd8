import type { Grid } from './raster';

/**
 * Polygons of a patch raster that tile the window with no gap and no overlap, simplified: every
 * patch is traced along pixel edges (4-connected: patches that meet only at a corner touch there),
 * the boundaries are cut into arcs at the points where three patches meet, each arc is simplified
 * once (Douglas–Peucker) and used by both patches beside it. An arc whose simplified form would
 * cross another arc, or itself, keeps its pixel-edge form, so every ring stays simple.
 *
 * Coordinates are pixel-corner positions of the window (x right, y down; pixel (c, r) spans
 * [c, c+1] × [r, r+1]), as flat [x0, y0, x1, y1, …] rings without the closing position.
 */

export interface PatchPolygon {
  patch: number;
  /** Outer ring first, then holes. */
  rings: Float64Array[];
}

/** Side of a pixel: 0 top, 1 left, 2 bottom, 3 right — the order a pixel's edges run in. */
const DX = [0, -1, 0, 1];
const DY = [-1, 0, 1, 0];

/**
 * Traces every patch of `ids` (one id ≥ 0 per pixel, 4-connected patches, numbered 0..count−1)
 * into simple rings, simplifies the shared arcs within `tolerance` pixels, and returns one polygon
 * per patch (outer ring first).
 */
export function polygonize(grid: Grid, ids: Int32Array, count: number, tolerance: number): PatchPolygon[] {
  const { width, height } = grid;
  const stride = width + 1;
  const idAt = (x: number, y: number): number =>
    x < 0 || y < 0 || x >= width || y >= height ? -1 : (ids[y * width + x] as number);

  // Per pixel, a bit per side (1 << side) where the neighbour across is another patch or outside;
  // `pending` holds the boundary sides not traced yet.
  const sides = new Uint8Array(ids.length);
  for (let p = 0, x = 0, y = 0; p < ids.length; p += 1) {
    const id = ids[p] as number;
    let mask = 0;
    if (y === 0 || ids[p - width] !== id) mask |= 1;
    if (x === 0 || ids[p - 1] !== id) mask |= 2;
    if (y === height - 1 || ids[p + width] !== id) mask |= 4;
    if (x === width - 1 || ids[p + 1] !== id) mask |= 8;
    sides[p] = mask;
    x += 1;
    if (x === width) {
      x = 0;
      y += 1;
    }
  }
  const pending = Uint8Array.from(sides);
  const boundary = (p: number, side: number): boolean => ((sides[p] as number) & (1 << side)) !== 0;
  /** The lattice vertex a pixel edge starts at. */
  const startOf = (p: number, side: number): number => {
    const x = p % width;
    const y = (p - x) / width;
    switch (side) {
      case 0:
        return y * stride + x + 1;
      case 1:
        return y * stride + x;
      case 2:
        return (y + 1) * stride + x;
      default:
        return (y + 1) * stride + x + 1;
    }
  };
  const neighbour = (p: number, side: number): number => p + (DY[side] as number) * width + (DX[side] as number);

  const isNode = (v: number): boolean => {
    const x = v % stride;
    const y = (v - x) / stride;
    const a = idAt(x - 1, y - 1);
    const b = idAt(x, y - 1);
    const c = idAt(x - 1, y);
    const d = idAt(x, y);
    if (a === d && b === c && a !== b) return true;
    let distinct = 1;
    if (b !== a) distinct += 1;
    if (c !== a && c !== b) distinct += 1;
    if (d !== a && d !== b && d !== c) distinct += 1;
    return distinct >= 3;
  };

  // 1. Rings along pixel edges, each patch kept on the same side; at a corner where two pixels of a
  //    patch meet diagonally the ring turns round its own pixel (4-connectivity).
  const rings: { patch: number; vertices: Int32Array; outer: boolean }[] = [];
  const buffer: number[] = [];
  for (let p0 = 0; p0 < ids.length; p0 += 1) {
    if (pending[p0] === 0) continue;
    for (let s0 = 0; s0 < 4; s0 += 1) {
      if (((pending[p0] as number) & (1 << s0)) === 0) continue;
      buffer.length = 0;
      let p = p0;
      let s = s0;
      let twiceArea = 0;
      do {
        pending[p] = (pending[p] as number) & ~(1 << s);
        buffer.push(startOf(p, s));
        const turn = (s + 1) % 4;
        if (boundary(p, turn)) {
          // A pixel of the same patch diagonally across the corner: go round it (the patch is one
          // piece there), so the outer ring and a hole meet at that corner instead of one ring
          // touching itself.
          const x = p % width;
          const y = (p - x) / width;
          const dx = x + (DX[turn] as number) + (DX[s] as number);
          const dy = y + (DY[turn] as number) + (DY[s] as number);
          if (idAt(dx, dy) === ids[p]) {
            p = dy * width + dx;
            s = (s + 3) % 4;
          } else s = turn;
        } else {
          const q = neighbour(p, turn);
          if (boundary(q, s)) p = q;
          else {
            p = neighbour(q, s);
            s = (s + 3) % 4;
          }
        }
      } while (p !== p0 || s !== s0);
      for (let k = 0; k < buffer.length; k += 1) {
        const v = buffer[k] as number;
        const w = buffer[(k + 1) % buffer.length] as number;
        const vx = v % stride;
        const wx = w % stride;
        twiceArea += vx * ((w - wx) / stride) - wx * ((v - vx) / stride);
      }
      rings.push({ patch: ids[p0] as number, vertices: Int32Array.from(buffer), outer: twiceArea < 0 });
    }
  }

  // 2. Arcs: ring pieces between nodes (or whole rings without one), keyed by their first edge in a
  //    canonical direction so the two patches beside an arc find the same one.
  interface Arc {
    vertices: Int32Array;
    closed: boolean;
    simplified: Int32Array;
  }
  const arcs = new Map<number, Arc>();
  const vertexCount = stride * (height + 1);
  const pieces: { arc: Arc; reversed: boolean }[][] = [];
  for (const ring of rings) {
    const { vertices } = ring;
    const n = vertices.length;
    const nodes: number[] = [];
    for (let k = 0; k < n; k += 1) if (isNode(vertices[k] as number)) nodes.push(k);
    const used: { arc: Arc; reversed: boolean }[] = [];
    if (nodes.length === 0) {
      // Canonical loop: starts at its lowest vertex, runs towards the lower of that vertex's two neighbours.
      let start = 0;
      for (let k = 1; k < n; k += 1) if ((vertices[k] as number) < (vertices[start] as number)) start = k;
      const next = vertices[(start + 1) % n] as number;
      const previous = vertices[(start + n - 1) % n] as number;
      const forward = next < previous;
      const canonical = new Int32Array(n);
      for (let k = 0; k < n; k += 1) canonical[k] = vertices[forward ? (start + k) % n : (start - k + n) % n] as number;
      const key = (canonical[0] as number) * vertexCount + (canonical[1] as number);
      let arc = arcs.get(key);
      if (!arc) {
        arc = { vertices: canonical, closed: true, simplified: canonical };
        arcs.set(key, arc);
      }
      used.push({ arc, reversed: !forward });
    } else {
      for (let j = 0; j < nodes.length; j += 1) {
        const from = nodes[j] as number;
        const to = nodes[(j + 1) % nodes.length] as number;
        const length = ((to - from + n) % n || n) + 1;
        const chain = new Int32Array(length);
        for (let k = 0; k < length; k += 1) chain[k] = vertices[(from + k) % n] as number;
        const first = chain[0] as number;
        const last = chain[length - 1] as number;
        const forward = first < last || (first === last && (chain[1] as number) < (chain[length - 2] as number));
        const canonical = forward ? chain : chain.slice().reverse();
        const key = (canonical[0] as number) * vertexCount + (canonical[1] as number);
        let arc = arcs.get(key);
        if (!arc) {
          arc = { vertices: canonical, closed: false, simplified: canonical };
          arcs.set(key, arc);
        }
        used.push({ arc, reversed: !forward });
      }
    }
    pieces.push(used);
  }

  // 3. Simplify each arc once; keep the pixel-edge form of arcs whose simplified form crosses another.
  const xOf = (v: number) => v % stride;
  const yOf = (v: number) => (v - (v % stride)) / stride;
  const straightened = new Map<Arc, Int32Array>();
  for (const arc of arcs.values()) {
    const plain = dropCollinear(arc.vertices, arc.closed, xOf, yOf);
    straightened.set(arc, plain);
    arc.simplified = tolerance > 0 ? simplifyArc(plain, arc.closed, tolerance, xOf, yOf) : plain;
  }
  for (let round = 0; round < 20; round += 1) {
    const crossing = crossingArcs([...arcs.values()], xOf, yOf);
    if (crossing.size === 0) break;
    for (const arc of crossing) arc.simplified = straightened.get(arc) as Int32Array;
  }

  // 4. Rings from their arcs, each patch's outer ring first.
  const polygons: PatchPolygon[] = Array.from({ length: count }, (_, patch) => ({ patch, rings: [] }));
  const holes: { patch: number; ring: Float64Array }[] = [];
  rings.forEach((ring, r) => {
    const coordinates: number[] = [];
    for (const { arc, reversed } of pieces[r] as { arc: Arc; reversed: boolean }[]) {
      const points = arc.simplified;
      const length = arc.closed ? points.length : points.length - 1;
      for (let k = 0; k < length; k += 1) {
        const v = points[
          reversed ? (arc.closed ? (points.length - k) % points.length : points.length - 1 - k) : k
        ] as number;
        coordinates.push(xOf(v), yOf(v));
      }
    }
    const flat = Float64Array.from(coordinates);
    if (ring.outer) (polygons[ring.patch] as PatchPolygon).rings.unshift(flat);
    else holes.push({ patch: ring.patch, ring: flat });
  });
  for (const { patch, ring } of holes) (polygons[patch] as PatchPolygon).rings.push(ring);
  return polygons;
}

/** The arc without vertices that lie on the straight line through their neighbours (closed arcs keep vertex 0). */
function dropCollinear(
  vertices: Int32Array,
  closed: boolean,
  xOf: (v: number) => number,
  yOf: (v: number) => number,
): Int32Array {
  const n = vertices.length;
  const kept: number[] = [vertices[0] as number];
  const last = closed ? n : n - 1;
  for (let k = 1; k < last; k += 1) {
    const a = kept[kept.length - 1] as number;
    const b = vertices[k] as number;
    const c = vertices[(k + 1) % n] as number;
    const cross = (xOf(b) - xOf(a)) * (yOf(c) - yOf(b)) - (yOf(b) - yOf(a)) * (xOf(c) - xOf(b));
    if (cross !== 0) kept.push(b);
  }
  if (!closed) kept.push(vertices[n - 1] as number);
  return Int32Array.from(kept);
}

/** Douglas–Peucker within `tolerance`; a closed arc is split at vertex 0 and its farthest vertex. */
function simplifyArc(
  vertices: Int32Array,
  closed: boolean,
  tolerance: number,
  xOf: (v: number) => number,
  yOf: (v: number) => number,
): Int32Array {
  const n = vertices.length;
  if (n <= (closed ? 4 : 2)) return vertices;
  const keep = new Uint8Array(closed ? n + 1 : n);
  const at = (k: number) => vertices[k % n] as number;
  const squaredTolerance = tolerance * tolerance;
  const stack: number[] = [];
  const run = (first: number, last: number) => {
    keep[first] = 1;
    keep[last] = 1;
    stack.push(first, last);
    while (stack.length > 0) {
      const b = stack.pop() as number;
      const a = stack.pop() as number;
      const ax = xOf(at(a));
      const ay = yOf(at(a));
      const dx = xOf(at(b)) - ax;
      const dy = yOf(at(b)) - ay;
      const lengthSquared = dx * dx + dy * dy;
      let farthest = -1;
      let farthestDistance = squaredTolerance;
      for (let k = a + 1; k < b; k += 1) {
        const px = xOf(at(k)) - ax;
        const py = yOf(at(k)) - ay;
        let distance: number;
        if (lengthSquared === 0) distance = px * px + py * py;
        else {
          const t = Math.max(0, Math.min(1, (px * dx + py * dy) / lengthSquared));
          const ex = px - t * dx;
          const ey = py - t * dy;
          distance = ex * ex + ey * ey;
        }
        if (distance > farthestDistance) {
          farthest = k;
          farthestDistance = distance;
        }
      }
      if (farthest >= 0) {
        keep[farthest] = 1;
        stack.push(a, farthest, farthest, b);
      }
    }
  };
  if (closed) {
    let far = 1;
    let farDistance = -1;
    for (let k = 1; k < n; k += 1) {
      const dx = xOf(at(k)) - xOf(at(0));
      const dy = yOf(at(k)) - yOf(at(0));
      if (dx * dx + dy * dy > farDistance) {
        far = k;
        farDistance = dx * dx + dy * dy;
      }
    }
    run(0, far);
    run(far, n);
  } else run(0, n - 1);
  const kept: number[] = [];
  for (let k = 0; k < n; k += 1) if (keep[k]) kept.push(vertices[k] as number);
  // A closed arc needs three corners to enclose anything.
  return closed && kept.length < 3 ? vertices : Int32Array.from(kept);
}

/** Sign of the turn a → b → c (integer lattice coordinates, so exact). */
const orient = (ax: number, ay: number, bx: number, by: number, cx: number, cy: number): number =>
  Math.sign((bx - ax) * (cy - ay) - (by - ay) * (cx - ax));

const onSegment = (ax: number, ay: number, bx: number, by: number, px: number, py: number): boolean =>
  Math.min(ax, bx) <= px && px <= Math.max(ax, bx) && Math.min(ay, by) <= py && py <= Math.max(ay, by);

/** Whether two segments share any point other than one common end. */
function segmentsConflict(
  ax: number,
  ay: number,
  bx: number,
  by: number,
  cx: number,
  cy: number,
  dx: number,
  dy: number,
): boolean {
  const o1 = orient(ax, ay, bx, by, cx, cy);
  const o2 = orient(ax, ay, bx, by, dx, dy);
  const o3 = orient(cx, cy, dx, dy, ax, ay);
  const o4 = orient(cx, cy, dx, dy, bx, by);
  const sharedEnd =
    (ax === cx && ay === cy) || (ax === dx && ay === dy) || (bx === cx && by === cy) || (bx === dx && by === dy);
  if (sharedEnd) {
    // Arcs meet at their ends; two segments from one point conflict only when they run along each other.
    if (o1 !== 0 || o2 !== 0) return false;
    const [ox, oy, px, py, qx, qy] =
      ax === cx && ay === cy
        ? [ax, ay, bx, by, dx, dy]
        : ax === dx && ay === dy
          ? [ax, ay, bx, by, cx, cy]
          : bx === cx && by === cy
            ? [bx, by, ax, ay, dx, dy]
            : [bx, by, ax, ay, cx, cy];
    return (px - ox) * (qx - ox) + (py - oy) * (qy - oy) > 0;
  }
  if (o1 * o2 < 0 && o3 * o4 < 0) return true;
  if (o1 === 0 && onSegment(ax, ay, bx, by, cx, cy)) return true;
  if (o2 === 0 && onSegment(ax, ay, bx, by, dx, dy)) return true;
  if (o3 === 0 && onSegment(cx, cy, dx, dy, ax, ay)) return true;
  if (o4 === 0 && onSegment(cx, cy, dx, dy, bx, by)) return true;
  return false;
}

/**
 * The arcs whose simplified segments cross a segment of another arc, or a non-neighbouring segment
 * of their own: found through a grid of 8-pixel cells, so the cost follows the segment count.
 */
function crossingArcs<T extends { simplified: Int32Array; closed: boolean }>(
  arcs: readonly T[],
  xOf: (v: number) => number,
  yOf: (v: number) => number,
): Set<T> {
  const CELL = 8;
  const segmentArc: number[] = [];
  const segmentIndex: number[] = [];
  const coordinates: number[] = [];
  arcs.forEach((arc, a) => {
    const points = arc.simplified;
    const count = arc.closed ? points.length : points.length - 1;
    for (let k = 0; k < count; k += 1) {
      const v = points[k] as number;
      const w = points[(k + 1) % points.length] as number;
      segmentArc.push(a);
      segmentIndex.push(k);
      coordinates.push(xOf(v), yOf(v), xOf(w), yOf(w));
    }
  });
  const cells = new Map<number, number[]>();
  for (let s = 0; s < segmentArc.length; s += 1) {
    const [ax, ay, bx, by] = coordinates.slice(s * 4, s * 4 + 4) as [number, number, number, number];
    for (let cx = Math.floor(Math.min(ax, bx) / CELL); cx <= Math.floor(Math.max(ax, bx) / CELL); cx += 1) {
      for (let cy = Math.floor(Math.min(ay, by) / CELL); cy <= Math.floor(Math.max(ay, by) / CELL); cy += 1) {
        const key = cx * 1_000_003 + cy;
        const list = cells.get(key);
        if (list) list.push(s);
        else cells.set(key, [s]);
      }
    }
  }
  const bad = new Set<T>();
  const checked = new Set<number>();
  for (const list of cells.values()) {
    for (let i = 0; i < list.length; i += 1) {
      for (let j = i + 1; j < list.length; j += 1) {
        const s = list[i] as number;
        const t = list[j] as number;
        const arcS = segmentArc[s] as number;
        const arcT = segmentArc[t] as number;
        const pair = s < t ? s * segmentArc.length + t : t * segmentArc.length + s;
        if (checked.has(pair)) continue;
        checked.add(pair);
        if (arcS === arcT) {
          const arc = arcs[arcS] as T;
          const count = arc.closed ? arc.simplified.length : arc.simplified.length - 1;
          const gap = Math.abs((segmentIndex[s] as number) - (segmentIndex[t] as number));
          // Consecutive segments of one arc share their common vertex.
          if (gap === 1 || (arc.closed && gap === count - 1)) continue;
        }
        if (
          segmentsConflict(
            coordinates[s * 4] as number,
            coordinates[s * 4 + 1] as number,
            coordinates[s * 4 + 2] as number,
            coordinates[s * 4 + 3] as number,
            coordinates[t * 4] as number,
            coordinates[t * 4 + 1] as number,
            coordinates[t * 4 + 2] as number,
            coordinates[t * 4 + 3] as number,
          )
        ) {
          bad.add(arcs[arcS] as T);
          bad.add(arcs[arcT] as T);
        }
      }
    }
  }
  return bad;
}
