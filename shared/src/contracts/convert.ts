import { z } from 'zod';
import { areaGeometrySchema, bboxSchema } from './geojson';

/**
 * POST v2/convert: turns uploaded shapefile parts, a zipped shapefile, KML or KMZ into WGS84 GeoJSON.
 * 200 when every feature converted; 206 when some did not (they are listed in `invalid`, and
 * `converted` counts the ones that did); 413/422 with a `detail` message otherwise.
 */

/** Attribute values exactly as the file holds them (dates become ISO strings). */
export const convertedPropertyValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);

/** A boundary over 10,000 positions, simplified so it can be saved: what the preview says about it. */
export const simplificationSchema = z.object({
  /** Positions in the file's boundary, and in the boundary converted. */
  positions_before: z.number().int().positive(),
  positions_after: z.number().int().positive(),
  /** No point of the simplified boundary is further than this from the file's (metres). */
  tolerance_m: z.number().positive(),
  /** The simplified area's difference from the file's, as a fraction (0.0004 = 0.04 %). */
  area_change: z.number(),
});
export type Simplification = z.infer<typeof simplificationSchema>;

export const convertedFeatureSchema = z.object({
  type: z.literal('Feature'),
  geometry: areaGeometrySchema,
  properties: z.record(z.string(), convertedPropertyValueSchema),
  /** The file the feature came from, when an upload held several (the shapefiles of one zip). */
  source: z.string().optional(),
  /** Present when the boundary was simplified to fit the 10,000-position limit. */
  simplified: simplificationSchema.optional(),
});
export type ConvertedFeature = z.infer<typeof convertedFeatureSchema>;

/** A feature that could not be used, and why, in the product's words. */
export const invalidFeatureSchema = z.object({
  /** 1-based position of the feature in its file. */
  index: z.number().int().positive(),
  /** The feature's name when the file gives one (a KML <name>, or a name-like attribute). */
  name: z.string().nullable(),
  reason: z.string(),
  /** The file the feature is in, when an upload held several; `index` counts within that file. */
  source: z.string().optional(),
});
export type InvalidFeature = z.infer<typeof invalidFeatureSchema>;

export const convertResponseSchema = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(convertedFeatureSchema),
  bbox: bboxSchema,
  invalid: z.array(invalidFeatureSchema),
  /** Present on a partial (206) result: how many features did convert. */
  converted: z.number().int().nonnegative().optional(),
});
export type ConvertResponse = z.infer<typeof convertResponseSchema>;

/** Limits the API enforces; the wizard shows them before upload so users are not surprised. */
export const convertLimits = {
  maxRequestBytes: 200 * 1024 * 1024,
  maxFeatures: 200_000,
  maxKmzUncompressedBytes: 500 * 1024 * 1024,
} as const;
