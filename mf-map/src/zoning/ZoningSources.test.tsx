import { act, screen, waitFor, within } from '@testing-library/react';
import type { FakeReply } from '@paddock/shared/testing';
import type { Profile, ZoningZonesResponse } from '@paddock/shared/contracts';
import { capture, catalogReply } from '../testing/imageryReplies';
import { writeMaxCloud } from '../map-core/imagery/maxCloud';
import { makeField } from '../testing/fixtures';
import { advancedProfile, queriesOf, renderOverMap } from '../testing/harness';
import { ZoningPanel } from './ZoningPanel';
import { defaultSeasons } from './seasons';
import { zonesReply } from './testing';

/** Issue 26 in zoning mode: dates with their cloud, locked calculations, seasons, EM weights, sources and stability. */

const ZONES = '/v2/zoning/zones';

function renderZoning(zones: FakeReply = zonesReply(), profile?: Profile) {
  const view = renderOverMap(<ZoningPanel />, {
    fields: [makeField('x1')],
    selected: ['x1'],
    ...(profile ? { profile } : {}),
    routes: {
      'GET /v2/catalog': catalogReply([
        capture('2026-03-01', 3),
        capture('2026-02-25', 35),
        capture('2026-02-20', 100),
      ]),
      [`GET ${ZONES}`]: zones,
    },
  });
  act(() => view.store.getState().setMode('zoning'));
  return view;
}

const chooseCountAndResolution = async (ui: ReturnType<typeof renderZoning>['ui']) => {
  await ui.selectOptions(screen.getByLabelText('Number of zones'), '3');
  await ui.selectOptions(screen.getByLabelText('Resolution'), '25 m');
};

const STABLE: ZoningZonesResponse['statistics']['stability'] = [
  { zone: 1, stable_share: 0.91, cv: 0.04 },
  { zone: 2, stable_share: 0.62, cv: 0.06 },
  { zone: 3, stable_share: 0.88, cv: 0.05 },
];

describe('zoning sources and honest inputs', () => {
  afterEach(() => writeMaxCloud(null));

  it('lists each date with its cloud inside the fields; a date too cloudy to zone cannot be picked', async () => {
    renderZoning();
    const clear = await screen.findByRole('option', { name: /1 Mar · Clear · 3 %/ });
    expect(clear).toBeEnabled();
    expect(screen.getByRole('option', { name: /25 Feb · Partly cloudy · 35 %/ })).toBeEnabled();
    expect(screen.getByRole('option', { name: /20 Feb · Cloudy · 100 % · too cloudy to zone/ })).toBeDisabled();
  });

  it('hides the dates above the timeline’s cloud limit and says how many', async () => {
    writeMaxCloud(25);
    renderZoning();
    await screen.findByRole('option', { name: /1 Mar/ });
    expect(screen.queryByRole('option', { name: /25 Feb/ })).not.toBeInTheDocument();
    expect(screen.getByText('2 dates above 25 % cloud hidden (as on the timeline).')).toBeInTheDocument();
  });

  it('shows the calculations a Basic user does not have as locked, with Get Advanced, and never asks for them', async () => {
    const { server } = renderZoning();
    await screen.findByRole('option', { name: /1 Mar/ });
    const calculation = screen.getByLabelText('Calculation');
    expect(within(calculation).getByRole('option', { name: 'NDRE (Advanced)' })).toBeDisabled();
    expect(within(calculation).getByRole('option', { name: /^NDVI$/ })).toBeEnabled();
    expect(screen.getByText(/come with\s+Advanced/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get Advanced' })).toHaveAttribute('href', '/advanced');
    expect(server.find('GET', ZONES)).toHaveLength(0);
  });

  it('offers NDRE to an Advanced user with its flag, and still locks the others', async () => {
    renderZoning(zonesReply(), advancedProfile('algorithm:ndre'));
    await screen.findByRole('option', { name: /1 Mar/ });
    expect(within(screen.getByLabelText('Calculation')).getByRole('option', { name: 'NDRE' })).toBeEnabled();
    // Thermal and PCD still need their own flags.
    expect(screen.getByText(/come with\s+Advanced/)).not.toHaveTextContent('NDRE');
  });

  it('says in words why a date cannot be zoned (the API’s reason)', async () => {
    const detail =
      'The fields are 62 % under cloud or shadow on 2026-02-25: more than half of them cannot be seen, so no zones are made from it. The nearest clear dates are 2026-03-01.';
    const { ui } = renderZoning({ status: 422, body: { detail } });
    await screen.findByRole('option', { name: /25 Feb/ });
    await ui.selectOptions(screen.getByLabelText('Date'), '2026-02-25');
    await chooseCountAndResolution(ui);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Zone layer failed to load. Please try again.');
    expect(alert).toHaveTextContent(detail);
  });

  it('names what the zones were made of and explains the zone quality one click away', async () => {
    const { ui } = renderZoning(
      zonesReply({
        made_from: {
          source: 'date',
          description: 'standard_NDVI on 2026-03-01',
          captures: [
            { date: '2026-02-25', percent: 12 },
            { date: '2026-03-01', percent: 84.5 },
          ],
          filled_from_neighbours_percent: 3.5,
        },
      }),
    );
    await screen.findByRole('option', { name: /1 Mar/ });
    await ui.selectOptions(screen.getByLabelText('Date'), '2026-03-01');
    await chooseCountAndResolution(ui);
    expect(
      await screen.findByText('Made from 25 Feb (12 %), 1 Mar (85 %); 4 % filled from neighbouring pixels.'),
    ).toBeInTheDocument();
    const info = screen.getByText('What is zone quality?');
    expect(screen.getByText(/share of the field’s variation/)).not.toBeVisible();
    await ui.click(info);
    expect(screen.getByText(/share of the field’s variation/)).toBeVisible();
  });

  it('makes productivity zones from the seasons picked, and leaves out a season unticked', async () => {
    const { ui, server } = renderZoning();
    await ui.click(screen.getByRole('radio', { name: 'Seasons' }));
    expect(screen.queryByLabelText('Date')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Layer')).not.toBeInTheDocument();
    const seasons = defaultSeasons();
    for (const year of seasons) expect(screen.getByRole('checkbox', { name: String(year) })).toBeChecked();
    await chooseCountAndResolution(ui);
    await waitFor(() => expect(queriesOf(server, ZONES)).toHaveLength(1));
    const [first] = queriesOf(server, ZONES);
    expect(first?.get('source')).toBe('seasons');
    expect(first?.getAll('seasons')).toEqual(seasons.map(String));
    await ui.click(screen.getByRole('checkbox', { name: String(seasons[0]) }));
    await waitFor(() => expect(queriesOf(server, ZONES)).toHaveLength(2));
    expect(queriesOf(server, ZONES)[1]?.getAll('seasons')).toEqual(seasons.slice(1).map(String));
  });

  it('shows each zone’s stability, and the stability layer with its key on request', async () => {
    const { ui, store } = renderZoning(
      zonesReply({
        statistics: { ...(zonesReply().body as ZoningZonesResponse).statistics, stability: STABLE },
        made_from: {
          source: 'seasons',
          description:
            'Productivity: standard_NDVI over seasons 2023, 2024, 2025, each clear capture standardised within the field, then averaged (162 captures)',
          captures: [],
          filled_from_neighbours_percent: 0,
        },
      }),
    );
    await ui.click(screen.getByRole('radio', { name: 'Seasons' }));
    await chooseCountAndResolution(ui);
    const legend = await screen.findByRole('table', { name: 'Zones' });
    expect(within(legend).getByRole('columnheader', { name: 'Stable' })).toBeInTheDocument();
    expect(within(legend).getByRole('columnheader', { name: 'Mean (standardised)' })).toBeInTheDocument();
    expect(screen.getByText(/^Productivity: standard_NDVI over seasons 2023, 2024, 2025/)).toBeInTheDocument();
    const rows = within(legend).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').at(-2)?.textContent)).toEqual(['91%', '62%', '88%']);
    await ui.click(screen.getByRole('checkbox', { name: 'Show zone stability on the map' }));
    expect(store.getState().stabilityShown).toBe(true);
    expect(screen.getByRole('list', { name: 'Stability layer' })).toHaveTextContent('Same zone every season');
  });

  it('combines Rapid-EM with imagery by the weights given, and shows the layers’ correlation', async () => {
    const correlated = zonesReply();
    const body = correlated.body as ZoningZonesResponse;
    body.statistics.fields = [
      {
        field_id: 'x1',
        area: 15,
        variance_reduction: 0.7,
        filled_percent: 0,
        min_zone_ha: 0.5,
        breaks: [0.3, 0.5],
        zones: body.statistics.zones,
        correlations: { shallow_deep: 0.81, shallow_index: 0.42, deep_index: -0.1 },
      },
    ];
    const { ui, server } = renderZoning(correlated);
    await ui.click(screen.getByRole('radio', { name: 'EM + imagery' }));
    await screen.findByRole('option', { name: /1 Mar/ });
    await ui.selectOptions(screen.getByLabelText('Imagery date'), '2026-03-01');
    const deep = screen.getByLabelText('EM deep weight');
    await ui.clear(deep);
    await ui.type(deep, '2');
    await chooseCountAndResolution(ui);
    expect(
      await screen.findByText(/shallow–deep 0\.81, shallow–imagery 0\.42, deep–imagery -0\.10/),
    ).toBeInTheDocument();
    const query = queriesOf(server, ZONES).at(-1);
    expect(query?.get('source')).toBe('em_imagery');
    expect([query?.get('weight_shallow'), query?.get('weight_deep'), query?.get('weight_index')]).toEqual([
      '1',
      '2',
      '1',
    ]);
  });
});
