import type { AreaGeometry, BBox, Position } from '@paddock/shared/contracts';
import { area as turfArea } from '@turf/area';

/** Below this a boundary counts as having no area (square metres). */
export const MIN_AREA_M2 = 1;
/** Positions of one field, all rings together: detailed GPS boundaries fit; the crossing check stays quick. */
export const MAX_POSITIONS_PER_FIELD = 10_000;
const SQUARE_METRES_PER_HECTARE = 10_000;

/** What is wrong with a boundary, worded to follow "Field 'North paddock': ". */
export interface GeometryProblem {
  /** FastAPI-style `type` of the 422 entry. */
  type: string;
  message: string;
}

type Ring = Position[];
type PolygonRings = Ring[];

/** The polygons of a Polygon or MultiPolygon, as lists of rings (outer ring first). */
export function polygonsOf(geometry: AreaGeometry): PolygonRings[] {
  return geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
}

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

/**
 * The first thing wrong with a field boundary, or null when it is usable: every polygon has an outer
 * ring; every ring has at least 4 positions and is closed; positions are on the globe; no polygon
 * crosses itself; and each polygon has an area (more than about 1 m²).
 */
export function findGeometryProblem(geometry: AreaGeometry): GeometryProblem | null {
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

  for (const polygon of polygons) {
    const cleaned = polygon.map(withoutRepeats);
    // A ring that collapses to fewer than 3 distinct corners encloses nothing.
    if (cleaned.some((ring) => ring.length < 4)) return { type: 'zero_area', message: 'the boundary has no area' };
    // Before the area: the halves of a bow-tie cancel out and would look like "no area".
    if (crossesItself(cleaned)) {
      return { type: 'self_intersection', message: 'the boundary crosses itself' };
    }
    if (turfArea({ type: 'Polygon', coordinates: cleaned }) <= MIN_AREA_M2) {
      return { type: 'zero_area', message: 'the boundary has no area' };
    }
  }
  return null;
}

interface Segment {
  ring: number;
  index: number;
  /** Segments in the ring (the last one meets the first at the closing position). */
  count: number;
  ax: number;
  ay: number;
  bx: number;
  by: number;
  minX: number;
  maxX: number;
  minY: number;
  maxY: number;
}

/** Which side of a→b the point c is on: 1, -1, or 0 on the line. */
const orientation = (ax: number, ay: number, bx: number, by: number, cx: number, cy: number) =>
  Math.sign((bx - ax) * (cy - ay) - (by - ay) * (cx - ax));

/** c lies within the box of a→b (used once c is known to be on the line). */
const withinBox = (ax: number, ay: number, bx: number, by: number, cx: number, cy: number) =>
  Math.min(ax, bx) <= cx && cx <= Math.max(ax, bx) && Math.min(ay, by) <= cy && cy <= Math.max(ay, by);

/** Two segments cross, touch or overlap. */
function segmentsMeet(s: Segment, t: Segment): boolean {
  const d1 = orientation(t.ax, t.ay, t.bx, t.by, s.ax, s.ay);
  const d2 = orientation(t.ax, t.ay, t.bx, t.by, s.bx, s.by);
  const d3 = orientation(s.ax, s.ay, s.bx, s.by, t.ax, t.ay);
  const d4 = orientation(s.ax, s.ay, s.bx, s.by, t.bx, t.by);
  if (d1 * d2 < 0 && d3 * d4 < 0) return true;
  return (
    (d1 === 0 && withinBox(t.ax, t.ay, t.bx, t.by, s.ax, s.ay)) ||
    (d2 === 0 && withinBox(t.ax, t.ay, t.bx, t.by, s.bx, s.by)) ||
    (d3 === 0 && withinBox(s.ax, s.ay, s.bx, s.by, t.ax, t.ay)) ||
    (d4 === 0 && withinBox(s.ax, s.ay, s.bx, s.by, t.bx, t.by))
  );
}

/** Neighbours in one ring share a corner by construction; that is not a crossing. */
const neighbours = (s: Segment, t: Segment) =>
  s.ring === t.ring && (Math.abs(s.index - t.index) === 1 || Math.abs(s.index - t.index) === s.count - 1);

/**
 * Whether the rings of one polygon cross or touch themselves or each other (what turf's `kinks`
 * finds, plus overlapping collinear edges), by a sweep over x: only segments whose x ranges
 * overlap are compared, so ordinary boundaries of thousands of positions take milliseconds.
 * Rings are closed and free of repeated consecutive positions.
 */
export function crossesItself(rings: readonly Ring[]): boolean {
  const segments: Segment[] = [];
  rings.forEach((ring, r) => {
    const count = ring.length - 1;
    for (let i = 0; i < count; i += 1) {
      const [ax, ay] = ring[i] as Position;
      const [bx, by] = ring[i + 1] as Position;
      segments.push({
        ring: r,
        index: i,
        count,
        ax,
        ay,
        bx,
        by,
        minX: Math.min(ax, bx),
        maxX: Math.max(ax, bx),
        minY: Math.min(ay, by),
        maxY: Math.max(ay, by),
      });
    }
  });
  segments.sort((a, b) => a.minX - b.minX);
  let active: Segment[] = [];
  for (const segment of segments) {
    active = active.filter((other) => other.maxX >= segment.minX);
    for (const other of active) {
      if (other.maxY < segment.minY || other.minY > segment.maxY || neighbours(segment, other)) continue;
      if (segmentsMeet(segment, other)) return true;
    }
    active.push(segment);
  }
  return false;
}

/** Geodesic area in hectares (turf, on the WGS84 mean-radius sphere). */
export function areaInHectares(geometry: AreaGeometry): number {
  return turfArea(geometry) / SQUARE_METRES_PER_HECTARE;
}

/** [west, south, east, north] of every position of the geometry. */
export function bboxOf(geometry: AreaGeometry): BBox {
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (const polygon of polygonsOf(geometry)) {
    for (const ring of polygon) {
      for (const [lon, lat] of ring) {
        if (lon < west) west = lon;
        if (lon > east) east = lon;
        if (lat < south) south = lat;
        if (lat > north) north = lat;
      }
    }
  }
  return [west, south, east, north];
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
export const roundArea = (hectares: number): number => Math.round(hectares * 10_000) / 10_000;
