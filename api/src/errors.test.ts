import {
  adminAccountPatchSchema,
  contactDetailsRequestSchema,
  createFarmRequestSchema,
  profilePatchSchema,
  shareFarmRequestSchema,
} from '@paddock/shared/contracts';
import { z } from 'zod';
import { PassThrough } from 'node:stream';
import { readBodyText, toValidationIssue, type FieldLabels, type RequestPart } from './errors';
import { ACCOUNT_FIELD_LABELS } from './plugins/accounts';

const detail = (
  schema: z.ZodType,
  value: unknown,
  part: RequestPart = 'body',
  labels: FieldLabels = ACCOUNT_FIELD_LABELS,
) => {
  const result = z.safeParse(schema, value, { reportInput: true });
  if (result.success) throw new Error('expected a validation failure');
  return result.error.issues.map((issue) => toValidationIssue(issue, part, labels));
};

describe('validation issues in FastAPI shape', () => {
  it('names the field in loc and says what is wrong in product words', () => {
    const issues = detail(profilePatchSchema, {
      data: { email: 'nope', user_type: 'pilot', terms_accepted_version: 'v2', country: 'AUS', first_name: 7 },
    });
    expect(issues).toEqual(
      expect.arrayContaining([
        { loc: ['body', 'data', 'email'], msg: 'Invalid Email Address', type: 'value_error' },
        {
          loc: ['body', 'data', 'user_type'],
          msg: 'Occupation must be one of: farmer, agronomist, researcher, input_supplier, education, other',
          type: 'enum',
        },
        { loc: ['body', 'data', 'terms_accepted_version'], msg: 'Terms version must be v1', type: 'literal_error' },
        { loc: ['body', 'data', 'country'], msg: 'Country must be exactly 2 characters', type: 'string_length' },
        { loc: ['body', 'data', 'first_name'], msg: 'First name must be text', type: 'string_type' },
      ]),
    );
    expect(issues).toHaveLength(5);
  });

  it('reports missing parts as required', () => {
    expect(detail(contactDetailsRequestSchema, {})).toEqual([
      { loc: ['body', 'data'], msg: 'Profile data is required', type: 'missing' },
    ]);
    expect(detail(contactDetailsRequestSchema, null)).toEqual([
      { loc: ['body'], msg: 'Request body is required', type: 'missing' },
    ]);
  });

  it('names unknown feature flags and query/path parts', () => {
    expect(detail(adminAccountPatchSchema, { feature_flags: { 'algorithm:magic': true } })).toEqual([
      { loc: ['body', 'feature_flags'], msg: 'Unknown feature flag: algorithm:magic', type: 'extra_forbidden' },
    ]);
    expect(detail(z.object({ limit: z.coerce.number().int().max(100) }), { limit: '500' }, 'query')).toEqual([
      { loc: ['query', 'limit'], msg: 'Limit must be at most 100', type: 'less_than_equal' },
    ]);
    expect(detail(z.object({ items: z.array(z.string()).min(1) }), { items: [] })).toEqual([
      { loc: ['body', 'items'], msg: 'Items must have at least 1 item', type: 'too_short' },
    ]);
  });

  it("names fields with the labels the route's domain declared, else the key in words", () => {
    const schema = z.object({ data: z.object({ farm_name: z.string(), crop_kind: z.string() }) });
    expect(detail(schema, { data: { farm_name: 1, crop_kind: 2 } }, 'body', { farm_name: 'Farm name' })).toEqual([
      { loc: ['body', 'data', 'farm_name'], msg: 'Farm name must be text', type: 'string_type' },
      { loc: ['body', 'data', 'crop_kind'], msg: 'Crop kind must be text', type: 'string_type' },
    ]);
  });

  it("keeps a message the schema's author wrote (the UI shows it as is)", () => {
    expect(detail(createFarmRequestSchema, { data: { farm_name: ' ' } })).toEqual([
      { loc: ['body', 'data', 'farm_name'], msg: 'Farm Name is required!', type: 'missing' },
    ]);
    expect(detail(createFarmRequestSchema, { data: {} })[0]?.msg).toBe('Farm Name is required!');
    expect(
      detail(shareFarmRequestSchema, {
        data: { farm_ids: ['f'], account_permission: [{ email: 'nope', permission: 'viewer' }] },
      })[0],
    ).toEqual({
      loc: ['body', 'data', 'account_permission', 0, 'email'],
      msg: 'Email Address is invalid',
      type: 'value_error',
    });
  });
});

describe('readBodyText', () => {
  /** A request body stream that sends `bytes` cut at the given offsets. */
  const sending = (bytes: Buffer, cuts: number[]) => {
    const stream = new PassThrough();
    let from = 0;
    for (const cut of [...cuts, bytes.length]) {
      stream.write(bytes.subarray(from, cut));
      from = cut;
    }
    stream.end();
    return stream;
  };

  it('decodes characters whose bytes arrive in different chunks', async () => {
    const text = '{"field_name":"Pâturage 🌾 nord"}';
    const bytes = Buffer.from(text);
    const insideEmoji = bytes.indexOf(Buffer.from('🌾')) + 2;
    const insideAccent = bytes.indexOf(Buffer.from('â')) + 1;
    const body = sending(bytes, [insideAccent, insideEmoji]);
    await expect(readBodyText(body, { limit: 1024, contentLength: bytes.length })).resolves.toBe(text);
  });

  it('refuses a body over the limit, at once when its Content-Length says so', async () => {
    const bytes = Buffer.from(JSON.stringify({ filler: 'x'.repeat(200) }));
    await expect(readBodyText(sending(bytes, [100]), { limit: 150, contentLength: NaN })).rejects.toMatchObject({
      code: 'FST_ERR_CTP_BODY_TOO_LARGE',
    });
    await expect(readBodyText(new PassThrough(), { limit: 150, contentLength: 151 })).rejects.toMatchObject({
      code: 'FST_ERR_CTP_BODY_TOO_LARGE',
    });
  });

  it('refuses a body that does not match its Content-Length', async () => {
    const bytes = Buffer.from('{"a":1}');
    await expect(
      readBodyText(sending(bytes, []), { limit: 1024, contentLength: bytes.length + 1 }),
    ).rejects.toMatchObject({ code: 'FST_ERR_CTP_INVALID_CONTENT_LENGTH' });
  });
});
