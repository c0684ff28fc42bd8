import * as geographiclib from 'geographiclib-geodesic';
import { union } from 'polyclip-ts';
import type { AreaGeometry, BBox, Position } from '../contracts/geojson';

type Lib = typeof geographiclib;
// A CommonJS bundle: Node's ESM loader puts it under `default`, bundlers and jest spread it too.
const lib: Lib = (geographiclib as Lib & { default?: Lib }).default ?? geographiclib;
const wgs84 = lib.Geodesic.WGS84;

const SQUARE_METRES_PER_HECTARE = 10_000;

type Ring = readonly Position[];
type PolygonRings = readonly Ring[];

/** The polygons of a Polygon or MultiPolygon, as lists of rings (outer ring first). */
export function polygonsOf(geometry: AreaGeometry): Position[][][] {
  return geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
}

/**
 * Signed area of one ring on the WGS84 ellipsoid in square metres (GeographicLib's polygon area,
 * what PROJ and pyproj compute): positive when it runs counter-clockwise. Edges are geodesics.
 */
export function ringAreaM2(ring: Ring): number {
  const polygon = wgs84.Polygon(false);
  const last = ring.length - 1;
  // A closed ring repeats its first position at the end; GeographicLib closes rings itself.
  const end = last > 0 && ring[0]?.[0] === ring[last]?.[0] && ring[0]?.[1] === ring[last]?.[1] ? last : ring.length;
  for (let i = 0; i < end; i += 1) {
    const [lon, lat] = ring[i] as Position;
    polygon.AddPoint(lat, lon);
  }
  if (polygon.num < 3) return 0;
  return polygon.Compute(false, true).area ?? 0;
}

/** Area of one polygon (outer ring less its holes) in square metres, whichever way its rings run. */
export function polygonAreaM2(rings: PolygonRings): number {
  const [outer, ...holes] = rings;
  if (!outer) return 0;
  const area = holes.reduce((total, hole) => total - Math.abs(ringAreaM2(hole)), Math.abs(ringAreaM2(outer)));
  return Math.max(0, area);
}

/** [west, south, east, north] of one ring's positions. */
export const ringBBox = (ring: Ring): BBox => {
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (const [lon, lat] of ring) {
    if (lon < west) west = lon;
    if (lon > east) east = lon;
    if (lat < south) south = lat;
    if (lat > north) north = lat;
  }
  return [west, south, east, north];
};

const boxesOverlap = (a: BBox, b: BBox) => a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];

/** Whether some two parts of a MultiPolygon have overlapping boxes (so they may overlap). */
function partsMayOverlap(polygons: readonly PolygonRings[]): boolean {
  const boxes = polygons.map((rings) => ringBBox(rings[0] ?? []));
  for (let i = 0; i < boxes.length; i += 1) {
    for (let j = i + 1; j < boxes.length; j += 1) {
      if (boxesOverlap(boxes[i] as BBox, boxes[j] as BBox)) return true;
    }
  }
  return false;
}

const toPairs = (rings: PolygonRings): [number, number][][] =>
  rings.map((ring) => ring.map(([lon, lat]) => [lon, lat] as [number, number]));

/**
 * The geometry with the overlapping parts of a MultiPolygon merged into one, so ground covered by two
 * parts counts once; a Polygon, and a MultiPolygon whose parts are apart, come back as they are.
 */
export function unionOverlappingParts(geometry: AreaGeometry): AreaGeometry {
  if (geometry.type !== 'MultiPolygon' || geometry.coordinates.length < 2) return geometry;
  if (!partsMayOverlap(geometry.coordinates)) return geometry;
  const [first, ...rest] = geometry.coordinates.map(toPairs);
  if (!first) return geometry;
  const merged = union(first, ...rest);
  const separate = geometry.coordinates.reduce((total, rings) => total + polygonAreaM2(rings), 0);
  const together = merged.reduce((total, rings) => total + polygonAreaM2(rings), 0);
  // Parts that only touch along an edge keep their own shape: nothing was counted twice.
  if (separate - together <= 1e-6 * Math.max(1, separate)) return geometry;
  const [only] = merged;
  return merged.length === 1 && only
    ? { type: 'Polygon', coordinates: only }
    : { type: 'MultiPolygon', coordinates: merged };
}

/**
 * Area of a field boundary on the WGS84 ellipsoid in square metres: the sum of its polygons, holes
 * taken out, overlapping parts of a MultiPolygon counted once.
 */
export function geodesicAreaM2(geometry: AreaGeometry): number {
  return polygonsOf(unionOverlappingParts(geometry)).reduce((total, rings) => total + polygonAreaM2(rings), 0);
}

/** Hectares to 1 m² (4 decimals), as the api stores and sends them. */
export const roundHectares = (hectares: number): number => Math.round(hectares * 10_000) / 10_000;

/**
 * A field's area in hectares exactly as the api computes and stores it (WGS84 ellipsoid, 1 m²
 * steps). The import preview and the drawing read-out call this to show the number the server will.
 */
export function fieldAreaHectares(geometry: AreaGeometry): number {
  return roundHectares(geodesicAreaM2(geometry) / SQUARE_METRES_PER_HECTARE);
}

/**
 * The total of field areas (hectares) as the farm shows it: the sum of the fields' stored areas,
 * rounded to 1 m². The farm's `farm_area` and any total a screen adds up from fields are this number.
 */
export function totalHectares(areas: Iterable<number>): number {
  let sum = 0;
  for (const area of areas) sum += area;
  return roundHectares(sum);
}
