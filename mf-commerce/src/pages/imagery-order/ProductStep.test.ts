import { priceLine } from './ProductStep';
import { products } from '../../testing/orderFixtures';

const byId = (id: string) => products.find((product) => product.id === id)!;

describe('product prices (GST exclusive)', () => {
  it('per hectare with its minimum area and price; "From" when there are several capture packages', () => {
    expect(priceLine(byId('p-hort'))).toBe('$15.00/ha, minimum 50.00 ha charged, minimum price $500.00 (excl. GST)');
    expect(priceLine(byId('p-80cm'))).toBe(
      'From $8.00/ha, minimum 50.00 ha charged, minimum price $500.00 (excl. GST)',
    );
  });

  it('a flat price when there is no hectare price; Free for the free product', () => {
    const golf = byId('p-hort');
    const flat = {
      ...golf,
      config: { ...golf.config, captures: [{ ...golf.config.captures[0]!, unit_price: 0, min_price: 300_000 }] },
    };
    expect(priceLine(flat)).toBe('$3,000.00 flat price (excl. GST)');
    expect(priceLine(byId('p-rice'))).toBe('Free');
  });
});
