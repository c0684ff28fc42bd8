import { deflateSync } from 'node:zlib';
import { buildMapPdf, pdfFileName, pngSize } from './mapPdf';

/** A real PNG of solid green pixels, built from its chunks. */
function makePng(width: number, height: number): Uint8Array {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) rows.set([40, 160, 60, 255], y * (width * 4 + 1) + 1 + x * 4);
  }
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(rows)),
      chunk('IEND', Buffer.alloc(0)),
    ]),
  );
}

const legend = {
  colors: [
    [165, 0, 38],
    [255, 255, 191],
    [0, 104, 55],
  ] as [number, number, number][],
  min: 0.12,
  mean: 0.5432,
  max: 0.81,
  unit: 'index',
};

describe('the map PDF', () => {
  it('is an A4 PDF titled with the farm name, the layer code, the calculation and the date, with the legend figures', () => {
    const doc = buildMapPdf({
      farmName: 'Kurrajong Downs',
      layer: 'standard',
      algorithm: 'NDVI',
      dateLabel: '5 Jan',
      png: makePng(40, 20),
      legend,
    });
    const text = doc.output();
    expect(text.startsWith('%PDF-')).toBe(true);
    expect(text).toContain('(Kurrajong Downs)');
    expect(text).toContain('(SR NDVI | 5 Jan)');
    expect(text).toContain('Mean 0.54');
    expect(text).toContain('/Subtype /Image');
    // A4 is 595.28 × 841.89 pt; wider-than-tall maps turn the page.
    expect(text).toMatch(/\/MediaBox \[0 0 841\.8\d* 595\.2\d*\]/);
  });

  it('stands upright for a map taller than wide, and names the sensor layer by its code', () => {
    const doc = buildMapPdf({
      farmName: 'Wirra Creek',
      layer: 'sensor_em',
      algorithm: 'DEEP',
      dateLabel: 'Mar 2, 2025 – Mar 8, 2025',
      png: makePng(20, 40),
      legend: null,
    });
    const text = doc.output();
    expect(text).toMatch(/\/MediaBox \[0 0 595\.2\d* 841\.8\d*\]/);
    expect(text).toContain('RAPID_EM DEEP');
    expect(text).not.toContain('Mean');
  });

  it("adds the selected field's season figures and the weather's source when given", () => {
    const doc = buildMapPdf({
      farmName: 'Kurrajong Downs',
      layer: 'standard',
      algorithm: 'NDVI',
      dateLabel: '5 Jan',
      png: makePng(40, 20),
      legend,
      season: {
        fieldName: 'North',
        crop: 'Wheat',
        sowingLabel: '2 May 2026',
        rainMm: 212.4,
        gdd: 1480.6,
        baseC: 0,
        frostDays: 11,
        method: 'GDD: McMaster & Wilhelm (1997) method 2',
        attribution: 'Weather: SILO climate data, Queensland Government, CC BY 4.0',
      },
    });
    const text = doc.output();
    expect(text).toContain('(North: Wheat, sown 2 May 2026)');
    expect(text).toContain('Rain 212 mm');
    expect(text).toContain('GDD 1481');
    expect(text).toContain('Frost days 11');
    expect(text).toContain('SILO climate data, Queensland Government, CC BY 4.0');
  });

  it('reads the size of a PNG and refuses anything else', () => {
    expect(pngSize(makePng(300, 120))).toEqual({ width: 300, height: 120 });
    expect(() => pngSize(new TextEncoder().encode('{"detail":"nope"}'))).toThrow('not a PNG');
  });

  it('names the file after the farm, layer, calculation and day', () => {
    expect(
      pdfFileName({ farmName: 'Kurrajong Downs / East', layer: 'high_res', algorithm: 'NDVI' }, '2026-01-05'),
    ).toBe('Kurrajong-Downs-East-HR-NDVI-2026-01-05.pdf');
  });
});
