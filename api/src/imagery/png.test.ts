import sharp from 'sharp';
import { codedPalettePng, palettePng } from './png';

/** RGBA pixels with `colours` distinct colours (translucent and transparent ones among them). */
function pixels(width: number, height: number, colours: number): Uint8Array {
  const rgba = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i += 1) {
    const c = (i * 7919) % colours;
    if (c === 0) continue; // transparent (0, 0, 0, 0), as outside the fields
    rgba.set([c % 256, (c * 3) % 256, (c * 5) % 256, c % 3 === 0 ? 170 : 255], i * 4);
  }
  return rgba;
}

describe('palettePng', () => {
  it('writes a palette PNG that decodes (with sharp) to exactly the same RGBA pixels', async () => {
    for (const [width, height, colours] of [
      [256, 256, 259 - 3],
      [256, 256, 2],
      [37, 11, 40],
    ] as const) {
      const rgba = pixels(width, height, colours);
      const png = palettePng(rgba, width, height);
      expect(png).not.toBeNull();
      const metadata = await sharp(png as Uint8Array).metadata();
      expect([metadata.format, metadata.width, metadata.height, metadata.channels, metadata.isPalette]).toEqual([
        'png',
        width,
        height,
        4,
        true,
      ]);
      const { data } = await sharp(png as Uint8Array)
        .raw()
        .toBuffer({ resolveWithObject: true });
      expect(Buffer.compare(data, Buffer.from(rgba))).toBe(0);
    }
  });

  it('declines pixels with more than 256 colours (the caller writes RGBA)', () => {
    expect(palettePng(pixels(64, 64, 257), 64, 64)).toBeNull();
  });
});

describe('codedPalettePng', () => {
  /** Codes into a table of `size` colours where every third code repeats an earlier one's colour. */
  function coded(width: number, height: number, size: number) {
    const table = new Uint8Array(size * 4);
    for (let code = 0; code < size; code += 1) {
      const colour = code % 3 === 2 ? code - 1 : code;
      if (code === size - 1) continue; // transparent
      table.set([colour % 256, (colour * 3) % 256, (colour >> 8) * 40, colour % 5 === 0 ? 170 : 255], code * 4);
    }
    const codes = new Uint16Array(width * height);
    for (let i = 0; i < codes.length; i += 1) codes[i] = (i * 7919 + (i >> 5)) % size;
    const rgba = new Uint8Array(width * height * 4);
    codes.forEach((code, i) => rgba.set(table.subarray(code * 4, code * 4 + 4), i * 4));
    return { codes, table, rgba };
  }

  it('writes the very file palettePng writes from the same pixels as RGBA (equal colours share an entry)', () => {
    for (const [width, height, size] of [
      [256, 256, 259],
      [37, 11, 40],
      [256, 256, 3],
    ] as const) {
      const { codes, table, rgba } = coded(width, height, size);
      const png = codedPalettePng(codes, table, width, height);
      expect(png).not.toBeNull();
      expect(Buffer.from(png as Uint8Array).equals(Buffer.from(palettePng(rgba, width, height) as Uint8Array))).toBe(
        true,
      );
    }
  });

  it('declines codes of more than 256 distinct colours, as palettePng does', () => {
    const { codes, table, rgba } = coded(64, 64, 400);
    expect(palettePng(rgba, 64, 64)).toBeNull();
    expect(codedPalettePng(codes, table, 64, 64)).toBeNull();
  });
});
