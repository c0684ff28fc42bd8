import { act, fireEvent, screen, within } from '@testing-library/react';
import { makeProfile } from '@paddock/shared/testing';
import type { SubscriptionPrice } from '@paddock/shared/contracts';
import { renderAccount, type Routes } from '../../testing/harness';
import { SLIDE_MS } from './PhaseSlider';
import { activeSection } from './scrollSpy';

const basic = makeProfile({ terms_accepted_version: 'v1' });
const premium = makeProfile({ terms_accepted_version: 'v1' }, { tier: { key: 'premium', name: 'Advanced' } });

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

const priced = (body: SubscriptionPrice | null, status = 200): Routes => ({
  'GET /v2/subscriptions/price': body ? { status, body } : { status: 500, body: { detail: 'down' } },
});

const advancedCard = () => screen.getByRole('article', { name: 'Advanced' });
const basicCard = () => screen.getByRole('article', { name: 'Basic' });

describe('store plan cards', () => {
  it('Basic user: disabled Current Plan on Basic, Subscribe to Advanced goes to /advanced/subscribe', async () => {
    const { ui } = renderAccount({ route: '/store', profile: basic, routes: priced(price()) });
    expect(screen.getByRole('heading', { level: 1, name: 'Store' })).toBeInTheDocument();
    expect(within(basicCard()).getByRole('button', { name: 'Current Plan' })).toBeDisabled();
    await ui.click(within(advancedCard()).getByRole('button', { name: 'Subscribe to Advanced' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });

  it('Advanced user: Switch to Basic goes to the settings subscription status; Advanced is the disabled Current Plan', async () => {
    const { ui } = renderAccount({ route: '/store', profile: premium, routes: priced(price()) });
    expect(within(advancedCard()).getByRole('button', { name: 'Current Plan' })).toBeDisabled();
    await ui.click(within(basicCard()).getByRole('button', { name: 'Switch to Basic' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
  });

  it('shows a loading indicator, then the base price without a discount', async () => {
    renderAccount({ route: '/store', profile: basic, routes: priced(price()) });
    expect(within(advancedCard()).getByRole('progressbar')).toBeInTheDocument();
    expect(await within(advancedCard()).findByText('AU$499.00')).toBeInTheDocument();
    expect(within(advancedCard()).queryByText('Discount offer')).not.toBeInTheDocument();
  });

  it("with a valid discount shows the actual price, the base price as 'from' and the discount text", async () => {
    renderAccount({
      route: '/store',
      profile: basic,
      routes: priced(
        price({
          actualPrice: 39920,
          isValidDiscount: true,
          discount: { amount: 20, denomination: 'percent', expires: 4102444800 },
        }),
      ),
    });
    expect(await within(advancedCard()).findByText('AU$399.20')).toBeInTheDocument();
    expect(within(advancedCard()).getByText(/^from/)).toHaveTextContent('from AU$499.00');
    expect(within(advancedCard()).getByText('Discount offer').parentElement).toHaveTextContent(
      '20% off Discount offer',
    );
  });

  it('shows nothing more when the price fails', async () => {
    renderAccount({ route: '/store', profile: basic, routes: priced(null) });
    expect(await within(advancedCard()).findByTestId('price-failed')).toBeEmptyDOMElement();
  });
});

describe('store products', () => {
  it('lists the products with their buttons and the coming-soon items', () => {
    renderAccount({ route: '/store', profile: basic, routes: priced(price()) });
    const products = screen.getByRole('region', { name: 'Explore Paddock Products' });
    expect(within(products).getByRole('link', { name: 'Order Imagery' })).toHaveAttribute(
      'href',
      '/order/high-resolution-imagery',
    );
    expect(within(products).getByRole('link', { name: 'Book a Machine' })).toHaveAttribute('href', '/rapid-em-booking');
    for (const name of ['Variable Rate Application', 'Stack', 'Yield Analysis'])
      expect(within(products).getByRole('heading', { name })).toBeInTheDocument();
    expect(within(products).getAllByText('Coming Soon')).toHaveLength(3);
  });

  it('describes the calculations with their tags', () => {
    renderAccount({ route: '/store', profile: basic, routes: priced(price()) });
    const calculations = screen.getByRole('region', { name: 'Calculations' });
    const tagOf = (name: string) => within(calculations).getByRole('heading', { name }).previousSibling;
    for (const name of ['NDVI', 'Regional NDVI', 'Colour']) expect(tagOf(name)).toHaveTextContent('Included in Basic');
    for (const name of ['NDRE', 'Plant Cell Density', 'Thermal'])
      expect(tagOf(name)).toHaveTextContent('Unlock with Advanced');
    expect(within(calculations).getByText(/check for cloud and shadow/)).toBeInTheDocument();
  });
});

describe('phase slider', () => {
  afterEach(() => jest.useRealTimers());
  const current = () => screen.getByRole('button', { current: 'step' });

  it('moves every 8000 ms and pauses with its button', () => {
    jest.useFakeTimers();
    renderAccount({ route: '/store', profile: basic, routes: priced(price()) });
    expect(current()).toHaveTextContent('Prepare');
    act(() => jest.advanceTimersByTime(SLIDE_MS - 1));
    expect(current()).toHaveTextContent('Prepare');
    act(() => jest.advanceTimersByTime(1));
    expect(current()).toHaveTextContent('Growing');
    const growing = screen.getByRole('group', { name: '2 of 4: Growing' });
    expect(within(growing).getByRole('link', { name: 'Order Now' })).toHaveAttribute(
      'href',
      '/order/high-resolution-imagery',
    );
    expect(within(growing).getByRole('link', { name: 'Learn More' })).toHaveAttribute(
      'href',
      '/store/high-resolution-imagery',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Pause the slides' }));
    fireEvent.blur(screen.getByRole('button', { name: 'Play the slides' }));
    act(() => jest.advanceTimersByTime(SLIDE_MS * 3));
    expect(current()).toHaveTextContent('Growing');
  });

  it('is keyboard usable: arrow keys and the phase buttons', async () => {
    const { ui } = renderAccount({ route: '/store', profile: basic, routes: priced(price()) });
    await ui.click(screen.getByRole('button', { name: 'Show Harvest' }));
    expect(current()).toHaveTextContent('Harvest');
    expect(screen.getByRole('group', { name: '4 of 4: Harvest' })).not.toHaveAttribute('aria-hidden');
    expect(document.querySelector('[aria-label="1 of 4: Prepare"]')).toHaveAttribute('aria-hidden', 'true');
    await ui.keyboard('{ArrowRight}');
    expect(current()).toHaveTextContent('Prepare');
    await ui.keyboard('{ArrowLeft}');
    expect(current()).toHaveTextContent('Harvest');
  });

  it('does not autoplay for users who prefer reduced motion', () => {
    jest.useFakeTimers();
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      matches: query.includes('reduce'),
      media: query,
    })) as typeof window.matchMedia;
    try {
      renderAccount({ route: '/store', profile: basic, routes: priced(price()) });
      act(() => jest.advanceTimersByTime(SLIDE_MS * 2));
      expect(current()).toHaveTextContent('Prepare');
      expect(screen.getByRole('button', { name: 'Play the slides' })).toBeInTheDocument();
    } finally {
      window.matchMedia = original;
    }
  });

  it('uses the calculations stage names on products and guides', () => {
    renderAccount({ route: '/products-and-guides', profile: basic });
    expect(screen.getByRole('heading', { level: 1, name: 'Products & Guides' })).toBeInTheDocument();
    for (const name of ['Prepare Soil', 'Grow & Monitor', 'Prescribe & VRT', 'Harvest & Review'])
      expect(screen.getByRole('button', { name: `Show ${name}` })).toBeInTheDocument();
    const products = screen.getByRole('region', { name: 'Products' });
    for (const name of ['High Resolution Imagery', 'Zoning', 'Stack'])
      expect(within(products).getByRole('heading', { name })).toBeInTheDocument();
    expect(within(products).getAllByText('Coming Soon')).toHaveLength(3);
  });
});

describe('high-resolution imagery guide', () => {
  it.each([
    [0, null],
    [910, null],
    [911, 'introduction'],
    [1399, 'introduction'],
    [1400, 'how-it-works'],
    [2399, 'how-it-works'],
    [2400, 'best-time-to-order'],
  ])('at %i px highlights %s', (y, id) => expect(activeSection(y)).toBe(id));

  it('highlights the section by scroll position and on click', async () => {
    const { ui } = renderAccount({ route: '/store/high-resolution-imagery', profile: basic });
    expect(screen.getByText('Guides & Resources')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/order/high-resolution-imagery');
    const nav = screen.getByRole('navigation', { name: 'On this page' });
    act(() => {
      Object.defineProperty(window, 'scrollY', { configurable: true, value: 1500 });
      window.dispatchEvent(new Event('scroll'));
    });
    expect(within(nav).getByRole('link', { name: 'How it works' })).toHaveAttribute('aria-current', 'location');
    await ui.click(within(nav).getByRole('link', { name: 'Best time to order' }));
    expect(within(nav).getByRole('link', { name: 'Best time to order' })).toHaveAttribute('aria-current', 'location');
    expect(within(nav).getByRole('link', { name: 'How it works' })).not.toHaveAttribute('aria-current');
    for (const text of ['Good-Blue', 'Average-Green', 'Fair-Yellow', 'Poor-Red', 'Frost or hail damage'])
      expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toHaveTextContent(/© \d{4} Paddock/);
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
  });
});
