import type {
  ZoneCollection,
  ZoneRateUnit,
  ZoningCartPayload,
  ZoningUpdatePayload,
  ZoningZonesResponse,
} from '@paddock/shared/contracts';

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

/** The product and unit chosen with the rates; `unitConfirmed` once the user agreed to relabel typed rates. */
export interface RatesChoice {
  product: string;
  unit: ZoneRateUnit;
  unitConfirmed: boolean;
}

/** The product and unit as kept with the zones (an empty product name is left out). */
const productAndUnit = ({ product, unit }: RatesChoice): Pick<ZoneCollection, 'product' | 'unit'> => ({
  ...(product ? { product } : {}),
  unit,
});

/** One zone's row of the rates table. */
export interface ZoneRow {
  zone: number;
  /** Hectares. */
  area: number;
  color: string;
}

/** The rows of a computed zoning: its statistics per zone. */
export const rowsOfZones = (zones: ZoningZonesResponse): ZoneRow[] =>
  zones.statistics.zones.map((zone) => ({
    zone: zone.zone,
    area: zone.area,
    color: zones.palette[zone.zone - 1] ?? zone.color,
  }));

/** The rows of a stored order's zones: each zone's polygons' hectares added up. */
export function rowsOfCollection(collection: ZoneCollection, palette: readonly string[]): ZoneRow[] {
  const areas = new Map<number, number>();
  for (const feature of collection.features) {
    const { zone, area = 0 } = feature.properties;
    areas.set(zone, (areas.get(zone) ?? 0) + area);
  }
  return [...areas.entries()]
    .sort(([a], [b]) => a - b)
    .map(([zone, area]) => ({ zone, area, color: palette[zone - 1] ?? '#888888' }));
}

/** Stored rates back as typed text (null → empty). */
export const inputsOfRates = (rates: Readonly<Record<string, number | null>> | undefined): RateInputs =>
  Object.fromEntries(Object.entries(rates ?? {}).map(([zone, rate]) => [zone, rate === null ? '' : String(rate)]));

/** Product over all zones: each zone's hectares times its rate (empty counts 0). */
export const totalProduct = (rows: readonly ZoneRow[], inputs: RateInputs): number =>
  rows.reduce((sum, row) => sum + row.area * rateValue(inputs[String(row.zone)]), 0);

const roundedTotal = (rows: readonly ZoneRow[], inputs: RateInputs) =>
  Math.round(totalProduct(rows, inputs) * 100) / 100;

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
  choice: RatesChoice,
): ZoningCartPayload {
  const collection: ZoneCollection = {
    type: 'FeatureCollection',
    features: zones.zoned_image.features.map(({ geometry, properties }) => ({
      type: 'Feature',
      geometry,
      properties,
    })),
    rates: ratesPayload(zones.zones, inputs),
    ...productAndUnit(choice),
    // What the zones were made of goes with the order and is shown again on every reopen.
    ...(zones.made_from ? { made_from: zones.made_from } : {}),
  };
  // The total of the polygons as sent (the paint tool may have moved some to another zone).
  collection.total = roundedTotal(rowsOfCollection(collection, zones.palette), inputs);
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

/**
 * The zone update payload of spec 2 §3 (`POST v2/zoning/update`): the order's zones with the new rates,
 * product and unit (a unit change of typed rates only once the user confirmed it).
 */
export function zoningUpdatePayload(
  orderId: string,
  collection: ZoneCollection,
  rows: readonly ZoneRow[],
  numZones: number,
  inputs: RateInputs,
  choice: RatesChoice,
): ZoningUpdatePayload {
  return {
    id: orderId,
    zones: {
      ...collection,
      rates: ratesPayload(numZones, inputs),
      total: roundedTotal(rows, inputs),
      ...productAndUnit(choice),
    },
    ...(choice.unitConfirmed ? { confirm_unit_change: true } : {}),
  };
}
