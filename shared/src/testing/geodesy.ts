import type { Position } from '../contracts/geojson';

/**
 * An independent reference for field areas on the WGS84 ellipsoid: the exact area between two
 * parallels and two meridians (the authalic-latitude formula, no GeographicLib), and a boundary
 * that follows those parallels closely enough (densified) to have that area to within 1e-9.
 */
const A = 6_378_137;
const F = 1 / 298.257223563;
const B = A * (1 - F);
const E = Math.sqrt(F * (2 - F));

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** ∫ of the ellipsoid's area element from the equator to `lat` (per radian of longitude, over b²). */
function zone(lat: number): number {
  const s = Math.sin(radians(lat));
  return s / (1 - E * E * s * s) + Math.log((1 + E * s) / (1 - E * s)) / (2 * E);
}

/** Square metres between latitudes `south`..`north` and longitudes `west`..`east` (degrees). */
export function quadrangleAreaM2(west: number, south: number, east: number, north: number): number {
  return (radians(east - west) / 2) * B * B * (zone(north) - zone(south));
}

/**
 * The quadrangle as a closed counter-clockwise ring whose east-west sides have `steps` edges each
 * (so its geodesic edges hug the parallels); the north-south sides are meridians, geodesics already.
 */
export function quadrangleRing(west: number, south: number, east: number, north: number, steps = 400): Position[] {
  const ring: Position[] = [];
  for (let i = 0; i <= steps; i += 1) ring.push([west + ((east - west) * i) / steps, south]);
  for (let i = 0; i <= steps; i += 1) ring.push([east - ((east - west) * i) / steps, north]);
  ring.push([west, south]);
  return ring;
}
