import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CartResponse } from '@paddock/shared/contracts';
import { fakeMfProps, fakeServer, recordingBus, testQueryClient, type Routes } from '@paddock/shared/testing';
import { CommerceProvider } from '../context';
import { CartRoot } from './mountCart';

const item = (id: string, farm: string, price: number) => ({
  id,
  item_type: 'zoning' as const,
  price,
  created_on: '2026-11-20T00:00:00Z',
  details: {
    farm_id: `farm-${id}`,
    farm_name: farm,
    num_zones: 3,
    fields: ['a'],
    zones: {
      type: 'FeatureCollection' as const,
      features: [
        {
          type: 'Feature' as const,
          geometry: {
            type: 'Polygon' as const,
            coordinates: [
              [
                [147.36, -35.12],
                [147.37, -35.12],
                [147.37, -35.11],
                [147.36, -35.12],
              ],
            ] as [number, number][][],
          },
          properties: { zone: 1, field_id: 'a' },
        },
      ],
    },
    algorithm: 'standard_NDVI',
    catalog_entry: '2026-11-04',
    zone_resolution: 2,
    area: 12.3,
  },
});

const cartOf = (...items: ReturnType<typeof item>[]): CartResponse => ({
  data: items,
  total: items.reduce((sum, entry) => sum + entry.price, 0),
  gst: 0,
  currency: 'aud',
});

function renderCart(routes: Routes) {
  const server = fakeServer(routes);
  const { bus, toasts, events } = recordingBus('paddock:cart-changed');
  const props = fakeMfProps({ bus });
  render(
    <CommerceProvider props={props} queryClient={testQueryClient(bus)} fetch={server.fetch}>
      <CartRoot props={props} />
    </CommerceProvider>,
  );
  return { server, bus, toasts, counts: events['paddock:cart-changed'], ui: userEvent.setup() };
}

describe('the cart modal', () => {
  it('announces the item count to the nav as soon as it is mounted', async () => {
    const { counts } = renderCart({ 'GET /v2/cart/': { status: 200, body: cartOf(item('c1', 'Riverbend', 1300)) } });
    await waitFor(() => expect(counts).toEqual([{ count: 1 }]));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens on paddock:cart-open with items grouped under VRT Zoning and the total including taxes', async () => {
    const { bus } = renderCart({
      'GET /v2/cart/': { status: 200, body: cartOf(item('c1', 'Riverbend', 1300), item('c2', 'Hilltop', 2500)) },
    });
    bus.emit('paddock:cart-open', {});
    const dialog = within(await screen.findByRole('dialog', { name: 'Your cart' }));
    expect(dialog.getByRole('heading', { name: 'VRT Zoning' })).toBeInTheDocument();
    expect(dialog.getByText('Riverbend')).toBeInTheDocument();
    expect(dialog.getByText('Hilltop')).toBeInTheDocument();
    expect(dialog.getByText('Total price including taxes')).toBeInTheDocument();
    expect(dialog.getByText('AU$38.00')).toBeInTheDocument();
  });

  it('shows the empty text with nothing in the cart', async () => {
    const { bus } = renderCart({ 'GET /v2/cart/': { status: 200, body: cartOf() } });
    bus.emit('paddock:cart-open', {});
    const dialog = within(await screen.findByRole('dialog', { name: 'Your cart' }));
    expect(await dialog.findByText('You have no items in your cart')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Proceed to Checkout' })).toBeDisabled();
  });

  it('removes an item and clears the cart with the spec messages, and the count follows', async () => {
    let cart = cartOf(item('c1', 'Riverbend', 1300), item('c2', 'Hilltop', 2500));
    const { bus, ui, toasts, counts } = renderCart({
      'GET /v2/cart/': () => ({ status: 200, body: cart }),
      'DELETE /v2/cart/c1': () => {
        cart = cartOf(item('c2', 'Hilltop', 2500));
        return { status: 200, body: { detail: 'Item removed successfully!' } };
      },
      'DELETE /v2/cart/': () => {
        cart = cartOf();
        return { status: 200, body: { detail: 'Your cart items were removed successfully' } };
      },
    });
    bus.emit('paddock:cart-open', {});
    const dialog = within(await screen.findByRole('dialog', { name: 'Your cart' }));
    await ui.click(await dialog.findByRole('button', { name: 'Remove Riverbend from the cart' }));
    await waitFor(() => expect(toasts).toContainEqual({ kind: 'success', message: 'Item removed successfully!' }));
    await waitFor(() => expect(counts.at(-1)).toEqual({ count: 1 }));
    await ui.click(dialog.getByRole('button', { name: 'Clear Cart' }));
    await waitFor(() =>
      expect(toasts).toContainEqual({ kind: 'success', message: 'Your cart items were removed successfully' }),
    );
    expect(await dialog.findByText('You have no items in your cart')).toBeInTheDocument();
    expect(counts.at(-1)).toEqual({ count: 0 });
  });
});
