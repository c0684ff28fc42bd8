import { area, kinks } from '@turf/turf';
import { fieldAreaHectares, polygonsOf } from '@paddock/shared/geo';
import type { AreaGeometry } from '@paddock/shared/contracts';
import { messages } from '../messages';

/** The server refuses boundaries smaller than this (square metres); the map refuses them first. */
const MIN_AREA_M2 = 1;

/** Outer ring of a triangle: 3 corners and the first again. */
const MIN_RING_POSITIONS = 4;

/** Area in hectares on the WGS84 ellipsoid, computed the way the server computes it. */
export const geometryHectares = (geometry: AreaGeometry): number => fieldAreaHectares(geometry);

/**
 * Why a drawn boundary cannot be saved, as the message to show, or null when it can: it must enclose
 * an area and must not cross itself (spec: a self-intersecting or zero-area drawing is not saved).
 */
export function geometryProblem(geometry: AreaGeometry): string | null {
  const polygons = polygonsOf(geometry);
  const tooShort = polygons.length === 0 || polygons.some((rings) => (rings[0]?.length ?? 0) < MIN_RING_POSITIONS);
  if (tooShort) return messages.zeroArea;
  // Crossing first: a symmetric bow-tie's two halves cancel out to no area at all.
  if (kinks(geometry).features.length > 0) return messages.selfIntersecting;
  // 'Encloses nothing' is judged as drawn (corners on one parallel have no area on the map, whatever the
  // geodesics between them do), as the server judges it; the area shown is the ellipsoid's.
  return area(geometry) < MIN_AREA_M2 ? messages.zeroArea : null;
}
