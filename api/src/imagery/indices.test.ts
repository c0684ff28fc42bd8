import { algorithmBands, computeIndex } from './indices';
import type { BandName, RasterRead } from './source';

/** A 1-row raster of the given pixels, each a record of band values. */
function raster(pixels: Partial<Record<BandName, number>>[]): Pick<RasterRead, 'bands' | 'width' | 'height'> {
  const names = [...new Set(pixels.flatMap((pixel) => Object.keys(pixel)))] as BandName[];
  return {
    width: pixels.length,
    height: 1,
    bands: Object.fromEntries(
      names.map((name) => [name, Float32Array.from(pixels, (pixel) => pixel[name] ?? Number.NaN)]),
    ),
  };
}

const values = (array: Float32Array) => Array.from(array);

describe('band math against hand-computed pixels', () => {
  const pixels = [
    // Dense canopy, bare soil, water-ish, a pixel without data.
    { B02: 0.03, B03: 0.06, B04: 0.04, B05: 0.12, B08: 0.44, THERMAL: 295.15, EM_SHALLOW: 42, EM_DEEP: 80 },
    { B02: 0.09, B03: 0.12, B04: 0.16, B05: 0.2, B08: 0.24, THERMAL: 310.65, EM_SHALLOW: 18.5, EM_DEEP: 33 },
    { B02: 0.05, B03: 0.04, B04: 0.03, B05: 0.02, B08: 0.01, THERMAL: 285.15, EM_SHALLOW: 5, EM_DEEP: 7 },
    {
      B02: Number.NaN,
      B03: Number.NaN,
      B04: Number.NaN,
      B05: Number.NaN,
      B08: Number.NaN,
      THERMAL: Number.NaN,
      EM_SHALLOW: Number.NaN,
      EM_DEEP: Number.NaN,
    },
  ];
  const read = raster(pixels);

  it('NDVI = (B08 − B04) / (B08 + B04), and NDVI-R is the same index', () => {
    // (0.44 − 0.04) / 0.48 = 0.8333; (0.24 − 0.16) / 0.40 = 0.2; (0.01 − 0.03) / 0.04 = −0.5
    for (const algorithm of ['NDVI', 'NDVI-R'] as const) {
      const [dense, soil, water, missing] = values(computeIndex(algorithm, read));
      expect(dense).toBeCloseTo(0.8333, 4);
      expect(soil).toBeCloseTo(0.2, 6);
      expect(water).toBeCloseTo(-0.5, 6);
      expect(missing).toBeNaN();
    }
  });

  it('NDRE = (B08 − B05) / (B08 + B05)', () => {
    // (0.44 − 0.12) / 0.56 = 0.5714; (0.24 − 0.2) / 0.44 = 0.0909; (0.01 − 0.02) / 0.03 = −0.3333
    const [dense, soil, water, missing] = values(computeIndex('NDRE', read));
    expect(dense).toBeCloseTo(0.5714, 4);
    expect(soil).toBeCloseTo(0.0909, 4);
    expect(water).toBeCloseTo(-0.3333, 4);
    expect(missing).toBeNaN();
  });

  it('PCD (plant cell density) = B08 / B04', () => {
    const [dense, soil, water, missing] = values(computeIndex('PCD', read));
    expect(dense).toBeCloseTo(11, 5);
    expect(soil).toBeCloseTo(1.5, 5);
    expect(water).toBeCloseTo(0.3333, 4);
    expect(missing).toBeNaN();
  });

  it('THERMAL is the band in °C', () => {
    const [dense, soil, water] = values(computeIndex('THERMAL', read));
    expect(dense).toBeCloseTo(22, 3);
    expect(soil).toBeCloseTo(37.5, 3);
    expect(water).toBeCloseTo(12, 3);
  });

  it('SHALLOW and DEEP are the EM conductivities as read', () => {
    expect(values(computeIndex('SHALLOW', read)).slice(0, 3)).toEqual([42, 18.5, 5]);
    expect(values(computeIndex('DEEP', read)).slice(0, 3)).toEqual([80, 33, 7]);
  });

  it("COLOUR's value is the mean of red, green and blue", () => {
    const [dense, soil] = values(computeIndex('COLOUR', read));
    expect(dense).toBeCloseTo((0.04 + 0.06 + 0.03) / 3, 6);
    expect(soil).toBeCloseTo((0.16 + 0.12 + 0.09) / 3, 6);
  });

  it('gives NaN where a ratio is undefined', () => {
    const zero = raster([{ B04: 0, B05: 0, B08: 0 }]);
    expect(values(computeIndex('NDVI', zero))[0]).toBeNaN();
    expect(values(computeIndex('NDRE', zero))[0]).toBeNaN();
    expect(values(computeIndex('PCD', zero))[0]).toBeNaN();
  });

  it('reads the bands each calculation declares', () => {
    expect(algorithmBands.NDVI).toEqual(['B04', 'B08']);
    expect(algorithmBands.NDRE).toEqual(['B05', 'B08']);
    expect(() => computeIndex('NDRE', raster([{ B04: 0.1, B08: 0.4 }]))).toThrow(/B05/);
  });
});
