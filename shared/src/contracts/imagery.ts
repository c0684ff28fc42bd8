import { z } from 'zod';
import type { FeatureFlagKey } from './accounts';

/**
 * Imagery on the map (spec 2 §3, §4, §7): the catalog of capture dates, the statistics behind the
 * legend, XYZ PNG tiles and a per-field time series. Every URL the API hands out is relative to the
 * API's base URL (no leading slash), e.g. `v2/tiles/standard_NDVI/2026-01-05/{z}/{x}/{y}.png?field_ids=…`.
 */

/** Layers whose pixels come from an imagery source (zoning is built from these). */
export const imageryLayers = ['standard', 'high_res', 'sensor_em'] as const;
export const imageryLayerSchema = z.enum(imageryLayers);
export type ImageryLayer = z.infer<typeof imageryLayerSchema>;

/** Layer codes used in the PDF export title (spec 2 §4). */
export const imageryLayerCodes: Record<ImageryLayer, string> = {
  standard: 'SR',
  high_res: 'HR',
  sensor_em: 'RAPID_EM',
};

/** Calculations (spec 2 §4); SHALLOW and DEEP are the sensor layer's depths. */
export const imageryAlgorithms = ['NDVI', 'NDVI-R', 'COLOUR', 'NDRE', 'THERMAL', 'PCD', 'SHALLOW', 'DEEP'] as const;
export const imageryAlgorithmSchema = z.enum(imageryAlgorithms);
export type ImageryAlgorithm = z.infer<typeof imageryAlgorithmSchema>;

/** The calculations each layer offers, in menu order. */
export const layerAlgorithms: Record<ImageryLayer, readonly ImageryAlgorithm[]> = {
  standard: ['NDVI', 'NDVI-R', 'COLOUR', 'NDRE', 'THERMAL', 'PCD'],
  high_res: ['NDVI', 'COLOUR', 'PCD'],
  sensor_em: ['SHALLOW', 'DEEP'],
};

/** The calculation a layer starts with (spec 1 §4.3). */
export const defaultLayerAlgorithm: Record<ImageryLayer, ImageryAlgorithm> = {
  standard: 'NDVI',
  high_res: 'NDVI',
  sensor_em: 'SHALLOW',
};

/** Calculations that need Advanced (tier `premium`) and their feature flag; the API answers 403 otherwise. */
export const algorithmFeatureFlags: Partial<Record<ImageryAlgorithm, FeatureFlagKey>> = {
  NDRE: 'algorithm:ndre',
  THERMAL: 'algorithm:thermal',
  PCD: 'algorithm:pcd',
};

/** Units of each calculation's values (legend labels). */
export const algorithmUnits: Record<ImageryAlgorithm, string> = {
  NDVI: 'index',
  'NDVI-R': 'index',
  COLOUR: 'reflectance',
  NDRE: 'index',
  THERMAL: '°C',
  PCD: 'ratio',
  SHALLOW: 'mS/m',
  DEEP: 'mS/m',
};

/** `{layer}_{algorithm}`, as in the statistics and tile paths: `standard_NDVI`, `sensor_em_SHALLOW`, … */
export const algorithmCodes = imageryLayers.flatMap((layer) =>
  layerAlgorithms[layer].map((algorithm) => `${layer}_${algorithm}`),
);
export const algorithmCodeSchema = z.string().refine((code) => algorithmCodes.includes(code), {
  error: `Algorithm must be one of: ${algorithmCodes.join(', ')}`,
});

export const algorithmCode = (layer: ImageryLayer, algorithm: ImageryAlgorithm): string => `${layer}_${algorithm}`;

/** The layer and calculation of a valid `{layer}_{algorithm}` code. */
export function parseAlgorithmCode(code: string): { layer: ImageryLayer; algorithm: ImageryAlgorithm } {
  const layer = imageryLayers.find((candidate) => code.startsWith(`${candidate}_`));
  const algorithm = layer ? code.slice(layer.length + 1) : '';
  if (!layer || !layerAlgorithms[layer].includes(algorithm as ImageryAlgorithm))
    throw new Error(`Unknown algorithm code ${code}`);
  return { layer, algorithm: algorithm as ImageryAlgorithm };
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_FORMAT_MESSAGE = 'Dates are written YYYY-MM-DD';

/**
 * Whether a `YYYY-MM-DD` text is a day of the calendar: `2026-13-01`, `2027-00-10`, `2026-02-30` and
 * `2026-01-32` are not (never throws: an impossible date is a plain `false`).
 */
export function isRealDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  // Date.parse answers NaN for month 13 or day 32, but rolls 2026-02-30 over to March: compare back.
  return Number.isFinite(time) && new Date(time).toISOString().slice(0, 10) === value;
}

/** Why a date text is refused, in plain words (null when it is a real `YYYY-MM-DD` day). */
export function dateProblem(value: string): string | null {
  if (!DATE.test(value)) return DATE_FORMAT_MESSAGE;
  if (isRealDate(value)) return null;
  const month = Number(value.slice(5, 7));
  if (month < 1 || month > 12) return `${value} is not a date: there is no month ${value.slice(5, 7)}.`;
  return `${value} is not a date: that month has no day ${value.slice(8, 10)}.`;
}

/** A calendar day, `YYYY-MM-DD`. */
export const isoDateSchema = z.string().superRefine((value, ctx) => {
  const problem = dateProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem, input: value });
});

/** The furthest ahead an order or a reservation may be (two years, in days). */
export const MAX_DAYS_AHEAD = 731;
export const TOO_FAR_AHEAD_MESSAGE = 'Dates can be at most two years ahead.';

/** The last day that may be ordered or reserved from `today` (both `YYYY-MM-DD`). */
export function lastDayAhead(today: string): string {
  return new Date(Date.parse(`${today}T00:00:00Z`) + MAX_DAYS_AHEAD * 86_400_000).toISOString().slice(0, 10);
}

/** A day or a UTC date-time (`2026-01-05` or `2026-01-05T10:00:00Z`); the API uses its UTC day. */
export const dayOrDateTimeSchema = z
  .string()
  .superRefine((value, ctx) => {
    const day = value.slice(0, 10);
    const problem = DATE.test(day) ? dateProblem(day) : 'Dates are written YYYY-MM-DD or as an ISO date-time';
    if (problem) ctx.addIssue({ code: 'custom', message: problem, input: value });
    else if (value.length !== 10 && Number.isNaN(Date.parse(value)))
      ctx.addIssue({ code: 'custom', message: 'Dates are written YYYY-MM-DD or as an ISO date-time', input: value });
  })
  .transform((value) => (value.length === 10 ? value : new Date(value).toISOString().slice(0, 10)));

/** The most fields one imagery request may name. */
export const MAX_IMAGERY_FIELDS = 200;

/** `field_ids`, repeated in the query (`?field_ids=a&field_ids=b`); one value is a list of one. */
export const fieldIdsQuerySchema = z.preprocess(
  (value) => (typeof value === 'string' ? [value] : value),
  z
    .array(z.string().min(1))
    .min(1, 'Select at least one field')
    .max(MAX_IMAGERY_FIELDS, `Select at most ${MAX_IMAGERY_FIELDS} fields`),
);

export const colorStretches = ['dynamic', 'fixed'] as const;
/** dynamic: the palette spans the selected fields' own 2nd–98th percentiles; fixed: a set range per calculation. */
export const colorStretchSchema = z.enum(colorStretches);
export type ColorStretch = z.infer<typeof colorStretchSchema>;

// --- GET v2/catalog -----------------------------------------------------------------------------

export const DEFAULT_SEARCH_DAYS = 365;

export const catalogQuerySchema = z.object({
  field_ids: fieldIdsQuerySchema,
  layer_filter: imageryLayerSchema.default('standard'),
  /** Days back from `latest_date_utc` (inclusive). Defaults to 365; left out for high_res = the whole archive. */
  search_days: z.coerce.number().int().min(1).max(3660).optional(),
  /** The newest day of the page (default today, UTC). The next page starts the day before the oldest date. */
  latest_date_utc: dayOrDateTimeSchema.optional(),
});
export type CatalogQuery = z.input<typeof catalogQuerySchema>;

export const catalogItemSchema = z.object({
  algorithm: imageryAlgorithmSchema,
  /** Where the pixels came from, e.g. 'SENTINEL-2 L2A', 'SIMULATED SENTINEL-2', 'SIMULATED RAPID-EM'. */
  source: z.string(),
  /** Percentage (0–100, one decimal) of the selected fields' pixels under cloud or cloud shadow. */
  cloud_percent: z.number().min(0).max(100),
  /** XYZ URL templates (`{z}/{x}/{y}`), relative to the API base URL; fetch them with the bearer token. */
  tile_urls: z.array(z.string()),
  /** The legend's statistics for this calculation and date, relative to the API base URL. */
  statistics_url: z.string(),
});
export type CatalogItem = z.infer<typeof catalogItemSchema>;

/** One capture of the standard or high_res layer. */
export const catalogCaptureEntrySchema = z.object({
  date: isoDateSchema,
  capture_id: z.string(),
  items: z.array(catalogItemSchema),
});
export type CatalogCaptureEntry = z.infer<typeof catalogCaptureEntrySchema>;

/** One weekly Rapid-EM window of the sensor_em layer. */
export const catalogWindowEntrySchema = z.object({
  start_date: isoDateSchema,
  end_date: isoDateSchema,
  capture_id: z.string(),
  items: z.array(catalogItemSchema),
});
export type CatalogWindowEntry = z.infer<typeof catalogWindowEntrySchema>;

export const catalogEntrySchema = z.union([catalogCaptureEntrySchema, catalogWindowEntrySchema]);
export type CatalogEntry = z.infer<typeof catalogEntrySchema>;

export const isWindowEntry = (entry: CatalogEntry): entry is CatalogWindowEntry => 'start_date' in entry;

export const catalogResponseSchema = z.object({
  type: z.literal('FeatureCollection'),
  features: z
    .array(
      z.object({
        type: z.literal('Feature'),
        geometry: z.null(),
        properties: z.object({
          layer: imageryLayerSchema,
          field_ids: z.array(z.string()),
          /** The days searched, inclusive. */
          search_from: isoDateSchema,
          search_to: isoDateSchema,
          /** Newest first. */
          dates: z.array(catalogEntrySchema),
          /** `latest_date_utc` of the next (older) page; null when the archive has nothing older. */
          next_latest_date_utc: isoDateSchema.nullable(),
        }),
      }),
    )
    .length(1),
});
export type CatalogResponse = z.infer<typeof catalogResponseSchema>;

// --- GET v2/algorithm/{layer}_{algorithm}/statistics.json ---------------------------------------

export const statisticsParamsSchema = z.object({ algorithm: algorithmCodeSchema });

export const statisticsQuerySchema = z.object({
  field_ids: fieldIdsQuerySchema,
  /** The capture's day (for sensor_em, the window's `start_date`). */
  latest_capture_date: isoDateSchema,
  color_stretch: colorStretchSchema.default('dynamic'),
});
export type StatisticsQuery = z.input<typeof statisticsQuerySchema>;

export const rgbSchema = z.tuple([
  z.number().int().min(0).max(255),
  z.number().int().min(0).max(255),
  z.number().int().min(0).max(255),
]);
export type Rgb = z.infer<typeof rgbSchema>;

export const statisticsResponseSchema = z.object({
  algorithm: z.string(),
  capture_date: isoDateSchema,
  unit: z.string(),
  /** Over the clear pixels inside the selected fields (cloud and shadow excluded); null when none are clear. */
  min: z.number().nullable(),
  mean: z.number().nullable(),
  max: z.number().nullable(),
  p10: z.number().nullable(),
  p90: z.number().nullable(),
  /** Clear pixels the figures are computed from. */
  pixel_count: z.number().int().nonnegative(),
  color_rendering: z.object({
    color_stretch: colorStretchSchema,
    /** The palette, low to high: spread evenly from `value_range[0]` to `value_range[1]`. */
    color_range: z.array(rgbSchema).min(2),
    /** The values drawn in the first and the last colour (values beyond them take the end colours). */
    value_range: z.tuple([z.number(), z.number()]),
  }),
});
export type StatisticsResponse = z.infer<typeof statisticsResponseSchema>;

// --- GET v2/algorithm/{layer}_{algorithm}/point.json --------------------------------------------

/** The value of a calculation at one point of a field on a capture day (a scouting note's reading). */
export const pointValueQuerySchema = z.object({
  /** The field the point is in. */
  field_id: z.uuid(),
  /** The capture's day (for sensor_em, the window's `start_date`). */
  latest_capture_date: isoDateSchema,
  lon: z.coerce.number().min(-180).max(180),
  lat: z.coerce.number().min(-90).max(90),
});
export type PointValueQuery = z.input<typeof pointValueQuerySchema>;

export const POINT_OUTSIDE_FIELD_MESSAGE = 'That point is not inside the field.';

export const pointValueResponseSchema = z.object({
  algorithm: imageryAlgorithmSchema,
  capture_date: isoDateSchema,
  unit: z.string(),
  /** The mean of the clear pixels within a pixel of the point; null when they are cloud, shadow or no data. */
  value: z.number().nullable(),
});
export type PointValueResponse = z.infer<typeof pointValueResponseSchema>;

// --- GET v2/algorithm/{layer}_{algorithm}/export.png -------------------------------------------

/** The widest map image a PDF export may ask for (and the tallest the server draws). */
export const EXPORT_MAX_WIDTH = 2048;

/**
 * The map image of the PDF export (spec 2 §4): the fields' extent on a capture day with their
 * boundaries drawn, `width` pixels across. Advanced only, with the calculation gates of the tiles.
 */
export const exportQuerySchema = z.object({
  field_ids: fieldIdsQuerySchema,
  /** The capture's day (for sensor_em, the window's `start_date`). */
  latest_capture_date: isoDateSchema,
  width: z.coerce.number().int().min(64).max(EXPORT_MAX_WIDTH).default(1600),
  /** The colour scale, as the tiles take it: the map's chosen scale, so the PDF shows what the map does. */
  color_stretch: colorStretchSchema.default('dynamic'),
});
export type ExportQuery = z.input<typeof exportQuerySchema>;

// --- GET v2/tiles/{layer}_{algorithm}/{capture_date}/{z}/{x}/{y}.png ----------------------------

/**
 * A 256×256 PNG clipped to the selected fields (transparent outside them; NDVI-R is not clipped).
 * Cloud pixels are drawn translucent white, shadow translucent grey. Answers carry a strong ETag
 * and `Cache-Control: private`; send `If-None-Match` for a 304.
 */
export const tileParamsSchema = z.object({
  algorithm: algorithmCodeSchema,
  capture_date: isoDateSchema,
  z: z.coerce.number().int().min(0).max(24),
  x: z.coerce.number().int().min(0),
  y: z.coerce.number().int().min(0),
});

export const tileQuerySchema = z.object({
  field_ids: fieldIdsQuerySchema,
  color_stretch: colorStretchSchema.default('dynamic'),
});

// --- GET v2/fields/{id}/timeseries ---------------------------------------------------------------

/** The standard-layer calculations a time series can follow. */
export const timeseriesAlgorithms = ['NDVI', 'NDRE', 'THERMAL', 'PCD'] as const satisfies readonly ImageryAlgorithm[];

export const timeseriesQuerySchema = z.object({
  algorithm: z.enum(timeseriesAlgorithms).default('NDVI'),
  /** Captures cloudier than this over the field are left out. */
  max_cloud_percent: z.coerce.number().min(0).max(100).default(30),
});
export type TimeseriesQuery = z.input<typeof timeseriesQuerySchema>;

export const timeseriesPointSchema = z.object({
  date: isoDateSchema,
  mean: z.number(),
  p10: z.number(),
  p90: z.number(),
  cloud_percent: z.number().min(0).max(100),
});
export type TimeseriesPoint = z.infer<typeof timeseriesPointSchema>;

export const timeseriesSeasonSchema = z.object({
  season: z.enum(['current', 'previous']),
  /** The season's first and last day; a point's place in its season is its date minus `start_date`. */
  start_date: isoDateSchema,
  end_date: isoDateSchema,
  /** Oldest first. The current season runs up to today. */
  points: z.array(timeseriesPointSchema),
});
export type TimeseriesSeason = z.infer<typeof timeseriesSeasonSchema>;

export const timeseriesResponseSchema = z.object({
  field_id: z.string(),
  algorithm: imageryAlgorithmSchema,
  unit: z.string(),
  max_cloud_percent: z.number(),
  /** The current season first, then the previous one. Seasons follow the field's crop type. */
  seasons: z.tuple([timeseriesSeasonSchema, timeseriesSeasonSchema]),
});
export type TimeseriesResponse = z.infer<typeof timeseriesResponseSchema>;
