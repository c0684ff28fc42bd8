import { PREVIEW_VIEW } from '@paddock/shared/ui/documents';
import { screen, waitFor, within } from '@testing-library/react';
import type { ZoningOrder } from '@paddock/shared/contracts';
import { renderCommerce } from '../../testing/harness';

const order = (fields: string[]): ZoningOrder => ({
  id: 'o1',
  farm_id: 'f1',
  farm_name: 'Riverbend',
  payment_id: 'p1',
  status: 'paid',
  algorithm: 'standard_NDVI',
  catalog_entry: '2026-11-04',
  num_zones: 3,
  zone_resolution: 2,
  fields,
  zones: '{"type":"FeatureCollection","features":[]}',
  area: 12.3,
  price: 1300,
  download_key: 'key-1',
  created_on: '2026-11-20T00:00:00Z',
  paid_on: '2026-11-20T00:00:01Z',
});

const receipt = {
  id: 'd1',
  kind: 'tax_receipt',
  title: 'Tax Receipt',
  purpose: 'cart',
  payment_id: 'p1',
  booking_id: null,
  invoice_number: 'HRI-000007',
  issued_on: '2026-11-20T00:00:02Z',
  total: 1300,
  gst: 118,
  pending: false,
  url: '/v2/documents/d1',
  file_name: 'tax-receipt-HRI-000007.pdf',
};

beforeAll(() => {
  // jsdom has no object URLs; the modal shows the PDF through one.
  URL.createObjectURL = jest.fn(() => 'blob:document');
  URL.revokeObjectURL = jest.fn();
});

describe('/payment-success', () => {
  it("offers the zoning purchase's Tax Receipt: preview and PDF download", async () => {
    const { ui, server } = renderCommerce({
      route: '/payment-success',
      state: { paymentId: 'p1', method: 'card' },
      routes: {
        'GET /v2/zoning/orders': { status: 200, body: { data: [order(['a'])] } },
        'GET /v2/documents': { status: 200, body: { data: [receipt] } },
        'GET /v2/documents/d1': { status: 200, body: { pdf: true } },
      },
    });
    expect(await screen.findByRole('heading', { name: 'Payment Received!' })).toBeInTheDocument();
    await ui.click(await screen.findByRole('button', { name: 'Tax Receipt' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Tax Receipt' }));
    expect(await dialog.findByRole('link', { name: 'Download PDF' })).toHaveAttribute(
      'download',
      'tax-receipt-HRI-000007.pdf',
    );
    expect(dialog.getByTitle('Tax Receipt')).toHaveAttribute('src', `blob:document${PREVIEW_VIEW}`);
    expect(new URL(server.find('GET', '/v2/documents')[0]?.url as string).search).toBe('?payment_id=p1');
  });

  it('says the receipt is being prepared until the server has made it', async () => {
    const { ui } = renderCommerce({
      route: '/payment-success',
      state: { paymentId: 'p1', method: 'card' },
      routes: {
        'GET /v2/zoning/orders': { status: 200, body: { data: [order(['a'])] } },
        'GET /v2/documents': { status: 200, body: { data: [{ ...receipt, pending: true, url: null }] } },
      },
    });
    await ui.click(await screen.findByRole('button', { name: 'Tax Receipt' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Tax Receipt' }));
    expect(dialog.getByRole('progressbar', { name: 'Preparing your tax receipt' })).toBeInTheDocument();
  });

  it('lists the paid orders of the payment with the view link and the Export menu', async () => {
    const { ui, server } = renderCommerce({
      route: '/payment-success',
      state: { paymentId: 'p1', method: 'card' },
      routes: { 'GET /v2/zoning/orders': { status: 200, body: { data: [order(['a', 'b'])] } } },
    });
    expect(await screen.findByRole('heading', { name: 'Payment Received!' })).toBeInTheDocument();
    expect(screen.getByText('You can now view, share or download your zone map.')).toBeInTheDocument();
    expect(new URL(server.find('GET', '/v2/zoning/orders')[0]?.url as string).search).toBe(
      '?payment_id=p1&status=paid',
    );
    expect(screen.getByRole('link', { name: 'View zones of Riverbend' })).toHaveAttribute('href', '/farms/f1?zone=o1');
    await ui.click(screen.getByRole('button', { name: 'Export Riverbend' }));
    expect(screen.getByRole('menuitem', { name: 'Individual Fields (2 Files)' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Entire Farm (1 File)' })).toBeInTheDocument();
    await ui.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Back to dashboard page' })).toBeInTheDocument();
  });

  it('tells the nav the emptied cart once the payment shows as paid', async () => {
    const { cartEvents } = renderCommerce({
      route: '/payment-success',
      state: { paymentId: 'p1', method: 'card' },
      routes: {
        'GET /v2/zoning/orders': { status: 200, body: { data: [order(['a'])] } },
        'GET /v2/cart/': { status: 200, body: { data: [], total: 0, gst: 0, currency: 'aud' } },
      },
    });
    expect(await screen.findByRole('heading', { name: 'Payment Received!' })).toBeInTheDocument();
    await waitFor(() => expect(cartEvents).toContainEqual({ count: 0 }));
  });

  it("says 'File' for a single field", async () => {
    const { ui } = renderCommerce({
      route: '/payment-success',
      state: { paymentId: 'p1', method: 'card' },
      routes: { 'GET /v2/zoning/orders': { status: 200, body: { data: [order(['a'])] } } },
    });
    await ui.click(await screen.findByRole('button', { name: 'Export Riverbend' }));
    expect(screen.getByRole('menuitem', { name: 'Individual Fields (1 File)' })).toBeInTheDocument();
  });

  it('keeps loading until the webhook has marked the payment paid', async () => {
    let calls = 0;
    renderCommerce({
      route: '/payment-success',
      state: { paymentId: 'p1', method: 'card' },
      routes: {
        'GET /v2/zoning/orders': () => {
          calls += 1;
          return { status: 200, body: { data: calls < 2 ? [] : [order(['a'])] } };
        },
      },
    });
    expect(screen.getByText('Loading your paid orders…')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Payment Received!' }, { timeout: 4000 })).toBeInTheDocument();
  });

  it('an invoice checkout names the invoice and lists its zoning orders, delivered at once, with Export', async () => {
    const { ui, server } = renderCommerce({
      route: '/payment-success',
      state: { paymentId: 'p1', method: 'invoice', invoiceNumber: 'INV-1001' },
      routes: { 'GET /v2/zoning/orders': { status: 200, body: { data: [order(['a', 'b'])] } } },
    });
    expect(screen.getByRole('heading', { name: 'Order placed!' })).toBeInTheDocument();
    expect(screen.getByText('Your invoice INV-1001 is on its way. To be paid within 14 days.')).toBeInTheDocument();
    expect(screen.queryByText(/released as soon as it is paid/)).not.toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'View zones of Riverbend' })).toHaveAttribute(
      'href',
      '/farms/f1?zone=o1',
    );
    await ui.click(screen.getByRole('button', { name: 'Export Riverbend' }));
    expect(screen.getByRole('menuitem', { name: 'Individual Fields (2 Files)' })).toBeInTheDocument();
    expect(new URL(server.find('GET', '/v2/zoning/orders')[0]?.url as string).search).toBe(
      '?payment_id=p1&status=paid',
    );
  });
});
