import type { AreaGeometry, BBox, Position } from '@paddock/shared/contracts';
import {
  geodesicAreaM2,
  polygonAreaM2,
  polygonsOf,
  ringBBox,
  roundHectares,
  unionOverlappingParts,
} from '@paddock/shared/geo';
import Flatbush from 'flatbush';

export { polygonsOf };

/** Below this a boundary counts as having no area (square metres). */
export const MIN_AREA_M2 = 1;
/** Positions of one field, all rings together: detailed GPS boundaries fit; larger imports are simplified first. */
export const MAX_POSITIONS_PER_FIELD = 10_000;
/** Larger than any paddock: a boundary this big was drawn or projected by mistake (hectares). */
export const MAX_FIELD_HECTARES = 50_000;
const SQUARE_METRES_PER_HECTARE = 10_000;

/** What is wrong with a boundary, worded to follow "Field 'North paddock': ". */
export interface GeometryProblem {
  /** FastAPI-style `type` of the 422 entry. */
  type: string;
  message: string;
}

type Ring = Position[];

const samePoint = (a: Position, b: Position) => a[0] === b[0] && a[1] === b[1];

/** The ring without consecutive repeated positions (common in drawn and imported data, harmless). */
function withoutRepeats(ring: Ring): Ring {
  const out: Ring = [];
  for (const position of ring) {
    const previous = out.at(-1);
    if (!previous || !samePoint(previous, position)) out.push(position);
  }
  return out;
}

const inRange = ([lon, lat]: Position) =>
  Number.isFinite(lon) && Number.isFinite(lat) && lon >= -180 && lon <= 180 && lat >= -90 && lat <= 90;

const hectares = (value: number) => Math.round(value).toLocaleString('en-AU');

const tooLarge = (areaM2: number | null): GeometryProblem => ({
  type: 'too_large',
  message:
    areaM2 === null
      ? `the boundary reaches a pole, far larger than a field can be (at most ${hectares(MAX_FIELD_HECTARES)} ha); check that it was drawn or exported in longitude and latitude`
      : `the boundary encloses ${hectares(areaM2 / SQUARE_METRES_PER_HECTARE)} ha; a field can be at most ${hectares(MAX_FIELD_HECTARES)} ha (draw it closer in, or check the file's coordinate system)`,
});

/** A field boundary that can be saved, with what the server stores for it. */
export interface InspectedBoundary {
  /** The boundary as stored: overlapping parts of a MultiPolygon merged, so no ground counts twice. */
  geometry: AreaGeometry;
  /** Whether overlapping parts were merged (else `geometry` is the boundary as given). */
  merged: boolean;
  /** Hectares on the WGS84 ellipsoid, to 1 m². */
  area: number;
  bbox: BBox;
}

export type BoundaryInspection = { ok: true; boundary: InspectedBoundary } | { ok: false; problem: GeometryProblem };

/**
 * Checks a field boundary and measures it, in time about proportional to its positions (the
 * crossing check uses a spatial index over the segments): every polygon has an outer ring; every
 * ring has at least 4 positions and is closed; positions are on the globe, off the poles and no edge
 * crosses the antimeridian; no polygon crosses or touches itself; holes lie inside their boundary;
 * each polygon has an area (more than about 1 m²); and the whole is at most 50,000 ha.
 */
export function inspectBoundary(geometry: AreaGeometry): BoundaryInspection {
  return inspect(geometry, true) as BoundaryInspection;
}

/**
 * The checks, and with `measure` the stored boundary and its area. Without it (checking only, as a
 * file conversion does for every feature) areas are estimated on a sphere, good to 1 % or so, and
 * measured on the ellipsoid only when the estimate is close to a limit: same answers, a fraction of
 * the cost.
 */
function inspect(geometry: AreaGeometry, measure: boolean): BoundaryInspection | { ok: true } {
  const maxM2 = MAX_FIELD_HECTARES * SQUARE_METRES_PER_HECTARE;
  const problem = structuralProblem(geometry);
  if (problem) return { ok: false, problem };
  let totalM2 = 0;
  for (const polygon of polygonsOf(geometry)) {
    const cleaned = polygon.map(withoutRepeats);
    // A ring that collapses to fewer than 3 distinct corners encloses nothing.
    if (cleaned.some((ring) => ring.length < 4)) return { ok: false, problem: noArea };
    // Before the area: the halves of a bow-tie cancel out and would look like "no area".
    if (crossesItself(cleaned)) {
      return { ok: false, problem: { type: 'self_intersection', message: 'the boundary crosses itself' } };
    }
    const [outer, ...holes] = cleaned;
    if (outer && holes.some((hole) => !ringContainsRing(outer, hole))) {
      return {
        ok: false,
        problem: { type: 'hole_outside', message: 'the boundary has a hole that lies outside it' },
      };
    }
    // Corners on one line of longitude/latitude enclose nothing as drawn, whatever the geodesics between them do.
    if (outer && Math.abs(planarArea(outer)) < 1e-20) return { ok: false, problem: noArea };
    const estimate = measure ? null : sphericalAreaM2(cleaned);
    const area =
      estimate !== null && !nearLimit(estimate, MIN_AREA_M2) && !nearLimit(estimate, maxM2)
        ? estimate
        : polygonAreaM2(cleaned);
    if (area <= MIN_AREA_M2) return { ok: false, problem: noArea };
    if (area > maxM2) return { ok: false, problem: tooLarge(area) };
    totalM2 += area;
  }
  // Overlapping parts only make the sum larger: under the limit, their union is too.
  if (!measure && totalM2 < maxM2 * (1 - ESTIMATE_MARGIN)) return { ok: true };
  const stored = unionOverlappingParts(geometry);
  // Parts apart (or a Polygon): the polygons' areas just measured; merged parts are measured again.
  const areaM2 = stored === geometry ? totalM2 : geodesicAreaM2(stored);
  if (areaM2 > MAX_FIELD_HECTARES * SQUARE_METRES_PER_HECTARE) return { ok: false, problem: tooLarge(areaM2) };
  return {
    ok: true,
    boundary: {
      geometry: stored,
      merged: stored !== geometry,
      area: roundHectares(areaM2 / SQUARE_METRES_PER_HECTARE),
      bbox: bboxOf(stored),
    },
  };
}

/** The first thing wrong with a field boundary, or null when it can be saved (see `inspectBoundary`). */
export function findGeometryProblem(geometry: AreaGeometry): GeometryProblem | null {
  const inspection = inspect(geometry, false);
  return inspection.ok ? null : inspection.problem;
}

/** How far the spherical estimate may be from the ellipsoidal area (it is within 0.7 % to 70°). */
const ESTIMATE_MARGIN = 0.03;
const nearLimit = (estimate: number, limit: number) => Math.abs(estimate - limit) <= limit * ESTIMATE_MARGIN;

const RADIANS = Math.PI / 180;
const MEAN_RADIUS_M = 6_371_008.8;

/** A polygon's area on the mean-radius sphere (square metres): cheap, for checks against limits only. */
function sphericalAreaM2(rings: readonly Ring[]): number {
  let total = 0;
  rings.forEach((ring, r) => {
    let sum = 0;
    for (let i = 1; i < ring.length; i += 1) {
      const [lon1, lat1] = ring[i - 1] as Position;
      const [lon2, lat2] = ring[i] as Position;
      sum += (lon2 - lon1) * RADIANS * (2 + Math.sin(lat1 * RADIANS) + Math.sin(lat2 * RADIANS));
    }
    const area = Math.abs((sum * MEAN_RADIUS_M * MEAN_RADIUS_M) / 2);
    total += r === 0 ? area : -area;
  });
  return Math.max(0, total);
}

const noArea: GeometryProblem = { type: 'zero_area', message: 'the boundary has no area' };

/** Problems found from the positions alone, before any geometry is computed. */
function structuralProblem(geometry: AreaGeometry): GeometryProblem | null {
  const polygons = polygonsOf(geometry);
  if (polygons.length === 0 || polygons.some((rings) => rings.length === 0)) {
    return { type: 'geometry_empty', message: 'the boundary has no coordinates' };
  }
  const rings = polygons.flat();
  const positions = rings.reduce((total, ring) => total + ring.length, 0);
  if (positions > MAX_POSITIONS_PER_FIELD) {
    return {
      type: 'too_many_positions',
      message: `the boundary has ${positions.toLocaleString('en-AU')} positions; at most ${MAX_POSITIONS_PER_FIELD.toLocaleString('en-AU')} are allowed (simplify it)`,
    };
  }

  for (const ring of rings) {
    const outside = ring.find((position) => !inRange(position));
    if (outside) {
      return {
        type: 'coordinates_out_of_range',
        message: `the boundary has a position off the globe ([${outside[0]}, ${outside[1]}]): longitude must be between -180 and 180 and latitude between -90 and 90`,
      };
    }
  }
  for (const ring of rings) {
    if (ring.length < 4) {
      return {
        type: 'ring_too_short',
        message: 'the boundary needs at least 4 positions in each ring (3 corners and the first one again to close it)',
      };
    }
    if (!samePoint(ring[0] as Position, ring.at(-1) as Position)) {
      return {
        type: 'ring_not_closed',
        message: 'the boundary is not closed (its last position must be the same as its first)',
      };
    }
  }
  // A ring through a pole (the whole-world box is one) has no sensible area as a field.
  if (rings.some((ring) => ring.some(([, lat]) => Math.abs(lat) === 90))) return tooLarge(null);
  for (const ring of rings) {
    for (let i = 1; i < ring.length; i += 1) {
      if (Math.abs((ring[i] as Position)[0] - (ring[i - 1] as Position)[0]) > 180) {
        return {
          type: 'crosses_antimeridian',
          message:
            'the boundary crosses the 180° meridian (the antimeridian); split it into one field on each side of it',
        };
      }
    }
  }
  return null;
}

/** Twice the signed area of a ring in the plane of longitude and latitude (about its first corner, for precision). */
function planarArea(ring: readonly Position[]): number {
  const [ox, oy] = ring[0] as Position;
  let sum = 0;
  for (let i = 1; i < ring.length; i += 1) {
    const [x0, y0] = ring[i - 1] as Position;
    const [x1, y1] = ring[i] as Position;
    sum += (x0 - ox) * (y1 - oy) - (x1 - ox) * (y0 - oy);
  }
  return sum;
}

/** Up to this many segments the crossing check compares every pair (the index pays off above it). */
const SMALL_RING_SEGMENTS = 48;

/** Which side of a→b the point c is on: 1, -1, or 0 on the line. */
const orientation = (ax: number, ay: number, bx: number, by: number, cx: number, cy: number) =>
  Math.sign((bx - ax) * (cy - ay) - (by - ay) * (cx - ax));

/** c lies within the box of a→b (used once c is known to be on the line). */
const withinBox = (ax: number, ay: number, bx: number, by: number, cx: number, cy: number) =>
  Math.min(ax, bx) <= cx && cx <= Math.max(ax, bx) && Math.min(ay, by) <= cy && cy <= Math.max(ay, by);

/**
 * Whether the rings of one polygon cross or touch themselves or each other (what turf's `kinks`
 * finds, plus overlapping collinear edges). The segments go into a static R-tree (flatbush) and each
 * is compared only with those whose boxes it meets, so the work grows with the positions, not with
 * their square, for boundaries of every shape farms have (a comb of 10,000 positions whose edges
 * all span the same longitudes takes milliseconds). Rings are closed and free of repeated
 * consecutive positions. `work`, when given, counts the pairs of segments compared.
 */
export function crossesItself(rings: readonly Ring[], work?: { comparisons: number }): boolean {
  const count = rings.reduce((total, ring) => total + ring.length - 1, 0);
  if (count === 0) return false;
  // Typed arrays for big boundaries; small ones (most fields of an import) in plain arrays, which
  // cost far less to allocate a hundred thousand times.
  const small = count <= SMALL_RING_SEGMENTS;
  const numbers = (): Float64Array | number[] => (small ? new Array<number>(count) : new Float64Array(count));
  const ax = numbers();
  const ay = numbers();
  const bx = numbers();
  const by = numbers();
  /** Index of the ring's first segment, and the ring's segment count, per segment. */
  const ringStart = numbers();
  const ringLength = numbers();
  let s = 0;
  for (const ring of rings) {
    const start = s;
    for (let i = 0; i < ring.length - 1; i += 1, s += 1) {
      const [x0, y0] = ring[i] as Position;
      const [x1, y1] = ring[i + 1] as Position;
      ax[s] = x0;
      ay[s] = y0;
      bx[s] = x1;
      by[s] = y1;
      ringStart[s] = start;
      ringLength[s] = ring.length - 1;
    }
  }

  /** Neighbours in one ring share a corner by construction; that is not a crossing. */
  const neighbours = (i: number, j: number) => {
    if (ringStart[i] !== ringStart[j]) return false;
    const gap = Math.abs(i - j);
    return gap === 1 || gap === (ringLength[i] as number) - 1;
  };
  const meet = (i: number, j: number): boolean => {
    const [sax, say, sbx, sby] = [ax[i] as number, ay[i] as number, bx[i] as number, by[i] as number];
    const [tax, tay, tbx, tby] = [ax[j] as number, ay[j] as number, bx[j] as number, by[j] as number];
    const d1 = orientation(tax, tay, tbx, tby, sax, say);
    const d2 = orientation(tax, tay, tbx, tby, sbx, sby);
    const d3 = orientation(sax, say, sbx, sby, tax, tay);
    const d4 = orientation(sax, say, sbx, sby, tbx, tby);
    if (d1 * d2 < 0 && d3 * d4 < 0) return true;
    return (
      (d1 === 0 && withinBox(tax, tay, tbx, tby, sax, say)) ||
      (d2 === 0 && withinBox(tax, tay, tbx, tby, sbx, sby)) ||
      (d3 === 0 && withinBox(sax, say, sbx, sby, tax, tay)) ||
      (d4 === 0 && withinBox(sax, say, sbx, sby, tbx, tby))
    );
  };

  // A small boundary: every pair, which costs less than building an index.
  if (small) {
    for (let i = 0; i < count; i += 1) {
      for (let j = i + 1; j < count; j += 1) {
        if (neighbours(i, j)) continue;
        if (work) work.comparisons += 1;
        if (meet(i, j)) return true;
      }
    }
    return false;
  }

  const index = new Flatbush(count);
  for (let i = 0; i < count; i += 1) {
    const [x0, y0, x1, y1] = [ax[i] as number, ay[i] as number, bx[i] as number, by[i] as number];
    index.add(x0 < x1 ? x0 : x1, y0 < y1 ? y0 : y1, x0 < x1 ? x1 : x0, y0 < y1 ? y1 : y0);
  }
  index.finish();
  for (let i = 0; i < count; i += 1) {
    let found = false;
    const x0 = ax[i] as number;
    const y0 = ay[i] as number;
    const x1 = bx[i] as number;
    const y1 = by[i] as number;
    index.search(Math.min(x0, x1), Math.min(y0, y1), Math.max(x0, x1), Math.max(y0, y1), (j) => {
      if (found || j <= i || neighbours(i, j)) return false;
      if (work) work.comparisons += 1;
      if (meet(i, j)) found = true;
      return false;
    });
    if (found) return true;
  }
  return false;
}

/**
 * Whether a hole lies inside the outer ring. The rings neither cross nor touch (checked before), so
 * any corner of the hole decides.
 */
export function ringContainsRing(outer: readonly Position[], hole: readonly Position[]): boolean {
  for (const [x, y] of hole) {
    const where = pointInRing(outer, x, y);
    if (where !== 0) return where > 0;
  }
  return true;
}

/** 1 inside, -1 outside, 0 on the ring (ray casting). */
function pointInRing(ring: readonly Position[], x: number, y: number): number {
  let inside = false;
  for (let i = 1; i < ring.length; i++) {
    const [xi, yi] = ring[i] as Position;
    const [xj, yj] = ring[i - 1] as Position;
    if (orientation(xj, yj, xi, yi, x, y) === 0 && withinBox(xj, yj, xi, yi, x, y)) return 0;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside ? 1 : -1;
}

/** Area in hectares on the WGS84 ellipsoid (GeographicLib), overlapping parts counted once, to 1 m². */
export function areaInHectares(geometry: AreaGeometry): number {
  return roundHectares(geodesicAreaM2(geometry) / SQUARE_METRES_PER_HECTARE);
}

/** [west, south, east, north] of every position of the geometry. */
export function bboxOf(geometry: AreaGeometry): BBox {
  const rings = polygonsOf(geometry).flatMap((polygon) => polygon.map(ringBBox));
  return unionBBox(rings) ?? [Infinity, Infinity, -Infinity, -Infinity];
}

/** The union of boxes; null for none. */
export function unionBBox(boxes: Iterable<BBox>): BBox | null {
  let union: BBox | null = null;
  for (const [west, south, east, north] of boxes) {
    union = union
      ? [Math.min(union[0], west), Math.min(union[1], south), Math.max(union[2], east), Math.max(union[3], north)]
      : [west, south, east, north];
  }
  return union;
}

export interface MeasuredGeometry {
  /** Hectares. */
  area: number;
  bbox: BBox;
}

export function measureGeometry(geometry: AreaGeometry): MeasuredGeometry {
  return { area: areaInHectares(geometry), bbox: bboxOf(geometry) };
}

/** Areas go out rounded to 1 m² (4 decimals of a hectare); the UI shows two decimals. */
export const roundArea = roundHectares;

/** The polygon of a [west, south, east, north] box (counter-clockwise, closed). */
export function boxPolygon([west, south, east, north]: BBox): AreaGeometry {
  return {
    type: 'Polygon',
    coordinates: [
      [
        [west, south],
        [east, south],
        [east, north],
        [west, north],
        [west, south],
      ],
    ],
  };
}
