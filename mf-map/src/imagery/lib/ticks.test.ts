import { legendTicks, tickLabels } from './ticks';

describe('legend ticks', () => {
  it('spans NDVI 0–1 in quarters on the absolute scale', () => {
    expect(tickLabels(0, 1)).toEqual(['0.00', '0.25', '0.50', '0.75', '1.00']);
  });

  it('tells a narrow relative range apart with more decimals', () => {
    expect(tickLabels(0.54, 0.59)).toEqual(['0.540', '0.552', '0.565', '0.578', '0.590']);
  });

  it('writes whole numbers for wide ranges (EC in mS/m, temperature)', () => {
    expect(tickLabels(0, 100)).toEqual(['0', '25', '50', '75', '100']);
    expect(tickLabels(5, 50)).toEqual(['5', '16', '28', '39', '50']);
  });

  it('never writes a negative zero', () => {
    expect(tickLabels(-0.001, 0.003, 2)).not.toContain('-0.000');
  });

  it('gives one tick for an empty range and none for a broken one', () => {
    expect(legendTicks(0.5, 0.5)).toEqual([0.5]);
    expect(legendTicks(Number.NaN, 1)).toEqual([]);
  });
});
