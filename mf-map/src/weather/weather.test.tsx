import { screen, within } from '@testing-library/react';
import type { TimeseriesResponse, WeatherDay, WeatherResponse } from '@paddock/shared/contracts';
import { makeField } from '../testing/fixtures';
import { renderOverMap } from '../testing/harness';
import { FarmWeatherPanel } from './FarmWeather';
import { SeasonWeather } from './SeasonWeather';

const DAY = 86_400_000;
const today = new Date().toISOString().slice(0, 10);
const offset = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);

const days: WeatherDay[] = Array.from({ length: 420 }, (_, i) => {
  const date = offset(i - 400);
  return { date, tmin: i % 6 === 0 ? 1 : 8, tmax: 20, rain: i % 4 === 0 ? 5 : 0, et: 3, forecast: date > today };
});

const weather = (overrides: Partial<WeatherResponse> = {}): WeatherResponse => ({
  farm_id: 'f1',
  source: 'silo',
  location: { lat: -35.1, lon: 147.35 },
  status: 'fresh',
  as_of: new Date(Date.now() - 2 * 3600_000).toISOString(),
  age_seconds: 7200,
  problem: null,
  has_forecast: true,
  attribution: {
    text: 'SILO climate data, Queensland Government',
    licence: 'CC BY 4.0',
    licence_url: 'https://creativecommons.org/licenses/by/4.0/',
  },
  days,
  ...overrides,
});

const series: TimeseriesResponse = {
  field_id: 'x1',
  algorithm: 'NDVI',
  unit: 'index',
  max_cloud_percent: 30,
  seasons: [
    {
      season: 'current',
      start_date: offset(-120),
      end_date: offset(245),
      points: [
        { date: offset(-60), mean: 0.3, p10: 0.2, p90: 0.4, cloud_percent: 0 },
        { date: offset(-20), mean: 0.6, p10: 0.5, p90: 0.7, cloud_percent: 0 },
      ],
    },
    {
      season: 'previous',
      start_date: offset(-485),
      end_date: offset(-121),
      points: [
        { date: offset(-420), mean: 0.4, p10: 0.3, p90: 0.5, cloud_percent: 0 },
        { date: offset(-380), mean: 0.7, p10: 0.6, p90: 0.8, cloud_percent: 0 },
      ],
    },
  ],
};

const seasonsBody = {
  field_id: 'x1',
  seasons: [
    {
      id: 's1',
      field_id: 'x1',
      crop: 'Wheat',
      variety: null,
      sowing_date: offset(-90),
      harvest_date: null,
      notes: null,
      current: true,
    },
    {
      id: 's0',
      field_id: 'x1',
      crop: 'Barley',
      variety: null,
      sowing_date: offset(-455),
      harvest_date: offset(-300),
      notes: null,
      current: false,
    },
  ],
};

describe('the farm weather panel', () => {
  it('sums the last 7 and 30 days, lists the next 7, and names the source, its licence and its age', async () => {
    renderOverMap(<FarmWeatherPanel farmId="f1" />, {
      routes: { 'GET /v2/farms/f1/weather': { status: 200, body: weather() } },
    });
    const panel = await screen.findByTestId('farm-weather');
    const week = within(panel).getByRole('heading', { name: 'Last 7 days' }).closest('section') as HTMLElement;
    const expected = days.filter((d) => d.date > offset(-7) && d.date <= today).reduce((s, d) => s + d.rain, 0);
    expect(week).toHaveTextContent(`Rain${expected} mm`);
    expect(within(panel).getByRole('list', { name: 'Forecast for the next 7 days' }).children).toHaveLength(7);
    expect(panel).toHaveTextContent('Weather updated 2 hours ago');
    expect(panel).toHaveTextContent('SILO climate data, Queensland Government · CC BY 4.0');
  });

  it('says the weather is old and why when the source failed, and shows the last good days', async () => {
    renderOverMap(<FarmWeatherPanel farmId="f1" />, {
      routes: {
        'GET /v2/farms/f1/weather': {
          status: 200,
          body: weather({ status: 'stale', age_seconds: 3 * 86400, problem: 'SILO answered HTTP 503' }),
        },
      },
    });
    const panel = await screen.findByTestId('farm-weather');
    expect(panel).toHaveTextContent(
      "This weather was updated 3 days ago: the weather service is not answering, we'll keep trying.",
    );
    expect(within(panel).getByRole('heading', { name: 'Last 30 days' })).toBeInTheDocument();
  });
});

describe('the season weather under the field chart', () => {
  it('shows rain, temperature, frost and GDD from sowing with the method, beside this season and last', async () => {
    const field = makeField('x1', { field_crop_type: 'Wheat' });
    const { ui } = renderOverMap(<SeasonWeather field={field} algorithm="NDVI" />, {
      fields: [field],
      routes: {
        'GET /v2/fields/x1/timeseries': { status: 200, body: series },
        'GET /v2/fields/x1/seasons': { status: 200, body: seasonsBody },
        'GET /v2/fields/x1/weather': { status: 200, body: weather() },
      },
    });
    const figures = await screen.findByTestId('season-figures');
    const sown = days.filter((d) => d.date >= offset(-90) && d.date <= today);
    expect(figures).toHaveTextContent(`Rain since sowing${sown.reduce((s, d) => s + d.rain, 0)} mm`);
    const gdd = sown.reduce((s, d) => s + (d.tmax + d.tmin) / 2, 0);
    expect(figures).toHaveTextContent(`Growing degree days${Math.round(gdd)} °C·d`);
    expect(figures).toHaveTextContent(`Frost days${sown.filter((d) => d.tmin <= 2).length}`);
    expect(screen.getByTestId('season-weather')).toHaveTextContent('base 0 °C (McMaster & Wilhelm (1997)');
    const chart = screen.getByTestId('season-weather-chart');
    expect(within(chart).getByTestId('index-previous').getAttribute('d')).toMatch(/^M/);
    expect(chart.querySelectorAll('[data-testid="rain-bars"] rect').length).toBeGreaterThan(10);
    await ui.click(screen.getByRole('radio', { name: 'Days after sowing' }));
    expect(screen.getByTestId('season-weather-chart')).toHaveTextContent(/Sown/);
  });

  it("says when the season's reads failed and asks again only for what failed", async () => {
    const field = makeField('x1', { field_crop_type: 'Wheat' });
    let seasonsDown = true;
    const { ui, server } = renderOverMap(<SeasonWeather field={field} algorithm="NDVI" />, {
      fields: [field],
      routes: {
        'GET /v2/fields/x1/timeseries': { status: 200, body: series },
        'GET /v2/fields/x1/seasons': () =>
          seasonsDown
            ? { status: 500, body: { detail: 'The seasons are unavailable.' } }
            : { status: 200, body: seasonsBody },
        'GET /v2/fields/x1/weather': { status: 200, body: weather() },
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('The seasons are unavailable.');
    const askedForSeries = server.find('GET', '/v2/fields/x1/timeseries').length;
    seasonsDown = false;
    await ui.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('season-figures')).toHaveTextContent('Frost days');
    expect(server.find('GET', '/v2/fields/x1/timeseries')).toHaveLength(askedForSeries);
  });
});
