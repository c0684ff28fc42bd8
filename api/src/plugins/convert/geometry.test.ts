import type { Geometry, Position } from 'geojson';
import { MAX_POSITIONS_PER_FIELD } from '../../geo/geometry';
import { reasons, toFieldGeometry } from './geometry';

const square: Position[] = [
  [0, 0],
  [0, 0.1],
  [0.1, 0.1],
  [0.1, 0],
  [0, 0],
]; // clockwise
const bowtie: Position[] = [
  [0, 0],
  [0.1, 0.1],
  [0.1, 0],
  [0, 0.1],
  [0, 0],
];

/** Twice the signed area (positive = counter-clockwise), computed here independently of the module. */
const windingOf = (ring: readonly Position[]) =>
  ring.slice(1).reduce((sum, [x = 0, y = 0], i) => sum + ((ring[i]?.[0] ?? 0) * y - x * (ring[i]?.[1] ?? 0)), 0);

function converted(geometry: Geometry) {
  const result = toFieldGeometry(geometry);
  if ('reason' in result) throw new Error(`expected a field geometry, got: ${result.reason}`);
  return result;
}

describe('toFieldGeometry repairs what is safe to repair', () => {
  it('winds the outer ring counter-clockwise and holes clockwise, as GeoJSON wants', () => {
    const hole: Position[] = [
      [0.02, 0.02],
      [0.04, 0.02],
      [0.04, 0.04],
      [0.02, 0.04],
      [0.02, 0.02],
    ]; // counter-clockwise
    const { geometry } = converted({ type: 'Polygon', coordinates: [square, hole] });
    if (geometry.type !== 'Polygon') throw new Error('expected a Polygon');
    const [outer = [], inner = []] = geometry.coordinates;
    expect(windingOf(outer)).toBeGreaterThan(0);
    expect(windingOf(inner)).toBeLessThan(0);
    expect(new Set(outer.map(String))).toEqual(new Set(square.map(String)));
  });

  it('closes open rings, drops repeated points and altitudes, and gives the bbox', () => {
    const result = converted({
      type: 'Polygon',
      coordinates: [
        [
          [0, 0, 5],
          [0.1, 0, 5],
          [0.1, 0, 5],
          [0.1, 0.1, 7],
          [0, 0.1, 1],
        ],
      ],
    });
    expect(result.geometry).toEqual({
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [0.1, 0],
          [0.1, 0.1],
          [0, 0.1],
          [0, 0],
        ],
      ],
    });
    expect(result.bbox).toEqual([0, 0, 0.1, 0.1]);
  });

  it('drops holes with no area and keeps a MultiPolygon of several parts', () => {
    const flatHole: Position[] = [
      [0.02, 0.02],
      [0.04, 0.04],
      [0.06, 0.06],
      [0.02, 0.02],
    ];
    const far: Position[] = [
      [0.2, 0.2],
      [0.3, 0.2],
      [0.3, 0.3],
      [0.2, 0.2],
    ];
    const { geometry } = converted({ type: 'MultiPolygon', coordinates: [[square, flatHole], [far]] });
    expect(geometry.type).toBe('MultiPolygon');
    expect(geometry.coordinates).toHaveLength(2);
    expect(geometry.coordinates[0]).toHaveLength(1);
  });

  it('keeps the polygons of a KML MultiGeometry and drops the label point beside them', () => {
    const { geometry } = converted({
      type: 'GeometryCollection',
      geometries: [
        { type: 'Polygon', coordinates: [square] },
        { type: 'Point', coordinates: [0.05, 0.05] },
        {
          type: 'Polygon',
          coordinates: [
            [
              [0.2, 0.2],
              [0.3, 0.2],
              [0.3, 0.3],
              [0.2, 0.2],
            ],
          ],
        },
      ],
    });
    expect(geometry.type).toBe('MultiPolygon');
    expect(geometry.coordinates).toHaveLength(2);
  });

  it('projects coordinates when given a projector', () => {
    const projected = toFieldGeometry(
      {
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [1000, 0],
            [1000, 1000],
            [0, 0],
          ],
        ],
      },
      (x, y) => [x / 100_000 + 140, y / 100_000 - 30],
    );
    expect('bbox' in projected && projected.bbox).toEqual([140, -30, 140.01, -29.99]);
  });
});

describe('toFieldGeometry refuses what cannot be a field, with the reason', () => {
  it.each<[string, Geometry | null, string]>([
    ['no geometry', null, reasons.noBoundary],
    ['a point', { type: 'Point', coordinates: [1, 2] }, reasons.point],
    ['points', { type: 'MultiPoint', coordinates: [[1, 2]] }, reasons.point],
    [
      'a line',
      {
        type: 'LineString',
        coordinates: [
          [1, 2],
          [3, 4],
        ],
      },
      reasons.line,
    ],
    [
      'lines',
      {
        type: 'MultiLineString',
        coordinates: [
          [
            [1, 2],
            [3, 4],
          ],
        ],
      },
      reasons.line,
    ],
    [
      'a collection of lines',
      {
        type: 'GeometryCollection',
        geometries: [
          {
            type: 'LineString',
            coordinates: [
              [1, 2],
              [3, 4],
            ],
          },
        ],
      },
      reasons.line,
    ],
    ['a bow-tie', { type: 'Polygon', coordinates: [bowtie] }, reasons.crosses],
    [
      'a ring touching itself',
      {
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [10, 0],
            [5, 5],
            [10, 10],
            [0, 10],
            [5, 5],
            [0, 0],
          ],
        ],
      },
      reasons.crosses,
    ],
    [
      'a ring folding back on itself',
      {
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [10, 0],
            [10, 10],
            [10, 5],
            [0, 0],
          ],
        ],
      },
      reasons.crosses,
    ],
    [
      'a hole crossing the boundary',
      {
        type: 'Polygon',
        coordinates: [
          square,
          [
            [0.05, 0.05],
            [0.15, 0.05],
            [0.15, 0.06],
            [0.05, 0.05],
          ],
        ],
      },
      reasons.crosses,
    ],
    [
      'a hole outside the boundary',
      {
        type: 'Polygon',
        coordinates: [
          square,
          [
            [0.2, 0.2],
            [0.21, 0.2],
            [0.21, 0.21],
            [0.2, 0.2],
          ],
        ],
      },
      'The boundary has a hole that lies outside it',
    ],
    [
      'two corners',
      {
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [1, 1],
            [0, 0],
          ],
        ],
      },
      reasons.tooFewCorners,
    ],
    [
      'corners on a line',
      {
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [1, 1],
            [2, 2],
            [0, 0],
          ],
        ],
      },
      reasons.noArea,
    ],
    [
      'a coordinate that is not a number',
      {
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [1, NaN],
            [1, 1],
            [0, 0],
          ],
        ],
      },
      reasons.notNumbers,
    ],
    [
      'metres, not degrees',
      {
        type: 'Polygon',
        coordinates: [
          [
            [273000, 5796000],
            [274000, 5796000],
            [274000, 5797000],
            [273000, 5796000],
          ],
        ],
      },
      reasons.outOfRange,
    ],
  ])('%s', (_label, geometry, reason) => {
    expect(toFieldGeometry(geometry)).toEqual({ reason });
  });

  it('refuses what the fields api would refuse on save: a hole touching the boundary, a tiny area', () => {
    expect(
      toFieldGeometry({
        type: 'Polygon',
        coordinates: [
          square,
          [
            [0, 0],
            [5, 2],
            [2, 5],
            [0, 0],
          ],
        ],
      }),
    ).toEqual({ reason: reasons.crosses });
    const sliver: Position[] = [
      [147, -35],
      [147.000001, -35],
      [147.000001, -35.000001],
      [147, -35],
    ];
    expect(toFieldGeometry({ type: 'Polygon', coordinates: [sliver] })).toEqual({ reason: 'The boundary has no area' });
  });
});

describe('toFieldGeometry simplifies boundaries over 10,000 positions', () => {
  /** Metres east and north of (147°, -35°) to longitude/latitude (local scale, fine for a few km). */
  const M_PER_DEG = { x: 91_288, y: 110_941 };
  const at = (x: number, y: number): Position => [147 + x / M_PER_DEG.x, -35 + y / M_PER_DEG.y];
  /** A surveyed boundary: a 600 m circle walked every 20 cm or so, with 15 cm of GPS jitter. */
  const walked = (positions: number, jitter: number) => {
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646 - 0.5;
    const ring = Array.from({ length: positions - 1 }, (_, i) => {
      const angle = (2 * Math.PI * i) / (positions - 1);
      const radius = 600 + jitter * random();
      return at(radius * Math.cos(angle), radius * Math.sin(angle));
    });
    return [...ring, ring[0] as Position];
  };
  /** Metres from (lon, lat) to the nearest edge of a ring, in the local plane. */
  const distanceToRing = ([lon, lat]: Position, ring: Position[]) => {
    const px = ((lon as number) - 147) * M_PER_DEG.x;
    const py = ((lat as number) + 35) * M_PER_DEG.y;
    let best = Infinity;
    for (let i = 1; i < ring.length; i += 1) {
      const [ax, ay] = [
        ((ring[i - 1]?.[0] as number) - 147) * M_PER_DEG.x,
        ((ring[i - 1]?.[1] as number) + 35) * M_PER_DEG.y,
      ];
      const [bx, by] = [((ring[i]?.[0] as number) - 147) * M_PER_DEG.x, ((ring[i]?.[1] as number) + 35) * M_PER_DEG.y];
      const [dx, dy] = [bx - ax, by - ay];
      // Plain arithmetic: Math calls are slow in jest's sandbox.
      let t = ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy);
      t = t < 0 ? 0 : t > 1 ? 1 : t;
      const [ex, ey] = [px - ax - t * dx, py - ay - t * dy];
      const squared = ex * ex + ey * ey;
      if (squared < best) best = squared;
    }
    return Math.sqrt(best);
  };

  it('keeps every position within 0.5 m and the area within 0.1 %, and says so', () => {
    const ring = walked(20_000, 0.3);
    const result = toFieldGeometry({ type: 'Polygon', coordinates: [ring] });
    if ('reason' in result) throw new Error(result.reason);
    const simplified = result.geometry.coordinates[0] as Position[];
    expect(simplified.length).toBeLessThanOrEqual(MAX_POSITIONS_PER_FIELD);
    expect(result.simplified).toMatchObject({
      positions_before: 20_000,
      positions_after: simplified.length,
      tolerance_m: 0.5,
    });
    const worst = ring.reduce((max, position) => Math.max(max, distanceToRing(position, simplified)), 0);
    expect(worst).toBeLessThanOrEqual(0.5 + 1e-6);
    expect(Math.abs(result.simplified?.area_change ?? 1)).toBeLessThan(0.001);
    const areaOf = (r: Position[]) =>
      Math.abs(r.slice(1).reduce((sum, [x = 0, y = 0], i) => sum + ((r[i]?.[0] ?? 0) * y - x * (r[i]?.[1] ?? 0)), 0));
    expect(Math.abs(areaOf(simplified) - areaOf(ring)) / areaOf(ring)).toBeLessThan(0.001);
  });

  it('leaves boundaries within the limit as they are', () => {
    const ring = walked(9_000, 0.3);
    const result = toFieldGeometry({ type: 'Polygon', coordinates: [ring] });
    if ('reason' in result) throw new Error(result.reason);
    expect(result.simplified).toBeUndefined();
    expect(result.geometry.coordinates[0]).toHaveLength(9_000);
  });

  it('says why when 0.5 m is not enough to bring a boundary under the limit', () => {
    // A saw-tooth edge with teeth of 5 m: every corner matters at half a metre.
    const teeth = Array.from({ length: 12_000 }, (_, i) => at(i * 0.1, i % 2 === 0 ? 0 : 5));
    const ring = [...teeth, at(1200, -100), at(0, -100), teeth[0] as Position];
    expect(toFieldGeometry({ type: 'Polygon', coordinates: [ring] })).toEqual({
      reason: expect.stringMatching(
        /^The boundary has 12,003 positions and still [\d,]+ when simplified within 0.5 m; at most 10,000 are allowed/,
      ),
    });
  });
});
