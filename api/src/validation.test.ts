import { createFieldsRequestSchema, refusingUnstorableText } from '@paddock/shared/contracts';
import { z } from 'zod';
import { RequestValidationError } from './errors';
import { circleBoundary } from './geo/testing/boundaries';
import { eventLoopGaps } from './test/event-loop';
import { validateInSlices } from './validation';

const feature = (field_name: unknown, geometry: unknown = circleBoundary(5, 147.3, -35.1), extra = {}) => ({
  type: 'Feature',
  geometry,
  properties: { field_name, ...extra },
});

/** The 422 entries a caller sees, from the whole-body validation and from the sliced one. */
async function bothWays(schema: z.ZodType, data: unknown) {
  const whole = z.safeParse(refusingUnstorableText(schema), data, { reportInput: true });
  const sliced = await validateInSlices(schema, 'features', data);
  const entries = (issues: readonly z.core.$ZodIssue[]) => new RequestValidationError('body', issues).entries();
  return {
    whole: whole.success ? { value: whole.data } : { entries: entries(whole.error.issues) },
    sliced: sliced && ('value' in sliced ? { value: sliced.value } : { entries: entries(sliced.issues) }),
  };
}

/** A schema whose big array sits between other members, to check the order of the answers around it. */
const surrounded = z.object({
  name: z.string().min(2),
  features: z
    .array(z.object({ id: z.number() }))
    .min(1, 'At least one')
    .max(3),
  note: z.string().max(3).optional(),
});

describe('validateInSlices', () => {
  it.each([
    [
      'a valid import (names trimmed, members unknown to the contract left out)',
      {
        type: 'FeatureCollection',
        features: [feature('  North  ', undefined, { field_crop_type: ' Wheat ' }), feature('South')],
        bbox: [147, -36, 148, -35],
        extra: true,
      },
    ],
    ['no fields', { type: 'FeatureCollection', features: [] }],
    [
      'fields without names, a bad boundary and a name too long',
      {
        type: 'FeatureCollection',
        features: [
          feature(''),
          feature('B', { type: 'Point', coordinates: [1, 2] }),
          feature('x'.repeat(101)),
          feature('D', { type: 'Polygon', coordinates: [[[1, 'a']]] }),
        ],
      },
    ],
    [
      'a wrong envelope around wrong fields (members in another order than the contract)',
      {
        bbox: 'everywhere',
        features: [feature(7), 'not a feature', null],
        type: 'Feature',
      },
    ],
    [
      'more fields than allowed, one of them wrong',
      {
        type: 'FeatureCollection',
        features: [...Array.from({ length: 5_000 }, (_, i) => feature(`Field ${i}`)), feature(null)],
      },
    ],
    [
      'unstorable text before, inside and after the fields, and schema errors (text is reported alone)',
      {
        'type\u0000': 'FeatureCollection',
        features: [feature('A\u0000'), feature(''), feature('B', undefined, { ['\uD800key']: 1 }), feature('C\uDC00')],
        bbox: ['\u0000'],
      },
    ],
  ])('gives what the whole validation gives: %s', async (_, data) => {
    const { whole, sliced } = await bothWays(createFieldsRequestSchema, data);
    expect(sliced).toEqual(whole);
  });

  it.each([
    [
      'members before and after the array wrong, elements wrong',
      { note: 'too long', features: [{ id: 'x' }, {}], name: 'a' },
    ],
    ['too many elements and a short name', { name: 'a', features: [{ id: 1 }, { id: 2 }, { id: 3 }, { id: 'four' }] }],
    ['only the array wrong', { name: 'ok', features: [] }],
    [
      'text that cannot be stored on both sides of the array',
      { name: '\u0000', features: [{ id: 1, x: '\u0000' }], note: '\uDC00' },
    ],
  ])('keeps the order of members around the array: %s', async (_, data) => {
    const { whole, sliced } = await bothWays(surrounded, data);
    expect(sliced).toEqual(whole);
  });

  it('leaves bodies of another shape to the whole validation', async () => {
    await expect(validateInSlices(createFieldsRequestSchema, 'features', [1, 2])).resolves.toBeNull();
    await expect(validateInSlices(createFieldsRequestSchema, 'features', { features: 'many' })).resolves.toBeNull();
    await expect(validateInSlices(z.array(z.unknown()), 'features', { features: [] })).resolves.toBeNull();
  });

  it('lets the event loop turn while a 15 MB import is validated', async () => {
    const data = {
      type: 'FeatureCollection',
      features: Array.from({ length: 40 }, (_, i) =>
        feature(`Circle ${i}`, circleBoundary(10_000, 147 + i * 0.01, -35)),
      ),
    };
    let result: Awaited<ReturnType<typeof validateInSlices>> = null;
    const { turns } = await eventLoopGaps(async () => {
      result = await validateInSlices(createFieldsRequestSchema, 'features', data);
    });
    expect(result).toEqual({ value: data });
    // Checked in one go (as the route's validator does a small body) the loop turns once, at the end.
    expect(turns).toBeGreaterThan(1);
  });
});
