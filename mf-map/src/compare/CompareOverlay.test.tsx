import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import type { CatalogEntry, CompareStatisticsResponse, Distribution } from '@paddock/shared/contracts';
import type { Routes } from '@paddock/shared/testing';
import { queriesOf, renderOverMap } from '../testing/harness';
import { capture, catalogLoaded, catalogReply } from '../testing/imageryReplies';
import { CompareOverlay } from './CompareOverlay';
import { positionAfterKey } from './swipe';

const STATISTICS = '/v2/compare/NDVI/statistics.json';
const CATALOG = '/v2/catalog';

const spread = (mean: number): Distribution => ({
  count: 400,
  mean,
  sd: 0.02,
  min: mean - 0.05,
  max: mean + 0.05,
  p10: mean - 0.03,
  p25: mean - 0.01,
  p50: mean,
  p75: mean + 0.01,
  p90: mean + 0.03,
});

function statistics(overrides: Partial<CompareStatisticsResponse> = {}): CompareStatisticsResponse {
  return {
    algorithm: 'NDVI',
    earlier_date: '2026-02-20',
    later_date: '2026-03-01',
    unit: 'index',
    earlier: spread(0.62),
    later: spread(0.48),
    difference: spread(-0.14),
    percent_down: 41.5,
    down_by: 0.15,
    earlier_cloud_percent: 0,
    later_cloud_percent: 0,
    color_rendering: {
      color_range: [
        [165, 0, 38],
        [247, 247, 247],
        [0, 104, 55],
      ],
      value_range: [-0.4, 0.4],
    },
    ...overrides,
  };
}

/** The map URL as the router holds it, for the test to read. */
function Url() {
  const location = useLocation();
  return <output data-testid="url">{`${location.pathname}${location.search}`}</output>;
}

const url = () => screen.getByTestId('url').textContent ?? '';
const search = () => new URLSearchParams(url().split('?')[1] ?? '');

function renderCompare(
  options: { path?: string; catalog?: CatalogEntry[]; date?: string | null; routes?: Routes } = {},
) {
  const {
    path = '/farms/f1',
    catalog = [capture('2026-03-01'), capture('2026-02-25', 70), capture('2026-02-20'), capture('2026-02-10')],
    date = '2026-03-01',
    routes = { [`GET ${STATISTICS}`]: { status: 200, body: statistics() } },
  } = options;
  const rendered = renderOverMap(
    <MemoryRouter initialEntries={[path]}>
      <CompareOverlay />
      <Url />
    </MemoryRouter>,
    { routes },
  );
  act(() => {
    catalogLoaded(rendered.queryClient, { layer: 'standard', fieldIds: ['x1'] }, catalog);
    rendered.store.getState().setSelectedDate(date);
  });
  return rendered;
}

const panel = () => screen.getByRole('region', { name: 'Compare' });
const dateOf = (side: 'Left' | 'Right') =>
  within(within(panel()).getByRole('group', { name: side })).getByLabelText('Date');

describe('the compare view', () => {
  it('opens on the shown date against the clear capture before it (cloudy ones are not offered), in the URL', async () => {
    const { ui } = renderCompare();
    await ui.click(screen.getByRole('button', { name: 'Compare dates' }));
    expect(search().get('compare')).toBe('standard_NDVI@2026-02-20,standard_NDVI@2026-03-01');
    expect(search().get('fields')).toBe('x1');
    expect(search().get('view')).toBe('swipe');
    expect(dateOf('Left')).toHaveValue('2026-02-20');
    expect(dateOf('Right')).toHaveValue('2026-03-01');
    const offered = within(dateOf('Left'))
      .getAllByRole('option')
      .map((option) => (option as HTMLOptionElement).value);
    expect(offered).toEqual(['2026-03-01', '2026-02-20', '2026-02-10']);
  });

  it('reads a shared link, and writes each choice back to the URL, keeping its other parts', async () => {
    const { ui, server } = renderCompare({
      path: '/farms/f1?zone=z9&compare=standard_NDVI%402026-02-10%2Cstandard_NDVI%402026-03-01&fields=x1&view=side',
    });
    expect(within(panel()).getByRole('radio', { name: 'Side by side' })).toHaveAttribute('aria-checked', 'true');
    // Side by side, the choices fold away so the two maps keep the screen.
    const more = within(panel()).getByRole('button', { name: 'Dates and figures' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await ui.click(more);
    expect(within(panel()).getByRole('button', { name: 'Fewer choices' })).toHaveAttribute('aria-expanded', 'true');
    expect(dateOf('Left')).toHaveValue('2026-02-10');
    expect(dateOf('Right')).toHaveValue('2026-03-01');
    await screen.findByRole('table', { name: 'Statistics of both dates and the change' });
    const [query] = queriesOf(server, STATISTICS);
    expect([query?.get('earlier_date'), query?.get('later_date'), query?.getAll('field_ids')]).toEqual([
      '2026-02-10',
      '2026-03-01',
      ['x1'],
    ]);

    await ui.selectOptions(dateOf('Left'), '2026-02-20');
    await ui.click(within(panel()).getByRole('radio', { name: 'Difference' }));
    expect(search().get('compare')).toBe('standard_NDVI@2026-02-20,standard_NDVI@2026-03-01');
    expect(search().get('view')).toBe('difference');
    expect(search().get('zone')).toBe('z9');

    await ui.click(screen.getByRole('button', { name: 'Close compare' }));
    expect(url()).toBe('/farms/f1?zone=z9');
    expect(screen.getByRole('button', { name: 'Compare dates' })).toBeInTheDocument();
  });

  it('shows both dates, the change and its legend', async () => {
    renderCompare({ path: '/farms/f1?compare=standard_NDVI%402026-02-20%2Cstandard_NDVI%402026-03-01&fields=x1' });
    const table = await screen.findByRole('table', { name: 'Statistics of both dates and the change' });
    expect(within(table).getByRole('row', { name: /^Change/ })).toHaveTextContent('Change-0.140.02-0.17 to -0.11');
    expect(screen.getByTestId('compare-down')).toHaveTextContent('42 % of the field is down 0.15 or more.');
    expect(screen.getByRole('figure', { name: 'Change legend' })).toHaveTextContent('-0.40 lowerno change+0.40 higher');
  });

  it('a toggle shows the whole map as one date or the other, with the slider in step', async () => {
    const { ui } = renderCompare({
      path: '/farms/f1?compare=standard_NDVI%402026-02-20%2Cstandard_NDVI%402026-03-01&fields=x1&view=swipe',
    });
    const toggle = screen.getByRole('group', { name: 'Show the whole map as' });
    const slider = screen.getByRole('slider', { name: 'Swipe handle' });
    expect(slider).toHaveValue('0.5');
    await ui.click(within(toggle).getByRole('button', { name: 'Left: 20 Feb 2026' }));
    expect(slider).toHaveValue('1');
    expect(slider).toHaveAttribute('aria-valuetext', '100 % left side');
    expect(within(toggle).getByRole('button', { name: /^Left/ })).toHaveAttribute('aria-pressed', 'true');
    await ui.click(within(toggle).getByRole('button', { name: /^Right/ }));
    expect(slider).toHaveValue('0');
    expect(within(toggle).getByRole('button', { name: /^Right/ })).toHaveAttribute('aria-pressed', 'true');
    // The slider (which the keyboard moves) moves the same position: the toggle is no longer pressed.
    fireEvent.change(slider, { target: { value: '0.05' } });
    expect(slider).toHaveAttribute('aria-valuetext', '5 % left side');
    expect(within(toggle).getByRole('button', { name: /^Right/ })).toHaveAttribute('aria-pressed', 'false');
  });

  it('needs two clear captures: with fewer, the button says why instead of opening', async () => {
    const { ui } = renderCompare({
      catalog: [capture('2026-03-01'), capture('2026-02-25', 70), capture('2026-02-20', 45)],
    });
    const button = screen.getByRole('button', { name: 'Compare dates' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    await ui.click(button);
    const why = screen.getByText(/^Comparing needs two clear captures/);
    expect(why).toHaveAttribute('role', 'status');
    expect(why).toHaveTextContent('Comparing needs two clear captures of the field; the dates loaded have one.');
    expect(button).toHaveAccessibleDescription(why.textContent ?? '');
    expect(search().has('compare')).toBe(false);
  });

  it('shows nothing to open before the dates have loaded', () => {
    renderCompare({ catalog: [], date: null });
    expect(screen.queryByRole('button', { name: 'Compare dates' })).not.toBeInTheDocument();
  });

  it('says so when no part of the field is clear on both dates, and when the change cannot be loaded', async () => {
    const path = '/farms/f1?compare=standard_NDVI%402026-02-20%2Cstandard_NDVI%402026-03-01&fields=x1';
    const first = renderCompare({
      path,
      routes: {
        [`GET ${STATISTICS}`]: {
          status: 200,
          body: statistics({ earlier: null, later: null, difference: null, percent_down: null }),
        },
      },
    });
    expect(await screen.findByText('No part of the field is clear on both dates. Choose clearer dates.')).toBeVisible();
    first.unmount();

    renderCompare({
      path,
      routes: { [`GET ${STATISTICS}`]: { status: 404, body: { detail: 'No imagery for these fields on 2026-02-20' } } },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('No imagery for these fields on 2026-02-20');
  });

  it('different layers on the two sides have no difference layer', () => {
    renderCompare({ path: '/farms/f1?compare=standard_NDVI%402026-02-20%2Cstandard_COLOUR%402026-03-01&fields=x1' });
    expect(within(panel()).getByRole('radio', { name: 'Difference' })).toBeDisabled();
    expect(screen.getByText('Both sides show different layers: there is no difference layer to draw.')).toBeVisible();
  });

  it('compares the right date with the clear capture nearest the same day last season', async () => {
    const { ui, server } = renderCompare({
      path: '/farms/f1?compare=standard_NDVI%402026-02-20%2Cstandard_NDVI%402026-03-01&fields=x1',
      routes: {
        [`GET ${STATISTICS}`]: { status: 200, body: statistics() },
        [`GET ${CATALOG}`]: catalogReply([capture('2025-03-20'), capture('2025-03-04', 80), capture('2025-02-24')]),
      },
    });
    await ui.click(screen.getByRole('button', { name: 'Right date against the same time last season' }));
    await waitFor(() => expect(dateOf('Left')).toHaveValue('2025-02-24'));
    expect(search().get('compare')).toBe('standard_NDVI@2025-02-24,standard_NDVI@2026-03-01');
    const [query] = queriesOf(server, CATALOG);
    expect([query?.get('latest_date_utc'), query?.get('layer_filter')]).toEqual(['2025-03-31', 'standard']);
  });

  it('says when last season has no clear capture near that day', async () => {
    const { ui } = renderCompare({
      path: '/farms/f1?compare=standard_NDVI%402026-02-20%2Cstandard_NDVI%402026-03-01&fields=x1',
      routes: {
        [`GET ${STATISTICS}`]: { status: 200, body: statistics() },
        [`GET ${CATALOG}`]: catalogReply([capture('2025-03-02', 90), capture('2025-01-10')]),
      },
    });
    await ui.click(screen.getByRole('button', { name: 'Right date against the same time last season' }));
    expect(await screen.findByText('No clear capture within 30 days of 1 Mar 2025 last season.')).toBeVisible();
    expect(dateOf('Left')).toHaveValue('2026-02-20');
  });
});

describe('the swipe handle keys', () => {
  it('step 5 %, page 25 %, and stop at the ends', () => {
    expect(positionAfterKey('ArrowRight', 0.5)).toBe(0.55);
    expect(positionAfterKey('ArrowLeft', 0.02)).toBe(0);
    expect(positionAfterKey('PageUp', 0.9)).toBe(1);
    expect(positionAfterKey('Home', 0.4)).toBe(0);
    expect(positionAfterKey('End', 0.4)).toBe(1);
    expect(positionAfterKey('a', 0.4)).toBeNull();
  });
});
