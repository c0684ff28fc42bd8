import { percentile, summarise } from './statistics';

describe('summarise', () => {
  it('computes min, mean, max and interpolated percentiles', () => {
    // Sorted: 1 2 3 4 5. p10: rank 0.4 → 1.4; p90: rank 3.6 → 4.6; p2: rank 0.08 → 1.08; p98: rank 3.92 → 4.92.
    const summary = summarise(Float32Array.from([5, 1, 4, 2, 3]));
    expect(summary).not.toBeNull();
    expect(summary?.count).toBe(5);
    expect(summary?.min).toBe(1);
    expect(summary?.max).toBe(5);
    expect(summary?.mean).toBeCloseTo(3, 10);
    expect(summary?.p10).toBeCloseTo(1.4, 6);
    expect(summary?.p90).toBeCloseTo(4.6, 6);
    expect(summary?.p2).toBeCloseTo(1.08, 6);
    expect(summary?.p98).toBeCloseTo(4.92, 6);
  });

  it('is null for no values', () => {
    expect(summarise(new Float32Array(0))).toBeNull();
  });

  it('takes the one value of a single pixel for every percentile', () => {
    expect(percentile(Float32Array.from([0.25]), 90)).toBeCloseTo(0.25, 6);
  });
});
