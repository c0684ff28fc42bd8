import { z } from 'zod';
import { isoDateSchema } from './imagery';

/**
 * Daily weather for a farm's location (issue 29): the grid cell (0.05°) holding the centre of the
 * farm's fields, from the configured weather source, answered from the api's cache. A request never
 * waits on the source: a cold or old cell is fetched by a job and the answer says how old it is.
 */

export const weatherSourceNames = ['embedded', 'silo', 'open-meteo'] as const;
export const weatherSourceNameSchema = z.enum(weatherSourceNames);
export type WeatherSourceName = z.infer<typeof weatherSourceNameSchema>;

/**
 * - `fresh`: fetched recently;
 * - `refreshing`: a fetch is queued or running (the days are the last good ones, or none yet);
 * - `stale`: the last fetch failed; the days are the last good ones, `as_of` says from when.
 */
export const weatherStatusSchema = z.enum(['fresh', 'refreshing', 'stale']);
export type WeatherStatus = z.infer<typeof weatherStatusSchema>;

export const weatherDaySchema = z.object({
  date: isoDateSchema,
  /** Daily minimum and maximum screen temperature, °C. */
  tmin: z.number(),
  tmax: z.number(),
  /** Rainfall, mm. */
  rain: z.number().min(0),
  /** Evapotranspiration (FAO-56 short crop), mm; null when the source has none. */
  et: z.number().nullable(),
  /** A forecast day (after today), not an observation. */
  forecast: z.boolean(),
});
export type WeatherDay = z.infer<typeof weatherDaySchema>;

export const weatherAttributionSchema = z.object({
  /** Shown beside the data, e.g. 'SILO, Queensland Government'. */
  text: z.string(),
  licence: z.string(),
  licence_url: z.string().nullable(),
});
export type WeatherAttribution = z.infer<typeof weatherAttributionSchema>;

export const weatherResponseSchema = z.object({
  farm_id: z.string(),
  source: weatherSourceNameSchema,
  /** Centre of the grid cell the days are for. */
  location: z.object({ lat: z.number(), lon: z.number() }),
  status: weatherStatusSchema,
  /** When the days were fetched (ISO date-time); null before the first fetch. */
  as_of: z.string().nullable(),
  /** Seconds since `as_of`; null before the first fetch. */
  age_seconds: z.number().int().nullable(),
  /** Why the last fetch failed, while `status` is 'stale'. */
  problem: z.string().nullable(),
  /** Whether this source forecasts (days after today are `forecast`). */
  has_forecast: z.boolean(),
  attribution: weatherAttributionSchema.nullable(),
  /** Oldest first, between `from` and `to` of the request. */
  days: z.array(weatherDaySchema),
});
export type WeatherResponse = z.infer<typeof weatherResponseSchema>;

/** GET v2/farms/{farm_id}/weather and GET v2/fields/{id}/weather. */
export const weatherQuerySchema = z
  .object({
    from: isoDateSchema.optional(),
    to: isoDateSchema.optional(),
  })
  .refine((value) => !value.from || !value.to || value.from <= value.to, {
    message: "'from' must be on or before 'to'",
    path: ['from'],
  });
export type WeatherQuery = z.input<typeof weatherQuerySchema>;

/** GET v2/fields/{id}/season.csv: the index to put beside the weather. */
export const seasonCsvQuerySchema = z.object({
  algorithm: z.enum(['NDVI', 'NDRE']).default('NDVI'),
});
