/**
 * Ring winding with no dependencies, so the shapefile writer (which the e2e tests import by path) can
 * use it beside the zoning engine and the boundary import.
 */
import type { Position } from 'geojson';

/** Twice the signed area of a ring in its own units (shoelace): positive when it runs counter-clockwise. */
export function ringSignedArea(ring: readonly (readonly number[])[]): number {
  let sum = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi = 0, yi = 0] = ring[i] ?? [];
    const [xj = 0, yj = 0] = ring[j] ?? [];
    sum += xj * yi - xi * yj;
  }
  return sum;
}

/**
 * A polygon's rings wound as a format wants them: the outer (first) ring `outer`, holes the other way.
 * GeoJSON (RFC 7946) wants the outer ring counter-clockwise; shapefiles want it clockwise.
 */
export function windRings<P extends Position>(
  polygon: readonly (readonly P[])[],
  outer: 'counter-clockwise' | 'clockwise',
): P[][] {
  return polygon.map((ring, index) => {
    const counterClockwise = ringSignedArea(ring) > 0;
    const wantCounterClockwise = (index === 0) === (outer === 'counter-clockwise');
    return counterClockwise === wantCounterClockwise ? [...ring] : [...ring].reverse();
  });
}
