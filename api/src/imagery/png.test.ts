import sharp from 'sharp';
import { palettePng } from './png';

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
