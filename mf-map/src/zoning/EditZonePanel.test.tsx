import { act, screen, waitFor, within } from '@testing-library/react';
import type { ZoningOrder, ZoningZonesResponse } from '@paddock/shared/contracts';
import { makeField } from '../testing/fixtures';
import { renderOverMap } from '../testing/harness';
import { EditZonePanel } from './EditZonePanel';
import { zonesReply } from './testing';

const computed = zonesReply().body as ZoningZonesResponse;
const order: ZoningOrder = {
  id: 'o1',
  farm_id: 'f1',
  farm_name: 'Kurrajong Downs',
  payment_id: 'p1',
  status: 'paid',
  algorithm: 'standard_NDVI',
  catalog_entry: '2026-03-01',
  num_zones: 3,
  zone_resolution: 2,
  fields: ['x1'],
  zones: JSON.stringify({ ...computed.zoned_image, rates: { '1': 10, '2': null, '3': 4 } }),
  area: 15,
  price: 1500,
  download_key: 'k0',
  created_on: '2026-03-02T00:00:00Z',
  paid_on: '2026-03-02T00:00:00Z',
};

describe('edit-zone mode: Edit Rates (spec 2 §2)', () => {
  it('shows the order’s rates; Export Files only after a change, then the download links', async () => {
    const { ui, server, store, fieldsNow } = renderOverMap(<EditZonePanel orderId="o1" onClose={() => undefined} />, {
      fields: [makeField('x1'), makeField('x2', {}, 1)],
      routes: {
        'GET /v2/zoning/order/o1': { status: 200, body: { data: order } },
        'POST /v2/zoning/update': { status: 200, body: { data: { id: 'o1', download_key: 'k1', fields: ['x1'] } } },
      },
    });
    act(() => store.getState().setMode('edit-zone'));
    const rate1 = await screen.findByLabelText('Rate of zone 1');
    expect(rate1).toHaveValue('10');
    // The order's fields are selected on the zoning layer, the order chosen, and the selection held.
    expect(store.getState()).toMatchObject({ selectedFields: ['x1'], selectedLayer: 'zoning', selectedZone: 'o1' });
    act(() => store.getState().toggleField('x2', fieldsNow()));
    expect(store.getState().selectedFields).toEqual(['x1']);
    expect(screen.getByLabelText('Rate of zone 2')).toHaveValue('');
    const exportFiles = screen.getByRole('button', { name: 'Export Files' });
    expect(exportFiles).toBeDisabled();
    await ui.clear(rate1);
    await ui.type(rate1, '12');
    await ui.click(exportFiles);
    const downloads = await screen.findByRole('group', { name: 'Downloads' });
    expect(within(downloads).getByRole('button', { name: 'Download files per field' })).toBeEnabled();
    const [update] = server.find('POST', '/v2/zoning/update');
    expect(update?.body).toMatchObject({ id: 'o1', zones: { rates: { '1': 12, '2': null, '3': 4 } } });
  });

  it('reopens with the product, unit and rates sold; a unit change asks first and is sent as confirmed', async () => {
    const urea = {
      ...order,
      zones: JSON.stringify({
        ...computed.zoned_image,
        rates: { '1': 120, '2': 90, '3': 60 },
        product: 'Urea',
        unit: 'kg/ha',
      }),
    };
    const { ui, server, store } = renderOverMap(<EditZonePanel orderId="o1" onClose={() => undefined} />, {
      fields: [makeField('x1')],
      routes: {
        'GET /v2/zoning/order/o1': { status: 200, body: { data: urea } },
        'POST /v2/zoning/update': { status: 200, body: { data: { id: 'o1', download_key: 'k1', fields: ['x1'] } } },
      },
    });
    act(() => store.getState().setMode('edit-zone'));
    expect(await screen.findByLabelText('Rate of zone 1')).toHaveValue('120');
    expect(screen.getByLabelText('Product name')).toHaveValue('Urea');
    expect(screen.getByLabelText('Unit')).toHaveValue('kg/ha');
    expect(screen.getByRole('columnheader', { name: 'Rate (kg/ha)' })).toBeInTheDocument();
    expect(screen.getByText(/Total product \(Urea\): [\d,.]+ kg/)).toBeInTheDocument();

    // Changing the unit of typed rates asks; keeping it changes nothing.
    await ui.selectOptions(screen.getByLabelText('Unit'), 'L/ha');
    const dialog = await screen.findByRole('alertdialog', { name: 'Change the unit to L/ha?' });
    expect(dialog).toHaveTextContent(
      'The rates you typed (120, 90, 60) stay the same numbers and will be read as L/ha.',
    );
    await ui.click(within(dialog).getByRole('button', { name: 'Keep kg/ha' }));
    expect(screen.getByLabelText('Unit')).toHaveValue('kg/ha');
    expect(screen.getByRole('button', { name: 'Export Files' })).toBeDisabled();

    await ui.selectOptions(screen.getByLabelText('Unit'), 'L/ha');
    await ui.click(
      within(await screen.findByRole('alertdialog', { name: 'Change the unit to L/ha?' })).getByRole('button', {
        name: 'Use L/ha',
      }),
    );
    expect(screen.getByLabelText('Unit')).toHaveValue('L/ha');
    await ui.click(screen.getByRole('button', { name: 'Export Files' }));
    await screen.findByRole('group', { name: 'Downloads' });
    const [update] = server.find('POST', '/v2/zoning/update');
    expect(update?.body).toMatchObject({
      id: 'o1',
      confirm_unit_change: true,
      zones: { product: 'Urea', unit: 'L/ha', rates: { '1': 120, '2': 90, '3': 60 } },
    });
  });

  it('reopens with what the zones were made of, as sold, for editors and viewers alike', async () => {
    const madeFrom = {
      source: 'seasons',
      description:
        'Productivity over the 2022, 2023 and 2024 seasons: 41 clear captures, each standardised in its field',
      captures: [{ date: '2022-08-14', percent: 2.4 }],
      filled_from_neighbours_percent: 1.2,
    };
    const productivity = {
      ...order,
      zones: JSON.stringify({ ...computed.zoned_image, rates: { '1': 10, '2': 8, '3': 4 }, made_from: madeFrom }),
    };
    const text =
      'Productivity over the 2022, 2023 and 2024 seasons: 41 clear captures, each standardised in its field; 1 % filled from neighbouring pixels.';
    for (const farmRole of ['owner', 'viewer'] as const) {
      const { unmount } = renderOverMap(<EditZonePanel orderId="o1" onClose={() => undefined} />, {
        farmRole,
        fields: [makeField('x1')],
        routes: { 'GET /v2/zoning/order/o1': { status: 200, body: { data: productivity } } },
      });
      expect(await screen.findByText(text)).toBeInTheDocument();
      unmount();
    }
  });

  it('a viewer sees the rates sold and downloads the files, without Export Files, and is told why', async () => {
    const created = jest.fn(() => 'blob:zones');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: jest.fn() });
    const saved = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { ui, server } = renderOverMap(<EditZonePanel orderId="o1" onClose={() => undefined} />, {
      farmRole: 'viewer',
      fields: [makeField('x1')],
      routes: {
        'GET /v2/zoning/order/o1': { status: 200, body: { data: order } },
        'GET /v2/zoning/download/k0': { status: 200, body: 'PK' },
      },
    });
    expect(await screen.findByRole('heading', { name: 'Zone files' })).toBeInTheDocument();
    expect(
      await screen.findByText(
        "You can view these zones and download their files. Only the farm's owner and editors can change the rates.",
      ),
    ).toBeInTheDocument();
    const rows = within(screen.getByRole('table', { name: 'Rates' })).getAllByRole('row');
    expect(rows.slice(1).map((row) => row.lastElementChild?.textContent)).toEqual(['10', '—', '4']);
    expect(screen.queryByRole('button', { name: 'Export Files' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Rate of zone 1')).not.toBeInTheDocument();
    const downloads = screen.getByRole('group', { name: 'Downloads' });
    await ui.click(within(downloads).getByRole('button', { name: 'Download one file for the farm' }));
    await waitFor(() => expect(created).toHaveBeenCalled());
    expect(server.find('GET', '/v2/zoning/download/k0')).toHaveLength(1);
    expect(server.find('POST', '/v2/zoning/update')).toHaveLength(0);
    expect(saved).toHaveBeenCalledTimes(1);
    saved.mockRestore();
  });

  it('an order that fails to load says why as a toast and offers to try again', async () => {
    const { toasts } = renderOverMap(<EditZonePanel orderId="o2" onClose={() => undefined} />, {
      routes: { 'GET /v2/zoning/order/o2': { status: 500, body: { detail: 'Database unavailable' } } },
    });
    expect(await screen.findByText('This zoning order could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /try again/i })).toBeInTheDocument();
    expect(toasts.map((toast) => toast.message)).toContain('Database unavailable');
  });
});
