import { act, screen, within } from '@testing-library/react';
import { makeProfile, makeUser } from '@paddock/shared/testing';
import type { FarmFeature, Profile, SubscriptionPrice } from '@paddock/shared/contracts';
import { renderAccount, type Routes } from '../../testing/harness';
import { portalNavigation } from '../../hooks/useSubscription';

const accepted = (account: Parameters<typeof makeProfile>[0] = {}, rest: Parameters<typeof makeProfile>[1] = {}) =>
  makeProfile({ terms_accepted_version: 'v1', ...account }, rest);

const premium = (subscription: { expires_at: string | null; cancelled_at: string | null }): Profile =>
  accepted(
    {},
    {
      tier: { key: 'premium', name: 'Advanced' },
      subscriptions: [{ id: 's1', status: subscription.cancelled_at ? 'cancelled' : 'active', ...subscription }],
    },
  );

const farm = (id: string, name: string, fields: number, area: number): FarmFeature => ({
  type: 'Feature',
  id,
  geometry: null,
  bbox: null,
  properties: {
    farm_id: id,
    farm_name: name,
    is_favorite: true,
    collaborators: [],
    number_of_fields: fields,
    farm_area: area,
    location: null,
    owner_email: null,
    permission: 'owner',
    created_on: '2024-01-01T00:00:00Z',
    updated_on: '2024-01-01T00:00:00Z',
  },
});

const farmPage = (features: FarmFeature[], total = features.length) => ({
  status: 200,
  body: {
    type: 'FeatureCollection',
    features,
    pages: { total_count: total, total_pages: Math.ceil(total / 10), skip: 0, limit: 10 },
  },
});

const price = (overrides: Partial<SubscriptionPrice> = {}): SubscriptionPrice => ({
  basePrice: 49900,
  actualPrice: 49900,
  discount: null,
  isValidDiscount: false,
  tax_rate: 10,
  currency: 'aud',
  stripe_product_id: 'prod_advanced',
  ...overrides,
});

function withData(extra: Routes = {}, farms: FarmFeature[] = [farm('f1', 'North Block', 3, 120.5)]): Routes {
  return {
    'GET /v2/farms': (request) =>
      new URL(request.url).searchParams.get('is_favorite') === 'true' ? farmPage(farms) : farmPage(farms.slice(0, 1)),
    'GET /v2/farms/totals': {
      status: 200,
      body: {
        data: {
          farms: farms.length,
          fields: farms.reduce((sum, f) => sum + f.properties.number_of_fields, 0),
          hectares: farms.reduce((sum, f) => sum + f.properties.farm_area, 0),
        },
      },
    },
    'GET /v2/zoning/orders': {
      status: 200,
      body: { data: [zoningOrder('z1'), zoningOrder('z2')] },
    },
    'GET /v2/orders': {
      status: 200,
      body: { orders: [], pages: { total_count: 4, total_pages: 4, skip: 0, limit: 1 } },
    },
    'GET /v2/sensors/em/bookings': {
      status: 200,
      body: {
        data: [
          booking('b1', '2999-01-01', '2999-01-05', 'confirmed'),
          booking('b2', '2000-01-01', '2000-01-05', 'confirmed'),
          booking('b3', '2999-02-01', '2999-02-05', 'expired'),
        ],
        pages: { total_count: 3, total_pages: 1, skip: 0, limit: 100 },
      },
    },
    'GET /v2/subscriptions/price': { status: 200, body: price() },
    ...extra,
  };
}

function booking(id: string, start: string, end: string, status: string) {
  return {
    id,
    start_date: start,
    end_date: end,
    address1: '1 Farm Rd',
    address2: '',
    city: 'Wagga Wagga',
    state: 'NSW',
    country: 'AU',
    machine_id: 'm1',
    status,
    amount: 100000,
    created_on: '2024-01-01T00:00:00Z',
  };
}

const zoningOrder = (id: string) => ({
  id,
  farm_id: 'f1',
  farm_name: 'North Block',
  payment_id: 'p1',
  status: 'paid',
  algorithm: 'standard_NDVI',
  catalog_entry: '2026-11-04',
  num_zones: 3,
  zone_resolution: 2,
  fields: ['a'],
  zones: '{"type":"FeatureCollection","features":[]}',
  area: 10,
  price: 1000,
  download_key: null,
  created_on: '2026-11-20T00:00:00Z',
  paid_on: '2026-11-20T00:00:00Z',
});

describe('dashboard', () => {
  it('welcomes the user by first and last name', () => {
    renderAccount({
      route: '/dashboard',
      profile: accepted({ first_name: 'Jane', last_name: 'Farmer' }),
      routes: withData(),
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Welcome, Jane Farmer' })).toBeInTheDocument();
  });

  it('falls back to the email prefix when there is no name', () => {
    renderAccount({
      route: '/',
      profile: accepted({ first_name: null, last_name: '  ', email: 'sam.grower@farm.example' }),
      routes: withData(),
    });
    expect(screen.getByRole('heading', { name: 'Welcome, sam.grower' })).toBeInTheDocument();
  });

  it('uses the sign-in email when the account has none', () => {
    renderAccount({ route: '/', profile: accepted({ email: null }), user: makeUser({ email: 'pat@example.com' }) });
    expect(screen.getByRole('heading', { name: 'Welcome, pat' })).toBeInTheDocument();
  });

  it('follows a profile another area announces on the bus', () => {
    const { props } = renderAccount({
      route: '/',
      profile: accepted({ email: 'sam@farm.example' }),
      routes: withData(),
    });
    act(() =>
      props.bus.emit('paddock:profile-changed', {
        profile: accepted({ first_name: 'Sam', last_name: 'Lee' }),
      }),
    );
    expect(screen.getByRole('heading', { name: 'Welcome, Sam Lee' })).toBeInTheDocument();
  });

  it('shows the totals of farms, fields and hectares from the one totals call, without paging the farms', async () => {
    const { server } = renderAccount({
      route: '/',
      profile: accepted(),
      routes: withData({
        'GET /v2/farms/totals': { status: 200, body: { data: { farms: 1234, fields: 5678, hectares: 200.5 } } },
      }),
    });
    const summary = await screen.findByRole('region', { name: 'Summary' });
    expect(within(summary).getByText('Total farms').nextSibling).toHaveTextContent('1,234');
    expect(within(summary).getByText('Total fields').nextSibling).toHaveTextContent('5,678');
    expect(within(summary).getByText('Total hectares').nextSibling).toHaveTextContent('200.5');
    expect(server.find('GET', '/v2/farms/totals')).toHaveLength(1);
    // The farm list is read only for the favourites and the tutorial's farm: one page of each, no paging.
    const listCalls = server.find('GET', '/v2/farms').map((request) => new URL(request.url).searchParams);
    expect(listCalls.every((params) => params.get('skip') === '0' && Number(params.get('limit')) <= 10)).toBe(true);
  });

  it('offers to try the totals again when they cannot be loaded', async () => {
    const { ui, server } = renderAccount({
      route: '/',
      profile: accepted(),
      routes: withData({ 'GET /v2/farms/totals': { status: 500, body: { detail: 'Database unavailable' } } }),
    });
    await ui.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(server.find('GET', '/v2/farms/totals').length).toBeGreaterThan(1);
  });

  it("shows 'Let's grow together' with Create New to a user with no farms", async () => {
    const { ui } = renderAccount({ route: '/', profile: accepted(), routes: withData({}, []) });
    const panel = await screen.findByRole('region', { name: "Let's grow together" });
    await ui.click(within(panel).getByRole('button', { name: 'Create New' }));
    expect(window.location.pathname).toBe('/farms');
    expect(window.history.state).toMatchObject({ usr: { createFarm: true } });
  });

  it('lists up to 10 favourites linking to their maps, and View more to the favourites filter', async () => {
    const many = Array.from({ length: 12 }, (_, i) => farm(`f${i}`, `Farm ${i}`, 1, 10));
    const { ui, server } = renderAccount({
      route: '/',
      profile: accepted(),
      routes: withData({
        'GET /v2/farms': (request) =>
          new URL(request.url).searchParams.get('is_favorite') === 'true'
            ? farmPage(many.slice(0, 10), 12)
            : farmPage(many),
      }),
    });
    const favourites = await screen.findByRole('region', { name: 'My favorites' });
    expect(await within(favourites).findAllByRole('link')).toHaveLength(10);
    expect(within(favourites).getByRole('link', { name: /Farm 0/ })).toHaveAttribute('href', '/farms/f0');
    const favouriteCall = server.find('GET', '/v2/farms').find((r) => r.url.includes('is_favorite=true'));
    expect(new URL(favouriteCall!.url).searchParams.get('limit')).toBe('10');
    await ui.click(within(favourites).getByRole('button', { name: 'View more' }));
    expect(window.location.pathname).toBe('/farms');
    expect(window.history.state).toMatchObject({ usr: { favourites: true } });
  });

  it('has no View more with 10 favourites or fewer', async () => {
    renderAccount({ route: '/', profile: accepted(), routes: withData() });
    const favourites = await screen.findByRole('region', { name: 'My favorites' });
    await within(favourites).findByRole('link', { name: /North Block/ });
    expect(within(favourites).queryByRole('button', { name: 'View more' })).not.toBeInTheDocument();
  });

  it('counts the zoning orders too and links them to their /order tab', async () => {
    const { ui } = renderAccount({ route: '/', profile: accepted(), routes: withData() });
    await ui.click(await screen.findByRole('link', { name: '2 Zoning orders' }));
    expect(window.location.pathname).toBe('/order');
    expect(window.history.state).toMatchObject({ usr: { tab: 'zoning' } });
  });

  it('counts upcoming orders and bookings and links each to its /order tab', async () => {
    const { ui, server } = renderAccount({ route: '/', profile: accepted(), routes: withData() });
    const orders = await screen.findByRole('link', { name: '4 Upcoming orders' });
    const bookings = await screen.findByRole('link', { name: '1 Upcoming bookings' });
    const orderCall = server.find('GET', '/v2/orders')[0]!;
    expect(new URL(orderCall.url).searchParams.getAll('statuses')).toEqual(['processing', 'submitted']);
    await ui.click(orders);
    expect(window.location.pathname).toBe('/order');
    expect(window.history.state).toMatchObject({ usr: { tab: 'orders' } });
    await ui.click(bookings);
    expect(window.history.state).toMatchObject({ usr: { tab: 'bookings' } });
  });

  it('shows the expiry and Manage Subscription for an active Advanced plan, opening the portal', async () => {
    const assign = jest.spyOn(portalNavigation, 'assign').mockImplementation(() => undefined);
    try {
      const { ui } = renderAccount({
        route: '/',
        profile: premium({ expires_at: '2027-03-14T00:00:00Z', cancelled_at: null }),
        routes: withData({
          'GET /v2/subscriptions/portal': { status: 200, body: { portal_url: 'http://pay.test/p/1' } },
        }),
      });
      const panel = screen.getByRole('region', { name: 'Advanced plan' });
      expect(within(panel).getByText('Expires').nextSibling).toHaveTextContent('14 Mar 2027');
      await ui.click(within(panel).getByRole('button', { name: 'Manage Subscription' }));
      await act(async () => undefined);
      expect(assign).toHaveBeenCalledWith('http://pay.test/p/1');
    } finally {
      assign.mockRestore();
    }
  });

  it('toasts a billing-portal error', async () => {
    const { ui, toasts } = renderAccount({
      route: '/',
      profile: premium({ expires_at: '2027-03-14T00:00:00Z', cancelled_at: null }),
      routes: withData({ 'GET /v2/subscriptions/portal': { status: 503, body: { detail: 'Billing is resting' } } }),
    });
    await ui.click(screen.getByRole('button', { name: 'Manage Subscription' }));
    await screen.findByRole('button', { name: 'Manage Subscription' });
    await act(async () => undefined);
    expect(toasts.map((t) => t.message)).toContain('Billing is resting');
  });

  it('shows the cancelled and expiry dates of a cancelled plan', () => {
    renderAccount({
      route: '/',
      profile: premium({ expires_at: '2027-03-14T00:00:00Z', cancelled_at: '2026-11-02T10:00:00Z' }),
      routes: withData(),
    });
    const panel = screen.getByRole('region', { name: 'Advanced plan' });
    expect(within(panel).getByText('Cancelled').nextSibling).toHaveTextContent('2 Nov 2026');
    expect(within(panel).getByText('Expires').nextSibling).toHaveTextContent('14 Mar 2027');
  });

  it('offers Subscribe with a valid discount to a Basic user', async () => {
    const { ui } = renderAccount({
      route: '/',
      profile: accepted(),
      routes: withData({
        'GET /v2/subscriptions/price': {
          status: 200,
          body: price({
            actualPrice: 39900,
            isValidDiscount: true,
            discount: { amount: 10000, denomination: 'aud_cents', expires: 4102444800 },
          }),
        },
      }),
    });
    const panel = screen.getByRole('region', { name: 'Basic plan' });
    expect((await within(panel).findByText(/Discount offer:/)).parentElement).toHaveTextContent(
      'Discount offer: AU$100.00 off — AU$399.00 a year instead of AU$499.00',
    );
    await ui.click(within(panel).getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByRole('dialog', { name: 'Subscribe to Advanced' })).toBeInTheDocument();
  });

  it('shows no offer when the discount has expired, only the price with GST', async () => {
    renderAccount({
      route: '/',
      profile: accepted(),
      routes: withData({
        'GET /v2/subscriptions/price': {
          status: 200,
          body: price({ isValidDiscount: true, discount: { amount: 20, denomination: 'percent', expires: 1000 } }),
        },
      }),
    });
    const panel = screen.getByRole('region', { name: 'Basic plan' });
    expect(await within(panel).findByText('AU$499.00 a year + 10% GST.')).toBeInTheDocument();
    expect(within(panel).queryByText(/Discount offer/)).not.toBeInTheDocument();
  });

  it('points the guide cards to the Store, the support e-mail and the map tutorial of the latest farm', async () => {
    const { ui, server } = renderAccount({ route: '/', profile: accepted(), routes: withData() });
    expect(screen.getByRole('link', { name: 'Visit the Store' })).toHaveAttribute('href', '/store');
    expect(screen.getByRole('link', { name: 'support@paddock.example' })).toHaveAttribute(
      'href',
      'mailto:support@paddock.example',
    );
    const tutorial = await screen.findByRole('link', { name: 'Start the map tutorial' });
    expect(tutorial).toHaveAttribute('href', '/farms/f1');
    expect(tutorial).not.toHaveAttribute('target');
    const tourCall = server.find('GET', '/v2/farms').find((r) => !r.url.includes('is_favorite'));
    expect(Object.fromEntries(new URL(tourCall!.url).searchParams)).toMatchObject({
      limit: '1',
      sort_by: 'updated_on',
      sort_dir: 'desc',
    });
    await ui.click(tutorial);
    expect(window.location.pathname).toBe('/farms/f1');
    expect(window.history.state).toMatchObject({ usr: { tutorial: true } });
  });

  it('leads a user with no farm to create one, whose map starts the tutorial', async () => {
    const { ui } = renderAccount({ route: '/', profile: accepted(), routes: withData({}, []) });
    const link = await screen.findByRole('link', { name: 'Create a farm to start the tutorial' });
    expect(link).toHaveAttribute('href', '/farms');
    await ui.click(link);
    expect(window.location.pathname).toBe('/farms');
    expect(window.history.state).toMatchObject({ usr: { createFarm: true } });
  });

  it('never links outside the product from the guide cards', async () => {
    renderAccount({ route: '/', profile: accepted(), routes: withData() });
    await screen.findByRole('link', { name: 'Start the map tutorial' });
    const guides = screen.getByRole('region', { name: 'Guides and help' });
    for (const link of within(guides).getAllByRole('link')) {
      const href = link.getAttribute('href') ?? '';
      expect(href.startsWith('/') || href.startsWith('mailto:')).toBe(true);
    }
  });

  it.each([
    [false, 'Complete your profile'],
    [true, 'Terms'],
  ])('sends a user without accepted terms onwards (email verified: %s)', async (verified, _label) => {
    renderAccount({
      route: '/dashboard',
      profile: makeProfile({ terms_accepted_version: null }),
      user: makeUser({ email_verified: verified }),
    });
    expect(screen.queryByRole('heading', { level: 1, name: 'Dashboard' })).not.toBeInTheDocument();
  });

  it('keeps a user with accepted terms and an unverified email on the dashboard', () => {
    renderAccount({
      route: '/dashboard',
      profile: accepted(),
      user: makeUser({ email_verified: false }),
      routes: withData(),
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
  });
});
