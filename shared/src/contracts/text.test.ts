import { z } from 'zod';
import { createFarmRequestSchema } from './farms';
import { isStorableText, refusingUnstorableText, unstorableTextPaths, UNSTORABLE_TEXT_PARAM } from './text';

describe('storable text', () => {
  it.each([
    ['plain', 'North paddock', true],
    ['emoji (a surrogate pair)', 'Wheat 🌾', true],
    ['accents and CJK', 'Café 農場', true],
    ['NUL', 'North\u0000paddock', false],
    ['lone high surrogate', 'North \uD83C', false],
    ['lone low surrogate', '\uDF3E paddock', false],
    ['pair in the wrong order', '\uDF3E\uD83C', false],
  ])('%s', (_name, text, storable) => {
    expect(isStorableText(text)).toBe(storable);
  });

  it('finds every unstorable string and key, nested in objects and arrays', () => {
    expect(
      unstorableTextPaths({
        data: { farm_name: 'ok\u0000', tags: ['fine', '\uD800'] },
        'bad\u0000key': 1,
        n: 3,
      }),
    ).toEqual([['data', 'farm_name'], ['data', 'tags', 1], ['bad\u0000key']]);
  });

  it("refuses it before the schema runs, at the string's path", () => {
    const schema = refusingUnstorableText(createFarmRequestSchema);
    const refused = schema.safeParse({ data: { farm_name: 'Home\u0000' } });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues).toEqual([
      expect.objectContaining({ path: ['data', 'farm_name'], params: { [UNSTORABLE_TEXT_PARAM]: true } }),
    ]);
    expect(schema.parse({ data: { farm_name: ' Home ' } })).toEqual({ data: { farm_name: 'Home' } });
    expect(refusingUnstorableText(z.object({ limit: z.coerce.number() })).parse({ limit: '5' })).toEqual({ limit: 5 });
  });
});
