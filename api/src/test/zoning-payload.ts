import type { AreaGeometry, ZoningCartPayload } from '@paddock/shared/contracts';

/** The zoning payload of spec 2 §3 for fields of a farm: two zones per field (halves of its square). */
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
        [1, 2].map((zone) => ({
          type: 'Feature' as const,
          geometry: field.geometry,
          // What a client says about areas is ignored: the server charges for the fields' own areas.
          properties: { zone, field_id: field.id, area: 0.01 },
        })),
      ),
      rates: { '1': 80, '2': null },
      total: 0,
    },
  };
}
