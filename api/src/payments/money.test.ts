import { gstIncluded, isAustralian, sumCents, withGst, zoningPriceCents } from './money';

describe('money in integer cents', () => {
  it('zoning price: total hectares rounded up × hectare_cost (cents)', () => {
    expect(zoningPriceCents(101.2, 250)).toBe(102 * 250);
    expect(zoningPriceCents(12, 100)).toBe(1200);
    expect(zoningPriceCents(0.01, 100)).toBe(100);
    expect(zoningPriceCents(0, 100)).toBe(0);
  });

  it('rounds up the two-decimal area people see, not float noise', () => {
    expect(zoningPriceCents(12.000000001, 100)).toBe(1200);
    expect(zoningPriceCents(12.004, 100)).toBe(1200);
    expect(zoningPriceCents(12.006, 100)).toBe(1300);
    expect(zoningPriceCents(0.1 + 0.2 + 11.7, 100)).toBe(1200);
  });

  it('refuses a fractional hectare cost or a negative area', () => {
    expect(() => zoningPriceCents(10, 1.5)).toThrow(RangeError);
    expect(() => zoningPriceCents(-1, 100)).toThrow(RangeError);
    expect(() => zoningPriceCents(Number.NaN, 100)).toThrow(RangeError);
  });

  it('GST included in a price is 1/11 for Australian accounts, rounded half up, else nothing', () => {
    expect(gstIncluded(1100, true)).toBe(100);
    expect(gstIncluded(1000, true)).toBe(91); // 90.909…
    expect(gstIncluded(5, true)).toBe(0); // 0.4545…
    expect(gstIncluded(6, true)).toBe(1); // 0.5454…
    expect(gstIncluded(1100, false)).toBe(0);
  });

  it('GST added on top is 10 % for Australian accounts, rounded half up', () => {
    expect(withGst(48_000, true)).toEqual({ subtotal: 48_000, gst: 4_800, total: 52_800 });
    expect(withGst(1_005, true)).toEqual({ subtotal: 1_005, gst: 101, total: 1_106 }); // 100.5 → 101
    expect(withGst(1_004, true)).toEqual({ subtotal: 1_004, gst: 100, total: 1_104 });
    expect(withGst(48_000, false)).toEqual({ subtotal: 48_000, gst: 0, total: 48_000 });
  });

  it('sums only whole, non-negative cents', () => {
    expect(sumCents([1, 2, 3])).toBe(6);
    expect(sumCents([])).toBe(0);
    expect(() => sumCents([1, 0.5])).toThrow(RangeError);
    expect(() => sumCents([-1])).toThrow(RangeError);
    expect(() => gstIncluded(10.5, true)).toThrow(RangeError);
  });

  it('knows Australian accounts by country code', () => {
    expect(isAustralian(' au ')).toBe(true);
    expect(isAustralian('AT')).toBe(false);
    expect(isAustralian(undefined)).toBe(false);
  });
});
