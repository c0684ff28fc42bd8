import { z } from 'zod';

/**
 * The part of a STAC API the Sentinel-2 source relies on (item search, STAC API 1.0), validated at
 * the edge: answers that do not have this shape are rejected with a clear error instead of failing
 * deep inside a read.
 */

const rasterBandSchema = z.object({
  nodata: z.number().optional(),
  scale: z.number().optional(),
  offset: z.number().optional(),
});

export const stacAssetSchema = z.object({
  href: z.string().min(1),
  type: z.string().optional(),
  'raster:bands': z.array(rasterBandSchema).optional(),
});

export const stacItemSchema = z.object({
  type: z.literal('Feature'),
  id: z.string().min(1),
  collection: z.string().optional(),
  bbox: z.array(z.number()).min(4).optional(),
  properties: z.looseObject({
    datetime: z.string().min(10),
    'eo:cloud_cover': z.number().optional(),
    /** Earth Search's name, then the STAC sentinel-2 extension's. */
    's2:processing_baseline': z.string().optional(),
    'sentinel:processing_baseline': z.string().optional(),
    /** Earth Search: the BOA offset was already added to the digital numbers. */
    'earthsearch:boa_offset_applied': z.boolean().optional(),
  }),
  assets: z.record(z.string(), stacAssetSchema),
});

const stacLinkSchema = z.object({
  rel: z.string(),
  href: z.string(),
  method: z.string().optional(),
  body: z.record(z.string(), z.unknown()).optional(),
  merge: z.boolean().optional(),
});

export const stacItemCollectionSchema = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(stacItemSchema),
  links: z.array(stacLinkSchema).optional(),
});

export type StacAsset = z.infer<typeof stacAssetSchema>;
export type StacItem = z.infer<typeof stacItemSchema>;
export type StacLink = z.infer<typeof stacLinkSchema>;
export type StacItemCollection = z.infer<typeof stacItemCollectionSchema>;

/** The body of `POST /search` (STAC API item search, with the query extension for cloud cover). */
export interface StacSearchBody {
  collections?: string[];
  ids?: string[];
  bbox?: number[];
  datetime?: string;
  limit?: number;
  query?: Record<string, Partial<Record<'lt' | 'lte' | 'gt' | 'gte' | 'eq', number>>>;
  /** Paging token, as the server's `next` link hands it back. */
  next?: string;
}
