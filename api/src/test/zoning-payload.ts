import type { AreaGeometry, ZoningCartPayload } from '@paddock/shared/contracts';
import { bboxOf } from '../geo/geometry';

/** The west (zone 1) and east (zone 2) halves of a geometry's bounding box (the server cuts them to the field). */
export function halves(geometry: AreaGeometry): [AreaGeometry, AreaGeometry] {
  const [west, south, east, north] = bboxOf(geometry);
  const middle = (west + east) / 2;
  const box = (from: number, to: number): AreaGeometry => ({
    type: 'Polygon',
    coordinates: [
      [
        [from, south],
        [to, south],
        [to, north],
        [from, north],
        [from, south],
      ],
    ],
  });
  return [box(west, middle), box(middle, east)];
}

/** The zoning payload of spec 2 §3 for fields of a farm: two zones per field (halves of its box). */
export function zoningPayload(farmId: string, fields: { id: string; geometry: AreaGeometry }[]): ZoningCartPayload {
  return {
    algorithm: 'standard_NDVI',
    catalog_entry: '2026-11-04',
    num_zones: 2,
    zone_resolution: 2,
    farm_id: farmId,
    fields: fields.map((field) => field.id),
    zones: {
      type: 'FeatureCollection',
      features: fields.flatMap((field) =>
        halves(field.geometry).map((geometry, index) => ({
          type: 'Feature' as const,
          geometry,
          // What a client says about areas is ignored: the server charges for the fields' own areas.
          properties: { zone: index + 1, field_id: field.id, area: 0.01 },
        })),
      ),
      rates: { '1': 80, '2': null },
      total: 0,
    },
  };
}
