import { randomUUID } from 'node:crypto';
import { loopTurns, type LoopTurns } from './event-loop';

/**
 * Large JSON bodies parsed without holding the event loop: a field import of forty 10,000-position
 * boundaries is 15 MB, and one JSON.parse of it (with the garbage it leaves) held every other request
 * for a few hundred milliseconds. Every large array or object in the text, at any depth down to
 * `MAX_SLICED_DEPTH` (a FeatureCollection's `features`, a feature, its geometry, its rings), is parsed
 * a piece of about `PIECE_CHARS` at a time, with turns of the event loop between pieces: one
 * 10,000-position ring parsed whole held the loop some 12 ms. The result equals JSON.parse's.
 */

/** Bodies longer than this are parsed in slices (shorter ones take a few milliseconds whole). */
export const SLICED_PARSE_ABOVE_CHARS = 512 * 1024;
/** Arrays and objects shorter than this are parsed whole, as part of a piece. */
const LARGE_CHARS = 32 * 1024;
/** About this many characters of an array's elements per piece. */
const PIECE_CHARS = 32 * 1024;
/** Large containers nested deeper than this are parsed whole (a GeoJSON body needs five levels). */
const MAX_SLICED_DEPTH = 8;
/** Characters scanned between two looks at the clock (the scan lets the loop turn every few ms). */
const SCAN_CLOCK_CHARS = 4096;

/** Parses one piece of JSON text (the server's own parser, with its prototype-poisoning checks). */
export type ParsePiece = (text: string) => Promise<unknown>;

/** A large array or object of the text, with what slicing it needs. */
interface Container {
  /** Index of its `[` or `{` and of the matching `]` or `}`. */
  open: number;
  close: number;
  isArray: boolean;
  /** Indexes of the commas between its own elements (arrays only). */
  commas: number[];
  /** Its large members or elements, in order. */
  large: Container[];
}

const QUOTE = 34;
const BACKSLASH = 92;
const COMMA = 44;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;

/** A run of characters inside a string up to its next quote or backslash, and one of anything else outside strings. */
const STRING_RUN = /[^"\\]+/y;
const PLAIN_RUN = /[^"[\]{},]+/y;

/**
 * The index of the last character of the run `run` matches at `at` (whose character it holds): the
 * scan jumps over the digits of a coordinate, or the letters of a name, in one native step rather than
 * a turn of its loop per character (some 15% of a cold scan of a 0.9 MB import).
 */
function skipped(run: RegExp, text: string, at: number): number {
  run.lastIndex = at;
  return run.test(text) ? run.lastIndex - 1 : at;
}

const isWhitespace = (code: number) => code === 32 || code === 9 || code === 10 || code === 13;

/** A container being scanned; `commasFrom` is where its commas start on the shared comma stack. */
interface OpenFrame {
  open: number;
  isArray: boolean;
  commasFrom: number;
  large: Container[];
}

/** Where the scan of the text stands between two slices of it. */
interface ScanState {
  /** The next character to look at. */
  at: number;
  /** Open containers (down to MAX_SLICED_DEPTH), and the commas of the open arrays among them. */
  frames: OpenFrame[];
  commas: number[];
  depth: number;
  inString: boolean;
  /** The top-level container once closed, and the index of its last character (-1 until then). */
  top: Container | null;
  end: number;
}

/**
 * Scans the text from `state.at` to `until` (or to the top-level container's end), tracking strings
 * and nesting. A plain function called once per slice: V8 optimises it after a few calls, where the
 * same loop inside the async caller ran at baseline speed for the whole scan on a process's first
 * large request (a cold 0.9 MB import: 57-80 ms of scanning before, 27-43 ms now, on one thread).
 */
function scanSlice(text: string, state: ScanState, until: number): void {
  const { frames, commas } = state;
  let { depth, inString } = state;
  const stop = Math.min(until, text.length);
  let i = state.at;
  for (; i < stop; i += 1) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === BACKSLASH) i += 1;
      else if (code === QUOTE) inString = false;
      else i = skipped(STRING_RUN, text, i);
      continue;
    }
    if (code === QUOTE) inString = true;
    else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      depth += 1;
      if (depth <= MAX_SLICED_DEPTH) {
        frames.push({ open: i, isArray: code === OPEN_BRACKET, commasFrom: commas.length, large: [] });
      }
    } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
      if (depth <= MAX_SLICED_DEPTH) {
        const frame = frames.pop() as OpenFrame;
        if (i - frame.open >= LARGE_CHARS || depth === 1) {
          const own = commas.splice(frame.commasFrom);
          const container = { open: frame.open, close: i, isArray: frame.isArray, commas: own, large: frame.large };
          if (depth === 1) state.top = container;
          else frames[frames.length - 1]?.large.push(container);
        } else {
          // A small container's commas are not kept. Popped, not spliced: a splice of the end of a
          // ring's long list of commas, once per position, took as long as the rest of the scan.
          while (commas.length > frame.commasFrom) commas.pop();
        }
      }
      depth -= 1;
      if (depth === 0) {
        state.end = i;
        i += 1;
        break;
      }
    } else if (code === COMMA) {
      if (depth <= MAX_SLICED_DEPTH && frames[frames.length - 1]?.isArray) commas.push(i);
    } else i = skipped(PLAIN_RUN, text, i);
  }
  state.at = i;
  state.depth = depth;
  state.inString = inString;
}

/**
 * The text's top-level array or object with its large containers, found in one scan that tracks
 * strings and nesting; null when the text is not one array or object, or holds nothing large (it is
 * then parsed whole, which also reports any error).
 */
async function largeContainers(text: string, turns: LoopTurns): Promise<Container | null> {
  let start = 0;
  while (start < text.length && isWhitespace(text.charCodeAt(start))) start += 1;
  const first = text.charCodeAt(start);
  if (first !== OPEN_BRACE && first !== OPEN_BRACKET) return null;
  const state: ScanState = { at: start, frames: [], commas: [], depth: 0, inString: false, top: null, end: -1 };
  while (state.end < 0 && state.at < text.length) {
    scanSlice(text, state, state.at + SCAN_CLOCK_CHARS);
    if (turns.due()) await turns.turn();
  }
  const root = state.top;
  if (state.end < 0 || !root) return null;
  if (root.large.length === 0 && root.close - root.open < LARGE_CHARS) return null;
  for (let i = state.end + 1; i < text.length; i += 1) if (!isWhitespace(text.charCodeAt(i))) return null;
  return root;
}

/** Parses `container` a piece at a time: its small parts together, each large one by itself. */
async function parseContainer(
  text: string,
  container: Container,
  parsePiece: ParsePiece,
  turns: LoopTurns,
): Promise<unknown> {
  const value = container.isArray
    ? await parseArray(text, container, parsePiece, turns)
    : await parseObject(text, container, parsePiece, turns);
  if (turns.due()) await turns.turn();
  return value;
}

/** An array's elements: runs of small ones a piece of about PIECE_CHARS at a time, large ones by themselves. */
async function parseArray(text: string, array: Container, parsePiece: ParsePiece, turns: LoopTurns) {
  const bounds = [array.open, ...array.commas, array.close];
  const elements: unknown[] = [];
  let nextLarge = 0;
  let from = 0;
  while (from + 1 < bounds.length) {
    const large = array.large[nextLarge];
    // The element after bounds[from] is a large container: parsed by itself.
    if (large && large.open < (bounds[from + 1] as number)) {
      elements.push(await parseContainer(text, large, parsePiece, turns));
      nextLarge += 1;
      from += 1;
      continue;
    }
    let to = from + 1;
    while (
      to + 1 < bounds.length &&
      (bounds[to + 1] as number) - (bounds[from] as number) < PIECE_CHARS &&
      !(large && large.open < (bounds[to + 1] as number))
    ) {
      to += 1;
    }
    const slice = await parsePiece(`[${text.slice((bounds[from] as number) + 1, bounds[to] as number)}]`);
    if (!Array.isArray(slice)) throw new Error('a slice of an array did not parse as an array');
    for (const element of slice) elements.push(element);
    from = to;
    if (turns.due()) await turns.turn();
  }
  return elements;
}

/** An object parsed with each large member replaced by a marker string no body can guess, then filled in. */
async function parseObject(text: string, object: Container, parsePiece: ParsePiece, turns: LoopTurns) {
  const markers = object.large.map((_, index) => `paddock-slice-${randomUUID()}-${index}`);
  let skeleton = '';
  let copied = object.open;
  object.large.forEach((member, index) => {
    skeleton += `${text.slice(copied, member.open)}${JSON.stringify(markers[index])}`;
    copied = member.close + 1;
  });
  skeleton += text.slice(copied, object.close + 1);
  const parsed = await parsePiece(skeleton);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new Error('an object did not parse as an object');
  }
  const members = parsed as Record<string, unknown>;
  const keyOf = new Map<string, string>();
  for (const [key, value] of Object.entries(members)) if (typeof value === 'string') keyOf.set(value, key);
  // A marker lost to a later duplicate key (JSON.parse keeps the last one): the text is parsed whole.
  if (markers.some((name) => !keyOf.has(name))) throw new Error('a large member was overridden by a later key');
  for (const [index, member] of object.large.entries()) {
    members[keyOf.get(markers[index] as string) as string] = await parseContainer(text, member, parsePiece, turns);
  }
  return members;
}

/**
 * `text` parsed as JSON, its large arrays and objects a piece at a time; null when the text does not
 * have that shape or a piece does not parse (the caller then parses it whole, and reports its error).
 */
export async function parseInSlices(text: string, parsePiece: ParsePiece): Promise<{ value: unknown } | null> {
  const turns = loopTurns();
  const root = await largeContainers(text, turns);
  if (!root) return null;
  try {
    return { value: await parseContainer(text, root, parsePiece, turns) };
  } catch {
    return null;
  }
}
