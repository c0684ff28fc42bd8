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
      big, // a top-level array
      `{"a": ${big.slice(0, -1)},]}`, // a trailing comma in the large array
      `{"a": ${big}} trailing`,
      `{"a": ${big}`, // never closed
      `{"a": ${big}, "a": 1}`, // JSON.parse keeps the later key
      `{"a": 1}`, // nothing large to slice
    ]) {
      await expect(parseInSlices(text, parsePiece)).resolves.toBeNull();
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
