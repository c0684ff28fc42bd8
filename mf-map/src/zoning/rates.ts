import type { ZoneCollection, ZoningCartPayload, ZoningZonesResponse } from '@paddock/shared/contracts';

/** Rates as typed, by zone number ('1'..'5'). */
export type RateInputs = Readonly<Record<string, string>>;

/** Spec 2 §5: a rate is empty or a non-negative decimal; anything else is not taken. */
export const isRateInput = (text: string): boolean => /^(\d+\.?\d*|\.\d*)?$/.test(text);

/** An empty rate (or a lone '.') counts as 0. */
export const rateValue = (text: string | undefined): number => {
  const value = Number(text ?? '');
  return text && Number.isFinite(value) ? value : 0;
};

/** The rates as sent: each zone's number, an empty one as null. */
export function ratesPayload(zoneCount: number, inputs: RateInputs): Record<string, number | null> {
  const rates: Record<string, number | null> = {};
  for (let zone = 1; zone <= zoneCount; zone += 1) {
    const text = inputs[String(zone)]?.trim() ?? '';
    rates[String(zone)] = text === '' || text === '.' ? null : Number(text);
  }
  return rates;
}

/** Product over all zones: each zone's hectares times its rate (empty counts 0). */
export const totalProduct = (zones: ZoningZonesResponse, inputs: RateInputs): number =>
  zones.statistics.zones.reduce((sum, zone) => sum + zone.area * rateValue(inputs[String(zone.zone)]), 0);

export interface CartTarget {
  farmId: string;
  fieldIds: readonly string[];
  date: string;
  resolution: number;
}

/** The zoning creation payload of spec 2 §3 (`POST v2/cart/add?item_type=zoning`). */
export function zoningCartPayload(
  zones: ZoningZonesResponse,
  inputs: RateInputs,
  target: CartTarget,
): ZoningCartPayload {
  const collection: ZoneCollection = {
    type: 'FeatureCollection',
    features: zones.zoned_image.features.map(({ geometry, properties }) => ({
      type: 'Feature',
      geometry,
      properties,
    })),
    rates: ratesPayload(zones.zones, inputs),
    total: Math.round(totalProduct(zones, inputs) * 100) / 100,
  };
  return {
    algorithm: zones.algorithm,
    catalog_entry: target.date,
    num_zones: zones.zones,
    zone_resolution: target.resolution,
    farm_id: target.farmId,
    fields: [...target.fieldIds],
    zones: collection,
  };
}
