import { farmListResponseSchema, type FarmListResponse } from '@paddock/shared/contracts';
import { z } from 'zod';
import { responseSerializerCompiler, wireSchemaOf } from './serialization';

const page: FarmListResponse = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      id: '0b6f4c1e-2f9a-4c55-9c1a-7d2b1f0e9a11',
      geometry: null,
      bbox: [147.12, -35.21, 147.33, -35.1],
      properties: {
        farm_id: '0b6f4c1e-2f9a-4c55-9c1a-7d2b1f0e9a11',
        farm_name: 'Quote "Creek" \\ Downs – Ōtaki',
        is_favorite: true,
        collaborators: [{ email: 'agro@example.com', permission: 'editor', name: null, status: 'pending' }],
        number_of_fields: 3,
        farm_area: 1234.56,
        location: null,
        owner_email: 'owner@example.com',
        permission: 'owner',
        created_on: '2026-11-01T00:00:00.000Z',
        updated_on: '2026-11-27T12:30:00.123Z',
      },
    },
    {
      type: 'Feature',
      id: 'c5d1…',
      geometry: null,
      bbox: null,
      properties: {
        farm_id: 'c5d1…',
        farm_name: 'Empty',
        is_favorite: false,
        collaborators: [],
        number_of_fields: 0,
        farm_area: 0,
        location: 'near Wagga Wagga, NSW',
        owner_email: null,
        permission: 'viewer',
        created_on: '2026-11-01T00:00:00.000Z',
        updated_on: '2026-11-01T00:00:00.000Z',
      },
    },
  ],
  pages: { total_pages: 1, total_count: 2, skip: 0, limit: 10 },
};

const serializerFor = (schema: z.ZodType) =>
  responseSerializerCompiler({ schema, method: 'GET', url: '/test', httpStatus: '200' }) as (data: unknown) => string;
const zodWrites = (schema: z.ZodType, data: unknown) => JSON.stringify(z.encode(schema, data as never));

describe('responseSerializerCompiler', () => {
  it('writes a page of farms exactly as zod would, without zod’s encode', () => {
    expect(wireSchemaOf(farmListResponseSchema)).not.toBeNull();
    expect(serializerFor(farmListResponseSchema)(page)).toBe(zodWrites(farmListResponseSchema, page));
    expect(JSON.parse(serializerFor(farmListResponseSchema)(page))).toEqual(page);
  });

  it('writes only the schema’s properties: nothing else a row carries leaks into the answer', () => {
    const schema = z.object({ id: z.string(), owner: z.object({ email: z.string() }) });
    const row = { id: 'a', password_hash: 'secret', owner: { email: 'o@example.com', sub: 'auth0|1' } };
    const written = JSON.parse(serializerFor(schema)(row)) as unknown;
    expect(written).toEqual({ id: 'a', owner: { email: 'o@example.com' } });
  });

  it('fails the answer when a required property is missing', () => {
    const schema = z.object({ id: z.string(), name: z.string() });
    expect(() => serializerFor(schema)({ id: 'a' })).toThrow(/name/);
  });

  it('keeps zod’s encode where JSON Schema cannot say what is written', () => {
    const withDate = z.object({ at: z.date() });
    const withTransform = z.object({ n: z.string().transform((text) => text.length) });
    const withCodec = z.object({
      at: z.codec(z.iso.datetime(), z.date(), {
        decode: (text) => new Date(text),
        encode: (date) => date.toISOString(),
      }),
    });
    const stringToNumber = z.codec(z.string(), z.number(), { decode: Number, encode: String });
    for (const schema of [withDate, withTransform, withCodec, z.object({ n: stringToNumber })]) {
      expect(wireSchemaOf(schema)).toBeNull();
    }
    // The codec's way out runs: zod's encode, not the value as it is.
    expect(serializerFor(z.object({ n: stringToNumber }))({ n: 5 })).toBe('{"n":"5"}');
    expect(serializerFor(withCodec)({ at: new Date('2026-11-27T00:00:00Z') })).toBe(
      '{"at":"2026-11-27T00:00:00.000Z"}',
    );
  });

  it('writes nullable properties with a null check, not a validator, and both of their values', () => {
    const schema = z.object({
      bbox: z.tuple([z.number(), z.number(), z.number(), z.number()]).nullable(),
      owner: z.object({ email: z.string() }).nullable(),
      name: z.string().nullable(),
      role: z.enum(['owner', 'viewer']).nullable().optional(),
    });
    expect(JSON.stringify(wireSchemaOf(schema))).not.toMatch(/anyOf|oneOf/);
    const serialize = serializerFor(schema);
    const empty = { bbox: null, owner: null, name: null, role: null };
    const full = { bbox: [1, 2, 3, 4], owner: { email: 'o@example.com' }, name: 'n', role: 'owner' };
    expect(serialize(empty)).toBe(zodWrites(schema, empty));
    expect(serialize(full)).toBe(zodWrites(schema, full));
    expect(serialize({ bbox: null, owner: null, name: null })).toBe(
      zodWrites(schema, { bbox: null, owner: null, name: null }),
    );
  });

  it('leaves a union of two kinds of value to zod, which writes each as it is', () => {
    const schema = z.object({ detail: z.union([z.string(), z.array(z.object({ msg: z.string() }))]) });
    expect(wireSchemaOf(schema)).toBeNull();
    const serialize = serializerFor(schema);
    expect(serialize({ detail: 'Not found' })).toBe('{"detail":"Not found"}');
    expect(serialize({ detail: [{ msg: 'Field required' }] })).toBe('{"detail":[{"msg":"Field required"}]}');
  });

  it('leaves a union of shapes to zod, which picks the branch', () => {
    const schema = z.object({
      result: z.discriminatedUnion('kind', [
        z.object({ kind: z.literal('area'), hectares: z.number() }),
        z.object({ kind: z.literal('count'), n: z.number().int() }),
      ]),
    });
    expect(wireSchemaOf(schema)).toBeNull();
    const serialize = serializerFor(schema);
    expect(serialize({ result: { kind: 'count', n: 3, extra: true } })).toBe('{"result":{"kind":"count","n":3}}');
  });
});
