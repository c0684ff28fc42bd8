import { addDays } from '../imagery/dates';
import { SimulatedSource } from '../imagery/simulated';
import { cloudCoverOf } from '../imagery/simulated/weather';
import { WHEAT } from '../imagery/test-fields';
import { cellOf } from './cell';
import { EmbeddedWeatherSource, embeddedDay } from './embedded';
import { createWeatherSource } from './source-config';
import { WeatherSourceError, type WeatherSource } from './source';
import { startFakeWeatherServer, type FakeWeatherServer } from './testing/fake-weather-server';

const TODAY = '2026-11-20';
const WAGGA = cellOf({ lat: -35.118, lon: 147.367 });

let fake: FakeWeatherServer;
beforeAll(async () => {
  fake = await startFakeWeatherServer({ today: TODAY });
});
afterAll(async () => {
  await fake.close();
});

const sources: [string, () => WeatherSource][] = [
  ['embedded', () => createWeatherSource({ kind: 'embedded' })],
  ['silo', () => createWeatherSource({ kind: 'silo', url: fake.siloUrl, username: 'farmer@example.com' })],
  [
    'open-meteo',
    () => createWeatherSource({ kind: 'open-meteo', archiveUrl: fake.archiveUrl, forecastUrl: fake.forecastUrl }),
  ],
];

describe.each(sources)('weather source contract: %s', (name, make) => {
  let source: WeatherSource;
  beforeEach(() => {
    fake.failing = false;
    source = make();
  });

  it('names itself and carries its licence and attribution', () => {
    expect(source.name).toBe(name);
    expect(source.attribution.text.length).toBeGreaterThan(5);
    expect(source.attribution.licence.length).toBeGreaterThan(3);
    if (name !== 'embedded') {
      expect(source.attribution.licence).toBe('CC BY 4.0');
      expect(source.attribution.licence_url).toBe('https://creativecommons.org/licenses/by/4.0/');
    }
  });

  it('answers a past range day by day, oldest first, with plausible values (the same days as the known data)', async () => {
    const days = await source.daily(WAGGA, { from: '2026-04-01', to: '2026-06-30' }, TODAY);
    expect(days).toHaveLength(91);
    days.forEach((day, i) => {
      expect(day.date).toBe(addDays('2026-04-01', i));
      expect(day.tmin).toBeLessThanOrEqual(day.tmax);
      expect(day.rain).toBeGreaterThanOrEqual(0);
      expect(day.forecast).toBe(false);
      // The fakes serve the embedded model's days, so each client must read them back exactly.
      const known = embeddedDay(WAGGA, day.date);
      expect([day.tmin, day.tmax, day.rain, day.et]).toEqual([known.tmin, known.tmax, known.rain, known.et]);
    });
  });

  it('marks days after today as forecast, only as far ahead as it forecasts, and leaves out unpublished days', async () => {
    const days = await source.daily(WAGGA, { from: addDays(TODAY, -20), to: addDays(TODAY, 30) }, TODAY);
    const forecast = days.filter((day) => day.forecast);
    expect(forecast.every((day) => day.date > TODAY)).toBe(true);
    expect(days.filter((day) => !day.forecast).every((day) => day.date <= TODAY)).toBe(true);
    expect(forecast).toHaveLength(source.forecastDays);
    const last = days.at(-1)?.date as string;
    expect(last <= addDays(TODAY, source.forecastDays)).toBe(true);
    expect(days[0]?.date).toBe(addDays(TODAY, -20));
    // No gaps up to the last day answered.
    days.forEach((day, i) => expect(day.date).toBe(addDays(TODAY, -20 + i)));
  });

  it('answers an empty list for a range wholly in the unpublished future of a history-only source', async () => {
    const days = await source.daily(WAGGA, { from: addDays(TODAY, 40), to: addDays(TODAY, 45) }, TODAY);
    expect(days).toEqual([]);
  });

  if (name !== 'embedded') {
    it('says what went wrong when the service fails, as a WeatherSourceError', async () => {
      fake.failing = true;
      const attempt = source.daily(WAGGA, { from: '2026-01-01', to: '2026-01-10' }, TODAY);
      await expect(attempt).rejects.toBeInstanceOf(WeatherSourceError);
      await expect(source.daily(WAGGA, { from: '2026-01-01', to: '2026-01-10' }, TODAY)).rejects.toThrow(/HTTP 503/);
    });
  }
});

describe('embedded weather', () => {
  const source = new EmbeddedWeatherSource();

  it('is deterministic: the same place and day give the same weather', () => {
    expect(embeddedDay(WAGGA, '2026-07-14')).toEqual(embeddedDay(WAGGA, '2026-07-14'));
  });

  it('is seasonal by latitude: southern winters are cold, the north stays warm', async () => {
    const mean = async (point: { lat: number; lon: number }, from: string, to: string) => {
      const days = await source.daily(point, { from, to }, TODAY);
      return days.reduce((sum, d) => sum + (d.tmin + d.tmax) / 2, 0) / days.length;
    };
    const hobart = cellOf({ lat: -42.88, lon: 147.33 });
    const darwin = cellOf({ lat: -12.46, lon: 130.84 });
    const waggaJuly = await mean(WAGGA, '2025-07-01', '2025-07-31');
    const waggaJanuary = await mean(WAGGA, '2026-01-01', '2026-01-31');
    expect(waggaJanuary - waggaJuly).toBeGreaterThan(10);
    expect(await mean(darwin, '2025-07-01', '2025-07-31')).toBeGreaterThan(waggaJuly + 10);
    expect(await mean(hobart, '2025-07-01', '2025-07-31')).toBeLessThan(waggaJuly);
    // Frosty winter nights in the southern cropping belt, none in Darwin.
    const julyDays = await source.daily(WAGGA, { from: '2025-06-01', to: '2025-08-31' }, TODAY);
    expect(julyDays.filter((d) => d.tmin <= 0).length).toBeGreaterThan(3);
    const darwinDays = await source.daily(darwin, { from: '2025-06-01', to: '2025-08-31' }, TODAY);
    expect(darwinDays.filter((d) => d.tmin <= 2)).toEqual([]);
  });

  it('puts every cloudy simulated capture on a wet, overcast day and every clear one on a dry day', async () => {
    const field = WHEAT;
    const captures = await new SimulatedSource().catalog([field], 'standard', { from: '2025-01-01', to: '2026-10-31' });
    expect(captures.length).toBeGreaterThan(100);
    let cloudy = 0;
    for (const capture of captures) {
      const cover = cloudCoverOf(capture.date);
      const day = embeddedDay(cellOf({ lat: field.bbox[1], lon: field.bbox[0] }), capture.date);
      if (cover > 0) {
        cloudy += 1;
        expect(day.rain).toBeGreaterThan(0);
        // Overcast: a narrower day-night range than any clear day has (clear days span at least 12 °C).
        expect(day.tmax - day.tmin).toBeLessThan(12);
      } else {
        expect(day.rain).toBe(0);
      }
    }
    expect(cloudy).toBeGreaterThan(20);
    expect(cloudy).toBeLessThan(captures.length);
  });

  it('rains a plausible amount in a year (a cropping-belt 300–900 mm)', async () => {
    const days = await source.daily(WAGGA, { from: '2025-01-01', to: '2025-12-31' }, TODAY);
    const total = days.reduce((sum, d) => sum + d.rain, 0);
    expect(total).toBeGreaterThan(300);
    expect(total).toBeLessThan(900);
  });
});
