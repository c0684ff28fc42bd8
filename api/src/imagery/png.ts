import { crc32, deflateSync } from 'node:zlib';

/**
 * An 8-bit palette PNG of RGBA pixels, when they hold at most 256 distinct colours (alpha included),
 * else null. A calculated layer's tile has at most its palette's 256 steps plus cloud, shadow and
 * the transparent outside, and usually far fewer: a quarter of the bytes to compress and send, and
 * the same pixels once decoded (PLTE + tRNS, every colour exact).
 */
export function palettePng(rgba: Uint8Array, width: number, height: number, level = 4): Uint8Array | null {
  const pixels = width * height;
  if (rgba.byteOffset % 4 !== 0 || rgba.length !== pixels * 4) return null;
  const packed = new Uint32Array(rgba.buffer, rgba.byteOffset, pixels);
  const indexOf = new Map<number, number>();
  const colours: number[] = [];
  // Filter byte 0 (none) at the start of every row, then one index per pixel.
  const rows = new Uint8Array(height * (width + 1));
  let previous = -1;
  let previousIndex = 0;
  for (let row = 0, p = 0; row < height; row += 1) {
    let out = row * (width + 1) + 1;
    for (let column = 0; column < width; column += 1, p += 1, out += 1) {
      const colour = packed[p] as number;
      if (colour !== previous) {
        let index = indexOf.get(colour);
        if (index === undefined) {
          if (colours.length === 256) return null;
          index = colours.length;
          indexOf.set(colour, index);
          colours.push(p);
        }
        previous = colour;
        previousIndex = index;
      }
      rows[out] = previousIndex;
    }
  }
  const palette = new Uint8Array(colours.length * 3);
  const alpha = new Uint8Array(colours.length);
  colours.forEach((p, i) => {
    palette[i * 3] = rgba[p * 4] as number;
    palette[i * 3 + 1] = rgba[p * 4 + 1] as number;
    palette[i * 3 + 2] = rgba[p * 4 + 2] as number;
    alpha[i] = rgba[p * 4 + 3] as number;
  });
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header[8] = 8; // bit depth
  header[9] = 3; // colour type: palette
  return concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('PLTE', palette),
    chunk('tRNS', alpha),
    chunk('IDAT', deflateSync(rows, { level })),
    chunk('IEND', new Uint8Array(0)),
  ]);
}

const SIGNATURE = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i += 1) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((total, part) => total + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
