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
  return writePalettePng(width, height, rows, colours.length, (i) => (colours[i] as number) * 4, rgba, level);
}

/**
 * `palettePng` of pixels given as codes into a colour table (RGBA, 4 bytes per code) instead of as
 * RGBA: the same file (palette entries in order of first appearance, equal colours sharing one)
 * without writing and reading the RGBA in between; null beyond 256 colours.
 */
export function codedPalettePng(
  codes: Uint16Array,
  table: Uint8Array,
  width: number,
  height: number,
  level = 4,
): Uint8Array | null {
  const codeCount = table.length / 4;
  const colourOf = (code: number) =>
    ((table[code * 4] as number) |
      ((table[code * 4 + 1] as number) << 8) |
      ((table[code * 4 + 2] as number) << 16) |
      ((table[code * 4 + 3] as number) << 24)) >>>
    0;
  // Each code's palette index once its colour has been met (-1 before).
  const indexOfCode = new Int16Array(codeCount).fill(-1);
  const indexOf = new Map<number, number>();
  const entries: number[] = [];
  const rows = new Uint8Array(height * (width + 1));
  let previous = -1;
  let previousIndex = 0;
  for (let row = 0, p = 0; row < height; row += 1) {
    let out = row * (width + 1) + 1;
    for (let column = 0; column < width; column += 1, p += 1, out += 1) {
      const code = codes[p] as number;
      if (code !== previous) {
        let index = indexOfCode[code] as number;
        if (index < 0) {
          const colour = colourOf(code);
          let shared = indexOf.get(colour);
          if (shared === undefined) {
            if (entries.length === 256) return null;
            shared = entries.length;
            indexOf.set(colour, shared);
            entries.push(code);
          }
          index = shared;
          indexOfCode[code] = index;
        }
        previous = code;
        previousIndex = index;
      }
      rows[out] = previousIndex;
    }
  }
  return writePalettePng(width, height, rows, entries.length, (i) => (entries[i] as number) * 4, table, level);
}

/** The PNG of filtered index rows and a palette of `count` entries, entry i's RGBA at `rgba[offsetOf(i)…]`. */
function writePalettePng(
  width: number,
  height: number,
  rows: Uint8Array,
  count: number,
  offsetOf: (entry: number) => number,
  rgba: Uint8Array,
  level: number,
): Uint8Array {
  const palette = new Uint8Array(count * 3);
  const alpha = new Uint8Array(count);
  for (let i = 0; i < count; i += 1) {
    const at = offsetOf(i);
    palette[i * 3] = rgba[at] as number;
    palette[i * 3 + 1] = rgba[at + 1] as number;
    palette[i * 3 + 2] = rgba[at + 2] as number;
    alpha[i] = rgba[at + 3] as number;
  }
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
