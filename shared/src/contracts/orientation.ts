import { z } from 'zod';

/**
 * Orientation on the embedded base map (issue 27 §2): the coastline, the state and territory borders
 * and the names of localities, as vector data for the part of the map in view, simplified for its
 * zoom (fewer, larger places when zoomed out). Drawn over the embedded satellite background only;
 * a configured base map has its own.
 */

/** The least zoom asked for (all of Australia on a phone) and the most (a paddock). */
export const ORIENTATION_MIN_ZOOM = 0;
export const ORIENTATION_MAX_ZOOM = 24;

/**
 * How important a locality is (0 = state or territory capital, 1 = regional city, 2 = regional town,
 * 3 = town or suburb, 4 = rural locality): the map shows a rank from the zoom in `ORIENTATION_RANK_ZOOM`.
 */
export const ORIENTATION_RANKS = [0, 1, 2, 3, 4] as const;
/** The least zoom at which each rank is listed (index = rank). */
export const ORIENTATION_RANK_ZOOM = [0, 5, 7, 9, 11] as const;

const BBOX_WORDS = 'The map area must be four numbers: west, south, east, north';

const lonLat = (value: number, index: number) =>
  index % 2 === 0 ? value >= -180 && value <= 180 : value >= -90 && value <= 90;

/** `bbox=west,south,east,north` in degrees (WGS84), west < east and south < north. */
export const orientationQuerySchema = z.object({
  bbox: z
    .string({ error: BBOX_WORDS })
    .trim()
    .transform((text, context) => {
      const parts = text.split(',').map((part) => Number(part.trim()));
      if (parts.length !== 4 || parts.some((n) => !Number.isFinite(n))) {
        context.addIssue({ code: 'custom', message: BBOX_WORDS });
        return z.NEVER;
      }
      if (!parts.every(lonLat)) {
        context.addIssue({
          code: 'custom',
          message: 'The map area must lie within longitude -180 to 180 and latitude -90 to 90',
        });
        return z.NEVER;
      }
      const [west, south, east, north] = parts as [number, number, number, number];
      if (west >= east || south >= north) {
        context.addIssue({
          code: 'custom',
          message: 'The map area must have its west before its east and its south before its north',
        });
        return z.NEVER;
      }
      return [west, south, east, north] as [number, number, number, number];
    }),
  zoom: z.coerce
    .number({ error: `The zoom must be a number from ${ORIENTATION_MIN_ZOOM} to ${ORIENTATION_MAX_ZOOM}` })
    .min(ORIENTATION_MIN_ZOOM, `The zoom must be a number from ${ORIENTATION_MIN_ZOOM} to ${ORIENTATION_MAX_ZOOM}`)
    .max(ORIENTATION_MAX_ZOOM, `The zoom must be a number from ${ORIENTATION_MIN_ZOOM} to ${ORIENTATION_MAX_ZOOM}`),
});
export type OrientationQuery = z.infer<typeof orientationQuerySchema>;

const lineSchema = z.array(z.tuple([z.number(), z.number()]));

export const orientationLocalitySchema = z.object({
  name: z.string(),
  /** State or territory abbreviation (NSW, VIC, …). */
  state: z.string(),
  lat: z.number().min(-90).max(90),
  lon: z.number().min(-180).max(180),
  rank: z.number().int().min(0).max(4),
});
export type OrientationLocality = z.infer<typeof orientationLocalitySchema>;

export const orientationResponseSchema = z.object({
  /** The zoom the lines were simplified for. */
  zoom: z.number(),
  /** Pieces of the coastline that cross the area, [lon, lat] each. */
  coastline: z.array(lineSchema),
  /** Pieces of the state and territory borders that cross the area. */
  borders: z.array(lineSchema),
  /** Localities in the area shown at this zoom, most important first. */
  localities: z.array(orientationLocalitySchema),
  /** Where the data comes from, shown with the map's attributions. */
  attribution: z.string(),
});
export type OrientationResponse = z.infer<typeof orientationResponseSchema>;
