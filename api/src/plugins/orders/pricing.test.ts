import { priceOrder } from './pricing';

const capture = (over: Partial<Parameters<typeof priceOrder>[1]> = {}) => ({
  unit_price: 1500,
  min_price: 120_000,
  minimum_cluster_area: 50,
  number_of_captures: 3,
  minimum_months: 3,
  ...over,
});

describe('imagery order pricing (integer cents)', () => {
  it('charges area × unit price when above both minimums, GST 10 % on top for Australian accounts', () => {
    const price = priceOrder([101.2345, 98.7655], capture(), { free: false, taxable: true });
    expect(price).toEqual({
      total_product_unit: 200,
      billable_hectares: 200,
      subtotal: 300_000,
      gst: 30_000,
      total: 330_000,
      minimum_hectare_requirements_pricing: false,
    });
  });

  it('adds no GST when the supply is not in Australia', () => {
    expect(priceOrder([200], capture(), { free: false, taxable: false })).toMatchObject({ gst: 0, total: 300_000 });
    expect(priceOrder([200], capture(), { free: false, taxable: false })).toMatchObject({ gst: 0, total: 300_000 });
  });

  it('applies the minimum area: a smaller order is charged for minimum_cluster_area hectares and flagged', () => {
    const price = priceOrder([30], capture({ min_price: 0 }), { free: false, taxable: true });
    expect(price.total_product_unit).toBe(30);
    expect(price.billable_hectares).toBe(50);
    expect(price.subtotal).toBe(75_000);
    expect(price.minimum_hectare_requirements_pricing).toBe(true);
  });

  it('applies the minimum price and flags it', () => {
    const price = priceOrder([60], capture({ min_price: 120_000 }), { free: false, taxable: true });
    expect(price.subtotal).toBe(120_000);
    expect(price.gst).toBe(12_000);
    expect(price.minimum_hectare_requirements_pricing).toBe(true);
  });

  it('rounds area × price half up to the cent and GST half up to the cent', () => {
    // 80.37 ha × 1,333 c/ha = 107,133.21 c → 107,133 c; GST 10,713.3 c → 10,713 c.
    const down = priceOrder([80.3749], capture({ unit_price: 1333, min_price: 0 }), { free: false, taxable: true });
    expect(down.total_product_unit).toBe(80.37);
    expect(down.subtotal).toBe(107_133);
    expect(down.gst).toBe(10_713);
    expect(down.total).toBe(117_846);
    // 80.05 ha × 1,111 c/ha = 88,935.55 c → 88,936 c; GST 8,893.6 c → 8,894 c.
    const up = priceOrder([80.05], capture({ unit_price: 1111, min_price: 0 }), { free: false, taxable: true });
    expect(up.subtotal).toBe(88_936);
    expect(up.gst).toBe(8_894);
    // A GST of exactly half a cent goes up: 105 c → 10.5 c → 11 c.
    const half = priceOrder([100], capture({ unit_price: 0, min_price: 105, minimum_cluster_area: 0 }), {
      free: false,
      taxable: true,
    });
    expect(half.gst).toBe(11);
    for (const value of [down, up, half]) {
      expect(Number.isInteger(value.subtotal) && Number.isInteger(value.gst) && Number.isInteger(value.total)).toBe(
        true,
      );
      expect(value.total).toBe(value.subtotal + value.gst);
    }
  });

  it('sums the areas before rounding to 0.01 ha (no float noise)', () => {
    const price = priceOrder([0.1, 0.2], capture({ minimum_cluster_area: 0, min_price: 0 }), {
      free: false,
      taxable: true,
    });
    expect(price.total_product_unit).toBe(0.3);
    expect(price.subtotal).toBe(450);
  });

  it('a free product is 0 whatever the area, with no minimum notice', () => {
    const price = priceOrder([5000], capture({ unit_price: 0, min_price: 0, minimum_cluster_area: 0 }), {
      free: true,
      taxable: true,
    });
    expect(price).toMatchObject({ subtotal: 0, gst: 0, total: 0, minimum_hectare_requirements_pricing: false });
    expect(price.total_product_unit).toBe(5000);
  });

  it('a flat price (unit price 0) is its minimum price without the minimum notice', () => {
    const price = priceOrder([12.5], capture({ unit_price: 0, min_price: 480_000, minimum_cluster_area: 0 }), {
      free: false,
      taxable: true,
    });
    expect(price).toMatchObject({ subtotal: 480_000, gst: 48_000, total: 528_000 });
    expect(price.minimum_hectare_requirements_pricing).toBe(false);
  });
});
