import { screen, within } from '@testing-library/react';
import type { Routes } from '@paddock/shared/testing';
import { renderCommerce } from '../../testing/harness';
import { makeOrder, products } from '../../testing/orderFixtures';

const DECLINED = 'Your card has been declined. Please check your card information and try it again.';
const order = makeOrder(5, { status: 'pending', payment_status: 'open', awaiting_payment: true });

function routes(overrides: Routes = {}): Routes {
  return {
    [`GET /v2/orders/${order.id}`]: { status: 200, body: { data: order, payment: null } },
    'GET /v2/payments/config': {
      status: 200,
      body: { provider: 'test', publishableKey: 'pk_test_x', apiUrl: 'http://api.test/test-provider' },
    },
    [`POST /v2/payments/${order.id}`]: {
      status: 200,
      body: {
        data: { client_secret: 'pi_9_secret_x', payment_id: 'pay-9', amount: 110_000, gst: 10_000, currency: 'aud' },
      },
    },
    ...overrides,
  };
}

async function renderPay(overrides: Routes = {}, id = order.id) {
  const view = renderCommerce({ route: `/pay/${id}`, routes: routes(overrides) });
  return view;
}

type Ui = Awaited<ReturnType<typeof renderPay>>['ui'];

async function fillCard(ui: Ui, number: string) {
  const card = within(await screen.findByRole('region', { name: 'Card Details' }));
  await ui.type(card.getByLabelText('Cardholder name'), 'Jo Grower');
  await ui.type(card.getByLabelText('Card number'), number);
  await ui.type(card.getByLabelText('Expiry'), '1230');
  await ui.type(card.getByLabelText('CVC/CVV'), '123');
  await ui.click(screen.getByText('I have read and agree to the terms and conditions.'));
}

// Typing a card and walking pages on a shared machine takes longer than the default 5 s.
jest.setTimeout(30_000);

describe('/pay/{orderId}', () => {
  it('is GST inclusive; Pay waits for the terms', async () => {
    await renderPay();
    expect(await screen.findByText('$1,000.00')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Pay for your order' })).toBeInTheDocument();
    expect(screen.getByText('$100.00')).toBeInTheDocument();
    expect(screen.getByText('AU$1,100.00')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Pay AU$1,100.00' })).toBeDisabled();
  });

  it('a paid card: Processing, then the review with the success banner', async () => {
    const { ui, server } = await renderPay({
      'POST /test-provider/v1/payment_intents/pi_9/confirm': { status: 200, body: { id: 'pi_9', status: 'succeeded' } },
    });
    await fillCard(ui, '4242424242424242');
    await ui.click(screen.getByRole('button', { name: 'Pay AU$1,100.00' }));
    expect(
      await screen.findByText('Your order has been placed successfully. You will be contacted shortly.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Order Review' })).toBeInTheDocument();
    expect(server.find('POST', `/v2/payments/${order.id}`)).toHaveLength(1);
  });

  it('a declined card shows the decline message and the form can be used again', async () => {
    const { ui } = await renderPay({
      'POST /test-provider/v1/payment_intents/pi_9/confirm': {
        status: 402,
        body: { error: { message: 'Your card was declined.' } },
      },
    });
    await fillCard(ui, '4000000000000002');
    await ui.click(screen.getByRole('button', { name: 'Pay AU$1,100.00' }));
    expect(await screen.findByText(DECLINED)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay AU$1,100.00' })).toBeEnabled();
  });

  it('an invoice order goes back to its review', async () => {
    const invoice = makeOrder(6, { payment_method: 'invoice', status: 'pending' });
    await renderPay(
      { [`GET /v2/orders/${invoice.id}`]: { status: 200, body: { data: invoice, payment: null } } },
      invoice.id,
    );
    expect(await screen.findByRole('heading', { name: 'Order Review' })).toBeInTheDocument();
  });

  it('an order being captured has nothing to pay: the pay button is disabled', async () => {
    const capturing = makeOrder(7, { status: 'processing' });
    await renderPay(
      { [`GET /v2/orders/${capturing.id}`]: { status: 200, body: { data: capturing, payment: null } } },
      capturing.id,
    );
    expect(await screen.findByRole('heading', { name: 'Nothing to pay' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay AU$1,100.00' })).toBeDisabled();
  });

  it('an unknown order says so', async () => {
    await renderPay({}, 'nope');
    expect(await screen.findByText('Order not found')).toBeInTheDocument();
  });
});

describe('/pay/{id}: the price said before paying', () => {
  it("names the minimum area and minimum price in the order's arithmetic", async () => {
    const small = makeOrder(9, {
      status: 'pending',
      payment_status: 'open',
      awaiting_payment: true,
      product_id: 'p-broad',
      total_product_unit: 20.9,
      order_subtotal: 30_000,
      specification: { config: { number_of_captures: 3 }, field_ids: ['f1'] },
    });
    await renderPay(
      {
        [`GET /v2/orders/${small.id}`]: { status: 200, body: { data: small, payment: null } },
        'GET /v2/products': { status: 200, body: { data: products } },
      },
      small.id,
    );
    expect(
      await screen.findByText(
        '20.90 ha ordered, 50.00 ha charged (minimum area) × $5.00/ha = $250.00; minimum price $300.00 charged',
      ),
    ).toBeInTheDocument();
  });
});
