import type { FieldSeason, TimeseriesResponse, WeatherDay } from '@paddock/shared/contracts';
import { buildSeasonChart, previousSeasonOf } from './seasonChart';

const series: TimeseriesResponse = {
  field_id: 'f',
  algorithm: 'NDVI',
  unit: '',
  max_cloud_percent: 30,
  seasons: [
    {
      season: 'current',
      start_date: '2026-04-01',
      end_date: '2027-03-31',
      points: [
        { date: '2026-05-20', mean: 0.3, p10: 0.2, p90: 0.4, cloud_percent: 0 },
        { date: '2026-07-01', mean: 0.6, p10: 0.5, p90: 0.7, cloud_percent: 0 },
      ],
    },
    {
      season: 'previous',
      start_date: '2025-04-01',
      end_date: '2026-03-31',
      points: [{ date: '2025-06-10', mean: 0.5, p10: 0.4, p90: 0.6, cloud_percent: 0 }],
    },
  ],
};

const days: WeatherDay[] = Array.from({ length: 500 }, (_, i) => {
  const date = new Date(Date.UTC(2025, 3, 1 + i)).toISOString().slice(0, 10);
  return {
    date,
    tmin: i % 9 === 0 ? -1 : 6,
    tmax: 16,
    rain: i % 5 === 0 ? 4 : 0,
    et: 2,
    forecast: date > '2026-07-10',
  };
});

const season = (overrides: Partial<FieldSeason>): FieldSeason => ({
  id: 's',
  field_id: 'f',
  crop: 'Wheat',
  variety: null,
  sowing_date: null,
  harvest_date: null,
  notes: null,
  current: false,
  ...overrides,
});
const current = season({ id: 'now', current: true, sowing_date: '2026-05-10' });
const last = season({ id: 'last', sowing_date: '2025-05-01', crop: 'Barley' });

describe('the season weather chart model', () => {
  it('puts both seasons on one axis from their first days by calendar', () => {
    const model = buildSeasonChart({
      series,
      days,
      current,
      previous: last,
      alignment: 'calendar',
      today: '2026-07-10',
    });
    expect(model.anchors).toMatchObject({ current: '2026-04-01', previous: '2025-04-01' });
    expect(model.index.current.map((p) => p.day)).toEqual([49, 91]);
    expect(model.index.previous.map((p) => p.day)).toEqual([70]);
    // Weather from the season's first day; GDD only from sowing; forecasts not counted.
    expect(model.weather[0]?.date).toBe('2026-04-01');
    expect(model.weather.find((d) => d.date === '2026-05-09')?.gdd).toBeNull();
    expect(model.weather.find((d) => d.date === '2026-05-10')?.gdd).not.toBeNull();
    expect(model.weather.filter((d) => d.forecast).every((d) => d.gdd === null)).toBe(true);
  });

  it('lines the seasons up by days after sowing on request, with totals at the same age last season', () => {
    const model = buildSeasonChart({ series, days, current, previous: last, alignment: 'sowing', today: '2026-07-10' });
    expect(model.anchors).toMatchObject({ current: '2026-05-10', previous: '2025-05-01', currentIsSowing: true });
    expect(model.index.current.map((p) => p.day)).toEqual([10, 52]);
    expect(model.index.previous.map((p) => p.day)).toEqual([40]);
    // GDD: 61 days from sowing to 10 Jul at (16 + max(tmin, 0)) / 2, wheat base 0 °C.
    const since = days.filter((d) => d.date >= '2026-05-10' && d.date <= '2026-07-10');
    const gdd = since.reduce((sum, d) => sum + (d.tmax + Math.max(d.tmin, 0)) / 2, 0);
    expect(model.figures.gdd).toBeCloseTo(gdd, 1);
    expect(model.figures.rain).toBe(since.reduce((sum, d) => sum + d.rain, 0));
    expect(model.figures.frostDays).toBe(since.filter((d) => d.tmin <= 2).length);
    expect(model.previousFigures?.days).toBe(62);
  });

  it('finds last season as the latest sown before the current one', () => {
    expect(previousSeasonOf([current, last, season({ id: 'old', sowing_date: '2024-05-01' })])?.id).toBe('last');
    expect(previousSeasonOf([current])).toBeNull();
  });
});
