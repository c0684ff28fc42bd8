import type { AreaGeometry } from '@paddock/shared/contracts';
import { booleanPointInPolygon } from '@turf/turf';
import { latToMercatorY, lonToMercatorX, mercatorXToLon, mercatorYToLat } from './geo';
import { fillPolygon, rasteriseFields, type PixelPolygon } from './rasterise';
import { createRandom } from '../random';
import type { RasterWindow } from './source';

/** A random star-shaped ring around (cx, cy): never self-intersecting, counter-clockwise, closed. */
type Point = [number, number];

function starRing(
  random: () => number,
  cx: number,
  cy: number,
  minRadius: number,
  maxRadius: number,
  points: number,
): Point[] {
  const ring: Point[] = [];
  for (let k = 0; k < points; k += 1) {
    const angle = (2 * Math.PI * (k + random() * 0.8)) / points;
    const radius = minRadius + random() * (maxRadius - minRadius);
    ring.push([cx + radius * Math.cos(angle), cy + radius * Math.sin(angle)]);
  }
  ring.push([...(ring[0] as Point)]);
  return ring;
}

const flat = (ring: Point[]): Float64Array => new Float64Array(ring.flat());

describe('fillPolygon (scanline)', () => {
  it('marks exactly the pixel centres that turf finds inside, holes excluded, for random polygons', () => {
    const random = createRandom(42);
    const width = 97;
    const height = 83;
    const mismatches: string[] = [];
    for (let trial = 0; trial < 20; trial += 1) {
      const cx = 20 + random() * 57;
      const cy = 20 + random() * 43;
      const outer = starRing(random, cx, cy, 15, 45, 5 + Math.floor(random() * 40));
      const hole = starRing(random, cx, cy, 2, 10, 3 + Math.floor(random() * 8));
      const polygon: PixelPolygon = [flat(outer), flat(hole)];
      const out = new Uint8Array(width * height);
      fillPolygon(polygon, width, height, out, 7);

      const feature = { type: 'Polygon' as const, coordinates: [outer, hole] };
      let inside = 0;
      for (let row = 0; row < height; row += 1) {
        for (let column = 0; column < width; column += 1) {
          const expected = booleanPointInPolygon([column + 0.5, row + 0.5], feature) ? 7 : 0;
          if (out[row * width + column] !== expected) mismatches.push(`trial ${trial}: pixel ${column},${row}`);
          if (expected) inside += 1;
        }
      }
      // Polygons partly outside the raster are clipped, not wrapped; every trial fills something.
      expect(inside).toBeGreaterThan(0);
    }
    expect(mismatches).toEqual([]);
  });

  it('leaves the raster alone for a polygon entirely outside it', () => {
    const out = new Uint8Array(10 * 10);
    fillPolygon([flat(starRing(createRandom(1), 50, 50, 5, 8, 12))], 10, 10, out, 1);
    expect(out.every((value) => value === 0)).toBe(true);
  });
});

describe('rasteriseFields', () => {
  it('labels random lon/lat points like turf does on the projected polygons (MultiPolygon with a hole)', () => {
    const random = createRandom(7);
    const lonLat = (ring: Point[]): Point[] => ring.map(([x, y]) => [147.3 + x * 1e-4, -35.1 + y * 1e-4]);
    const geometry: AreaGeometry = {
      type: 'MultiPolygon',
      coordinates: [
        [lonLat(starRing(random, 40, 40, 15, 35, 30)), lonLat(starRing(random, 40, 40, 3, 8, 9))],
        [lonLat(starRing(random, 120, 60, 10, 25, 20))],
      ],
    };
    const other: AreaGeometry = { type: 'Polygon', coordinates: [lonLat(starRing(random, 90, 130, 10, 20, 16))] };
    const bbox: RasterWindow['bbox'] = [
      lonToMercatorX(147.3),
      latToMercatorY(-35.1),
      lonToMercatorX(147.3 + 0.016),
      latToMercatorY(-35.1 + 0.016),
    ];
    const window: RasterWindow = { bbox, width: 300, height: 260 };
    const labels = rasteriseFields([{ geometry }, { geometry: other }], window);

    // turf works in the plane: give it the polygons in mercator metres, as the rasteriser sees them.
    const project = (geo: AreaGeometry) => {
      const ring = (r: number[][]) =>
        r.map(([lon, lat]) => [lonToMercatorX(lon as number), latToMercatorY(lat as number)]);
      return geo.type === 'Polygon'
        ? { type: 'Polygon' as const, coordinates: geo.coordinates.map((r) => ring(r as number[][])) }
        : {
            type: 'MultiPolygon' as const,
            coordinates: geo.coordinates.map((p) => p.map((r) => ring(r as number[][]))),
          };
    };
    const projected = [project(geometry), project(other)];
    const pixelW = (bbox[2] - bbox[0]) / window.width;
    const pixelH = (bbox[3] - bbox[1]) / window.height;
    const counts = [0, 0, 0];
    const mismatches: string[] = [];
    for (let k = 0; k < 4000; k += 1) {
      const column = Math.floor(random() * window.width);
      const row = Math.floor(random() * window.height);
      const x = bbox[0] + (column + 0.5) * pixelW;
      const y = bbox[3] - (row + 0.5) * pixelH;
      const expected = booleanPointInPolygon([x, y], projected[1] as never)
        ? 2
        : booleanPointInPolygon([x, y], projected[0] as never)
          ? 1
          : 0;
      const got = labels[row * window.width + column];
      if (got !== expected)
        mismatches.push(`(${mercatorXToLon(x)}, ${mercatorYToLat(y)}): ${got} instead of ${expected}`);
      counts[expected] = (counts[expected] as number) + 1;
    }
    expect(mismatches).toEqual([]);
    expect(counts.every((count) => count > 50)).toBe(true);
  });
});
