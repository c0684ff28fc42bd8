import { act, screen, waitFor, within } from '@testing-library/react';
import type { FakeReply, SeenRequest } from '@paddock/shared/testing';
import { capture, catalogReply } from '../testing/imageryReplies';
import { makeField } from '../testing/fixtures';
import { queriesOf, renderOverMap } from '../testing/harness';
import { ZoningPanel } from './ZoningPanel';
import { zonesReply } from './testing';

const CATALOG = '/v2/catalog';
/** The cart's answer to Add to cart: the item made of what was sent. */
const cartItemOf = (request: SeenRequest): FakeReply => ({
  status: 201,
  body: {
    data: {
      id: 'c1',
      item_type: 'zoning',
      price: 1500,
      created_on: '2026-03-02T00:00:00Z',
      details: { ...(request.body as object), farm_name: 'Kurrajong Downs', area: 15 },
    },
  },
});
const ZONES = '/v2/zoning/zones';

function renderZoning(zones = zonesReply(), selected = ['x1']) {
  const view = renderOverMap(<ZoningPanel />, {
    fields: [makeField('x1'), makeField('x2', {}, 1)],
    selected,
    routes: {
      [`GET ${CATALOG}`]: catalogReply([capture('2026-03-01'), capture('2026-02-20')]),
      [`GET ${ZONES}`]: zones,
      'POST /v2/cart/add': cartItemOf,
    },
  });
  act(() => view.store.getState().setMode('zoning'));
  return view;
}

async function chooseAll(ui: ReturnType<typeof renderZoning>['ui']) {
  await screen.findByRole('option', { name: /1 Mar/ });
  await ui.selectOptions(screen.getByLabelText('Date'), '2026-03-01');
  await ui.selectOptions(screen.getByLabelText('Number of zones'), '3');
  await ui.selectOptions(screen.getByLabelText('Resolution'), '25 m');
}

describe('zoning panel', () => {
  it('names zoning mode and its Close returns the map to view mode', async () => {
    const { store, ui } = renderOverMap(<ZoningPanel />);
    act(() => store.getState().setMode('zoning'));
    expect(screen.getByRole('region', { name: 'Zoning' })).toHaveTextContent('Select the fields to zone');
    await ui.click(screen.getByRole('button', { name: 'Close' }));
    expect(store.getState().mode).toBe('view');
  });

  it('offers the two steps; Edit & Assign Rates and Next wait for zones', async () => {
    const { ui, server, store, fieldsNow } = renderZoning();
    expect(screen.getByRole('tab', { name: '1. Map Settings' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: '2. Edit & Assign Rates' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await screen.findByRole('option', { name: /1 Mar/ });
    await ui.selectOptions(screen.getByLabelText('Date'), '2026-03-01');
    await ui.selectOptions(screen.getByLabelText('Number of zones'), '3');
    // Not all settings are chosen yet: no zones asked for.
    expect(server.find('GET', ZONES)).toHaveLength(0);
    await ui.selectOptions(screen.getByLabelText('Resolution'), '25 m');
    expect(await screen.findByText('Zone quality: 73%')).toBeInTheDocument();
    await ui.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('tab', { name: '2. Edit & Assign Rates' })).toHaveAttribute('aria-selected', 'true');
    // Zoning has started: the selection is locked until the user goes back to the settings.
    act(() => store.getState().toggleField('x2', fieldsNow()));
    expect(store.getState().selectedFields).toEqual(['x1']);
    await ui.click(screen.getByRole('button', { name: 'Back' }));
    expect(store.getState().selectionLocked).toBe(false);
  });

  it('loads the zones of the settings once all are set and shows each zone in the legend', async () => {
    const { ui, server } = renderZoning();
    await chooseAll(ui);
    const legend = await screen.findByRole('table', { name: 'Zones' });
    const rows = within(legend).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(['Zone 12.500.20', 'Zone 25.000.40', 'Zone 37.500.60']);
    const [query] = queriesOf(server, ZONES);
    expect(query?.getAll('field_ids')).toEqual(['x1']);
    expect(query?.get('latest_capture_date')).toBe('2026-03-01');
    expect(query?.get('zones')).toBe('3');
    expect(query?.get('resolution')).toBe('2');
    expect(query?.get('algorithm')).toBe('standard_NDVI');
  });

  it('changing the calculation resets the zone count and resolution', async () => {
    const { ui, store } = renderZoning();
    await chooseAll(ui);
    await screen.findByRole('table', { name: 'Zones' });
    await ui.selectOptions(screen.getByLabelText('Calculation'), 'COLOUR');
    expect(store.getState()).toMatchObject({ zoneCount: null, zoningResolution: null, selectedAlgorithm: 'COLOUR' });
    expect(screen.queryByRole('table', { name: 'Zones' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('a zone layer that fails (after its one retry) says so and resets the zone count and resolution', async () => {
    const { ui, store, server } = renderZoning({ status: 500, body: { detail: 'Imagery unavailable' } });
    await chooseAll(ui);
    expect(await screen.findByRole('alert')).toHaveTextContent('Zone layer failed to load. Please try again.');
    expect(server.find('GET', ZONES)).toHaveLength(2);
    expect(store.getState()).toMatchObject({ zoneCount: null, zoningResolution: null });
    expect(screen.getByLabelText('Number of zones')).toHaveValue('');
    // Choosing them again asks again (and, failing again, resets them again).
    await ui.selectOptions(screen.getByLabelText('Number of zones'), '3');
    await ui.selectOptions(screen.getByLabelText('Resolution'), '25 m');
    await waitFor(() => expect(server.find('GET', ZONES)).toHaveLength(4));
    await waitFor(() => expect(store.getState()).toMatchObject({ zoneCount: null, zoningResolution: null }));
    expect(screen.getByRole('alert')).toHaveTextContent('Zone layer failed to load. Please try again.');
  });

  it("shows 'Loading zones' while the zones are computed", async () => {
    const { ui, store } = renderZoning();
    await screen.findByRole('option', { name: /1 Mar/ });
    await ui.selectOptions(screen.getByLabelText('Date'), '2026-03-01');
    await ui.selectOptions(screen.getByLabelText('Number of zones'), '3');
    act(() => store.getState().setZoningResolution(2));
    expect(screen.getByRole('status')).toHaveTextContent('Loading zones');
    await screen.findByRole('table', { name: 'Zones' });
  });

  it('Edit & Assign Rates takes only non-negative decimals, totals live and adds the zones to the cart', async () => {
    const { ui, server, bus, toasts } = renderZoning();
    const opened: unknown[] = [];
    bus.on('paddock:cart-open', (payload) => opened.push(payload));
    await chooseAll(ui);
    await screen.findByRole('table', { name: 'Zones' });
    await ui.click(screen.getByRole('button', { name: 'Next' }));
    await ui.type(screen.getByLabelText('Product name'), 'Urea');
    await ui.type(screen.getByLabelText('Rate of zone 1'), '-1x0');
    expect(screen.getByLabelText('Rate of zone 1')).toHaveValue('10');
    await ui.type(screen.getByLabelText('Rate of zone 3'), '2.5');
    // 2.5 ha × 10 + 7.5 ha × 2.5; zone 2 left empty counts 0
    expect(screen.getByText(/Total product \(Urea\): 43\.75 L/)).toBeInTheDocument();
    await ui.type(screen.getByLabelText('Price per L (AU$)'), '2');
    expect(screen.getByText(/Total cost: AU\$87\.50/)).toBeInTheDocument();
    await ui.click(screen.getByRole('button', { name: 'Add to cart' }));
    await waitFor(() => expect(opened).toHaveLength(1));
    const [request] = server.find('POST', '/v2/cart/add');
    expect(new URL(request?.url ?? '').searchParams.get('item_type')).toBe('zoning');
    expect(request?.body).toMatchObject({
      algorithm: 'standard_NDVI',
      catalog_entry: '2026-03-01',
      num_zones: 3,
      zone_resolution: 2,
      farm_id: 'f1',
      fields: ['x1'],
      zones: { rates: { '1': 10, '2': null, '3': 2.5 }, total: 43.75, product: 'Urea', unit: 'L/ha' },
    });
    expect(toasts.map((t) => t.message)).toContain('Zones added to your cart');
  });

  it('the paint tool gives a polygon another zone, by keyboard too, and the cart gets the painted zones', async () => {
    const { ui, server, bus } = renderZoning();
    const opened: unknown[] = [];
    bus.on('paddock:cart-open', (payload) => opened.push(payload));
    await chooseAll(ui);
    await screen.findByRole('table', { name: 'Zones' });
    await ui.click(screen.getByRole('button', { name: 'Next' }));
    const tool = screen.getByRole('region', { name: 'Paint zones' });
    expect(within(tool).getByRole('button', { name: 'Make it zone 1' })).toBeDisabled();
    await ui.click(within(tool).getByRole('button', { name: 'Zone 3' }));
    expect(within(tool).getByRole('button', { name: 'Zone 3' })).toHaveAttribute('aria-pressed', 'true');
    expect(tool).toHaveTextContent('Tap polygons on the map to make them zone 3.');
    const polygon = within(tool).getByRole('option', { name: /polygon 1 · zone 1 · 2\.50 ha/ }) as HTMLOptionElement;
    await ui.selectOptions(within(tool).getByLabelText('Polygon'), polygon.value);
    await ui.click(within(tool).getByRole('button', { name: 'Make it zone 3' }));
    expect(tool).toHaveTextContent('1 polygon repainted.');
    // Zone 1 lost its only polygon (2.5 ha) to zone 3 (now 10 ha).
    const areas = within(screen.getByRole('table', { name: 'Rates' }))
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[0]?.textContent);
    expect(areas).toEqual(['0.00', '5.00', '10.00']);
    await ui.type(screen.getByLabelText('Rate of zone 3'), '2');
    expect(screen.getByText(/Total product: 20 L/)).toBeInTheDocument();
    await ui.click(screen.getByRole('button', { name: 'Add to cart' }));
    await waitFor(() => expect(opened).toHaveLength(1));
    const [request] = server.find('POST', '/v2/cart/add');
    const sent = request?.body as { zones: { features: { properties: { zone: number } }[]; total: number } };
    expect(sent.zones.features.map((f) => f.properties.zone)).toEqual([3, 2, 3]);
    expect(sent.zones.total).toBe(20);
  });

  it('Undo painting puts every polygon back in its computed zone', async () => {
    const { ui } = renderZoning();
    await chooseAll(ui);
    await screen.findByRole('table', { name: 'Zones' });
    await ui.click(screen.getByRole('button', { name: 'Next' }));
    const tool = screen.getByRole('region', { name: 'Paint zones' });
    const polygon = within(tool).getByRole('option', { name: /zone 2/ }) as HTMLOptionElement;
    await ui.selectOptions(within(tool).getByLabelText('Polygon'), polygon.value);
    await ui.click(within(tool).getByRole('button', { name: 'Make it zone 1' }));
    expect(within(tool).getByRole('option', { name: /polygon 2 · zone 1/ })).toBeInTheDocument();
    await ui.click(within(tool).getByRole('button', { name: 'Undo painting' }));
    expect(tool).toHaveTextContent('No polygons repainted.');
    expect(within(tool).getByRole('option', { name: /polygon 2 · zone 2/ })).toBeInTheDocument();
  });

  it("a field of 800 ha or more selected before zoning brings up 'Zone area exceeded' and leaves the selection", async () => {
    const { ui, store } = renderOverMap(<ZoningPanel />, {
      fields: [makeField('x1'), makeField('big', { field_name: 'Big Plain', area: 800 }, 1)],
      selected: ['big'],
    });
    act(() => store.getState().setMode('zoning'));
    const dialog = screen.getByRole('alertdialog', { name: 'Zone area exceeded' });
    expect(dialog).toHaveTextContent('Big Plain will be left out of the selection');
    await ui.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(store.getState().selectedFields).toEqual([]);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
