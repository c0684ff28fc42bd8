import { booleanClockwise, booleanValid, kinks } from '@turf/turf';
import { intersection, type Geom } from 'polyclip-ts';
import { areaInHectares } from '../../geo/geometry';
import { SimulatedSource } from '../simulated';
import type { Capture, FieldAoi } from '../source';
import { CANOLA, testField, WHEAT } from '../test-fields';
import {
  classifyField,
  DEFAULT_MIN_ZONE_HA,
  fieldRaster,
  minZonePixels,
  zoneFields,
  zoneRaster,
  type FieldZoning,
  type ZonePolygon,
} from '.';
import { patches } from './raster';

/** An L-shaped paddock with two dams, and a field in two parts (a creek between them). */
const L_SHAPED = testField('0b6f3f8e-5a6c-4d3c-9a51-000000000011', 'Barley', {
  type: 'Polygon',
  coordinates: [
    [
      [147.38, -35.1],
      [147.395, -35.1],
      [147.395, -35.095],
      [147.3862, -35.095],
      [147.3871, -35.0873],
      [147.38, -35.088],
      [147.38, -35.1],
    ],
    [
      [147.382, -35.098],
      [147.382, -35.0965],
      [147.3841, -35.0965],
      [147.3838, -35.098],
      [147.382, -35.098],
    ],
    [
      [147.391, -35.0985],
      [147.391, -35.0972],
      [147.3925, -35.0977],
      [147.391, -35.0985],
    ],
  ],
});
const TWO_PARTS = testField('0b6f3f8e-5a6c-4d3c-9a51-000000000012', 'Wheat', {
  type: 'MultiPolygon',
  coordinates: [
    [
      [
        [147.4, -35.1],
        [147.41, -35.1],
        [147.4085, -35.093],
        [147.4, -35.094],
        [147.4, -35.1],
      ],
    ],
    [
      [
        [147.4115, -35.1],
        [147.418, -35.1],
        [147.418, -35.094],
        [147.4105, -35.0935],
        [147.4115, -35.1],
      ],
    ],
  ],
});

const FIELDS: FieldAoi[] = [WHEAT, CANOLA, L_SHAPED, TWO_PARTS];
const source = new SimulatedSource();

/** A capture with some cloud over the fields (so gap filling is exercised) and a clear one. */
async function captures(): Promise<{ cloudy: Capture; clear: Capture }> {
  const all = await source.catalog(FIELDS, 'standard', { from: '2025-07-01', to: '2025-09-30' });
  let cloudy: Capture | undefined;
  let clear: Capture | undefined;
  for (const capture of all) {
    const raster = await fieldRaster(source, WHEAT, capture, 'NDVI', 25).catch(() => null);
    if (!raster) continue;
    const share = raster.filled / raster.inside.reduce((sum, value) => sum + value, 0);
    if (!cloudy && share > 0.05 && share < 0.5) cloudy = capture;
    if (!clear && share === 0) clear = capture;
    if (cloudy && clear) break;
  }
  if (!cloudy || !clear) throw new Error('no suitable captures in the simulated winter');
  return { cloudy, clear };
}

const totalArea = (polygons: readonly ZonePolygon[]) => polygons.reduce((sum, polygon) => sum + polygon.areaHa, 0);

function overlapHa(polygons: readonly ZonePolygon[]): number {
  let overlap = 0;
  for (let i = 0; i < polygons.length; i += 1) {
    for (let j = i + 1; j < polygons.length; j += 1) {
      const a = (polygons[i] as ZonePolygon).geometry.coordinates as Geom;
      const b = (polygons[j] as ZonePolygon).geometry.coordinates as Geom;
      for (const part of intersection(a, b)) {
        overlap += areaInHectares({ type: 'Polygon', coordinates: part });
      }
    }
  }
  return overlap;
}

describe('zoning engine', () => {
  let cloudy: Capture;
  let clear: Capture;
  const results = new Map<string, FieldZoning>();
  beforeAll(async () => {
    ({ cloudy, clear } = await captures());
    for (const zones of [2, 3, 5]) {
      const { fields } = await zoneFields(source, {
        fields: FIELDS,
        capture: cloudy,
        algorithm: 'NDVI',
        zones,
        resolutionM: 25,
        minZoneHa: null,
      });
      for (const field of fields) results.set(`${field.fieldId}|${zones}`, field);
    }
  });

  const each = (check: (field: FieldAoi, zoning: FieldZoning, zones: number) => void) => {
    for (const field of FIELDS) {
      for (const zones of [2, 3, 5]) check(field, results.get(`${field.fieldId}|${zones}`) as FieldZoning, zones);
    }
  };

  it('covers each field: the zones add up to the field area within 0.1 %, with no overlap', () => {
    each((field, zoning) => {
      const fieldArea = areaInHectares(field.geometry);
      expect(Math.abs(totalArea(zoning.polygons) - fieldArea) / fieldArea).toBeLessThan(0.001);
      expect(overlapHa(zoning.polygons)).toBeLessThan(fieldArea * 1e-6);
      for (const polygon of zoning.polygons) expect(polygon.fieldId).toBe(field.fieldId);
    });
  });

  it('keeps the holes of the field (the dams are not zoned)', () => {
    const zoning = results.get(`${L_SHAPED.fieldId}|3`) as FieldZoning;
    const dam: Geom = [(L_SHAPED.geometry.coordinates as number[][][])[1] as [number, number][]];
    for (const polygon of zoning.polygons) {
      const inDam = intersection(polygon.geometry.coordinates as Geom, dam);
      const area = inDam.reduce((sum, part) => sum + areaInHectares({ type: 'Polygon', coordinates: part }), 0);
      expect(area).toBeLessThan(1e-6);
    }
  });

  it('gives valid polygons: closed rings, no self-intersection, outer ring counter-clockwise', () => {
    each((_field, zoning) => {
      for (const polygon of zoning.polygons) {
        expect(booleanValid(polygon.geometry)).toBe(true);
        expect(kinks(polygon.geometry).features).toHaveLength(0);
        polygon.geometry.coordinates.forEach((ring, index) => {
          expect(ring.length).toBeGreaterThanOrEqual(4);
          expect(ring[0]).toEqual(ring[ring.length - 1]);
          // RFC 7946: the outer ring counter-clockwise, holes clockwise.
          expect(booleanClockwise(ring)).toBe(index > 0);
        });
      }
    });
  });

  it('orders the zones by index: zone 1 lowest, means rising, breaks ascending', () => {
    each((_field, zoning, zones) => {
      expect(zoning.zones.map((zone) => zone.zone)).toEqual(Array.from({ length: zones }, (_, i) => i + 1));
      const means = zoning.zones.flatMap((zone) => (zone.mean === null ? [] : [zone.mean]));
      expect(means.length).toBeGreaterThanOrEqual(2);
      for (let i = 1; i < means.length; i += 1) expect(means[i]).toBeGreaterThan(means[i - 1] as number);
      for (let i = 1; i < zoning.breaks.length; i += 1)
        expect(zoning.breaks[i]).toBeGreaterThan(zoning.breaks[i - 1] as number);
    });
  });

  it('is deterministic: the same request gives the same zones', async () => {
    const again = await zoneFields(source, {
      fields: FIELDS,
      capture: cloudy,
      algorithm: 'NDVI',
      zones: 3,
      resolutionM: 25,
      minZoneHa: null,
    });
    for (const field of again.fields) expect(field).toEqual(results.get(`${field.fieldId}|3`));
  });

  it('holds the minimum zone size: no patch under it that has a neighbour; polygons near it', async () => {
    for (const field of FIELDS) {
      for (const minZoneHa of [null, 2]) {
        const raster = await fieldRaster(source, field, clear, 'NDVI', 25);
        const zoning = zoneRaster(field, raster, 5, 25, minZoneHa);
        const minPixels = minZonePixels(zoning.minZoneHa, 25);
        expect(zoning.minZoneHa).toBe(
          minZoneHa ?? Math.max(DEFAULT_MIN_ZONE_HA, 0.01 * areaInHectares(field.geometry)),
        );
        const { classes } = classifyField(raster, 5, minPixels);
        const { ids, count } = patches(raster.grid, classes);
        const sizes = new Array<number>(count).fill(0);
        for (const id of ids) if (id >= 0) sizes[id] = (sizes[id] as number) + 1;
        const neighbours = new Array<boolean>(count).fill(false);
        const { width } = raster.grid;
        for (let i = 0; i < ids.length; i += 1) {
          const a = ids[i] as number;
          if (a < 0) continue;
          const right = i % width < width - 1 ? (ids[i + 1] as number) : -1;
          const below = i + width < ids.length ? (ids[i + width] as number) : -1;
          for (const b of [right, below]) {
            if (b >= 0 && b !== a) {
              neighbours[a] = true;
              neighbours[b] = true;
            }
          }
        }
        sizes.forEach((size, id) => {
          if (neighbours[id]) expect(size).toBeGreaterThanOrEqual(minPixels);
        });
        // Polygons are those patches clipped to the true boundary: a border patch loses part pixels.
        for (const polygon of zoning.polygons) expect(polygon.areaHa).toBeGreaterThan(zoning.minZoneHa * 0.5);
      }
    }
  });

  it('reports the variance reduction of a direct computation over the clear pixels', async () => {
    for (const field of FIELDS) {
      const raster = await fieldRaster(source, field, cloudy, 'NDVI', 25);
      const zoning = zoneRaster(field, raster, 4, 25, null);
      const { classes } = classifyField(raster, 4, minZonePixels(zoning.minZoneHa, 25));
      const groups = new Map<number, number[]>();
      const all: number[] = [];
      classes.forEach((zone, i) => {
        if (!raster.inside[i] || !raster.valid[i]) return;
        const value = raster.values[i] as number;
        all.push(value);
        groups.set(zone, [...(groups.get(zone) ?? []), value]);
      });
      const variance = (values: number[]) => {
        const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
        return values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / values.length;
      };
      let within = 0;
      for (const values of groups.values()) within += (values.length / all.length) * variance(values);
      const direct = 1 - within / variance(all);
      expect(zoning.varianceReduction).toBeCloseTo(direct, 6);
      expect(zoning.varianceReduction).toBeGreaterThan(0.5);
      // Zone statistics come from the same pixels.
      for (const zone of zoning.zones) {
        const values = groups.get(zone.zone) ?? [];
        expect(zone.pixelCount).toBe(values.length);
        if (values.length) expect(zone.mean).toBeCloseTo(values.reduce((s, v) => s + v, 0) / values.length, 6);
      }
    }
  });

  it('never classifies cloud: filled pixels take their clear neighbours’ values', async () => {
    const raster = await fieldRaster(source, WHEAT, cloudy, 'NDVI', 25);
    expect(raster.filled).toBeGreaterThan(0);
    let clearLow = Infinity;
    let clearHigh = -Infinity;
    raster.values.forEach((value, i) => {
      if (!raster.inside[i] || !raster.valid[i]) return;
      clearLow = Math.min(clearLow, value);
      clearHigh = Math.max(clearHigh, value);
    });
    raster.values.forEach((value, i) => {
      if (!raster.inside[i]) return;
      expect(value).toBeGreaterThanOrEqual(clearLow);
      expect(value).toBeLessThanOrEqual(clearHigh);
    });
    const zoning = results.get(`${WHEAT.fieldId}|3`) as FieldZoning;
    expect(zoning.filledPercent).toBeGreaterThan(5);
  });

  it('zones at 5 m too, covering the field', async () => {
    const { fields } = await zoneFields(source, {
      fields: [CANOLA],
      capture: clear,
      algorithm: 'NDVI',
      zones: 3,
      resolutionM: 5,
      minZoneHa: null,
    });
    const [zoning] = fields as [FieldZoning];
    const fieldArea = areaInHectares(CANOLA.geometry);
    expect(Math.abs(totalArea(zoning.polygons) - fieldArea) / fieldArea).toBeLessThan(0.001);
    for (const polygon of zoning.polygons) expect(booleanValid(polygon.geometry)).toBe(true);
  });
});
