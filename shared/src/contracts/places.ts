import { z } from 'zod';

/**
 * Place search (issue 10 §1): Australian localities by name from the gazetteer shipped with the
 * product (or a geocoder by configuration), and typed coordinates ('lat, lon' or MGA 'zone easting northing').
 */

export const placeKinds = ['locality', 'coordinates'] as const;
export type PlaceKind = (typeof placeKinds)[number];

export const placeSchema = z.object({
  /** What the list shows, e.g. 'Horsham VIC 3400' or '-36.71000, 142.20000'. */
  label: z.string(),
  kind: z.enum(placeKinds),
  name: z.string(),
  /** State or territory abbreviation (NSW, VIC, …); null for coordinates and foreign places. */
  state: z.string().nullable(),
  postcode: z.string().nullable(),
  lat: z.number().min(-90).max(90),
  lon: z.number().min(-180).max(180),
});
export type Place = z.infer<typeof placeSchema>;

export const PLACE_QUERY_MAX = 100;
export const PLACE_RESULTS_MAX = 10;

export const placeSearchQuerySchema = z.object({
  q: z.string().trim().min(1, 'Type a place name or coordinates').max(PLACE_QUERY_MAX),
  limit: z.coerce.number().int().min(1).max(PLACE_RESULTS_MAX).default(8),
});
export type PlaceSearchQuery = z.infer<typeof placeSearchQuerySchema>;

export const placeSearchResponseSchema = z.object({
  query: z.string(),
  /** 'gazetteer' (embedded) or 'geocoder' (configured). */
  source: z.enum(['gazetteer', 'geocoder']),
  places: z.array(placeSchema),
  /** Attribution of the place data, shown under the results. */
  attribution: z.string(),
});
export type PlaceSearchResponse = z.infer<typeof placeSearchResponseSchema>;

/** Base maps (issue 10 §1): the embedded true-colour background, and a configured XYZ/WMTS one. */
export const basemapSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(['embedded', 'xyz']),
  /**
   * XYZ template with {z}/{x}/{y}. The embedded one is relative to the api (`/v2/basemap/tiles/...`)
   * and needs the bearer token; a configured one is absolute and loaded as plain images.
   */
  url: z.string(),
  attribution: z.string(),
  minZoom: z.number().int().min(0).max(24),
  maxZoom: z.number().int().min(0).max(24),
});
export type Basemap = z.infer<typeof basemapSchema>;

export const basemapsResponseSchema = z.object({
  /** The base map a map opens with. */
  default_id: z.string(),
  basemaps: z.array(basemapSchema),
  /**
   * The imagery (and the embedded base map drawn from it) is simulated, not real Sentinel-2: the
   * map labels it as demo imagery. Absent means false.
   */
  demo_imagery: z.boolean().optional(),
});
export type BasemapsResponse = z.infer<typeof basemapsResponseSchema>;

export const basemapTileParamsSchema = z.object({
  z: z.coerce.number().int().min(0).max(24),
  x: z.coerce.number().int().min(0),
  y: z.coerce.number().int().min(0),
});
export const basemapTileQuerySchema = z.object({
  /** The farm the map shows: the capture is the latest clear one over its fields. */
  farm_id: z.string().optional(),
});
