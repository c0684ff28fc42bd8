import type { Simplification } from '@paddock/shared/contracts';
import { geodesicAreaM2 } from '@paddock/shared/geo';
import { crossesItself, MAX_POSITIONS_PER_FIELD } from '../../geo/geometry';

type Pair = [number, number];

/** How far a simplified boundary may stray from the file's (metres): well inside a GPS fix. */
export const SIMPLIFY_TOLERANCE_M = 0.5;
/** How much simplifying may change the area (fraction). */
export const MAX_AREA_CHANGE = 0.001;
/** Tolerances tried when the first one would make a ring cross itself or move the area too much. */
const TOLERANCES_M = [SIMPLIFY_TOLERANCE_M, 0.25, 0.1];

/**
 * Distance computations one boundary's simplification may take (about half a second): Douglas–Peucker
 * is quadratic on boundaries where every corner matters, and a file could hold a huge one.
 */
const WORK_BUDGET = 100_000_000;

class OverBudget extends Error {}

/** Metres per degree of longitude and latitude near `lat` on the WGS84 ellipsoid. */
function metresPerDegree(lat: number): { x: number; y: number } {
  const a = 6_378_137;
  const e2 = 0.00669437999014;
  const phi = (lat * Math.PI) / 180;
  const w = 1 - e2 * Math.sin(phi) ** 2;
  const n = a / Math.sqrt(w);
  const m = (a * (1 - e2)) / w ** 1.5;
  return { x: (Math.PI / 180) * n * Math.cos(phi), y: (Math.PI / 180) * m };
}

/**
 * Douglas–Peucker on a closed ring in local metres: keeps every position further than `tolerance`
 * from the simplified line, and always at least 4 positions (a triangle, closed).
 */
function simplifyRing(
  ring: readonly Pair[],
  tolerance: number,
  scale: { x: number; y: number },
  work: { left: number },
): Pair[] {
  const n = ring.length - 1; // the last position repeats the first
  if (n < 4) return [...ring];
  const xs = new Float64Array(n + 1);
  const ys = new Float64Array(n + 1);
  for (let i = 0; i <= n; i += 1) {
    const [lon, lat] = ring[i] as Pair;
    xs[i] = lon * scale.x;
    ys[i] = lat * scale.y;
  }
  const keep = new Uint8Array(n + 1);
  // Split the ring at its first position and the one furthest from it.
  let far = 1;
  let farDistance = -1;
  for (let i = 1; i < n; i += 1) {
    const d = ((xs[i] as number) - (xs[0] as number)) ** 2 + ((ys[i] as number) - (ys[0] as number)) ** 2;
    if (d > farDistance) {
      farDistance = d;
      far = i;
    }
  }
  keep[0] = 1;
  keep[far] = 1;
  keep[n] = 1;
  const stack: Array<[number, number]> = [
    [0, far],
    [far, n],
  ];
  const squared = tolerance * tolerance;
  while (stack.length) {
    const [start, end] = stack.pop() as [number, number];
    const ax = xs[start] as number;
    const ay = ys[start] as number;
    const dx = (xs[end] as number) - ax;
    const dy = (ys[end] as number) - ay;
    const length2 = dx * dx + dy * dy;
    work.left -= end - start;
    if (work.left < 0) throw new OverBudget();
    let worst = -1;
    let worstDistance = squared;
    for (let i = start + 1; i < end; i += 1) {
      const px = (xs[i] as number) - ax;
      const py = (ys[i] as number) - ay;
      let t = length2 === 0 ? 0 : (px * dx + py * dy) / length2;
      if (t < 0) t = 0;
      else if (t > 1) t = 1;
      const ex = px - t * dx;
      const ey = py - t * dy;
      const d = ex * ex + ey * ey;
      if (d > worstDistance) {
        worstDistance = d;
        worst = i;
      }
    }
    if (worst >= 0) {
      keep[worst] = 1;
      stack.push([start, worst], [worst, end]);
    }
  }
  const kept: Pair[] = [];
  for (let i = 0; i <= n; i += 1) if (keep[i]) kept.push(ring[i] as Pair);
  // A ring reduced below a triangle keeps its furthest corners instead.
  return kept.length >= 4 ? kept : [...ring];
}

const positionsOf = (polygons: readonly Pair[][][]) =>
  polygons.reduce((total, rings) => total + rings.reduce((sum, ring) => sum + ring.length, 0), 0);

const areaOf = (polygons: Pair[][][]) => geodesicAreaM2({ type: 'MultiPolygon', coordinates: polygons });

export type SimplifyResult = { polygons: Pair[][][]; simplified?: Simplification } | { reason: string };

/**
 * A boundary of more than 10,000 positions, simplified so the fields api can save it: each ring by
 * Douglas–Peucker within 0.5 m (then 0.25 m, 0.1 m if a coarser result would make a ring cross or
 * touch itself or another, or change the area by more than 0.1 %). Boundaries within the limit come
 * back as they are; one that stays over the limit, or crosses itself already, gets a reason.
 */
export function simplifyToLimit(polygons: Pair[][][]): SimplifyResult {
  const before = positionsOf(polygons);
  if (before <= MAX_POSITIONS_PER_FIELD) return { polygons };
  if (polygons.some((rings) => crossesItself(rings))) return { reason: 'The boundary crosses itself' };
  const [first] = polygons[0] ?? [];
  const scale = metresPerDegree(first?.[0]?.[1] ?? 0);
  const area = areaOf(polygons);
  let fewest = before;
  const work = { left: WORK_BUDGET };
  for (const tolerance of TOLERANCES_M) {
    let simplified: Pair[][][];
    try {
      simplified = polygons.map((rings) => rings.map((ring) => simplifyRing(ring, tolerance, scale, work)));
    } catch (error) {
      if (!(error instanceof OverBudget)) throw error;
      return {
        reason: `The boundary has ${before.toLocaleString('en-AU')} positions, too many to simplify (split it into smaller fields)`,
      };
    }
    const after = positionsOf(simplified);
    fewest = Math.min(fewest, after);
    if (after > MAX_POSITIONS_PER_FIELD) break;
    if (simplified.some((rings) => crossesItself(rings))) continue;
    const change = (areaOf(simplified) - area) / area;
    if (Math.abs(change) > MAX_AREA_CHANGE) continue;
    return {
      polygons: simplified,
      simplified: {
        positions_before: before,
        positions_after: after,
        tolerance_m: tolerance,
        area_change: Math.round(change * 1e6) / 1e6,
      },
    };
  }
  const limit = MAX_POSITIONS_PER_FIELD.toLocaleString('en-AU');
  return {
    reason:
      fewest > MAX_POSITIONS_PER_FIELD
        ? `The boundary has ${before.toLocaleString('en-AU')} positions and still ${fewest.toLocaleString('en-AU')} when simplified within ${SIMPLIFY_TOLERANCE_M} m; at most ${limit} are allowed (split it into smaller fields)`
        : `The boundary has ${before.toLocaleString('en-AU')} positions and cannot be simplified to ${limit} within ${SIMPLIFY_TOLERANCE_M} m without changing its shape`,
  };
}
