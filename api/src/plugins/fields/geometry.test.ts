import type { AreaGeometry, Position } from '@paddock/shared/contracts';
import { kinks } from '@turf/kinks';
import {
  areaInHectares,
  bboxOf,
  crossesItself,
  findGeometryProblem,
  MAX_POSITIONS_PER_FIELD,
  roundArea,
  unionBBox,
} from './geometry';

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
  ])('refuses %s', (_what, geometry, type) => {
    expect(findGeometryProblem(geometry)?.type).toBe(type);
  });

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

  it('checks a big boundary quickly', () => {
    const ring: Position[] = Array.from({ length: MAX_POSITIONS_PER_FIELD - 1 }, (_, i) => {
      const angle = (i / (MAX_POSITIONS_PER_FIELD - 1)) * 2 * Math.PI;
      return [147 + 0.01 * Math.cos(angle) * (1 + 0.1 * Math.sin(40 * angle)), -35 + 0.01 * Math.sin(angle)];
    });
    ring.push(ring[0] as Position);
    const started = performance.now();
    expect(findGeometryProblem(polygon(ring as number[][]))).toBeNull();
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
