import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type JsonSchema = Parameters<typeof fastJson>[0];

/** JSON Schema as zod writes it: plain JSON. */
type JsonNode = { [key: string]: unknown };
const isNode = (value: unknown): value is JsonNode =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Zod writes `.nullable()` as `anyOf: [X, {type: 'null'}]`, which fast-json-stringify can only write by
 * running an Ajv validator (built on the first answer: some 80 ms of the event loop); X with
 * `nullable: true` says the same and is written with a plain null check.
 */
function withNullables(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withNullables);
  if (!isNode(value)) return value;
  const node = Object.fromEntries(Object.entries(value).map(([key, child]) => [key, withNullables(child)]));
  const { anyOf, ...rest } = node;
  if (!Array.isArray(anyOf) || anyOf.length !== 2) return node;
  const isNull = (branch: unknown) => isNode(branch) && branch.type === 'null' && Object.keys(branch).length === 1;
  const nullAt = anyOf.findIndex(isNull);
  const other: unknown = anyOf[1 - nullAt];
  if (nullAt < 0 || isNull(other) || !isNode(other) || typeof other.type !== 'string') return node;
  return { ...rest, ...other, nullable: true };
}

/** Unions, alternatives and conditions: fast-json-stringify would pick the branch with a validator. */
const needsValidator = (value: unknown): boolean =>
  Array.isArray(value)
    ? value.some(needsValidator)
    : isNode(value) &&
      ('anyOf' in value || 'oneOf' in value || 'if' in value || Object.values(value).some(needsValidator));

/**
 * The route's response schema as JSON Schema, describing what zod's encode would write; null when
 * JSON Schema cannot say it (a transform, a date, a custom check), when a codec in it changes a value
 * on its way out (which writing the handler's value by its schema would not do), or when it holds a
 * union other than nullable (chosen by a validator: zod's encode does that as well and costs less).
 */
export function wireSchemaOf(schema: z.ZodType): JsonSchema | null {
  let changesValues = false;
  try {
    const wire = withNullables(
      z.toJSONSchema(schema, {
        io: 'output',
        unrepresentable: 'throw',
        target: 'draft-07',
        override: ({ zodSchema }) => {
          // A codec is a pipe with a way back: encode runs it.
          if (zodSchema._zod.def.type === 'pipe' && 'reverseTransform' in zodSchema._zod.def) changesValues = true;
        },
      }),
    );
    return changesValues || needsValidator(wire) ? null : (wire as JsonSchema);
  } catch {
    return null;
  }
}

/**
 * Answers are written by fast-json-stringify (Fastify's own serializer) from the route's zod response
 * schema turned into JSON Schema. Zod's encode walks and copies every answer, checking it, before
 * JSON.stringify walks it again: 23 µs against 8 µs for a page of ten farms, on every request. The
 * answer is built by our own typed code, so that check at run time repeats what the compiler has
 * proved. Like zod's object it writes only the schema's properties, so nothing else a row carries
 * leaks into an answer, and a required property that is missing still fails the request. A schema
 * that JSON Schema cannot express keeps zod's encode.
 *
 * Each route's writer is built on its first answer, not at start: most routes' error answers are
 * never written, and building them all made every start (and every test's app) a second longer.
 */
export const responseSerializerCompiler: FastifySerializerCompiler<z.ZodType> = (route) => {
  let serialize: ((data: unknown) => string) | undefined;
  const build = (): ((data: unknown) => string) => {
    const wire = wireSchemaOf(route.schema);
    return wire ? fastJson(wire) : (zodSerializerCompiler(route) as (data: unknown) => string);
  };
  return (data: unknown) => (serialize ??= build())(data);
};
