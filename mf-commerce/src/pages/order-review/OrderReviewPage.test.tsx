import { PREVIEW_VIEW } from '@paddock/shared/ui/documents';
import { screen, within } from '@testing-library/react';
import type { Routes } from '@paddock/shared/testing';
import { renderCommerce } from '../../testing/harness';
import { makeDocument, makeOrder } from '../../testing/orderFixtures';

const paid = makeOrder(3, { status: 'submitted', minimum_hectare_requirements_pricing: true });
paid.document = makeDocument(paid.id, 'tax_receipt');
const unpaid = makeOrder(4, { status: 'pending', payment_method: 'invoice', payment_status: 'open' });
unpaid.document = makeDocument(unpaid.id, 'tax_invoice');

function routes(overrides: Routes = {}): Routes {
  return {
    [`GET /v2/orders/${paid.id}`]: {
      status: 200,
      body: { data: paid, payment: null },
    },
    [`GET /v2/orders/${unpaid.id}`]: {
      status: 200,
      body: {
        data: unpaid,
        payment: {
          id: 'pay-4',
          invoice_number: 'INV-000042',
          updated_on: '2026-11-20T01:00:00Z',
          method: 'invoice',
          status: 'open',
          amount: 110_000,
          gst: 10_000,
          currency: 'aud',
          paid_on: null,
        },
      },
    },
    ...overrides,
  };
}

beforeAll(() => {
  // jsdom has no object URLs; the modal shows the PDF through one.
  URL.createObjectURL = jest.fn(() => 'blob:document');
  URL.revokeObjectURL = jest.fn();
});

// Typing a card and walking pages on a shared machine takes longer than the default 5 s.
jest.setTimeout(30_000);

describe('/order-review/{id}', () => {
  it('shows every item of the review: farm, fields with thumbnails, dates, hectares, price excl. GST, method, status', async () => {
    renderCommerce({ route: `/order-review/${paid.id}`, routes: routes() });
    expect(await screen.findByRole('heading', { name: 'Order Review' })).toBeInTheDocument();
    expect(screen.getByText('High Resolution Ordering')).toBeInTheDocument();
    const farm = within(await screen.findByRole('article', { name: 'River Farm' }));
    expect(farm.getByText('North Paddock')).toBeInTheDocument();
    expect(farm.getByText(/Wheat/)).toBeInTheDocument();
    expect(farm.getByText(/No Crop Type/)).toBeInTheDocument();
    expect(farm.getByText(/70\.25 ha/)).toBeInTheDocument();
    const thumbnail = farm.getByRole('img', { name: 'Outline of North Paddock' });
    expect(thumbnail).toHaveAttribute('width', '100');
    expect(thumbnail).toHaveAttribute('height', '100');
    expect(screen.getByText('01 Dec 2026')).toBeInTheDocument();
    expect(screen.getByText('01 Mar 2027')).toBeInTheDocument();
    expect(screen.getByText('120.50 ha')).toBeInTheDocument();
    expect(screen.getByText('$1,000.00')).toBeInTheDocument();
    expect(screen.getByText(/minimum hectare requirement/)).toBeInTheDocument();
    expect(screen.getByText('Debit or Credit Card')).toBeInTheDocument();
    expect(screen.getByText('New')).toBeInTheDocument();
    expect(screen.getByText('Paid')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'View Receipt' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back to Dashboard' })).toBeInTheDocument();
    expect(screen.queryByText(/placed successfully/)).toBeNull();
  });

  it('/success adds the banner; Place New Order opens the wizard', async () => {
    const { ui } = renderCommerce({
      route: `/order-review/${paid.id}/success`,
      routes: routes({ 'GET /v2/products': { status: 200, body: { data: [] } } }),
    });
    expect(
      await screen.findByText('Your order has been placed successfully. You will be contacted shortly.'),
    ).toBeInTheDocument();
    await ui.click(screen.getByRole('button', { name: 'Place New Order' }));
    expect(await screen.findByRole('heading', { name: 'High Resolution Ordering' })).toBeInTheDocument();
  });

  it('an unpaid order: View Invoice opens its Tax Invoice with a PDF download', async () => {
    const { ui, server } = renderCommerce({
      route: `/order-review/${unpaid.id}`,
      routes: routes({
        [`GET /v2/orders/${unpaid.id}/documents/doc-tax_invoice`]: { status: 200, body: { pdf: true } },
      }),
    });
    expect(await screen.findByText('Invoice')).toBeInTheDocument();
    expect(screen.getByText('INV-000042')).toBeInTheDocument();
    expect(screen.getByText('Unpaid: to be paid within 14 days')).toBeInTheDocument();
    await ui.click(screen.getByRole('button', { name: 'View Invoice' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Tax Invoice' }));
    const download = await dialog.findByRole('link', { name: 'Download PDF' });
    expect(download).toHaveAttribute('download', 'tax_invoice-INV-000042.pdf');
    expect(dialog.getByTitle('Tax Invoice')).toHaveAttribute('src', `blob:document${PREVIEW_VIEW}`);
    expect(server.find('GET', `/v2/orders/${unpaid.id}/documents/doc-tax_invoice`)).toHaveLength(1);
  });

  it('while the server prepares the Tax Receipt, says so and re-reads the order until it is there', async () => {
    const preparing = { ...paid, document: null, document_pending: true };
    let reads = 0;
    const { ui, server } = renderCommerce({
      route: `/order-review/${paid.id}`,
      routes: routes({
        [`GET /v2/orders/${paid.id}`]: () => {
          reads += 1;
          return { status: 200, body: { data: reads < 3 ? preparing : paid, payment: null } };
        },
        [`GET /v2/orders/${paid.id}/documents/doc-tax_receipt`]: { status: 200, body: { pdf: true } },
      }),
    });
    expect(await screen.findByText('Preparing your tax receipt…')).toBeInTheDocument();
    await ui.click(screen.getByRole('button', { name: 'View Receipt' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Tax Receipt' }));
    expect(dialog.getByText('Preparing your tax receipt…')).toBeInTheDocument();
    // The open dialog shows the receipt as soon as a re-read brings it.
    expect(await dialog.findByRole('link', { name: 'Download PDF' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(server.find('GET', `/v2/orders/${paid.id}`)).toHaveLength(3);
    expect(screen.queryByText('Preparing your tax receipt…')).toBeNull();
  });

  it('an order of someone else (404) says it was not found', async () => {
    renderCommerce({ route: '/order-review/other', routes: routes() });
    expect(await screen.findByText('Order not found')).toBeInTheDocument();
  });
});
