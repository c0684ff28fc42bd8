import { parseInSlices, SLICED_PARSE_ABOVE_CHARS } from './json-slices';
import { eventLoopGaps } from './test/event-loop';

const parsePiece = async (text: string) => JSON.parse(text) as unknown;

/** A FeatureCollection of `count` rings of `positions` corners, with names that look like JSON. */
function collection(count: number, positions: number): Record<string, unknown> {
  const features = Array.from({ length: count }, (_, f) => ({
    type: 'Feature',
    geometry: {
      type: 'Polygon',
      coordinates: [
        Array.from({ length: positions }, (_, k) => [
          147 + Math.cos((2 * Math.PI * k) / positions) / 100 + f,
          -35 + Math.sin((2 * Math.PI * k) / positions) / 100,
        ]),
      ],
    },
    properties: {
      field_name: `Paddock ${f}, "north" [dam] {x}, \\ back\\slash, ünïcode ✓, \u2028`,
      field_crop_type: f % 2 ? null : 'Wheat',
    },
  }));
  return { type: 'FeatureCollection', name: 'a "collection", with [brackets]', features, bbox: [1, 2, 3, 4] };
}

describe('parsing a large JSON body in slices', () => {
  it('gives what JSON.parse gives for a large FeatureCollection', async () => {
    const value = collection(40, 2_000);
    const text = JSON.stringify(value);
    expect(text.length).toBeGreaterThan(SLICED_PARSE_ABOVE_CHARS);
    await expect(parseInSlices(text, parsePiece)).resolves.toEqual({ value: JSON.parse(text) });
  });

  it('keeps several large arrays, whitespace and nested arrays in place', async () => {
    const value = {
      first: Array.from({ length: 30_000 }, (_, i) => [i, `s,${i}]`]),
      middle: { nested: [1, [2, [3]]] },
      second: Array.from({ length: 20_000 }, (_, i) => ({ i, text: '{"not": [an, object]}' })),
    };
    const text = JSON.stringify(value, null, 2);
    await expect(parseInSlices(text, parsePiece)).resolves.toEqual({ value });
  });

  it('leaves to the whole parse what it cannot slice: other shapes, bad JSON, a large array overridden by a later key', async () => {
    const big = JSON.stringify(Array.from({ length: 20_000 }, (_, i) => i));
    for (const text of [
      `{"a": ${big.slice(0, -1)},]}`, // a trailing comma in the large array
      `{"a": ${big}} trailing`,
      `{"a": ${big}`, // never closed
      `{"a": ${big}, "a": 1}`, // JSON.parse keeps the later key
      `{"a": 1}`, // nothing large to slice
    ]) {
      await expect(parseInSlices(text, parsePiece)).resolves.toBeNull();
    }
  });

  it('parses large arrays and objects at any depth, a piece of some 32 K characters at a time', async () => {
    const pieces: number[] = [];
    const measuring = async (piece: string) => {
      pieces.push(piece.length);
      return JSON.parse(piece) as unknown;
    };
    // Three features of one 10,000-position ring each (about 280 K characters per feature).
    const text = JSON.stringify(collection(3, 10_000));
    await expect(parseInSlices(text, measuring)).resolves.toEqual({ value: JSON.parse(text) });
    expect(pieces.length).toBeGreaterThan(20);
    expect(Math.max(...pieces)).toBeLessThan(40_000);
  });

  it('gives what JSON.parse gives for large top-level arrays and for nesting deeper than it slices', async () => {
    const big = Array.from({ length: 20_000 }, (_, i) => [i, `${i}`]);
    let deep: unknown = big;
    for (let level = 0; level < 12; level += 1) deep = level % 2 ? [deep, { level }] : { level, deep };
    for (const value of [
      big,
      collection(3, 4_000).features,
      { deep },
      [{ deep }, big],
      { empty: [], nested: [[], {}], big },
    ]) {
      const text = JSON.stringify(value, null, 1);
      await expect(parseInSlices(text, parsePiece)).resolves.toEqual({ value: JSON.parse(text) });
    }
  });

  it('passes every piece to the given parser, so its refusals (a __proto__ key) refuse the body', async () => {
    const value = collection(20, 2_000) as { features: Record<string, unknown>[] };
    const text = JSON.stringify(value).replace('"field_crop_type":null', '"__proto__":{"polluted":true}');
    const guarded = async (piece: string) => {
      if (piece.includes('"__proto__"')) throw new SyntaxError('Object contains forbidden prototype property');
      return JSON.parse(piece) as unknown;
    };
    await expect(parseInSlices(text, guarded)).resolves.toBeNull();
  });

  it('lets the event loop turn while a 15 MB body is parsed', async () => {
    const text = JSON.stringify(collection(40, 10_000));
    let parsed: Awaited<ReturnType<typeof parseInSlices>> = null;
    const { turns } = await eventLoopGaps(async () => {
      parsed = await parseInSlices(text, parsePiece);
    });
    expect(parsed).not.toBeNull();
    // One JSON.parse of the whole body lets the loop turn once (when it ends); slices let it turn
    // between them, whatever the machine's speed.
    expect(turns).toBeGreaterThanOrEqual(10);
  });
});
