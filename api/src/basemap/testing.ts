import type { StateOutline } from './orientation';

/** Two 'states' side by side sharing the edge at lon 141 (as SA and VIC do), with a detailed coast. */
export function squareState(code: string, west: number, east: number): StateOutline {
  const coast: [number, number][] = [];
  // A wiggly south coast: simplified away when zoomed out, kept near a paddock.
  for (let i = 0; i <= (east - west) * 20; i += 1)
    coast.push([Math.round((west + i / 20) * 100) / 100, -38 + (i % 2) * 0.001]);
  return {
    code,
    geometry: {
      type: 'Polygon',
      coordinates: [[...coast, [east, -34], [west, -34], coast[0] as [number, number]]],
    },
  };
}
