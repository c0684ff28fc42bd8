import type { AreaGeometry } from '@paddock/shared/contracts';
import { booleanPointInPolygon } from '@turf/turf';
import { mercatorXToLon, mercatorYToLat } from './geo';
import type { FieldAoi, RasterWindow } from './source';

/** Test fixtures: fields near Wagga Wagga for the engine's and the simulated source's tests. */

const rectangle = (lon: number, lat: number, width: number, height: number): [number, number][] => [
  [lon, lat],
  [lon + width, lat],
  [lon + width, lat + height],
  [lon, lat + height],
  [lon, lat],
];

export function testField(fieldId: string, cropType: string | null, geometry: AreaGeometry): FieldAoi {
  const positions = (geometry.type === 'Polygon' ? geometry.coordinates : geometry.coordinates.flat()).flat();
  const lons = positions.map((position) => position[0] ?? 0);
  const lats = positions.map((position) => position[1] ?? 0);
  return {
    fieldId,
    cropType,
    geometry,
    bbox: [Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats)],
  };
}

/** A wheat paddock (about 110 ha) with a dam cut out of it, and a canola paddock beside it. */
export const WHEAT = testField('0b6f3f8e-5a6c-4d3c-9a51-000000000001', 'Wheat', {
  type: 'Polygon',
  coordinates: [rectangle(147.36, -35.12, 0.012, 0.009), rectangle(147.365, -35.117, 0.002, 0.002).reverse()],
});
export const CANOLA = testField('0b6f3f8e-5a6c-4d3c-9a51-000000000002', 'Canola', {
  type: 'Polygon',
  coordinates: [rectangle(147.374, -35.12, 0.01, 0.009)],
});
/** A cotton field on the irrigation country north-west of there. */
export const COTTON = testField('0b6f3f8e-5a6c-4d3c-9a51-000000000003', 'Cotton', {
  type: 'Polygon',
  coordinates: [rectangle(146.05, -34.28, 0.012, 0.008)],
});

/** Whether the centre of pixel `i` of `window` lies inside one of the fields (turf, independent of the rasteriser). */
export function pixelInFields(window: RasterWindow, i: number, fields: readonly FieldAoi[]): boolean {
  const [minX, minY, maxX, maxY] = window.bbox;
  const column = i % window.width;
  const row = Math.floor(i / window.width);
  const lon = mercatorXToLon(minX + ((column + 0.5) * (maxX - minX)) / window.width);
  const lat = mercatorYToLat(maxY - ((row + 0.5) * (maxY - minY)) / window.height);
  return fields.some((field) => booleanPointInPolygon([lon, lat], field.geometry));
}
