import { z } from 'zod';
import { zoneCollectionSchema, zoneRatesSchema } from './commerce';
import { polygonSchema } from './geojson';
import { fieldIdsQuerySchema, isoDateSchema, layerAlgorithms, type ImageryAlgorithm } from './imagery';
import { zoningSources, zonesMadeFromSchema } from './zones-made-from';

/**
 * Variable-rate zoning (spec 2 §3, §5, §7; ARCHITECTURE §6): the zone layer computed from imagery
 * (`GET v2/zoning/zones`), rate updates of paid orders and the prescription-file downloads.
 */

/** Spec README: a field of 800 ha or more cannot be zoned. */
export const ZONING_AREA_LIMIT_HA = 800;
/** Zone counts (spec 2 §5). */
export const ZONE_COUNTS = [2, 3, 4, 5] as const;
/** Resolution levels (spec README): 1 = 5 m, 2 = 25 m, 3 = 50 m, 4 = 100 m. */
export const ZONING_RESOLUTION_METRES: Record<number, number> = { 1: 5, 2: 25, 3: 50, 4: 100 };
/** The most fields one zoning request may name (the multi-select warning starts above 50). */
export const MAX_ZONING_FIELDS = 50;

/** Zone colours per zone count, zone 1 (lowest index) first: the same on the map, the legend and the files. */
export const ZONE_PALETTES: Record<number, readonly string[]> = {
  2: ['#d7191c', '#1a9641'],
  3: ['#d7191c', '#ffffbf', '#1a9641'],
  4: ['#d7191c', '#fdae61', '#a6d96a', '#1a9641'],
  5: ['#d7191c', '#fdae61', '#ffffbf', '#a6d96a', '#1a9641'],
};

/** Layers zoning draws from, and their calculations (`{layer}_{algorithm}`): high_res is not zoned. */
export const zoningLayers = ['standard', 'sensor_em'] as const;
export type ZoningLayer = (typeof zoningLayers)[number];
export const zoningAlgorithmCodes = zoningLayers.flatMap((layer) =>
  layerAlgorithms[layer].filter((algorithm) => algorithm !== 'NDVI-R').map((algorithm) => `${layer}_${algorithm}`),
);

export function parseZoningAlgorithm(code: string): { layer: ZoningLayer; algorithm: ImageryAlgorithm } | null {
  const layer = zoningLayers.find((candidate) => code.startsWith(`${candidate}_`));
  if (!layer || !zoningAlgorithmCodes.includes(code)) return null;
  return { layer, algorithm: code.slice(layer.length + 1) as ImageryAlgorithm };
}

// --- GET v2/zoning/zones -------------------------------------------------------------------------

export { zoningSources, zonesMadeFromSchema, type ZoningSource, type ZonesMadeFrom } from './zones-made-from';
/** The first season productivity zones can start in (the imagery archive starts in 2019). */
export const ZONING_FIRST_SEASON = 2019;
export const MAX_ZONING_SEASONS = 8;
/** A capture whose selected fields are more than this share (%) cloud or shadow is not zoned on its own. */
export const ZONING_MAX_CLOUD_PERCENT = 50;
/** Spec 2 §2: a capture under this cloud % inside the fields reads 'Clear'. */
export const CLEAR_BELOW_PERCENT = 10;

export const zoningZonesQuerySchema = z.object({
  field_ids: fieldIdsQuerySchema.pipe(
    z.array(z.string()).max(MAX_ZONING_FIELDS, `Select at most ${MAX_ZONING_FIELDS} fields`),
  ),
  /** The capture's day (for sensor_em, the window's `start_date`). */
  latest_capture_date: isoDateSchema,
  zones: z.coerce
    .number()
    .int()
    .refine((value) => value >= 2 && value <= 5, { error: 'Number of zones must be 2, 3, 4 or 5' }),
  resolution: z.coerce
    .number()
    .int()
    .refine((value) => value >= 1 && value <= 4, {
      error: 'Resolution must be 1 (5 m), 2 (25 m), 3 (50 m) or 4 (100 m)',
    }),
  algorithm: z.string().refine((code) => zoningAlgorithmCodes.includes(code), {
    error: `Algorithm must be one of: ${zoningAlgorithmCodes.join(', ')}`,
  }),
  /** Smallest zone patch in hectares; by default the larger of 0.5 ha and 1 % of the field. */
  min_zone_ha: z.coerce.number().min(0).max(100).optional(),
  /**
   * What the zones are made from: one capture (`date`, the default), every clear capture of some
   * seasons (`seasons`: productivity zones, nothing read after `latest_capture_date`), or the fields'
   * Rapid-EM survey combined with the capture of `latest_capture_date` (`em_imagery`).
   */
  source: z.enum(zoningSources).optional(),
  /** `seasons`: the seasons by the year they start in (each field's crop decides the months). */
  seasons: z
    .preprocess(
      (value) => (value === undefined ? undefined : typeof value === 'string' ? value.split(',') : value),
      z.array(z.coerce.number().int().min(ZONING_FIRST_SEASON).max(2100)).max(MAX_ZONING_SEASONS),
    )
    .optional(),
  /** `seasons` instead of whole seasons: one date range. */
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
  /** `em_imagery`: the weights of the standardised layers (0–10 each, not all 0; default 1 each). */
  weight_shallow: z.coerce.number().min(0).max(10).optional(),
  weight_deep: z.coerce.number().min(0).max(10).optional(),
  weight_index: z.coerce.number().min(0).max(10).optional(),
});
export type ZoningZonesQuery = z.input<typeof zoningZonesQuerySchema>;

export const zonedFeatureSchema = z.object({
  type: z.literal('Feature'),
  /** `{field_id}:{n}`, stable for the same request. */
  id: z.string(),
  geometry: polygonSchema,
  properties: z.object({
    zone: z.number().int().min(1).max(5),
    field_id: z.string(),
    /** Hectares (ellipsoidal, four decimals). */
    area: z.number().nonnegative(),
  }),
});
export type ZonedFeature = z.infer<typeof zonedFeatureSchema>;

export const zoneStatisticsSchema = z.object({
  zone: z.number().int().min(1).max(5),
  color: z.string(),
  /** Hectares. */
  area: z.number().nonnegative(),
  /** Index figures over the zone's measured pixels (filled cloud pixels left out); null with none. */
  mean: z.number().nullable(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  pixel_count: z.number().int().nonnegative(),
});
export type ZoneStatistics = z.infer<typeof zoneStatisticsSchema>;

/** Pixels from one capture (`date`), or filled from neighbouring pixels (`date` null), as a share (0–100) of the field. */
export const pixelSourceSchema = z.object({ date: isoDateSchema.nullable(), percent: z.number().min(0).max(100) });
export type PixelSource = z.infer<typeof pixelSourceSchema>;

export const zoneStabilitySchema = z.object({
  zone: z.number().int().min(1).max(5),
  /** Share (0–1) of the zone's pixels that fell in this zone in every season. */
  stable_share: z.number().min(0).max(1),
  /** Coefficient of variation of the zone's mean index across the seasons (null below two seasons). */
  cv: z.number().nonnegative().nullable(),
});
export type ZoneStability = z.infer<typeof zoneStabilitySchema>;

export const layerCorrelationsSchema = z.object({
  shallow_deep: z.number().min(-1).max(1).nullable(),
  shallow_index: z.number().min(-1).max(1).nullable(),
  deep_index: z.number().min(-1).max(1).nullable(),
});
export type LayerCorrelations = z.infer<typeof layerCorrelationsSchema>;

export const fieldZoningStatisticsSchema = z.object({
  field_id: z.string(),
  /** Hectares. */
  area: z.number().nonnegative(),
  /** The zone quality: 1 − Σ(A_z/A)·σ²_z / σ² (0–1; higher means zones explain more of the field's variation). */
  variance_reduction: z.number().min(0).max(1),
  /** Share (0–100) of the field's pixels under cloud or shadow, filled from nearby captures or neighbours. */
  filled_percent: z.number().min(0).max(100),
  min_zone_ha: z.number().nonnegative(),
  /** Ascending index limits between the zones (natural breaks). */
  breaks: z.array(z.number()),
  zones: z.array(zoneStatisticsSchema),
  /** Where the field's pixels came from: each capture's share, and (date null) the share filled from neighbouring pixels. */
  sources: z.array(pixelSourceSchema).optional(),
  /** Productivity zones: the seasons and how many clear captures each gave. */
  seasons: z.array(z.object({ label: z.string(), captures: z.number().int().nonnegative() })).optional(),
  /** Productivity zones over two or more seasons: how steady each zone is, and the stability map layer. */
  stability: z
    .object({
      seasons: z.array(z.string()),
      zones: z.array(zoneStabilitySchema),
      /** A PNG (data URL) over `extent_3857` (web mercator): per pixel the share of seasons it fell in its zone. */
      image: z.string(),
      extent_3857: z.tuple([z.number(), z.number(), z.number(), z.number()]),
    })
    .optional(),
  /** EM with imagery: Pearson correlations between the standardised layers combined. */
  correlations: layerCorrelationsSchema.optional(),
});
export type FieldZoningStatistics = z.infer<typeof fieldZoningStatisticsSchema>;

export const zoningZonesResponseSchema = z.object({
  zoned_image: z.object({
    type: z.literal('FeatureCollection'),
    features: z.array(zonedFeatureSchema),
  }),
  algorithm: z.string(),
  capture_date: isoDateSchema,
  zones: z.number().int(),
  resolution: z.number().int(),
  resolution_m: z.number(),
  /** Zone colours, zone 1 first. */
  palette: z.array(z.string()),
  statistics: z.object({
    /** Area-weighted over the fields. */
    variance_reduction: z.number().min(0).max(1),
    /** Per zone number over all the fields (area-weighted means). */
    zones: z.array(zoneStatisticsSchema),
    fields: z.array(fieldZoningStatisticsSchema),
    /** Productivity zones over two or more seasons: per zone over all the fields (stable share pixel-weighted, CV the mean of the fields'). */
    stability: z.array(zoneStabilitySchema).optional(),
  }),
  /**
   * What the zones were made of, in words and figures: the source, each capture used with its share of
   * the fields' pixels, and the share filled from neighbouring pixels.
   */
  made_from: zonesMadeFromSchema.optional(),
});
export type ZoningZonesResponse = z.infer<typeof zoningZonesResponseSchema>;

// --- POST v2/zoning/update -----------------------------------------------------------------------

/** Why a unit change of saved rates is refused unless converted or confirmed (the UI asks in the same words). */
export const unitRelabelMessage = (from: string, to: string): string =>
  `These rates were saved in ${from}. Changing the unit to ${to} keeps the same numbers as ${to}: convert the rates, or confirm that they are in ${to}.`;

/** The zone update payload (spec 2 §3): the order id and its zones with new rates (and, optionally, repainted zones). */
export const zoningUpdatePayloadSchema = z.object({
  id: z.string().trim().min(1),
  zones: zoneCollectionSchema.extend({ rates: zoneRatesSchema }),
  /**
   * A unit other than the stored one keeps the rates' numbers and changes what they mean: the client
   * converts the rates, or asks the user and sends true. Without it such a change is refused (422).
   */
  confirm_unit_change: z.boolean().optional(),
});
export type ZoningUpdatePayload = z.infer<typeof zoningUpdatePayloadSchema>;

export const zoningUpdateResponseSchema = z.object({
  data: z.object({
    id: z.string(),
    download_key: z.string(),
    fields: z.array(z.string()),
  }),
});
export type ZoningUpdateResponse = z.infer<typeof zoningUpdateResponseSchema>;

// --- GET v2/zoning/download/{download_key} -------------------------------------------------------

export const zoningDownloadQuerySchema = z.object({
  /** true: one shapefile for the whole farm; false (default): one per field. */
  unified: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
});
