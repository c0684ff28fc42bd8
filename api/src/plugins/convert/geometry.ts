import type { Simplification } from '@paddock/shared/contracts';
import type { Geometry, Position } from 'geojson';
import { findGeometryProblem } from '../../geo/geometry';
import { ringSignedArea } from '../../geo/winding';
import { simplifyToLimit } from './simplify';

/** [longitude, latitude]: output positions are 2D; altitudes in the files are dropped. */
export type Pair = [number, number];
export type FieldGeometry =
  { type: 'Polygon'; coordinates: Pair[][] } | { type: 'MultiPolygon'; coordinates: Pair[][][] };
export type BBox = [number, number, number, number];
/** Turns a file coordinate into longitude/latitude (absent when the file is already in degrees). */
export type Projector = (x: number, y: number) => Pair;

export type FieldGeometryResult =
  { geometry: FieldGeometry; bbox: BBox; simplified?: Simplification } | { reason: string };

/** Why a feature cannot become a field, as the upload wizard lists it. */
export const reasons = {
  noBoundary: 'This feature has no boundary',
  point: 'Point features cannot be fields',
  line: 'Line features cannot be fields',
  crosses: 'The boundary crosses itself',
  tooFewCorners: 'The boundary has fewer than three corners',
  noArea: 'The boundary has no area',
  notNumbers: 'The boundary has coordinates that are not numbers',
  outOfRange: 'The boundary is outside the range of longitudes and latitudes',
} as const;

/**
 * Checks a feature's geometry and repairs what is safe to repair, so the result is a WGS84
 * (Multi)Polygon the fields api will save: drops altitudes and repeated consecutive points, closes
 * rings, drops holes with no area, and winds rings the GeoJSON way (outer rings counter-clockwise,
 * holes clockwise). A GeometryCollection (KML MultiGeometry) keeps its polygons; labels and lines
 * beside them are dropped. Then the fields' own rules apply (`findGeometryProblem`: no crossing or
 * touching, holes inside their boundary, an area, at most 50,000 ha), a boundary of more than 10,000
 * positions being simplified first (`simplifyToLimit`, said in `simplified`). What cannot be repaired
 * comes back as a reason.
 */
export function toFieldGeometry(geometry: Geometry | null | undefined, project?: Projector): FieldGeometryResult {
  const found = polygonsOf(geometry);
  if ('reason' in found) return found;
  const bbox: BBox = [Infinity, Infinity, -Infinity, -Infinity];
  const polygons: Pair[][][] = [];
  for (const rings of found.polygons) {
    const polygon = cleanPolygon(rings, bbox, project);
    if (typeof polygon === 'string') return { reason: polygon };
    polygons.push(polygon);
  }
  // Boundaries over the fields' limit of positions are simplified within half a metre.
  const fitted = simplifyToLimit(polygons);
  if ('reason' in fitted) return fitted;
  const [first] = fitted.polygons;
  if (!first) return { reason: reasons.noBoundary };
  const fieldGeometry: FieldGeometry =
    fitted.polygons.length === 1
      ? { type: 'Polygon', coordinates: first }
      : { type: 'MultiPolygon', coordinates: fitted.polygons };
  // The rules a field must meet to be saved (crossings, area, size): a converted feature can be saved.
  const problem = findGeometryProblem(fieldGeometry);
  if (problem) return { reason: problem.message.charAt(0).toUpperCase() + problem.message.slice(1) };
  return fitted.simplified
    ? { geometry: fieldGeometry, bbox, simplified: fitted.simplified }
    : { geometry: fieldGeometry, bbox };
}

function polygonsOf(geometry: Geometry | null | undefined): { polygons: Position[][][] } | { reason: string } {
  switch (geometry?.type) {
    case undefined:
      return { reason: reasons.noBoundary };
    case 'Polygon':
      return { polygons: [geometry.coordinates] };
    case 'MultiPolygon':
      return geometry.coordinates.length ? { polygons: geometry.coordinates } : { reason: reasons.noBoundary };
    case 'Point':
    case 'MultiPoint':
      return { reason: reasons.point };
    case 'LineString':
    case 'MultiLineString':
      return { reason: reasons.line };
    case 'GeometryCollection': {
      const members = geometry.geometries.map(polygonsOf);
      const polygons = members.flatMap((member) => ('polygons' in member ? member.polygons : []));
      if (polygons.length) return { polygons };
      return members.find((member) => 'reason' in member) ?? { reason: reasons.noBoundary };
    }
  }
}

function cleanPolygon(rings: Position[][], bbox: BBox, project?: Projector): Pair[][] | string {
  const [outerInput, ...holeInputs] = rings;
  if (!outerInput) return reasons.noBoundary;
  const outer = cleanRing(outerInput, bbox, project);
  if (typeof outer === 'string') return outer;
  const outerArea = ringSignedArea(outer);
  // No area: all corners on one line, or lobes that cancel out (a symmetric bow-tie).
  if (outerArea === 0) return allOnOneLine(outer) ? reasons.noArea : reasons.crosses;
  if (outerArea < 0) outer.reverse();

  const cleaned: Pair[][] = [outer];
  for (const holeInput of holeInputs) {
    const hole = cleanRing(holeInput, bbox, project);
    if (hole === reasons.notNumbers || hole === reasons.outOfRange) return hole;
    // A hole with too few corners or no area cuts nothing out: dropping it is a safe repair.
    if (typeof hole === 'string') continue;
    const area = ringSignedArea(hole);
    if (area === 0) continue;
    if (area > 0) hole.reverse();
    cleaned.push(hole);
  }

  return cleaned;
}

/** A closed ring of distinct consecutive positions, in degrees; widens `bbox` as it goes. */
function cleanRing(input: Position[], bbox: BBox, project?: Projector): Pair[] | string {
  const ring: Pair[] = [];
  let lastX = NaN;
  let lastY = NaN;
  for (const position of input) {
    let x = position[0] ?? NaN;
    let y = position[1] ?? NaN;
    if (project) [x, y] = project(x, y);
    if (!Number.isFinite(x) || !Number.isFinite(y)) return reasons.notNumbers;
    if (x < -180 || x > 180 || y < -90 || y > 90) return reasons.outOfRange;
    if (x === lastX && y === lastY) continue;
    // Unprojected 2D positions are kept as they are: fewer allocations on the hot path.
    ring.push(!project && position.length === 2 ? (position as Pair) : [x, y]);
    lastX = x;
    lastY = y;
    if (x < bbox[0]) bbox[0] = x;
    if (y < bbox[1]) bbox[1] = y;
    if (x > bbox[2]) bbox[2] = x;
    if (y > bbox[3]) bbox[3] = y;
  }
  const first = ring[0];
  if (first && ring.length > 1 && first[0] === lastX && first[1] === lastY) ring.pop();
  if (!first || ring.length < 3) return reasons.tooFewCorners;
  ring.push(first);
  return ring;
}

function allOnOneLine(ring: readonly Pair[]): boolean {
  const [[ax, ay], [bx, by]] = ring as [Pair, Pair];
  return ring.every(([x, y]) => orientation(ax, ay, bx, by, x, y) === 0);
}

const orientation = (ax: number, ay: number, bx: number, by: number, cx: number, cy: number) =>
  Math.sign((bx - ax) * (cy - ay) - (by - ay) * (cx - ax));
