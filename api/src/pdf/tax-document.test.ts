import { countryLine } from './tax-document';

describe('countryLine', () => {
  it("names the buyer's country in words, as the seller's is", () => {
    expect(countryLine('AU')).toBe('Australia');
    expect(countryLine('nz')).toBe('New Zealand');
  });

  it('leaves anything that is not a two-letter code as it is, and nothing as nothing', () => {
    expect(countryLine('Australia')).toBe('Australia');
    expect(countryLine('')).toBe('');
    expect(countryLine(null)).toBe('');
  });
});
