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

/** Arrays and objects inside each other deeper than this are refused (a GeoJSON body needs under ten). */
export const MAX_INPUT_DEPTH = 100;
export const TOO_DEEP_MESSAGE = `The request is nested too deeply: at most ${MAX_INPUT_DEPTH} levels of arrays and objects are accepted`;
/** The path reported for input nested deeper than `MAX_INPUT_DEPTH` (see `unstorableTextPaths`). */
export const TOO_DEEP: unique symbol = Symbol('too deep');

const isNumberPair = (value: unknown): boolean =>
  Array.isArray(value) && value.length === 2 && typeof value[0] === 'number' && typeof value[1] === 'number';

/**
 * Where a JSON-like value holds unstorable text: in a string, or in an object key (and `TOO_DEEP`
 * once when it is nested deeper than `MAX_INPUT_DEPTH`, which is not walked). One path array is
 * pushed and popped on the way down and copied only for a finding, and numbers are skipped without a
 * call: a 15 MB field import holds about a million coordinates and no text worth a look.
 */
export function unstorableTextPaths(value: unknown): (Path | typeof TOO_DEEP)[] {
  const found: (Path | typeof TOO_DEEP)[] = [];
  const path: Path = [];
  let tooDeep = false;
  const visit = (node: unknown): void => {
    if (typeof node === 'string') {
      if (!isStorableText(node)) found.push([...path]);
      return;
    }
    if (node === null || typeof node !== 'object') return;
    // Input nested past any real request's depth (20,000 levels) is not walked: it is refused once.
    if (path.length >= MAX_INPUT_DEPTH) {
      if (!tooDeep) found.push(TOO_DEEP);
      tooDeep = true;
      return;
    }
    if (Array.isArray(node)) {
      for (let index = 0; index < node.length; index += 1) {
        const item: unknown = node[index];
        if (typeof item !== 'string' && (item === null || typeof item !== 'object')) continue;
        // A position ([lon, lat]) is skipped here, not visited: a call per position is most of the walk
        // while the code is still cold (interpreted), on a process's first large import.
        if (isNumberPair(item)) continue;
        path.push(index);
        visit(item);
        path.pop();
      }
      return;
    }
    for (const [key, item] of Object.entries(node)) {
      if (!isStorableText(key)) {
        found.push([...path, key]);
        continue;
      }
      path.push(key);
      visit(item);
      path.pop();
    }
  };
  visit(value);
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
        if (path === TOO_DEEP) {
          ctx.addIssue({ code: 'custom', path: [], message: TOO_DEEP_MESSAGE, input: value });
          continue;
        }
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
