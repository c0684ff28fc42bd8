import { screen, waitFor, within } from '@testing-library/react';
import { DateTime } from 'luxon';
import type { FarmMapEvents, FarmMapModule, Quote } from '@paddock/shared/contracts';
import { makeProfile, type Routes } from '@paddock/shared/testing';
import { renderCommerce } from '../../testing/harness';
import { farmsRoute, makeFarmFeature, makeFieldFeature, makeOrder, products } from '../../testing/orderFixtures';
import { loadFarmMap } from '../../orders/farmMapModule';

jest.mock('../../orders/farmMapModule', () => ({ loadFarmMap: jest.fn() }));
// Whole walks through the wizard with real typing: longer than the default 5 s on a shared machine.
jest.setTimeout(30_000);

/** The embedded maps created, with a way to click their fields and what the page selected on them. */
const maps: Array<{ farmId: string; select(ids: string[]): void; selections: string[][] }> = [];
beforeEach(() => {
  maps.length = 0;
  jest.mocked(loadFarmMap).mockResolvedValue({
    createFarmMap: (_element, { farmId }) => {
      const listeners: { [E in keyof FarmMapEvents]?: (payload: FarmMapEvents[E]) => void } = {};
      const map = {
        farmId,
        selections: [] as string[][],
        select: (ids: string[]) => listeners.select?.({ fields: fields.filter((field) => ids.includes(field.id)) }),
      };
      maps.push(map);
      return {
        on: (event, listener) => {
          (listeners as Record<string, unknown>)[event] = listener;
          return () => undefined;
        },
        setSelection: (ids) => map.selections.push(ids),
        destroy: () => undefined,
      };
    },
  } satisfies FarmMapModule);
});

const farms = [
  makeFarmFeature('farm-1', 'River Farm'),
  makeFarmFeature('farm-2', 'Hill Farm'),
  ...Array.from({ length: 21 }, (_, i) => makeFarmFeature(`farm-x${i}`, `Zed Farm ${String(i).padStart(2, '0')}`)),
];
const fields = [
  makeFieldFeature('f1', 'farm-1', 'North Paddock', 70.25),
  makeFieldFeature('f2', 'farm-1', 'Creek Flat', 50.25),
  makeFieldFeature('f3', 'farm-2', 'Top Hill', 30),
];
const fieldsOf = (farmId: string) => ({
  status: 200,
  body: { type: 'FeatureCollection', bbox: null, features: fields.filter((f) => f.properties.farm_id === farmId) },
});

const quote = (overrides: Partial<Quote> = {}): Quote => ({
  order_pricing: { subtotal: 240_000 },
  total_product_unit: 120.5,
  minimum_hectare_requirements_pricing: false,
  gst: 24_000,
  order_total: 264_000,
  currency: 'aud',
  billable_hectares: 120.5,
  unit_price: 2_000,
  min_price: 50_000,
  minimum_cluster_area: 50,
  number_of_captures: 3,
  ...overrides,
});

function routes(overrides: Routes = {}): Routes {
  return {
    'GET /v2/products': { status: 200, body: { data: products } },
    'GET /v2/accounts/profile': { status: 200, body: { data: makeProfile({ first_name: 'Jo', country: 'AU' }) } },
    'GET /v2/accounts/contact_details': { status: 404, body: { detail: 'Not Found' } },
    'GET /v2/farms': farmsRoute(farms),
    'GET /v2/farms/farm-1/fields': fieldsOf('farm-1'),
    'GET /v2/farms/farm-2/fields': fieldsOf('farm-2'),
    'POST /v2/orders/quote': { status: 200, body: { data: quote() } },
    ...overrides,
  };
}

async function renderWizard(overrides: Routes = {}) {
  const view = renderCommerce({ route: '/order/high-resolution-imagery', routes: routes(overrides) });
  await screen.findByRole('heading', { name: 'Select Farm & Fields' });
  return view;
}

type Ui = Awaited<ReturnType<typeof renderWizard>>['ui'];
const next = (ui: Ui) => ui.click(screen.getByRole('button', { name: 'Next' }));
const alertText = () => screen.getByRole('alert').textContent;
/** Every alert on screen (the step's message and the fields' own). */
const alerts = () => screen.getAllByRole('alert').map((alert) => alert.textContent);

async function pickFarm(ui: Ui, name: string) {
  const dialog = within(await screen.findByRole('dialog', { name: 'Select a Farm' }));
  await ui.click(await dialog.findByRole('button', { name: `Select ${name}` }));
}

/** Through step 1 with North Paddock and Creek Flat of River Farm, chosen on the list. */
async function chooseFields(ui: Ui) {
  await ui.click(screen.getByRole('button', { name: 'Select Farm' }));
  await pickFarm(ui, 'River Farm');
  await ui.click(await screen.findByRole('checkbox', { name: /North Paddock/ }));
  await ui.click(screen.getByRole('checkbox', { name: /Creek Flat/ }));
  await next(ui);
  await screen.findByRole('heading', { name: 'Select Product' });
}

/** Types a day into a React Aria date field (en-AU: dd/mm/yyyy). */
async function typeDate(ui: Ui, label: string, iso: string) {
  const group = screen.getByRole('group', { name: label });
  const [day] = within(group).getAllByRole('spinbutton');
  const date = DateTime.fromISO(iso);
  await ui.click(day!);
  await ui.keyboard(date.toFormat('ddMMyyyy'));
}

describe('/order/high-resolution-imagery', () => {
  it('shows the five steps in the progress sidebar and the exit button', async () => {
    await renderWizard();
    const steps = within(screen.getByRole('list', { name: 'Order progress' })).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      '1Select Farm & Fields',
      '2Select Product',
      '3Select Date Range',
      '4Order Confirmation',
      '5Payment Information',
    ]);
    expect(steps[0]).toHaveAttribute('aria-current', 'step');
    expect(screen.getByRole('button', { name: 'Exit to dashboard' })).toBeInTheDocument();
  });

  it('step 1: no farm, no field, a farm without a field each stop Next with its message', async () => {
    const { ui } = await renderWizard();
    await next(ui);
    expect(alertText()).toBe('No Farms selected.');
    await ui.click(screen.getByRole('button', { name: 'Select Farm' }));
    await pickFarm(ui, 'River Farm');
    await screen.findByRole('checkbox', { name: /North Paddock/ });
    await next(ui);
    expect(alertText()).toBe('No Fields selected.');
    await ui.click(screen.getByRole('button', { name: 'Include Another Farm' }));
    await pickFarm(ui, 'Hill Farm');
    await screen.findByRole('checkbox', { name: /Top Hill/ });
    await ui.click(screen.getByRole('checkbox', { name: /North Paddock/ }));
    await next(ui);
    expect(alertText()).toBe('Select at least 1 field on Hill Farm');
  });

  it('fields are chosen on the embedded map (select mode) and on the list, kept in step', async () => {
    const { ui } = await renderWizard();
    await ui.click(screen.getByRole('button', { name: 'Select Farm' }));
    await pickFarm(ui, 'River Farm');
    await screen.findByRole('checkbox', { name: /North Paddock/ });
    await waitFor(() => expect(maps).toHaveLength(1));
    const map = maps[0]!;
    expect(map.farmId).toBe('farm-1');
    map.select(['f2']);
    expect(await screen.findByRole('checkbox', { name: /Creek Flat/, checked: true })).toBeInTheDocument();
    expect(screen.getByText('1 of 2 fields selected')).toBeInTheDocument();
    await ui.click(screen.getByRole('checkbox', { name: /North Paddock/ }));
    expect(map.selections.at(-1)).toEqual(['f1', 'f2']);
  });

  it('the farm picker: search (lower-cased), page sizes, First/Prev/Next/Last and go to page', async () => {
    const { ui, server } = await renderWizard();
    await ui.click(screen.getByRole('button', { name: 'Select Farm' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Select a Farm' }));
    expect(await dialog.findByText('Page 1 of 3')).toBeInTheDocument();
    expect(dialog.getAllByRole('listitem')).toHaveLength(10);
    expect(dialog.getByRole('combobox', { name: 'Farms per page' })).toHaveValue('10');
    await ui.click(dialog.getByRole('button', { name: 'Next' }));
    expect(await dialog.findByText('Page 2 of 3')).toBeInTheDocument();
    await ui.click(dialog.getByRole('button', { name: 'Last' }));
    expect(await dialog.findByText('Page 3 of 3')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Next' })).toBeDisabled();
    await ui.click(dialog.getByRole('button', { name: 'Prev' }));
    expect(await dialog.findByText('Page 2 of 3')).toBeInTheDocument();
    await ui.click(dialog.getByRole('button', { name: 'First' }));
    expect(await dialog.findByText('Page 1 of 3')).toBeInTheDocument();
    await ui.type(dialog.getByRole('spinbutton', { name: 'Go to page' }), '3');
    await ui.click(dialog.getByRole('button', { name: 'Go' }));
    expect(await dialog.findByText('Page 3 of 3')).toBeInTheDocument();
    await ui.selectOptions(dialog.getByRole('combobox', { name: 'Farms per page' }), '5');
    expect(await dialog.findByText('Page 1 of 5')).toBeInTheDocument();
    await ui.type(dialog.getByRole('searchbox', { name: 'Search farms' }), 'RIVER');
    expect(await dialog.findByText('Page 1 of 1')).toBeInTheDocument();
    const last = new URL(server.find('GET', '/v2/farms').at(-1)!.url).searchParams;
    expect(last.get('search_query')).toBe('river');
    expect(last.get('limit')).toBe('5');
  });

  it('products with descriptions and suggestions; the 80 cm product starts at 3 captures; a product is required', async () => {
    const { ui } = await renderWizard();
    await chooseFields(ui);
    await next(ui);
    expect(alertText()).toBe('No Products selected.');
    expect(screen.getByText('Up to 3 captures across 6 weeks.')).toBeInTheDocument();
    expect(screen.getByText('Canola')).toBeInTheDocument();
    await ui.click(screen.getByRole('radio', { name: /80 cm Resolution Imagery/ }));
    expect(screen.getByRole('combobox', { name: 'Number of captures' })).toHaveValue('3');
    await next(ui);
    expect(await screen.findByRole('heading', { name: 'Select Date Range' })).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('A minimum of 3 months applies to this product.');
  });

  it('dates: required, the end at least minimum_months after the start; the summary is the server quote excl. GST', async () => {
    const { ui, server } = await renderWizard({
      'POST /v2/orders/quote': {
        status: 200,
        body: {
          data: quote({
            minimum_hectare_requirements_pricing: true,
            total_product_unit: 20.9,
            billable_hectares: 50,
            unit_price: 4_800,
            order_pricing: { subtotal: 240_000 },
          }),
        },
      },
    });
    await chooseFields(ui);
    await ui.click(screen.getByRole('radio', { name: /80 cm Resolution Imagery/ }));
    await next(ui);
    await screen.findByRole('heading', { name: 'Select Date Range' });
    await next(ui);
    expect(alertText()).toBe('No Date range selected.');
    const start = DateTime.local().plus({ days: 10 });
    await typeDate(ui, 'Start date', start.toISODate()!);
    await typeDate(ui, 'End date', start.plus({ months: 2 }).toISODate()!);
    await next(ui);
    expect(alertText()).toMatch(/^The end date must be on or after/);
    await typeDate(ui, 'End date', start.plus({ months: 3 }).toISODate()!);
    await next(ui);
    expect(await screen.findByRole('heading', { name: 'Order Confirmation' })).toBeInTheDocument();
    expect(await screen.findByText('$2,400.00')).toBeInTheDocument();
    expect(screen.getByText('20.90 ha')).toBeInTheDocument();
    // The arithmetic, before anything is charged: the minimum area named.
    expect(
      screen.getByText('20.90 ha ordered, 50.00 ha charged (minimum area) × $48.00/ha = $2,400.00'),
    ).toBeInTheDocument();
    expect(screen.getByText(/minimum hectare requirement/)).toBeInTheDocument();
    expect(screen.getByText(/Prices exclude GST/)).toBeInTheDocument();
    expect(server.find('POST', '/v2/orders/quote')[0]?.body).toEqual({
      data: { product_id: 'p-80cm', field_ids: ['f1', 'f2'], number_of_captures: 3 },
    });
  });

  it('the 2.5m product skips the dates both ways with 15 Nov – 15 Jan; free: invoice chosen, card hidden', async () => {
    const { ui } = await renderWizard({
      'POST /v2/orders/quote': {
        status: 200,
        body: { data: quote({ order_pricing: { subtotal: 0 }, gst: 0, order_total: 0 }) },
      },
    });
    await chooseFields(ui);
    await ui.click(screen.getByRole('radio', { name: /2\.5m Resolution Imagery/ }));
    await next(ui);
    expect(await screen.findByRole('heading', { name: 'Order Confirmation' })).toBeInTheDocument();
    const year = DateTime.local().year;
    expect(screen.getByText(`15 Nov ${year} – 15 Jan ${year + 1}`)).toBeInTheDocument();
    await ui.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByRole('heading', { name: 'Select Product' })).toBeInTheDocument();
    await next(ui);
    await screen.findByRole('heading', { name: 'Order Confirmation' });
    await next(ui);
    await screen.findByRole('heading', { name: 'Payment Information' });
    expect(screen.queryByRole('radio', { name: 'Debit or Credit Card' })).toBeNull();
    expect(screen.getByRole('radio', { name: 'Invoice' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Submit Order' })).toBeDisabled();
  });

  async function toPayment(ui: Ui) {
    await chooseFields(ui);
    await ui.click(screen.getByRole('radio', { name: /Horticulture/ }));
    await next(ui);
    const start = DateTime.local().plus({ days: 7 });
    await typeDate(ui, 'Start date', start.toISODate()!);
    await typeDate(ui, 'End date', start.plus({ months: 3 }).toISODate()!);
    await next(ui);
    await screen.findByText('$2,400.00');
    await next(ui);
    await screen.findByRole('heading', { name: 'Payment Information' });
  }

  it('payment: invoice greyed without the invoice option; empty fields and a bad e-mail; card → /pay', async () => {
    const order = makeOrder(7, { status: 'pending', awaiting_payment: true });
    const { ui, server } = await renderWizard({
      'POST /v2/orders': { status: 201, body: { data: order } },
      [`GET /v2/orders/${order.id}`]: { status: 200, body: { data: order, payment: null } },
      'GET /v2/payments/config': { status: 500, body: { detail: 'down' } },
    });
    await toPayment(ui);
    expect(screen.getByRole('radio', { name: 'Invoice' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'contact us' })).toHaveAttribute('href', 'mailto:support@paddock.example');
    expect(screen.getByText('$2,640.00')).toBeInTheDocument();
    const submit = screen.getByRole('button', { name: 'Proceed to Payment' });
    expect(submit).toBeDisabled();
    await ui.click(screen.getByText('I have read and agree to the terms and conditions.'));
    await ui.click(submit);
    expect(alerts()).toContain('Fields are empty.');
    await ui.type(screen.getByLabelText('Last name'), 'Grower');
    await ui.type(screen.getByLabelText('Street address'), '1 Long Paddock Rd');
    await ui.type(screen.getByLabelText('Suburb or town'), 'Wagga Wagga');
    await ui.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'NSW');
    await ui.type(screen.getByLabelText('Postcode'), '2650');
    await ui.clear(screen.getByLabelText('Email'));
    await ui.type(screen.getByLabelText('Email'), 'jo@farm');
    await ui.click(submit);
    expect(alerts()).toContain('Invalid Email Address');
    expect(alerts()).not.toContain('Fields are empty.');
    await ui.type(screen.getByLabelText('Email'), '.com.au');
    await ui.click(submit);
    expect(await screen.findByRole('heading', { name: 'Pay for your order' })).toBeInTheDocument();
    const body = server.find('POST', '/v2/orders')[0]?.body as { data: Record<string, unknown> };
    expect(body.data).toMatchObject({
      product_id: 'p-hort',
      field_ids: ['f1', 'f2'],
      number_of_captures: 4,
      payment_method: 'stripe',
      order_subtotal: 240_000,
      gst: 24_000,
      order_total: 264_000,
      total_product_unit: 120.5,
      first_name: 'Jo',
      last_name: 'Grower',
      email: 'jo@farm.com.au',
      country: 'AU',
    });
  });

  it('payment by invoice (allowed): Submit Order → the message and the review with its banner', async () => {
    const order = makeOrder(8, { status: 'pending', payment_method: 'invoice' });
    const { ui, toasts, server } = await renderWizard({
      'GET /v2/accounts/profile': {
        status: 200,
        body: { data: makeProfile({ first_name: 'Jo', country: 'AU' }, { payments: ['invoice'] }) },
      },
      'GET /v2/accounts/contact_details': {
        status: 200,
        body: {
          data: {
            first_name: 'Jo',
            last_name: 'Grower',
            company: 'Mallee Grain Co',
            street: '1 Long Paddock Rd',
            suburb: 'Wagga Wagga',
            state: 'NSW',
            post_code: '2650',
            country: 'AU',
          },
        },
      },
      'POST /v2/orders': { status: 201, body: { data: order } },
      [`GET /v2/orders/${order.id}`]: { status: 200, body: { data: order, payment: null } },
      [`GET /v2/orders/${order.id}/documents/doc-tax_invoice`]: { status: 404, body: { detail: 'Not Found' } },
    });
    await toPayment(ui);
    // Typed once at an earlier purchase: the company is filled in and named on the order.
    expect(screen.getByLabelText('Company name (optional)')).toHaveValue('Mallee Grain Co');
    await ui.click(screen.getByRole('radio', { name: 'Invoice' }));
    await ui.click(screen.getByText('I have read and agree to the terms and conditions.'));
    await ui.click(screen.getByRole('button', { name: 'Submit Order' }));
    expect(
      await screen.findByText('Your order has been placed successfully. You will be contacted shortly.'),
    ).toBeInTheDocument();
    expect(toasts).toContainEqual({ kind: 'success', message: 'Order placed successfully' });
    const body = server.find('POST', '/v2/orders')[0]?.body as { data: Record<string, unknown> };
    expect(body.data).toMatchObject({ company: 'Mallee Grain Co', street: '1 Long Paddock Rd', post_code: '2650' });
  });

  it('an order the server refuses shows its message', async () => {
    const { ui, toasts } = await renderWizard({
      'GET /v2/accounts/contact_details': {
        status: 200,
        body: {
          data: {
            last_name: 'Grower',
            street: '1 Rd',
            suburb: 'Wagga',
            state: 'NSW',
            post_code: '2650',
            country: 'AU',
          },
        },
      },
      'POST /v2/orders': { status: 500, body: {} },
    });
    await toPayment(ui);
    await ui.click(screen.getByText('I have read and agree to the terms and conditions.'));
    await ui.click(screen.getByRole('button', { name: 'Proceed to Payment' }));
    await screen.findByRole('button', { name: 'Proceed to Payment' });
    expect(toasts).toContainEqual({ kind: 'error', message: 'Something went wrong' });
  });
});
