import { screen, within } from '@testing-library/react';
import type { SeenRequest } from '@paddock/shared/testing';
import { renderCommerce } from '../../testing/harness';
import { makeOrder } from '../../testing/orderFixtures';
import type { Order } from '@paddock/shared/contracts';

const all: Order[] = [
  makeOrder(1, { status: 'pending', payment_method: 'stripe', awaiting_payment: true, payment_status: 'open' }),
  makeOrder(2, { status: 'processing', payment_method: 'stripe' }),
  makeOrder(3, { status: 'done', payment_method: 'invoice', order_total: 123_456 }),
  ...Array.from({ length: 9 }, (_, i) => makeOrder(10 + i, { status: 'submitted' })),
];

/** The API: filters by statuses and serves skip/limit pages. */
function ordersRoute(request: SeenRequest) {
  const query = new URL(request.url).searchParams;
  const skip = Number(query.get('skip'));
  const limit = Number(query.get('limit'));
  const statuses = query.getAll('statuses');
  const rows = statuses.length ? all.filter((order) => statuses.includes(order.status)) : all;
  return {
    status: 200,
    body: {
      orders: rows.slice(skip, skip + limit),
      pages: { total_pages: Math.ceil(rows.length / limit), total_count: rows.length, skip, limit },
    },
  };
}

const table = () => screen.findByRole('table', { name: 'High resolution imagery orders' });

describe('/order imagery orders', () => {
  it('shows the sub-tabs and the columns, 10 orders a page', async () => {
    const { ui, server } = renderCommerce({ route: '/order', routes: { 'GET /v2/orders': ordersRoute } });
    const tabs = within(screen.getByRole('tablist', { name: 'Order status' }));
    expect(tabs.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'All Orders',
      'New',
      'Pending',
      'Capturing',
      'Completed',
      'Cancelled',
    ]);
    const rows = within(await table()).getAllByRole('row');
    expect(rows[0]).toHaveTextContent(/Order ID.*Date Ordered.*Payment Method.*Amount.*Status/);
    expect(rows).toHaveLength(11);
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    await ui.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    expect(within(await table()).getAllByRole('row')).toHaveLength(3);
    expect(new URL(server.find('GET', '/v2/orders').at(-1)!.url).searchParams.get('skip')).toBe('10');
  });

  it('shows each order: status words, amount, method; Awaiting Payment for an unpaid card order', async () => {
    renderCommerce({ route: '/order', routes: { 'GET /v2/orders': ordersRoute } });
    const rows = within(await table()).getAllByRole('row');
    const pending = within(rows[1]!);
    expect(pending.getByText('Pending')).toBeInTheDocument();
    expect(pending.getByText('Debit or Credit Card')).toBeInTheDocument();
    expect(pending.getByRole('link', { name: 'Awaiting Payment' })).toHaveAttribute('href', `/pay/${all[0]!.id}`);
    expect(pending.getByRole('link', { name: /View order/ })).toHaveAttribute('href', `/order-review/${all[0]!.id}`);
    const capturing = within(rows[2]!);
    expect(capturing.getByText('Capturing')).toBeInTheDocument();
    expect(capturing.getByRole('button', { name: 'Paid' })).toBeDisabled();
    expect(capturing.queryByRole('link', { name: 'Awaiting Payment' })).toBeNull();
    const done = within(rows[3]!);
    expect(done.getByText('Completed')).toBeInTheDocument();
    expect(done.getByText('Invoice')).toBeInTheDocument();
    expect(done.getByText('$1,234.56')).toBeInTheDocument();
  });

  it('a sub-tab asks for its status and starts at page 1', async () => {
    const { ui, server } = renderCommerce({ route: '/order', routes: { 'GET /v2/orders': ordersRoute } });
    await table();
    await ui.click(screen.getByRole('tab', { name: 'Capturing' }));
    expect(await screen.findByText('Page 1 of 1')).toBeInTheDocument();
    const rows = within(await table()).getAllByRole('row');
    expect(rows).toHaveLength(2);
    const query = new URL(server.find('GET', '/v2/orders').at(-1)!.url).searchParams;
    expect(query.getAll('statuses')).toEqual(['processing']);
    await ui.click(screen.getByRole('tab', { name: 'Cancelled' }));
    expect(await screen.findByText('No orders with this status.')).toBeInTheDocument();
  });

  it('no orders at all: the empty state leads to the wizard', async () => {
    renderCommerce({
      route: '/order',
      routes: {
        'GET /v2/orders': {
          status: 200,
          body: { orders: [], pages: { total_pages: 0, total_count: 0, skip: 0, limit: 10 } },
        },
      },
    });
    expect(await screen.findByText('You have no high resolution imagery orders yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Order High Resolution Imagery' })).toBeInTheDocument();
  });

  it('a failed load shows the error with a retry', async () => {
    renderCommerce({
      route: '/order',
      routes: { 'GET /v2/orders': { status: 500, body: { detail: 'Database unavailable' } } },
    });
    expect(await screen.findByText('Your orders could not be loaded')).toBeInTheDocument();
  });
});
