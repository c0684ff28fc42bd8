import { z } from 'zod';

/**
 * Text every string input must be: no NUL character (PostgreSQL cannot store it in text) and no
 * lone UTF-16 surrogate (half of an emoji or other astral character, which has no UTF-8 form).
 * Applied to every request part at the API's edge (`refusingUnstorableText`), so no route and no
 * field can forget it; forms may use `isStorableText` to say it before sending.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const isStorableText = (text: string): boolean => !text.includes('\u0000') && !LONE_SURROGATE.test(text);

/** `params` of the zod issue raised for such text, so the API can word it with the field's name. */
export const UNSTORABLE_TEXT_PARAM = 'unstorable_text';
export const UNSTORABLE_TEXT_MESSAGE = 'contains a character that cannot be saved (a NUL or a broken character)';

type Path = (string | number)[];

/** Where a JSON-like value holds unstorable text: in a string, or in an object key. */
export function unstorableTextPaths(value: unknown, path: Path = [], found: Path[] = []): Path[] {
  if (typeof value === 'string') {
    if (!isStorableText(value)) found.push(path);
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => unstorableTextPaths(item, [...path, index], found));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (!isStorableText(key)) found.push([...path, key]);
      else unstorableTextPaths(item, [...path, key], found);
    }
  }
  return found;
}

/**
 * The schema, preceded by a check of every string (and key) in the input: unstorable text is a
 * validation issue at its path (`params.unstorable_text`), and the schema itself only runs on input
 * without any.
 */
export function refusingUnstorableText<T extends z.ZodType>(schema: T): z.ZodPipe<z.ZodUnknown, T> {
  return z
    .unknown()
    .superRefine((value, ctx) => {
      for (const path of unstorableTextPaths(value)) {
        ctx.addIssue({
          code: 'custom',
          path,
          message: UNSTORABLE_TEXT_MESSAGE,
          params: { [UNSTORABLE_TEXT_PARAM]: true },
          input: value,
        });
      }
    })
    .pipe(schema);
}
