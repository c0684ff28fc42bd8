import { screen, waitFor, within } from '@testing-library/react';
import type { CartResponse } from '@paddock/shared/contracts';
import { makeProfile, type Routes } from '@paddock/shared/testing';
import { renderCommerce } from '../../testing/harness';

const cart: CartResponse = {
  data: [
    {
      id: 'c1',
      item_type: 'zoning',
      price: 10_200,
      created_on: '2026-11-20T00:00:00Z',
      details: {
        farm_id: 'f1',
        farm_name: 'Riverbend',
        num_zones: 3,
        fields: ['a', 'b'],
        zones: {
          type: 'FeatureCollection',
          features: [
            {
              type: 'Feature',
              geometry: {
                type: 'Polygon',
                coordinates: [
                  [
                    [147.36, -35.12],
                    [147.37, -35.12],
                    [147.37, -35.11],
                    [147.36, -35.12],
                  ],
                ],
              },
              properties: { zone: 1, field_id: 'a' },
            },
          ],
        },
        algorithm: 'standard_NDVI',
        catalog_entry: '2026-11-04',
        zone_resolution: 2,
        area: 101.2,
      },
    },
  ],
  total: 10_200,
  gst: 927,
  currency: 'aud',
};

const contact = {
  first_name: 'Owen',
  last_name: 'Grower',
  email: 'owen@example.com',
  phone_number: '+61 412 345 678',
  company: null,
  street: null,
  suburb: null,
  address1: '1 Long Paddock Rd',
  address2: null,
  city: 'Wagga Wagga',
  state: 'NSW',
  country: 'AU',
  post_code: '2650',
  user_type: 'farmer',
};

function routes(overrides: Routes = {}): Routes {
  return {
    'GET /v2/cart/': { status: 200, body: cart },
    'GET /v2/accounts/profile': { status: 200, body: { data: makeProfile({}, { payments: [] }) } },
    'GET /v2/accounts/contact_details': { status: 200, body: { data: contact } },
    'GET /v2/payments/config': {
      status: 200,
      body: { provider: 'test', publishableKey: 'pk_test_x', apiUrl: 'http://api.test/test-provider' },
    },
    'POST /v2/cart/checkout': {
      status: 200,
      body: {
        client_secret: 'pi_1_secret_2',
        payment_id: 'p1',
        amount: 10_200,
        gst: 927,
        currency: 'aud',
        invoice_number: null,
      },
    },
    ...overrides,
  };
}

async function renderCheckout(overrides: Routes = {}) {
  const view = renderCommerce({ route: '/payment', routes: routes(overrides) });
  await screen.findByRole('heading', { name: 'Final step, make the payment.' });
  return view;
}

const card = () => within(screen.getByRole('region', { name: 'Card Details' }));

describe('/payment', () => {
  it('shows the order summary grouped under VRT Zoning with the total, and a test-mode card form', async () => {
    await renderCheckout();
    const summary = within(screen.getByRole('region', { name: 'Order summary' }));
    expect(summary.getByText('VRT Zoning')).toBeInTheDocument();
    expect(summary.getByText('Riverbend')).toBeInTheDocument();
    expect(summary.getByText(/3 zones · 2 fields/)).toBeInTheDocument();
    expect(summary.getAllByText('AU$102.00')).toHaveLength(2);
    expect(await card().findByText('TEST MODE')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay AU$102.00' })).toBeDisabled();
  });

  it('with an empty cart shows that there is nothing to pay and the way back, not the payment form', async () => {
    const { ui } = renderCommerce({
      route: '/payment',
      routes: routes({ 'GET /v2/cart/': { status: 200, body: { ...cart, data: [], total: 0, gst: 0 } } }),
    });
    expect(await screen.findByRole('heading', { name: 'Your cart is empty' })).toBeInTheDocument();
    expect(screen.getByText(/You have no items in your cart/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pay / })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Card Details' })).not.toBeInTheDocument();
    await ui.click(screen.getByRole('button', { name: 'Go to your farms' }));
    expect(window.location.pathname).toBe('/farms');
  });

  it('invoice is disabled with the contact-us hint unless the account may use it', async () => {
    await renderCheckout();
    expect(screen.getByLabelText('Invoice')).toBeDisabled();
    expect(screen.getByText('Invoice payment is available on request, please contact us.')).toBeInTheDocument();
  });

  it('blocks with the card messages and the validation toast when the card is not filled in', async () => {
    const { ui, toasts, server } = await renderCheckout();
    // The cardholder is prefilled with the saved name; emptied here.
    await ui.clear(card().getByLabelText('Cardholder name'));
    await ui.click(screen.getByText(/I have read and agree to the/));
    await ui.click(screen.getByRole('button', { name: 'Pay AU$102.00' }));
    expect(await screen.findByText('Please input card holder name.')).toBeInTheDocument();
    expect(screen.getByText('Please input your card details.')).toBeInTheDocument();
    expect(screen.getByText('Please input your card expiry details.')).toBeInTheDocument();
    expect(screen.getByText("Please input your card's CVV/CVC.")).toBeInTheDocument();
    expect(toasts).toContainEqual({ kind: 'error', message: "There's some validation error" });
    expect(server.find('POST', '/v2/cart/checkout')).toHaveLength(0);
  });

  it('says which card part is wrong: number, expiry and CVC', async () => {
    const { ui } = await renderCheckout();
    await ui.type(card().getByLabelText('Card number'), '4242424242424241');
    await ui.type(card().getByLabelText('Expiry'), '0120');
    await ui.type(card().getByLabelText('CVC/CVV'), '12');
    await ui.tab();
    expect(await screen.findByText('Please enter a valid card number')).toBeInTheDocument();
    expect(screen.getByText('Card expiry is invalid.')).toBeInTheDocument();
    expect(
      screen.getByText('Please copy your CVV/CVC code from the back of your card and continue with your payment.'),
    ).toBeInTheDocument();
  });

  it('the CVC takes digits only, at most 5, and can be shown', async () => {
    const { ui } = await renderCheckout();
    const cvc = card().getByLabelText('CVC/CVV');
    expect(cvc).toHaveAttribute('type', 'password');
    await ui.type(cvc, '12a34567');
    expect(cvc).toHaveValue('12345');
    await ui.click(card().getByRole('button', { name: 'Show CVC' }));
    expect(cvc).toHaveAttribute('type', 'text');
  });

  it('names the card brand as the number is typed', async () => {
    const { ui } = await renderCheckout();
    await ui.type(card().getByLabelText('Card number'), '5555');
    expect(card().getByTestId('card-brand')).toHaveTextContent('Mastercard');
  });

  it('pays: the payment-intent request for the cart, the card confirmed with the client secret, success', async () => {
    const { ui, toasts, server } = await renderCheckout({
      'POST /test-provider/v1/payment_intents/pi_1/confirm': { status: 200, body: { id: 'pi_1', status: 'succeeded' } },
    });
    await ui.type(card().getByLabelText('Cardholder name'), 'Owen Grower');
    await ui.type(card().getByLabelText('Card number'), '4242424242424242');
    await ui.type(card().getByLabelText('Expiry'), '1230');
    await ui.type(card().getByLabelText('CVC/CVV'), '123');
    await ui.click(screen.getByText(/I have read and agree to the/));
    await ui.click(screen.getByRole('button', { name: 'Pay AU$102.00' }));
    await waitFor(() => expect(toasts).toContainEqual({ kind: 'success', message: 'Payment successful!' }));
    const [checkout] = server.find('POST', '/v2/cart/checkout');
    expect(new URL(checkout?.url as string).search).toBe('?cart_ids=c1&invoice=false');
    const [confirm] = server.find('POST', '/test-provider/v1/payment_intents/pi_1/confirm');
    expect(confirm?.body).toMatchObject({
      key: 'pk_test_x',
      client_secret: 'pi_1_secret_2',
      payment_method_data: { card: { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' } },
    });
    expect(screen.getByRole('button', { name: 'Processing…' })).toBeDisabled();
  });

  it('a declined card shows the provider message and the pay button works again', async () => {
    const { ui, toasts } = await renderCheckout({
      // The details are kept even so; keeping them must not reset the form (terms stay ticked).
      'PUT /v2/accounts/contact_details': { status: 204 },
      'POST /test-provider/v1/payment_intents/pi_1/confirm': {
        status: 402,
        body: { error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } },
      },
    });
    await ui.type(card().getByLabelText('Cardholder name'), 'Owen Grower');
    await ui.type(card().getByLabelText('Card number'), '4000000000000002');
    await ui.type(card().getByLabelText('Expiry'), '1230');
    await ui.type(card().getByLabelText('CVC/CVV'), '123');
    await ui.click(screen.getByText(/I have read and agree to the/));
    await ui.click(screen.getByRole('button', { name: 'Pay AU$102.00' }));
    await waitFor(() => expect(toasts).toContainEqual({ kind: 'error', message: 'Your card was declined.' }));
    expect(screen.getByRole('button', { name: 'Pay AU$102.00' })).toBeEnabled();
  });

  async function payWith4242(ui: Awaited<ReturnType<typeof renderCheckout>>['ui']) {
    await ui.type(card().getByLabelText('Cardholder name'), 'Owen Grower');
    await ui.type(card().getByLabelText('Card number'), '4242424242424242');
    await ui.type(card().getByLabelText('Expiry'), '1230');
    await ui.type(card().getByLabelText('CVC/CVV'), '123');
    await ui.click(screen.getByText(/I have read and agree to the/));
    await ui.click(screen.getByRole('button', { name: 'Pay AU$102.00' }));
  }

  it("a cart item out of date (409): the server's words on the page and the way back to create its zones again", async () => {
    const STALE =
      "The fields of your zones on 'Riverbend' have changed since you added them to your cart, so their price is out of date. Remove them and create their zones again.";
    const { ui, server, toasts, cartEvents } = await renderCheckout({
      'POST /v2/cart/checkout': { status: 409, body: { detail: STALE } },
      'DELETE /v2/cart/c1': { status: 200, body: { detail: 'Item removed successfully!' } },
    });
    await payWith4242(ui);
    const alert = (await screen.findByText(STALE)).closest('[role="alert"]');
    expect(alert).not.toBeNull();
    const notice = within(alert as HTMLElement);
    expect(notice.getByRole('heading', { name: 'Your cart needs a change before you pay' })).toBeInTheDocument();
    expect(toasts).toContainEqual({ kind: 'error', message: STALE });
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
    expect(server.find('POST', '/test-provider/v1/payment_intents/pi_1/confirm')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Pay AU$102.00' })).toBeEnabled();
    await ui.click(notice.getByRole('button', { name: 'Create the zones of Riverbend again' }));
    await waitFor(() => expect(window.location.pathname).toBe('/farms/f1'));
    expect(server.find('DELETE', '/v2/cart/c1')).toHaveLength(1);
    expect(cartEvents).toContainEqual({ count: 0 });
  });

  it('another tab confirmed the same payment first: this tab shows that payment as paid, not an error', async () => {
    const { ui, toasts } = await renderCheckout({
      'POST /test-provider/v1/payment_intents/pi_1/confirm': {
        status: 400,
        body: {
          error: {
            type: 'invalid_request_error',
            code: 'payment_intent_unexpected_state',
            message:
              'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.',
          },
        },
      },
      'GET /test-provider/v1/payment_intents/pi_1': { status: 200, body: { id: 'pi_1', status: 'succeeded' } },
    });
    await payWith4242(ui);
    await waitFor(() => expect(toasts).toContainEqual({ kind: 'success', message: 'Payment successful!' }));
    expect(toasts.filter((toast) => toast.kind === 'error')).toEqual([]);
  });

  it('without a country the blocking dialog asks for one and saves it', async () => {
    // The dialog blocks the page (everything behind it is hidden from assistive technology).
    const { ui, server } = renderCommerce({
      route: '/payment',
      routes: routes({
        'GET /v2/accounts/contact_details': { status: 200, body: { data: { ...contact, country: null } } },
        'PUT /v2/accounts/contact_details': { status: 204 },
      }),
    });
    const dialog = within(await screen.findByRole('dialog', { name: 'Country required' }));
    expect(
      dialog.getByText('Your country is required in order for us to give you an exact price for your purchase.'),
    ).toBeInTheDocument();
    const save = dialog.getByRole('button', { name: 'Save as my country' });
    expect(save).toBeDisabled();
    await ui.selectOptions(dialog.getByLabelText('Country'), 'AU');
    await ui.click(save);
    await waitFor(() => expect(server.find('PUT', '/v2/accounts/contact_details')).toHaveLength(1));
    expect(server.find('PUT', '/v2/accounts/contact_details')[0]?.body).toEqual({ data: { country: 'au' } });
  });
});

describe('/payment: details typed once', () => {
  const paid = { status: 200, body: { id: 'pi_1', status: 'succeeded' } };
  const typeCard = async (ui: Awaited<ReturnType<typeof renderCheckout>>['ui']) => {
    await ui.type(card().getByLabelText('Card number'), '4242424242424242');
    await ui.type(card().getByLabelText('Expiry'), '1230');
    await ui.type(card().getByLabelText('CVC/CVV'), '123');
  };

  it('the first purchase keeps what was typed in the contact profile (the tick is on by default)', async () => {
    const { ui, server, toasts } = await renderCheckout({
      'GET /v2/accounts/contact_details': { status: 200, body: { data: { country: 'AU' } } },
      'PUT /v2/accounts/contact_details': { status: 204 },
      'POST /test-provider/v1/payment_intents/pi_1/confirm': paid,
    });
    expect(screen.getByRole('checkbox', { name: /Save my name, phone, company and address/ })).toBeChecked();
    await ui.type(
      within(screen.getByRole('region', { name: 'Contact Details' })).getByLabelText('Full name'),
      'Sam Mallee',
    );
    await ui.type(screen.getByRole('textbox', { name: 'Email' }), 'sam@mallee.example');
    await ui.type(screen.getByRole('textbox', { name: 'Mobile number' }), '0412 345 678');
    await ui.type(
      within(screen.getByRole('region', { name: 'Billing Details' })).getByLabelText('Full name'),
      'Sam Mallee',
    );
    await ui.type(screen.getByRole('textbox', { name: 'Company name (optional)' }), 'Mallee Grain');
    await ui.type(screen.getByRole('textbox', { name: 'Street address' }), '12 Railway Tce');
    await ui.type(screen.getByRole('textbox', { name: 'Suburb or town' }), 'Kimba');
    await ui.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'SA');
    await ui.type(screen.getByRole('textbox', { name: 'Postcode' }), '5641');
    await ui.type(card().getByLabelText('Cardholder name'), 'Sam Mallee');
    await typeCard(ui);
    await ui.click(screen.getByText(/I have read and agree to the/));
    await ui.click(screen.getByRole('button', { name: 'Pay AU$102.00' }));
    await waitFor(() => expect(toasts).toContainEqual({ kind: 'success', message: 'Payment successful!' }));
    expect(server.find('PUT', '/v2/accounts/contact_details')[0]?.body).toEqual({
      data: {
        first_name: 'Sam',
        last_name: 'Mallee',
        email: 'sam@mallee.example',
        phone_number: '+61 412 345 678',
        company: 'Mallee Grain',
        country: 'AU',
        address1: '12 Railway Tce',
        address2: '',
        city: 'Kimba',
        state: 'SA',
        post_code: '5641',
      },
    });
  });

  it('the second purchase types nothing but the card: every other field comes from the profile', async () => {
    const { ui, server, toasts } = await renderCheckout({
      'PUT /v2/accounts/contact_details': { status: 204 },
      'POST /test-provider/v1/payment_intents/pi_1/confirm': paid,
    });
    expect(screen.getByRole('textbox', { name: 'Street address' })).toHaveValue('1 Long Paddock Rd');
    expect(screen.getByRole('combobox', { name: 'State' })).toHaveValue('NSW');
    expect(screen.getByRole('textbox', { name: 'Postcode' })).toHaveValue('2650');
    expect(card().getByLabelText('Cardholder name')).toHaveValue('Owen Grower');
    await typeCard(ui);
    await ui.click(screen.getByText(/I have read and agree to the/));
    await ui.click(screen.getByRole('button', { name: 'Pay AU$102.00' }));
    await waitFor(() => expect(toasts).toContainEqual({ kind: 'success', message: 'Payment successful!' }));
    expect(server.find('POST', '/v2/cart/checkout')).toHaveLength(1);
  });

  it('without the tick nothing is kept', async () => {
    const { ui, server, toasts } = await renderCheckout({
      'POST /test-provider/v1/payment_intents/pi_1/confirm': paid,
    });
    await ui.click(screen.getByRole('checkbox', { name: /Save my name, phone, company and address/ }));
    await typeCard(ui);
    await ui.click(screen.getByText(/I have read and agree to the/));
    await ui.click(screen.getByRole('button', { name: 'Pay AU$102.00' }));
    await waitFor(() => expect(toasts).toContainEqual({ kind: 'success', message: 'Payment successful!' }));
    expect(server.find('PUT', '/v2/accounts/contact_details')).toHaveLength(0);
    expect(server.find('POST', '/v2/accounts/contact_details')).toHaveLength(0);
  });
});
