import { approxHectares, formatArea, formatLength, sketchLabel } from './measure';

describe('measure formatting', () => {
  it('shows lengths in kilometres with two decimals and grouping', () => {
    expect(formatLength(0)).toBe('0.00 km');
    expect(formatLength(48)).toBe('0.05 km');
    expect(formatLength(1_234_567)).toBe('1,234.57 km');
  });

  it('shows areas in hectares with two decimals', () => {
    expect(formatArea(10_000)).toBe('1.00 ha');
    expect(formatArea(123_456)).toBe('12.35 ha');
    expect(formatArea(81_234_567)).toBe('8,123.46 ha');
  });

  it("writes the panel's read-only area as 'Approx. n ha'", () => {
    expect(approxHectares(12.345)).toBe('Approx. 12.35 ha');
  });

  it('labels a sketch with its perimeter, and its area once it has one', () => {
    expect(sketchLabel(500, 0)).toBe('0.50 km');
    expect(sketchLabel(4000, 1_000_000)).toBe('4.00 km · 100.00 ha');
  });
});
