import { z } from 'zod';

/** [longitude, latitude] in WGS84, optionally with an altitude that is kept but ignored. */
export const positionSchema = z.union([
  z.tuple([z.number(), z.number()]),
  z.tuple([z.number(), z.number(), z.number()]),
]);
export type Position = z.infer<typeof positionSchema>;

export const bboxSchema = z.tuple([z.number(), z.number(), z.number(), z.number()]);
export type BBox = z.infer<typeof bboxSchema>;

const isPosition = (value: unknown): boolean => {
  if (!Array.isArray(value) || (value.length !== 2 && value.length !== 3)) return false;
  for (let i = 0; i < value.length; i += 1) {
    const number: unknown = value[i];
    if (typeof number !== 'number' || !Number.isFinite(number)) return false;
  }
  return true;
};

/**
 * Nested arrays `depth` deep whose leaves are positions, checked in one plain loop. Indexed loops,
 * not iterators: on a process's first large import this code is still interpreted, where an
 * iterator costs a few calls per element.
 */
const isNested = (value: unknown, depth: number): boolean => {
  if (!Array.isArray(value)) return false;
  for (let i = 0; i < value.length; i += 1) {
    if (!(depth === 0 ? isPosition(value[i]) : isNested(value[i], depth - 1))) return false;
  }
  return true;
};

const positionJsonSchema = {
  type: 'array',
  minItems: 2,
  maxItems: 3,
  items: { type: 'number' },
  description: '[longitude, latitude] or [longitude, latitude, altitude]',
} as const;
const nestedJsonSchema = (depth: number): Record<string, unknown> =>
  depth < 0 ? positionJsonSchema : { type: 'array', items: nestedJsonSchema(depth - 1) };

/**
 * Coordinates of a boundary: the same rule as arrays of `positionSchema`, checked by a plain loop.
 * A detailed import holds hundreds of thousands of positions; zod's per-element checks would hold
 * the api's event loop for a tenth of a second or more, this takes a few milliseconds.
 */
const coordinatesSchema = <T>(depth: number) =>
  z.custom<T>((value) => isNested(value, depth)).meta(nestedJsonSchema(depth));

export const polygonSchema = z.object({
  type: z.literal('Polygon'),
  coordinates: coordinatesSchema<Position[][]>(1),
});
export const multiPolygonSchema = z.object({
  type: z.literal('MultiPolygon'),
  coordinates: coordinatesSchema<Position[][][]>(2),
});
/** Field boundaries are Polygon or MultiPolygon only; the API checks rings, range and self-intersection. */
export const areaGeometrySchema = z.discriminatedUnion('type', [polygonSchema, multiPolygonSchema]);
export type AreaGeometry = z.infer<typeof areaGeometrySchema>;
