import type { AreaGeometry } from '../contracts';
import { quadrangleAreaM2, quadrangleRing } from '../testing/geodesy';
import { fieldAreaHectares, geodesicAreaM2, totalHectares, unionOverlappingParts } from './area';

/** A paddock about 1 km × 800 m whose south-west corner is at (lon, lat). */
const paddock = (lon: number, lat: number) => [lon, lat, lon + 0.01, lat + 0.0072] as const;

describe('geodesicAreaM2 (WGS84 ellipsoid)', () => {
  const latitudes = [0, 20, 35, 45, 56, 65];

  it.each(latitudes.flatMap((lat) => [lat, -lat - 0.0072]))(
    'is within 0.01 %% of the exact ellipsoidal area for a paddock at latitude %d°',
    (lat) => {
      const [west, south, east, north] = paddock(147, lat);
      const exact = quadrangleAreaM2(west, south, east, north);
      const area = geodesicAreaM2({ type: 'Polygon', coordinates: [quadrangleRing(west, south, east, north)] });
      expect(Math.abs(area - exact) / exact).toBeLessThan(1e-4);
    },
  );

  it('takes holes out whichever way the rings run', () => {
    const outer = quadrangleRing(147, -35, 147.01, -34.99, 50);
    const hole = quadrangleRing(147.002, -34.998, 147.004, -34.996, 50);
    const expected = quadrangleAreaM2(147, -35, 147.01, -34.99) - quadrangleAreaM2(147.002, -34.998, 147.004, -34.996);
    for (const rings of [
      [outer, hole],
      [outer, [...hole].reverse()],
      [[...outer].reverse(), hole],
    ]) {
      const area = geodesicAreaM2({ type: 'Polygon', coordinates: rings });
      expect(Math.abs(area - expected) / expected).toBeLessThan(1e-6);
    }
  });

  it('counts ground covered by two overlapping parts of a MultiPolygon once', () => {
    const a = quadrangleRing(147, -35, 147.01, -34.99, 1);
    const b = quadrangleRing(147.005, -35, 147.015, -34.99, 1);
    const geometry: AreaGeometry = { type: 'MultiPolygon', coordinates: [[a], [b]] };
    const single = geodesicAreaM2({ type: 'Polygon', coordinates: [a] });
    expect(geodesicAreaM2(geometry) / single).toBeCloseTo(1.5, 4);
    expect(unionOverlappingParts(geometry).type).toBe('Polygon');
  });

  it('keeps parts that are apart or only touch as they are', () => {
    const a = quadrangleRing(147, -35, 147.01, -34.99, 1);
    const b = quadrangleRing(147.01, -35, 147.02, -34.99, 1);
    const geometry: AreaGeometry = { type: 'MultiPolygon', coordinates: [[a], [b]] };
    expect(unionOverlappingParts(geometry)).toBe(geometry);
  });
});

describe('fieldAreaHectares and totalHectares', () => {
  it('give hectares to 1 m², and a total that is the sum of the shown field areas', () => {
    const ring = quadrangleRing(147, -35, 147.001, -34.999, 1);
    const area = fieldAreaHectares({ type: 'Polygon', coordinates: [ring] });
    expect(Math.round(area * 10_000)).toBe(area * 10_000);
    // 0.1 + 0.2 is 0.30000000000000004 in floating point; the total is 0.3, as the farm shows it.
    expect(totalHectares([0.1, 0.2])).toBe(0.3);
    expect(totalHectares([1.2345, 2.0001, 1.1754])).toBe(4.41);
  });
});
