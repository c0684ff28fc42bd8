import { act, screen, waitFor, within } from '@testing-library/react';
import { makeField } from '../testing/fixtures';
import { queriesOf, renderOverMap } from '../testing/harness';
import { capture, catalogReply, statisticsBody, statisticsReply } from '../testing/imageryReplies';
import { ImageryOverlay } from './ImageryOverlay';
import { TIMELINE_SCROLL_PX } from './components/DateTimeline';

const CATALOG = '/v2/catalog';
const NDVI_STATISTICS = '/v2/algorithm/standard_NDVI/statistics.json';

beforeEach(() => window.localStorage.clear());

describe('the date timeline', () => {
  it('lists the fields’ dates newest first with their cloud wording', async () => {
    const { server } = renderOverMap(<ImageryOverlay />, {
      routes: {
        [`GET ${CATALOG}`]: catalogReply([
          capture('2026-03-01', 4),
          capture('2026-02-20', 35),
          capture('2025-12-30', 80),
        ]),
      },
    });
    const list = await screen.findByRole('list', { name: 'Imagery dates' });
    const entries = within(list)
      .getAllByRole('button')
      .map((button) => button.textContent);
    expect(entries[0]).toMatch(/^1 Mar(?! 2026)Clear · 4 %$/);
    expect(entries[1]).toMatch(/^20 FebPartly cloudy · 35 %$/);
    expect(entries[2]).toBe('30 Dec 2025Cloudy · 80 %');
    const [query] = queriesOf(server, CATALOG);
    expect(query?.getAll('field_ids')).toEqual(['x1']);
    expect(query?.get('layer_filter')).toBe('standard');
    expect(query?.get('search_days')).toBe('365');
    expect(query?.has('latest_date_utc')).toBe(false);
  });

  it("says 'No Dates Available' when the fields have no imagery", async () => {
    renderOverMap(<ImageryOverlay />, { routes: { [`GET ${CATALOG}`]: catalogReply([]) } });
    expect(await screen.findByText('No Dates Available')).toBeInTheDocument();
  });

  it('asks for a field when the farm has several and none is selected (Basic: one field at a time)', async () => {
    const { server } = renderOverMap(<ImageryOverlay />, { fields: [makeField('x1'), makeField('x2', {}, 1)] });
    expect(await screen.findByText('Select a field to see its imagery dates.')).toBeInTheDocument();
    expect(server.find('GET', CATALOG)).toHaveLength(0);
  });

  it('pages further back from the day before the oldest date', async () => {
    const { ui, server } = renderOverMap(<ImageryOverlay />, {
      routes: {
        [`GET ${CATALOG}`]: (request) =>
          new URL(request.url).searchParams.get('latest_date_utc') === '2025-12-29'
            ? catalogReply([capture('2025-11-02')], null)
            : catalogReply([capture('2026-03-01'), capture('2025-12-30')], '2025-03-10'),
      },
    });
    await ui.click(await screen.findByRole('button', { name: 'Older dates' }));
    await screen.findByRole('button', { name: /^2 Nov 2025/ });
    expect(queriesOf(server, CATALOG)[1]?.get('latest_date_utc')).toBe('2025-12-29');
    expect(screen.queryByRole('button', { name: 'Older dates' })).not.toBeInTheDocument();
  });

  it('scrolls 1000 px per click', async () => {
    const scrollBy = jest.fn();
    Element.prototype.scrollBy = scrollBy;
    const { ui } = renderOverMap(<ImageryOverlay />, {
      routes: { [`GET ${CATALOG}`]: catalogReply([capture('2026-03-01')]) },
    });
    await ui.click(await screen.findByRole('button', { name: 'Scroll to older dates' }));
    await ui.click(screen.getByRole('button', { name: 'Scroll to newer dates' }));
    expect(scrollBy.mock.calls).toEqual([
      [{ left: TIMELINE_SCROLL_PX, behavior: 'smooth' }],
      [{ left: -TIMELINE_SCROLL_PX, behavior: 'smooth' }],
    ]);
  });

  it('hides dates above the chosen cloud %, and remembers the choice', async () => {
    const routes = { [`GET ${CATALOG}`]: catalogReply([capture('2026-03-01', 60), capture('2026-02-20', 20)]) };
    const first = renderOverMap(<ImageryOverlay />, { routes });
    await screen.findByRole('button', { name: /^1 Mar/ });
    await first.ui.selectOptions(screen.getByLabelText('Hide dates above'), '10');
    expect(screen.queryByRole('button', { name: /^1 Mar/ })).not.toBeInTheDocument();
    expect(screen.getByText('No dates available')).toBeInTheDocument();
    await first.ui.selectOptions(screen.getByLabelText('Hide dates above'), '25');
    expect(screen.getByRole('button', { name: /^20 Feb/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^1 Mar/ })).not.toBeInTheDocument();
    first.unmount();

    renderOverMap(<ImageryOverlay />, { routes });
    await screen.findByRole('button', { name: /^20 Feb/ });
    expect(screen.getByLabelText('Hide dates above')).toHaveValue('25');
    expect(screen.queryByRole('button', { name: /^1 Mar/ })).not.toBeInTheDocument();
  });
});

describe('choosing a date', () => {
  it('opens the latest clear capture at once, with no click, and builds the legend from the statistics', async () => {
    const { server, store } = renderOverMap(<ImageryOverlay />, {
      routes: {
        [`GET ${CATALOG}`]: catalogReply([capture('2026-03-05', 70), capture('2026-03-01', 4), capture('2026-02-20')]),
        [`GET ${NDVI_STATISTICS}`]: statisticsReply({
          color_rendering: { ...statisticsBody().color_rendering, color_stretch: 'fixed', value_range: [0, 1] },
        }),
      },
    });
    await waitFor(() =>
      expect(store.getState()).toMatchObject({ selectedDate: '2026-03-01', selectedAlgorithm: 'NDVI' }),
    );
    expect(await screen.findByRole('button', { name: /^1 Mar/ })).toHaveAttribute('aria-pressed', 'true');

    const legend = await screen.findByRole('region', { name: 'Legend' });
    await within(legend).findByText('0.57');
    expect(legend).toHaveTextContent('NDVI (index)');
    expect(legend).toHaveTextContent('Min0.12');
    expect(legend).toHaveTextContent('Max0.81');
    expect(within(legend).getByRole('list', { name: 'Scale from 0.00 to 1.00 index' })).toHaveTextContent(
      '0.000.250.500.751.00',
    );
    expect(legend.querySelector('[aria-hidden="true"]')).toHaveStyle({
      backgroundImage: 'linear-gradient(to right, rgb(215, 25, 28), rgb(255, 255, 191), rgb(26, 150, 65))',
    });
    const [query] = queriesOf(server, NDVI_STATISTICS);
    expect(query?.get('latest_capture_date')).toBe('2026-03-01');
    expect(query?.get('color_stretch')).toBe('fixed');
    expect(query?.getAll('field_ids')).toEqual(['x1']);
  });

  it('switches the legend between the absolute scale (the default) and the field’s relative one', async () => {
    const { ui, server, store } = renderOverMap(<ImageryOverlay />, {
      routes: {
        [`GET ${CATALOG}`]: catalogReply([capture('2026-03-01')]),
        [`GET ${NDVI_STATISTICS}`]: (request) => {
          const stretch = new URL(request.url).searchParams.get('color_stretch');
          const value_range: [number, number] = stretch === 'fixed' ? [0, 1] : [0.54, 0.59];
          return statisticsReply({ color_rendering: { ...statisticsBody().color_rendering, value_range } });
        },
      },
    });
    const legend = await screen.findByRole('region', { name: 'Legend' });
    expect(within(legend).getByRole('radio', { name: 'Absolute' })).toBeChecked();
    await within(legend).findByRole('list', { name: 'Scale from 0.00 to 1.00 index' });

    await ui.click(within(legend).getByRole('radio', { name: 'Relative' }));
    const ticks = await within(legend).findByRole('list', { name: 'Scale from 0.540 to 0.590 index' });
    expect(
      within(ticks)
        .getAllByRole('listitem')
        .map((tick) => tick.textContent),
    ).toEqual(['0.540', '0.552', '0.565', '0.578', '0.590']);
    expect(store.getState().colorScale).toBe('relative');
    expect(queriesOf(server, NDVI_STATISTICS).map((query) => query.get('color_stretch'))).toEqual(['fixed', 'dynamic']);
  });

  it('exports the PDF’s map in the scale the map shows (relative here, not always the same one)', async () => {
    const EXPORT = '/v2/algorithm/standard_NDVI/export.png';
    const { ui, server, store } = renderOverMap(<ImageryOverlay />, {
      routes: {
        [`GET ${CATALOG}`]: catalogReply([capture('2026-03-01')]),
        [`GET ${NDVI_STATISTICS}`]: statisticsReply(),
        [`GET ${EXPORT}`]: { status: 503, body: { detail: 'The renderer is busy. Please try again.' } },
      },
    });
    const legend = await screen.findByRole('region', { name: 'Legend' });
    await ui.click(within(legend).getByRole('radio', { name: 'Relative' }));
    act(() => store.getState().setExportMode(true));
    const dialog = await screen.findByRole('dialog', { name: 'Export Map' });
    await ui.click(within(dialog).getByRole('button', { name: 'Download PDF' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The renderer is busy. Please try again.');
    const [query] = queriesOf(server, EXPORT);
    expect(query?.get('color_stretch')).toBe('dynamic');
    expect(query?.get('latest_capture_date')).toBe('2026-03-01');
  });

  it('shows no index legend for true colour', async () => {
    const { store } = renderOverMap(<ImageryOverlay />, {
      routes: {
        [`GET ${CATALOG}`]: catalogReply([capture('2026-03-01')]),
        'GET /v2/algorithm/standard_COLOUR/statistics.json': statisticsReply({ algorithm: 'standard_COLOUR' }),
        [`GET ${NDVI_STATISTICS}`]: statisticsReply(),
      },
    });
    await screen.findByRole('region', { name: 'Legend' });
    act(() => store.getState().setAlgorithm('COLOUR'));
    expect(screen.queryByRole('region', { name: 'Legend' })).not.toBeInTheDocument();
  });

  it('first asks for the crop type of a single selected field without one, then opens the date', async () => {
    const field = makeField('x1', { field_crop_type: null });
    const { ui, server, store, toasts, fieldsNow } = renderOverMap(<ImageryOverlay />, {
      fields: [field],
      selected: ['x1'],
      routes: {
        [`GET ${CATALOG}`]: catalogReply([capture('2026-03-01'), capture('2026-02-20')]),
        [`GET ${NDVI_STATISTICS}`]: statisticsReply(),
        'GET /v2/farms/crop_types/list': { status: 200, body: { data: { crop_types: ['Barley', 'Wheat'] } } },
        'PUT /v2/fields/x1': (request) => ({
          status: 200,
          body: {
            ...field,
            properties: {
              ...field.properties,
              field_crop_type: (request.body as { properties: { field_crop_type: string } }).properties.field_crop_type,
            },
          },
        }),
        'GET /v2/fields/x1/timeseries': { status: 404, body: { detail: 'Not Found' } },
      },
    });
    // The first look opens the newest date without asking; a date the farmer picks asks first.
    await waitFor(() => expect(store.getState().selectedDate).toBe('2026-03-01'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await ui.click(await screen.findByRole('button', { name: /^20 Feb/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Select Crop Type' });
    expect(dialog).toHaveTextContent('We need you to provide us the crop type for your field');
    expect(store.getState().selectedDate).toBe('2026-03-01');
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();

    await ui.click(within(dialog).getByRole('button', { name: /This season's crop for Field x1/ }));
    await ui.click(await screen.findByRole('option', { name: 'Wheat' }));
    await ui.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(store.getState().selectedDate).toBe('2026-02-20'));
    expect(server.find('PUT', '/v2/fields/x1')[0]?.body).toMatchObject({ properties: { field_crop_type: 'Wheat' } });
    expect(toasts).toContainEqual({ kind: 'success', message: 'Field crop type updated successfully!' });
    expect(fieldsNow()[0]?.properties.field_crop_type).toBe('Wheat');
    expect(store.getState().selectedFields).toEqual(['x1']);
  });

  it('leaves the date unchosen when the crop type prompt is cancelled', async () => {
    const { ui, store } = renderOverMap(<ImageryOverlay />, {
      fields: [makeField('x1', { field_crop_type: null })],
      selected: ['x1'],
      routes: {
        [`GET ${CATALOG}`]: catalogReply([capture('2026-03-01'), capture('2026-02-20')]),
        'GET /v2/farms/crop_types/list': { status: 200, body: { data: { crop_types: ['Wheat'] } } },
      },
    });
    await ui.click(await screen.findByRole('button', { name: /^20 Feb/ }));
    await ui.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(store.getState().selectedDate).toBe('2026-03-01');
  });

  it('opens the date straight away for a viewer, who could not save a crop type', async () => {
    const { ui, store } = renderOverMap(<ImageryOverlay />, {
      fields: [makeField('x1', { field_crop_type: null, permission: 'viewer' })],
      selected: ['x1'],
      farmRole: 'viewer',
      routes: { [`GET ${CATALOG}`]: catalogReply([capture('2026-03-01')]) },
    });
    await ui.click(await screen.findByRole('button', { name: /^1 Mar/ }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(store.getState().selectedDate).toBe('2026-03-01');
  });

  it('shows the raster loading state until the tiles settle, for 10 s at most', async () => {
    jest.useFakeTimers();
    try {
      const { store } = renderOverMap(<ImageryOverlay />, {
        routes: { [`GET ${CATALOG}`]: catalogReply([capture('2026-03-01')]) },
      });
      act(() => store.getState().setSelectedDate('2026-03-01'));
      expect(screen.getByRole('status')).toHaveTextContent('Loading imagery…');
      act(() => jest.advanceTimersByTime(9_900));
      expect(screen.getByRole('status')).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(100));
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
      expect(store.getState().rasterLoading).toBe(false);
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('Rapid-EM surveys', () => {
  const window = (start: string, end: string) => ({
    start_date: start,
    end_date: end,
    capture_id: `em-${start}`,
    items: capture(start, 0).items,
  });

  it('lists survey windows with no cloud wording or cloud filter, and names the depth and EC unit in the legend', async () => {
    const { store } = renderOverMap(<ImageryOverlay />, {
      routes: {
        [`GET ${CATALOG}`]: catalogReply([window('2026-02-09', '2026-02-15'), window('2026-02-02', '2026-02-08')]),
        'GET /v2/algorithm/sensor_em_SHALLOW/statistics.json': statisticsReply({
          algorithm: 'sensor_em_SHALLOW',
          unit: 'mS/m',
          color_rendering: { ...statisticsBody().color_rendering, color_stretch: 'fixed', value_range: [0, 100] },
        }),
      },
    });
    act(() => store.getState().selectLayer('sensor_em'));
    const list = await screen.findByRole('list', { name: 'Rapid-EM surveys' });
    expect(
      within(list)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Surveyed 9–15 Feb', 'Surveyed 2–8 Feb']);
    expect(screen.queryByLabelText('Hide dates above')).not.toBeInTheDocument();
    expect(screen.queryByText(/cloud/i)).not.toBeInTheDocument();

    await waitFor(() => expect(store.getState().selectedDate).toBe('2026-02-09'));
    const legend = await screen.findByRole('region', { name: 'Legend' });
    expect(legend).toHaveTextContent('Soil EC (mS/m) · Shallow (0–0.5 m)');
    expect(await within(legend).findByRole('list', { name: 'Scale from 0 to 100 mS/m' })).toHaveTextContent(
      '0255075100',
    );
  });

  it('says when the fields were never surveyed', async () => {
    const { store } = renderOverMap(<ImageryOverlay />, { routes: { [`GET ${CATALOG}`]: catalogReply([]) } });
    act(() => store.getState().selectLayer('sensor_em'));
    expect(await screen.findByText(/Rapid-EM has not surveyed these fields yet/)).toBeInTheDocument();
    expect(screen.getByText('No Dates Available')).toBeInTheDocument();
  });
});
