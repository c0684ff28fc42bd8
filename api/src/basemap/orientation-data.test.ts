import type { BBox } from '@paddock/shared/contracts';
import { orientationData, orientationFor, orientationLevels } from './orientation';
import { squareState } from './testing';
import { decodeOrientationLines, encodeOrientationLines, type OrientationLines } from './orientation-data';

describe('the prebuilt orientation lines file', () => {
  const lines: OrientationLines = {
    levels: orientationLevels([squareState('AU-SA', 139, 141), squareState('AU-VIC', 141, 143)]),
    outlines: true,
  };

  it('reads back the lines it was written from, the last band serving every zoom above the others', () => {
    // From a Buffer that does not start on an 8-byte boundary, as a file read may.
    const encoded = encodeOrientationLines(lines);
    const unaligned = Buffer.alloc(encoded.length + 3);
    unaligned.set(encoded, 3);
    const decoded = decodeOrientationLines(unaligned.subarray(3));
    expect(decoded).toEqual(lines);
    expect(decoded.levels.at(-1)?.maxZoom).toBe(Infinity);
    const views: [BBox, number][] = [
      [[130, -45, 150, -30], 4],
      [[130, -45, 150, -30], 9],
      [[139.5, -38.01, 139.51, -37.99], 16],
      [[140.9, -37, 141.1, -35], 22],
    ];
    for (const [bbox, zoom] of views) {
      const answer = orientationFor(orientationData(decoded.levels, [], 'test'), bbox, zoom);
      expect(answer).toEqual(orientationFor(orientationData(lines.levels, [], 'test'), bbox, zoom));
      expect(answer.coastline.length + answer.borders.length).toBeGreaterThan(0);
    }
    expect(decodeOrientationLines(encodeOrientationLines({ levels: [], outlines: false }))).toEqual({
      levels: [],
      outlines: false,
    });
  });

  it('refuses a file of another format or cut short rather than misreading it', () => {
    const encoded = encodeOrientationLines(lines);
    const otherFormat = new Float64Array(new Uint8Array(encoded).buffer);
    otherFormat[0] = 2;
    expect(() => decodeOrientationLines(new Uint8Array(otherFormat.buffer))).toThrow(/format/);
    expect(() => decodeOrientationLines(encoded.subarray(0, encoded.length - 64))).toThrow(/cut short/);
  });
});
