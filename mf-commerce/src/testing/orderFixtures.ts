import type { Order, OrderStatus, Product } from '../api/orderContracts';

/** An order as GET v2/orders answers it; override what a test cares about. */
export function makeOrder(n: number, overrides: Partial<Order> = {}): Order {
  const status: OrderStatus = overrides.status ?? 'submitted';
  return {
    id: `${String(n).padStart(8, '0')}-aaaa-4bbb-8ccc-000000000000`,
    status,
    created_on: '2026-11-20T01:00:00Z',
    product_id: 'p-80cm',
    payment_method: 'stripe',
    order_subtotal: 100_000,
    gst: 10_000,
    order_total: 110_000,
    first_name: 'Jo',
    last_name: 'Grower',
    street: '1 Long Paddock Rd',
    suburb: 'Wagga Wagga',
    state: 'NSW',
    post_code: '2650',
    country: 'AU',
    total_product_unit: 120.5,
    minimum_hectare_requirements_pricing: false,
    start_capture_date: '2026-12-01',
    end_capture_date: '2027-03-01',
    specification: { config: { number_of_captures: 3 }, field_ids: ['f1', 'f2'] },
    order_pricing: { subtotal: 100_000 },
    ...overrides,
  };
}

const capture = (number_of_captures: number, minimum_months: number, unit_price = 1_500, min_price = 50_000) => ({
  unit_price,
  unit_price_currency: 'aud',
  min_price,
  minimum_cluster_area: 50,
  number_of_captures,
  minimum_months,
});

export const products: Product[] = [
  {
    id: 'p-hort',
    title: 'Horticulture',
    enabled: true,
    unit_min: 50,
    details: { description: 'Per-hectare imagery for orchards and vegetables.', suggestion: ['Citrus', 'Vegetables'] },
    config: { captures: [capture(4, 3)] },
  },
  {
    id: 'p-broad',
    title: 'Broadacre',
    enabled: true,
    unit_min: 100,
    details: { description: 'Up to 3 captures across 6 weeks.', suggestion: ['Wheat', 'Canola'] },
    config: { captures: [capture(3, 1.5, 500, 30_000)] },
  },
  {
    id: 'p-80cm',
    title: '80 cm Resolution Imagery',
    enabled: true,
    unit_min: 10,
    details: { description: '80 cm imagery of your fields.', suggestion: ['Any crop'] },
    config: { captures: [capture(1, 1, 800), capture(3, 3, 2_000), capture(6, 6, 3_600)] },
  },
  {
    id: 'p-rice',
    title: '2.5m Resolution Imagery',
    enabled: true,
    unit_min: 0,
    details: { description: 'Rice season imagery, free in Australia.', suggestion: ['Rice'] },
    config: { captures: [capture(4, 2, 0, 0)] },
  },
];
