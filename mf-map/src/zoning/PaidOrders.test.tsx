import { screen, within } from '@testing-library/react';
import type { ZoningOrder } from '@paddock/shared/contracts';
import { queriesOf, renderOverMap } from '../testing/harness';
import { PaidOrders } from './PaidOrders';

const order = (id: string, date: string): ZoningOrder => ({
  id,
  farm_id: 'f1',
  farm_name: 'Kurrajong Downs',
  payment_id: 'p1',
  status: 'paid',
  algorithm: 'standard_NDVI',
  catalog_entry: date,
  num_zones: 3,
  zone_resolution: 2,
  fields: ['x1'],
  zones: '{}',
  area: 15,
  price: 1500,
  download_key: 'k',
  created_on: `${date}T00:00:00Z`,
  paid_on: `${date}T00:00:00Z`,
});

describe('the zoning layer’s list of paid orders (spec 2 §2)', () => {
  it('lists the farm’s paid orders, each opening /farms/{id}?zone={order}', async () => {
    const { server } = renderOverMap(<PaidOrders />, {
      routes: { 'GET /v2/zoning/orders': { status: 200, body: { data: [order('o1', '2026-03-01')] } } },
    });
    const list = await screen.findByRole('list', { name: 'Zone maps' });
    const link = within(list).getByRole('link', { name: '1 Mar 2026 · 3 zones · 1 field' });
    expect(link.getAttribute('href')).toMatch(/\/farms\/f1\?zone=o1$/);
    const [query] = queriesOf(server, '/v2/zoning/orders');
    expect(query?.get('farm_id')).toBe('f1');
    expect(query?.get('status')).toBe('paid');
  });

  it('says when the farm has none yet', async () => {
    renderOverMap(<PaidOrders />, { routes: { 'GET /v2/zoning/orders': { status: 200, body: { data: [] } } } });
    expect(await screen.findByText(/No zone maps yet/)).toBeInTheDocument();
  });
});
