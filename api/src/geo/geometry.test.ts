import type { AreaGeometry, Position } from '@paddock/shared/contracts';
import { kinks } from '@turf/kinks';
import { quadrangleAreaM2, quadrangleRing } from '@paddock/shared/testing/geodesy';
import {
  areaInHectares,
  inspectBoundary,
  MAX_FIELD_HECTARES,
  bboxOf,
  crossesItself,
  findGeometryProblem,
  MAX_POSITIONS_PER_FIELD,
  roundArea,
  unionBBox,
} from './geometry';
import { circleBoundary, combBoundary } from './testing/boundaries';

const polygon = (...rings: number[][][]): AreaGeometry => ({
  type: 'Polygon',
  coordinates: rings as [number, number][][],
});
const box = (w: number, s: number, size: number) => [
  [w, s],
  [w + size, s],
  [w + size, s + size],
  [w, s + size],
  [w, s],
];

describe('field geometry', () => {
  it('accepts a simple square, clockwise or not, and a square with a hole', () => {
    expect(findGeometryProblem(polygon(box(147, -35, 0.01)))).toBeNull();
    expect(findGeometryProblem(polygon([...box(147, -35, 0.01)].reverse()))).toBeNull();
    expect(findGeometryProblem(polygon(box(147, -35, 0.02), box(147.005, -34.995, 0.01)))).toBeNull();
  });

  it.each([
    ['no rings', polygon(), 'geometry_empty'],
    ['a MultiPolygon without polygons', { type: 'MultiPolygon', coordinates: [] } as AreaGeometry, 'geometry_empty'],
    ['an open ring', polygon(box(147, -35, 0.01).slice(0, 4)), 'ring_not_closed'],
    [
      '3 positions',
      polygon([
        [147, -35],
        [147.01, -35],
        [147, -35],
      ]),
      'ring_too_short',
    ],
    ['a latitude of 91', polygon(box(147, 90.5, 0.6)), 'coordinates_out_of_range'],
    ['a longitude of -181', polygon(box(-181, -35, 0.01)), 'coordinates_out_of_range'],
    [
      'a bow-tie',
      polygon([
        [147, -35],
        [147.01, -34.99],
        [147.01, -35],
        [147, -34.99],
        [147, -35],
      ]),
      'self_intersection',
    ],
    ['a hole crossing its outer ring', polygon(box(147, -35, 0.02), box(147.015, -34.995, 0.01)), 'self_intersection'],
    [
      'the same point four times',
      polygon([
        [147, -35],
        [147, -35],
        [147, -35],
        [147, -35],
      ]),
      'zero_area',
    ],
    [
      'a spike there and back (overlapping edges)',
      polygon([
        [147, -35],
        [147.01, -35],
        [147, -35],
        [147.01, -35],
        [147, -35],
      ]),
      'self_intersection',
    ],
    [
      'a figure of eight touching at a corner',
      polygon([
        [147, -35],
        [147.01, -35],
        [147.005, -34.995],
        [147.01, -34.99],
        [147, -34.99],
        [147.005, -34.995],
        [147, -35],
      ]),
      'self_intersection',
    ],
    [
      'more positions than allowed',
      polygon(
        Array.from({ length: MAX_POSITIONS_PER_FIELD + 1 }, (_, i) =>
          i === MAX_POSITIONS_PER_FIELD ? [147, -35] : [147 + Math.cos(i) * 0.01, -35 + Math.sin(i) * 0.01],
        ),
      ),
      'too_many_positions',
    ],
    [
      'a hole outside its boundary, larger than it',
      polygon(box(147, -35, 0.01), box(147.02, -35, 0.02)),
      'hole_outside',
    ],
    [
      'a boundary across the antimeridian (stored as a band around the world before)',
      polygon([
        [179.99, -17],
        [-179.99, -17],
        [-179.99, -16.99],
        [179.99, -16.99],
        [179.99, -17],
      ]),
      'crosses_antimeridian',
    ],
    [
      'the whole-world box',
      polygon([
        [-180, -90],
        [180, -90],
        [180, 90],
        [-180, 90],
        [-180, -90],
      ]),
      'too_large',
    ],
    ['a field drawn at the opening zoom of the map (a continent)', polygon(box(113, -39, 40)), 'too_large'],
    ['a field just over 50,000 ha', polygon(box(147, -35, 0.025 * 100)), 'too_large'],
    [
      'a MultiPolygon of two fields of 30,000 ha each',
      {
        type: 'MultiPolygon',
        coordinates: [[box(140, -30, 0.55)], [box(142, -30, 0.55)]],
      } as AreaGeometry,
      'too_large',
    ],
  ])('refuses %s', (_what, geometry, type) => {
    expect(findGeometryProblem(geometry)?.type).toBe(type);
  });

  it.each([
    ['just under 50,000 ha', 5e8 * 0.995, null],
    ['just over 50,000 ha', 5e8 * 1.005, 'too_large'],
    ['just over 1 m²', 1.02, null],
    ['just under 1 m²', 0.98, 'zero_area'],
  ])('decides a boundary %s on its ellipsoidal area, checking or measuring', (_what, targetM2, type) => {
    // A quadrangle at 65° S (where a sphere is 0.65 % off) sized to the target by bisection on the exact area.
    let [low, high] = [1e-7, 5];
    for (let step = 0; step < 200; step += 1) {
      const mid = (low + high) / 2;
      if (quadrangleAreaM2(147, -65, 147 + mid, -65 + mid / 2) < targetM2) low = mid;
      else high = mid;
    }
    const geometry = polygon(quadrangleRing(147, -65, 147 + low, -65 + low / 2, 200) as number[][]);
    expect(findGeometryProblem(geometry)?.type ?? null).toBe(type);
    const inspection = inspectBoundary(geometry);
    expect(inspection.ok ? null : inspection.problem.type).toBe(type);
  });

  it('says how large a too-large boundary is and what the limit is', () => {
    expect(findGeometryProblem(polygon(box(113, -39, 40)))?.message).toMatch(
      /^the boundary encloses [\d,]+ ha; a field can be at most 50,000 ha/,
    );
    expect(MAX_FIELD_HECTARES).toBe(50_000);
  });

  it('measures a MultiPolygon whose parts overlap counting the overlap once, and stores the merged boundary', () => {
    const west = quadrangleRing(147, -35, 147.01, -34.99, 1);
    const east = quadrangleRing(147.005, -35, 147.015, -34.99, 1);
    const inspection = inspectBoundary({ type: 'MultiPolygon', coordinates: [[west], [east]] });
    if (!inspection.ok) throw new Error(inspection.problem.message);
    const exact = quadrangleAreaM2(147, -35, 147.015, -34.99) / 10_000;
    expect(Math.abs(inspection.boundary.area - exact) / exact).toBeLessThan(1e-4);
    expect(inspection.boundary.merged).toBe(true);
    expect(inspection.boundary.geometry.type).toBe('Polygon');
  });

  it.each([0, 20, 35, 45, 56, 65, -35, -56])(
    'measures areas on the WGS84 ellipsoid within 0.01 %% at latitude %d°',
    (lat) => {
      const [west, south, east, north] = [147, lat, 147.01, lat + 0.009];
      const area = areaInHectares({ type: 'Polygon', coordinates: [quadrangleRing(west, south, east, north)] });
      const exact = quadrangleAreaM2(west, south, east, north) / 10_000;
      expect(Math.abs(area - exact) / exact).toBeLessThan(1e-4);
    },
  );

  it('measures area in hectares and the bbox', () => {
    const square = polygon(box(147, -35, 0.01));
    // 0.01° at 35° S is about 1,112 m north-south and 911 m east-west.
    expect(areaInHectares(square)).toBeGreaterThan(100);
    expect(areaInHectares(square)).toBeLessThan(103);
    expect(
      bboxOf({
        type: 'MultiPolygon',
        coordinates: [square.coordinates, polygon(box(148, -36, 0.5)).coordinates],
      } as AreaGeometry),
    ).toEqual([147, -36, 148.5, -34.99]);
    expect(unionBBox([])).toBeNull();
    expect(
      unionBBox([
        [1, 2, 3, 4],
        [0, 3, 2, 5],
      ]),
    ).toEqual([0, 2, 3, 5]);
    expect(roundArea(101.234567)).toBe(101.2346);
  });

  it('finds crossings exactly where turf kinks does, on random rings', () => {
    let seed = 42;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    let crossing = 0;
    for (let trial = 0; trial < 400; trial += 1) {
      const corners = 4 + Math.floor(random() * 12);
      // Star-shaped rings (corners in angle order) never cross; random radii jumbled in angle often do.
      const ordered = random() < 0.5;
      const ring: Position[] = Array.from({ length: corners }, (_, i) => {
        const angle = ordered ? (i / corners) * 2 * Math.PI : random() * 2 * Math.PI;
        const radius = 0.002 + random() * 0.01;
        return [147 + radius * Math.cos(angle), -35 + radius * Math.sin(angle)];
      });
      ring.push(ring[0] as Position);
      const expected = kinks({ type: 'Polygon', coordinates: [ring] }).features.length > 0;
      expect(crossesItself([ring])).toBe(expected);
      if (expected) crossing += 1;
    }
    expect(crossing).toBeGreaterThan(50);
    expect(crossing).toBeLessThan(350);
  });

  it('checks the costliest comb (10,000 positions, every edge spanning the same longitudes) about as fast as a circle', () => {
    const comb = combBoundary(MAX_POSITIONS_PER_FIELD).coordinates as Position[][];
    const circle = circleBoundary(MAX_POSITIONS_PER_FIELD, 147.3, -35.1).coordinates as Position[][];
    const timeOf = (rings: Position[][]) => {
      const started = performance.now();
      expect(crossesItself(rings)).toBe(false);
      return performance.now() - started;
    };
    // Interleaved, best of five each, so a busy machine slows both alike. A sweep over longitudes
    // compared every pair of the comb's edges (about 50 million): some 50 times the circle's time.
    const combTimes: number[] = [];
    const circleTimes: number[] = [];
    for (let run = 0; run < 5; run += 1) {
      combTimes.push(timeOf(comb));
      circleTimes.push(timeOf(circle));
    }
    expect(Math.min(...combTimes)).toBeLessThan(4 * Math.min(...circleTimes));
  });

  it('checks a big boundary quickly', () => {
    const ring: Position[] = Array.from({ length: MAX_POSITIONS_PER_FIELD - 1 }, (_, i) => {
      const angle = (i / (MAX_POSITIONS_PER_FIELD - 1)) * 2 * Math.PI;
      return [147 + 0.01 * Math.cos(angle) * (1 + 0.1 * Math.sin(40 * angle)), -35 + 0.01 * Math.sin(angle)];
    });
    ring.push(ring[0] as Position);
    const started = performance.now();
    expect(findGeometryProblem(polygon(ring as number[][]))).toBeNull();
    expect(performance.now() - started).toBeLessThan(3000);
  });
});
