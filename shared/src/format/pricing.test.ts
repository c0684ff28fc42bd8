import { areaPriceArithmetic, productMinimums } from './pricing';

describe('areaPriceArithmetic and productMinimums (prices said before they are charged)', () => {
  it('names the minimum area with the arithmetic', () => {
    expect(
      areaPriceArithmetic({
        hectares: 209,
        billableHectares: 500,
        unitPrice: 450,
        minPrice: 200_000,
        subtotal: 225_000,
      }),
    ).toBe('209.00 ha ordered, 500.00 ha charged (minimum area) × $4.50/ha = $2,250.00');
  });
  it('names the minimum price when it decides', () => {
    expect(
      areaPriceArithmetic({
        hectares: 120.5,
        billableHectares: 120.5,
        unitPrice: 1000,
        minPrice: 200_000,
        subtotal: 200_000,
      }),
    ).toBe('120.50 ha × $10.00/ha = $1,205.00; minimum price $2,000.00 charged');
  });
  it('plain arithmetic, flat and free prices', () => {
    expect(
      areaPriceArithmetic({
        hectares: 600,
        billableHectares: 600,
        unitPrice: 450,
        minPrice: 200_000,
        subtotal: 270_000,
      }),
    ).toBe('600.00 ha × $4.50/ha = $2,700.00');
    expect(
      areaPriceArithmetic({ hectares: 5, billableHectares: 5, unitPrice: 0, minPrice: 50_000, subtotal: 50_000 }),
    ).toBe('$500.00 flat price');
    expect(areaPriceArithmetic({ hectares: 5, billableHectares: 5, unitPrice: 0, minPrice: 0, subtotal: 0 })).toBe(
      'Free',
    );
    expect(productMinimums({ minimum_cluster_area: 500, min_price: 200_000, unit_price: 450 })).toBe(
      'minimum 500.00 ha charged, minimum price $2,000.00',
    );
  });
});
