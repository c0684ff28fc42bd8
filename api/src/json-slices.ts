import { randomUUID } from 'node:crypto';
import { yieldToLoop } from './event-loop';

/**
 * Large JSON bodies parsed without holding the event loop: a field import of forty 10,000-position
 * boundaries is 15 MB, and one JSON.parse of it (with the garbage it leaves) held every other request
 * for a few hundred milliseconds. A body whose top level is an object has its large member arrays (a
 * FeatureCollection's `features`) parsed a slice of elements at a time, with a turn of the event loop
 * between slices; the rest of the object is parsed as it is. The result equals JSON.parse's.
 */

/** Bodies longer than this are parsed in slices (shorter ones take a few milliseconds whole). */
export const SLICED_PARSE_ABOVE_CHARS = 512 * 1024;
/** Member arrays shorter than this stay in the object's own parse. */
const SLICED_ARRAY_MIN_CHARS = 64 * 1024;
/** About this many characters of elements per slice. */
const SLICE_CHARS = 128 * 1024;
/** Characters scanned between two turns of the event loop. */
const SCAN_YIELD_CHARS = 256 * 1024;

/** Parses one piece of JSON text (the server's own parser, with its prototype-poisoning checks). */
export type ParsePiece = (text: string) => Promise<unknown>;

interface MemberArray {
  /** Index of `[` and of the matching `]`. */
  open: number;
  close: number;
  /** Indexes of the commas between its elements. */
  commas: number[];
}

const QUOTE = 34;
const BACKSLASH = 92;
const COMMA = 44;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;

const isWhitespace = (code: number) => code === 32 || code === 9 || code === 10 || code === 13;

/**
 * The top-level object's large member arrays, found in one scan that tracks strings and nesting;
 * null when the text is not one object (it is then parsed whole, which also reports any error).
 */
async function memberArrays(text: string): Promise<MemberArray[] | null> {
  let start = 0;
  while (start < text.length && isWhitespace(text.charCodeAt(start))) start += 1;
  if (text.charCodeAt(start) !== OPEN_BRACE) return null;
  const found: MemberArray[] = [];
  let current: MemberArray | null = null;
  let depth = 0;
  let inString = false;
  let end = -1;
  let nextYield = start + SCAN_YIELD_CHARS;
  for (let i = start; i < text.length; i += 1) {
    if (i >= nextYield) {
      nextYield += SCAN_YIELD_CHARS;
      await yieldToLoop();
    }
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === BACKSLASH) i += 1;
      else if (code === QUOTE) inString = false;
      continue;
    }
    if (code === QUOTE) inString = true;
    else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      depth += 1;
      if (depth === 2 && code === OPEN_BRACKET) current = { open: i, close: -1, commas: [] };
    } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
      if (depth === 2 && current && code === CLOSE_BRACKET) {
        current.close = i;
        if (current.close - current.open >= SLICED_ARRAY_MIN_CHARS) found.push(current);
        current = null;
      }
      depth -= 1;
      if (depth === 0) {
        end = i;
        break;
      }
    } else if (code === COMMA && depth === 2 && current) current.commas.push(i);
  }
  if (end < 0) return null;
  for (let i = end + 1; i < text.length; i += 1) if (!isWhitespace(text.charCodeAt(i))) return null;
  return found;
}

/** The elements of one member array, parsed a slice at a time. */
async function parseElements(text: string, array: MemberArray, parsePiece: ParsePiece): Promise<unknown[]> {
  const bounds = [array.open, ...array.commas, array.close];
  const elements: unknown[] = [];
  let from = 0;
  while (from + 1 < bounds.length) {
    let to = from + 1;
    while (to + 1 < bounds.length && (bounds[to + 1] as number) - (bounds[from] as number) < SLICE_CHARS) to += 1;
    const slice = await parsePiece(`[${text.slice((bounds[from] as number) + 1, bounds[to] as number)}]`);
    if (!Array.isArray(slice)) throw new Error('a slice of an array did not parse as an array');
    for (const element of slice) elements.push(element);
    from = to;
    await yieldToLoop();
  }
  return elements;
}

/**
 * `text` parsed as JSON, large member arrays a slice at a time; null when the text does not have
 * that shape or a piece does not parse (the caller then parses it whole, and reports its error).
 */
export async function parseInSlices(text: string, parsePiece: ParsePiece): Promise<{ value: unknown } | null> {
  const arrays = await memberArrays(text);
  if (!arrays || arrays.length === 0) return null;
  // The object without its large arrays, each replaced by a marker string no body can guess.
  const marker = (index: number) => `paddock-slice-${randomUUID()}-${index}`;
  const markers = arrays.map((_, index) => marker(index));
  let skeleton = '';
  let copied = 0;
  arrays.forEach((array, index) => {
    skeleton += `${text.slice(copied, array.open)}${JSON.stringify(markers[index])}`;
    copied = array.close + 1;
  });
  skeleton += text.slice(copied);
  try {
    const object = await parsePiece(skeleton);
    if (typeof object !== 'object' || object === null || Array.isArray(object)) return null;
    const members = object as Record<string, unknown>;
    const keyOf = new Map<string, string>();
    for (const [key, value] of Object.entries(members)) if (typeof value === 'string') keyOf.set(value, key);
    // A marker lost to a later duplicate key (JSON.parse keeps the last one): parse the text whole.
    if (markers.some((name) => !keyOf.has(name))) return null;
    for (const [index, array] of arrays.entries()) {
      members[keyOf.get(markers[index] as string) as string] = await parseElements(text, array, parsePiece);
    }
    return { value: members };
  } catch {
    return null;
  }
}
