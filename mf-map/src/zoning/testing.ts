import type { ZoningZonesResponse } from '@paddock/shared/contracts';
import type { FakeReply } from '@paddock/shared/testing';

/** A 3-zone answer of `GET v2/zoning/zones` for field x1. */
export function zonesReply(overrides: Partial<ZoningZonesResponse> = {}): FakeReply {
  const palette = ['#d7191c', '#ffffbf', '#1a9641'];
  const square = (x: number) => ({
    type: 'Polygon' as const,
    coordinates: [
      <Array<[number, number]>>[
        [150 + x, -30],
        [150.001 + x, -30],
        [150.001 + x, -30.001],
        [150 + x, -30.001],
        [150 + x, -30],
      ],
    ],
  });
  const body: ZoningZonesResponse = {
    zoned_image: {
      type: 'FeatureCollection',
      features: [1, 2, 3].map((zone) => ({
        type: 'Feature',
        id: `x1:${zone}`,
        geometry: square(zone * 0.001),
        properties: { zone, field_id: 'x1', area: zone * 2.5 },
      })),
    },
    algorithm: 'standard_NDVI',
    capture_date: '2026-03-01',
    zones: 3,
    resolution: 2,
    resolution_m: 25,
    palette,
    statistics: {
      variance_reduction: 0.734,
      zones: [1, 2, 3].map((zone) => ({
        zone,
        color: palette[zone - 1] ?? '#000000',
        area: zone * 2.5,
        mean: 0.2 * zone,
        min: 0.2 * zone - 0.1,
        max: 0.2 * zone + 0.1,
        pixel_count: 100 * zone,
      })),
      fields: [],
    },
    ...overrides,
  };
  return { status: 200, body };
}
