import { z } from 'zod';

/** [longitude, latitude] in WGS84, optionally with an altitude that is kept but ignored. */
export const positionSchema = z.union([
  z.tuple([z.number(), z.number()]),
  z.tuple([z.number(), z.number(), z.number()]),
]);
export type Position = z.infer<typeof positionSchema>;

export const bboxSchema = z.tuple([z.number(), z.number(), z.number(), z.number()]);
export type BBox = z.infer<typeof bboxSchema>;

export const polygonSchema = z.object({
  type: z.literal('Polygon'),
  coordinates: z.array(z.array(positionSchema)),
});
export const multiPolygonSchema = z.object({
  type: z.literal('MultiPolygon'),
  coordinates: z.array(z.array(z.array(positionSchema))),
});
/** Field boundaries are Polygon or MultiPolygon only; the API checks rings, range and self-intersection. */
export const areaGeometrySchema = z.discriminatedUnion('type', [polygonSchema, multiPolygonSchema]);
export type AreaGeometry = z.infer<typeof areaGeometrySchema>;
