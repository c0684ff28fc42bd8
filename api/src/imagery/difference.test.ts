import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { measureCloudPercent } from './engine';
import { comparisonWindows, differenceRaster, differenceStatistics, distribution, DOWN_BY } from './difference';
import { algorithmBands, computeIndex } from './indices';
import { rasteriseFields } from './rasterise';
import { SimulatedSource } from './simulated';
import { pixelClass, type Capture } from './source';
import { WHEAT } from './test-fields';

const source = new SimulatedSource();

/** The same figures from numpy over the raw index rasters, masks and field labels the engine reads. */
const NUMPY = `
import json, sys
import numpy as np
d = sys.argv[1]
a = np.fromfile(d + '/a.f32', dtype=np.float32)
b = np.fromfile(d + '/b.f32', dtype=np.float32)
ma = np.fromfile(d + '/ma.u8', dtype=np.uint8)
mb = np.fromfile(d + '/mb.u8', dtype=np.uint8)
inside = np.fromfile(d + '/in.u16', dtype=np.uint16)
keep = (inside != 0) & (ma == 0) & (mb == 0) & np.isfinite(a) & np.isfinite(b)
def stats(v):
    v = v.astype(np.float64)
    p = np.percentile(v, [10, 25, 50, 75, 90])
    return dict(count=int(v.size), mean=float(v.mean()), sd=float(v.std()), min=float(v.min()), max=float(v.max()),
                p10=p[0], p25=p[1], p50=p[2], p75=p[3], p90=p[4])
diff = b[keep] - a[keep]
print(json.dumps(dict(earlier=stats(a[keep]), later=stats(b[keep]), difference=stats(diff),
                      percentDown=float((diff <= -${DOWN_BY}).mean() * 100))))
`;

describe('the difference between two captures', () => {
  let earlier: Capture;
  let later: Capture;

  beforeAll(async () => {
    // A clear capture in spring and a partly cloudy one a month later: the cloud must be masked out.
    const captures = (await source.catalog([WHEAT], 'standard', { from: '2025-08-01', to: '2025-11-30' })).reverse();
    const cover = await Promise.all(captures.map((capture) => measureCloudPercent(source, [WHEAT], capture)));
    const clearIndex = cover.findIndex((percent) => percent === 0);
    const partlyIndex = cover.findIndex((percent, index) => index > clearIndex + 2 && percent > 5 && percent < 80);
    expect(clearIndex).toBeGreaterThanOrEqual(0);
    expect(partlyIndex).toBeGreaterThan(clearIndex);
    earlier = captures[clearIndex] as Capture;
    later = captures[partlyIndex] as Capture;
  });

  it('masks pixels where either capture is not clear', () => {
    const earlierRaster = {
      index: Float32Array.from([0.8, 0.8, 0.8, 0.8, Number.NaN]),
      mask: Uint8Array.from([0, 1, 0, 0, 0]),
    };
    const laterRaster = {
      index: Float32Array.from([0.5, 0.5, 0.5, 0.5, 0.5]),
      mask: Uint8Array.from([0, 0, 2, 0, 0]),
    };
    const change = differenceRaster(earlierRaster, laterRaster, Uint16Array.from([1, 1, 1, 0, 1]));
    expect(change[0]).toBeCloseTo(-0.3, 6);
    expect([...change.slice(1)].every(Number.isNaN)).toBe(true);
  });

  it('has a population standard deviation and interpolated percentiles', () => {
    const stats = distribution(Float32Array.from([4, 1, 3, 2]));
    expect(stats?.sd).toBeCloseTo(Math.sqrt(1.25), 6);
    expect(stats?.p50).toBeCloseTo(2.5, 6);
    expect(distribution(new Float32Array(0))).toBeNull();
  });

  it('equals numpy on the same two index rasters', async () => {
    const [{ field, window }] = comparisonWindows([WHEAT], earlier, later) as [
      ReturnType<typeof comparisonWindows>[number],
    ];
    const bands = algorithmBands.NDVI;
    const a = await source.read([field], earlier, bands, window);
    const b = await source.read([field], later, bands, window);
    const inside = rasteriseFields([field], window);
    // The later capture is partly cloudy inside the field: masking has work to do.
    expect(b.mask.some((cls, i) => inside[i] !== 0 && cls !== pixelClass.clear)).toBe(true);

    const dir = mkdtempSync(join(tmpdir(), 'paddock-difference-'));
    try {
      const bytes = (array: ArrayBufferView) => new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
      writeFileSync(join(dir, 'a.f32'), bytes(computeIndex('NDVI', a)));
      writeFileSync(join(dir, 'b.f32'), bytes(computeIndex('NDVI', b)));
      writeFileSync(join(dir, 'ma.u8'), a.mask);
      writeFileSync(join(dir, 'mb.u8'), b.mask);
      writeFileSync(join(dir, 'in.u16'), bytes(inside));
      const expected = JSON.parse(execFileSync('python3', ['-c', NUMPY, dir], { encoding: 'utf8' })) as Record<
        string,
        unknown
      >;
      const actual = await differenceStatistics(source, [WHEAT], earlier, later, 'NDVI');
      expect(actual).not.toBeNull();
      const near = (value: unknown): unknown =>
        typeof value === 'number'
          ? Number.isInteger(value)
            ? value
            : expect.closeTo(value, 5)
          : Object.fromEntries(Object.entries(value as object).map(([key, inner]) => [key, near(inner)]));
      expect(actual).toEqual(near(expected));
      expect(actual?.difference.count).toBeGreaterThan(1000);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
