import type { ZonedFeature } from '@paddock/shared/contracts';
import type { ZoneRow } from './rates';

/** The paint tool's changes: polygon id → the zone the user gave it. */
export type PaintedZones = Readonly<Record<string, number>>;

/** The polygons with the zones the user painted; the others as computed. */
export function paintedFeatures(features: readonly ZonedFeature[], painted: PaintedZones): ZonedFeature[] {
  if (!Object.keys(painted).length) return [...features];
  return features.map((feature) => {
    const zone = painted[feature.id];
    return zone === undefined || zone === feature.properties.zone
      ? feature
      : { ...feature, properties: { ...feature.properties, zone } };
  });
}

/** Spec 2 §5 paint tool: gives the polygon `id` the zone `zone`; painting it back to its own zone forgets the change. */
export function paint(
  painted: PaintedZones,
  features: readonly ZonedFeature[],
  id: string,
  zone: number,
): PaintedZones {
  const feature = features.find((candidate) => candidate.id === id);
  if (!feature) return painted;
  const next = { ...painted };
  if (feature.properties.zone === zone) delete next[id];
  else next[id] = zone;
  return next;
}

/** Each zone's hectares after painting, every zone of the zoning listed (an emptied zone shows 0 ha). */
export function paintedRows(rows: readonly ZoneRow[], features: readonly ZonedFeature[]): ZoneRow[] {
  const areas = new Map<number, number>(rows.map((row) => [row.zone, 0]));
  for (const feature of features) {
    const { zone, area } = feature.properties;
    areas.set(zone, (areas.get(zone) ?? 0) + area);
  }
  return rows.map((row) => ({ ...row, area: Math.round((areas.get(row.zone) ?? 0) * 10_000) / 10_000 }));
}

/** One polygon as the keyboard list of the paint tool names it. */
export interface PolygonChoice {
  id: string;
  label: string;
}

/** The polygons largest first, named by field, number, zone and hectares. */
export function polygonChoices(
  features: readonly ZonedFeature[],
  fieldName: (fieldId: string) => string,
  hectares: (area: number) => string,
): PolygonChoice[] {
  return [...features]
    .map((feature, index) => ({ feature, index }))
    .sort((a, b) => b.feature.properties.area - a.feature.properties.area || a.index - b.index)
    .map(({ feature, index }) => ({
      id: feature.id,
      label: `${fieldName(feature.properties.field_id)} · polygon ${index + 1} · zone ${feature.properties.zone} · ${hectares(feature.properties.area)}`,
    }));
}
