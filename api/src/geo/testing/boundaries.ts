import type { Position } from '@paddock/shared/contracts';

type PolygonBoundary = { type: 'Polygon'; coordinates: Position[][] };

/**
 * The costliest valid boundary for a crossing check that compares segments whose longitudes
 * overlap: a comb of `positions` positions, near Wagga Wagga, whose teeth all span the same
 * 0.01° of longitude (so every segment overlaps every other in x), closed along its west side.
 */
export function combBoundary(positions = 10_000, west = 147.3, south = -35.1): PolygonBoundary {
  const teeth = positions - 3;
  const step = 0.02 / teeth;
  const ring: Position[] = [];
  for (let i = 0; i < teeth; i += 1) ring.push([i % 2 === 0 ? west : west + 0.01, south + i * step]);
  const top = south + (teeth - 1) * step;
  ring.push([west - 0.001, top], [west - 0.001, south], [west, south]);
  return { type: 'Polygon', coordinates: [ring] };
}

/** A circle-like boundary of `positions` positions around (lon, lat), radius in degrees. */
export function circleBoundary(positions: number, lon: number, lat: number, radius = 0.004): PolygonBoundary {
  const ring: Position[] = [];
  for (let i = 0; i < positions - 1; i += 1) {
    const angle = (2 * Math.PI * i) / (positions - 1);
    ring.push([lon + radius * Math.cos(angle), lat + radius * Math.sin(angle)]);
  }
  ring.push(ring[0] as Position);
  return { type: 'Polygon', coordinates: [ring] };
}
