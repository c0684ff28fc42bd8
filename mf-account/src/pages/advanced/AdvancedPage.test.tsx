import { act, screen, waitFor, within } from '@testing-library/react';
import { makeProfile } from '@paddock/shared/testing';
import type { Profile, SubscriptionPrice } from '@paddock/shared/contracts';
import { renderAccount, toastMessages, type Routes } from '../../testing/harness';
import { premiumPolling } from '../../hooks/useAwaitPremium';
import { STICKY_BAR_PX } from './AdvancedPage';

const basic = makeProfile({
  terms_accepted_version: 'v1',
  first_name: 'Jane',
  last_name: 'Farmer',
  address1: '1 Long Paddock Rd',
  city: 'Wagga Wagga',
  state: 'NSW',
  country: 'AU',
  post_code: '2650',
});
const premium: Profile = {
  ...basic,
  tier: { key: 'premium', name: 'Advanced' },
  subscriptions: [{ id: 's1', status: 'active', expires_at: '2027-11-22T00:00:00Z', cancelled_at: null }],
};

const price: SubscriptionPrice = {
  basePrice: 49900,
  actualPrice: 49900,
  discount: null,
  isValidDiscount: false,
  tax_rate: 10,
  currency: 'aud',
  stripe_product_id: 'prod_advanced',
};

function routes(extra: Routes = {}): Routes {
  return {
    'GET /v2/subscriptions/price': { status: 200, body: price },
    'GET /v2/payments/config': {
      status: 200,
      body: { provider: 'test', publishableKey: 'pk_test_x', apiUrl: 'http://api.test/test-provider' },
    },
    'POST /v2/subscriptions': {
      status: 201,
      body: {
        stripe_payment_intent_client_secret: 'pi_1_secret_2',
        payment_id: 'p1',
        subtotal: 49900,
        gst: 4990,
        amount: 54890,
        currency: 'aud',
      },
    },
    'POST /test-provider/v1/payment_intents/pi_1/confirm': { status: 200, body: { id: 'pi_1', status: 'succeeded' } },
    'GET /v2/accounts/profile': { status: 200, body: { data: premium } },
    ...extra,
  };
}

async function fillCard(ui: ReturnType<typeof renderAccount>['ui'], dialog: HTMLElement) {
  await ui.type(within(dialog).getByLabelText('Card number'), '4242424242424242');
  await ui.type(within(dialog).getByLabelText('Expiry'), '1234');
  await ui.type(within(dialog).getByLabelText('CVC/CVV'), '123');
}

jest.setTimeout(20_000);

beforeEach(() => {
  premiumPolling.intervalMs = 0;
});

describe('/advanced', () => {
  it('shows hero, features, quotes, the comparison and a footer; buttons open the checkout', async () => {
    const { ui } = renderAccount({ route: '/advanced', profile: basic, routes: routes() });
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.getByText(/12,000 farms and 7,000,000 ha/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Basic vs Advanced' })).toBeInTheDocument();
    expect(screen.getByRole('table')).toHaveTextContent('NDRE calculation');
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await ui.click(screen.getAllByRole('button', { name: 'Get Advanced' })[0]!);
    expect(await screen.findByRole('dialog', { name: 'Subscribe to Advanced' })).toBeInTheDocument();
  });

  it('shows the sticky bar only after 500 px of scroll', () => {
    renderAccount({ route: '/advanced', profile: basic, routes: routes() });
    const scrollTo = (y: number) =>
      act(() => {
        Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
        window.dispatchEvent(new Event('scroll'));
      });
    expect(screen.queryByRole('region', { name: 'Upgrade' })).not.toBeInTheDocument();
    scrollTo(STICKY_BAR_PX);
    expect(screen.queryByRole('region', { name: 'Upgrade' })).not.toBeInTheDocument();
    scrollTo(STICKY_BAR_PX + 1);
    expect(screen.getByRole('region', { name: 'Upgrade' })).toBeInTheDocument();
    scrollTo(0);
  });

  it('Switch to Basic goes to the settings subscription status', async () => {
    const { ui } = renderAccount({ route: '/advanced', profile: basic, routes: routes() });
    await ui.click(screen.getByRole('button', { name: 'Switch to Basic' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
  });

  it("a premium user's buttons are disabled: 'Current Plan' / 'You're already using advanced'", () => {
    renderAccount({ route: '/advanced', profile: premium, routes: routes() });
    expect(screen.getByRole('button', { name: "You're already using advanced" })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Current Plan' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Get Advanced' })).not.toBeInTheDocument();
  });

  it.each(['subscribe', 'success'])('/advanced/%s opens the modal on arrival', async (state) => {
    renderAccount({ route: `/advanced/${state}`, profile: premium, routes: routes() });
    const dialog = await screen.findByRole('dialog', { name: 'You are now on Advanced' });
    expect(within(dialog).getByRole('button', { name: 'Go to Dashboard' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Back to Advanced' })).toBeInTheDocument();
  });
});

describe('subscription checkout', () => {
  it("subscribes with 4242: 'Processing', then 'You are now on Advanced' and the profile on the bus", async () => {
    // The webhook lands a moment after the card is confirmed: the profile says Basic twice first.
    premiumPolling.intervalMs = 30;
    let reads = 0;
    const { ui, server, profileEvents } = renderAccount({
      route: '/advanced/subscribe',
      profile: basic,
      routes: routes({
        'GET /v2/accounts/profile': () => ({ status: 200, body: { data: (reads += 1) > 2 ? premium : basic } }),
      }),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Subscribe to Advanced' });
    expect(await within(dialog).findByText('AU$548.90')).toBeInTheDocument();
    expect(within(dialog).getByText('Billed Now')).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: /Country/ })).toHaveValue('AU');
    expect(within(dialog).getByLabelText(/Cardholder name/)).toHaveValue('Jane Farmer');
    await fillCard(ui, dialog);
    await ui.click(within(dialog).getByRole('button', { name: 'Subscribe & Checkout' }));
    expect(await within(dialog).findByRole('button', { name: 'Processing' })).toBeDisabled();
    expect(await screen.findByRole('dialog', { name: 'You are now on Advanced' })).toBeInTheDocument();
    expect(server.find('POST', '/v2/subscriptions')[0]?.body).toEqual({ stripe_product_id: 'prod_advanced' });
    const [confirm] = server.find('POST', '/test-provider/v1/payment_intents/pi_1/confirm');
    expect(confirm?.body).toMatchObject({
      client_secret: 'pi_1_secret_2',
      payment_method_data: {
        card: { number: '4242424242424242', exp_month: 12, exp_year: 2034 },
        billing_details: { name: 'Jane Farmer', address: { country: 'AU', city: 'Wagga Wagga', postal_code: '2650' } },
      },
    });
    expect(profileEvents.at(-1)).toMatchObject({ profile: { tier: { key: 'premium' } } });
  });

  it('names the introductory offer with its duration and states the renewal price before paying', async () => {
    const offer: SubscriptionPrice = {
      ...price,
      actualPrice: 39920,
      discount: { amount: 20, denomination: 'percent', expires: Math.floor(Date.now() / 1000) + 86_400 * 30 },
      isValidDiscount: true,
    };
    renderAccount({
      route: '/advanced/subscribe',
      profile: basic,
      routes: routes({ 'GET /v2/subscriptions/price': { status: 200, body: offer } }),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Subscribe to Advanced' });
    expect(await within(dialog).findByText('AU$439.12')).toBeInTheDocument();
    expect(within(dialog).getByText('20% off your first year (introductory offer)')).toBeInTheDocument();
    expect(within(dialog).getByText('Renews at AU$499.00 + GST a year.')).toBeInTheDocument();
  });

  it("shows the provider's message and re-enables the form on a declined card", async () => {
    const { ui, toasts } = renderAccount({
      route: '/advanced/subscribe',
      profile: basic,
      routes: routes({
        'POST /test-provider/v1/payment_intents/pi_1/confirm': {
          status: 402,
          body: { error: { message: 'Your card was declined.' } },
        },
      }),
    });
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('AU$548.90');
    await fillCard(ui, dialog);
    await ui.click(within(dialog).getByRole('button', { name: 'Subscribe & Checkout' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Your card was declined.');
    expect(toastMessages(toasts)).toContain('Your card was declined.');
    expect(within(dialog).getByRole('button', { name: 'Subscribe & Checkout' })).toBeEnabled();
    expect(within(dialog).getByLabelText('Card number')).toBeEnabled();
  });

  it("stops with 'There's some validation error' and the spec's messages", async () => {
    const { ui, server, toasts } = renderAccount({
      route: '/advanced/subscribe',
      profile: makeProfile({ terms_accepted_version: 'v1' }),
      routes: routes(),
    });
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('AU$548.90');
    await ui.click(within(dialog).getByRole('button', { name: 'Subscribe & Checkout' }));
    expect(toastMessages(toasts)).toContain("There's some validation error");
    for (const message of [
      'Enter address',
      'Enter city',
      'Please select state/province.',
      'Please enter zip or postal code.',
      'Enter cardholder name',
      'Please input your card details.',
    ])
      expect(within(dialog).getByText(message)).toBeInTheDocument();
    expect(server.find('POST', '/v2/subscriptions')).toHaveLength(0);
  });

  it('tells the user when the account is already Advanced (409)', async () => {
    const { ui, toasts } = renderAccount({
      route: '/advanced/subscribe',
      profile: basic,
      routes: routes({ 'POST /v2/subscriptions': { status: 409, body: { detail: "You're already using advanced" } } }),
    });
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('AU$548.90');
    await fillCard(ui, dialog);
    await ui.click(within(dialog).getByRole('button', { name: 'Subscribe & Checkout' }));
    await waitFor(() => expect(toastMessages(toasts)).toContain("You're already using advanced"));
  });
});
