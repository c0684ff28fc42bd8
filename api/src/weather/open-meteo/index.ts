import { z } from 'zod';
import { addDays, dayNumber, maxDate, minDate } from '../../imagery/dates';
import { getJson } from '../http';
import { round1, WeatherSourceError, type DailyWeather, type WeatherPoint, type WeatherSource } from '../source';

/**
 * Open-Meteo (CC BY 4.0): history from its archive API (ERA5 and friends, a few days behind) and the
 * last days plus a 16-day forecast from its forecast API (`past_days`, `forecast_days`). Both answer
 * `daily: { time[], temperature_2m_min[], temperature_2m_max[], precipitation_sum[],
 * et0_fao_evapotranspiration[] }` in the location's time zone (`timezone=auto`).
 */

export const OPEN_METEO_DEFAULT_ARCHIVE_URL = 'https://archive-api.open-meteo.com/v1/archive';
export const OPEN_METEO_DEFAULT_FORECAST_URL = 'https://api.open-meteo.com/v1/forecast';

export interface OpenMeteoConfig {
  archiveUrl: string;
  forecastUrl: string;
  timeoutMs?: number;
}

/** The forecast API covers this many past days; older days come from the archive. */
const PAST_DAYS = 10;
/** `forecast_days` counts today: 16 (the most it gives) is today and the 15 days after. */
const FORECAST_DAYS = 16;
const DAILY = 'temperature_2m_min,temperature_2m_max,precipitation_sum,et0_fao_evapotranspiration';

const series = z.array(z.number().nullable());
const openMeteoBody = z.object({
  daily: z.object({
    time: z.array(z.string()),
    temperature_2m_min: series,
    temperature_2m_max: series,
    precipitation_sum: series,
    et0_fao_evapotranspiration: series.optional(),
  }),
});

export class OpenMeteoWeatherSource implements WeatherSource {
  readonly name = 'open-meteo' as const;
  readonly attribution = {
    text: 'Weather data by Open-Meteo.com',
    licence: 'CC BY 4.0',
    licence_url: 'https://creativecommons.org/licenses/by/4.0/',
  };
  readonly forecastDays = FORECAST_DAYS - 1;

  constructor(private readonly config: OpenMeteoConfig) {}

  private async fetchDaily(url: URL, params: Record<string, string>, point: WeatherPoint): Promise<DailyWeather[]> {
    url.search = new URLSearchParams({
      latitude: point.lat.toFixed(2),
      longitude: point.lon.toFixed(2),
      daily: DAILY,
      timezone: 'auto',
      ...params,
    }).toString();
    const parsed = openMeteoBody.safeParse(await getJson('Open-Meteo', url, this.config.timeoutMs ?? 20_000));
    if (!parsed.success) throw new WeatherSourceError('Open-Meteo sent data in a shape Paddock does not read');
    const daily = parsed.data.daily;
    const days: DailyWeather[] = [];
    daily.time.forEach((date, i) => {
      const tmin = daily.temperature_2m_min[i];
      const tmax = daily.temperature_2m_max[i];
      const rain = daily.precipitation_sum[i];
      if (tmin == null || tmax == null || rain == null) return;
      const et = daily.et0_fao_evapotranspiration?.[i] ?? null;
      days.push({
        date,
        tmin: round1(tmin),
        tmax: round1(tmax),
        rain: round1(Math.max(0, rain)),
        et: et === null ? null : round1(et),
        forecast: false,
      });
    });
    return days;
  }

  async daily(point: WeatherPoint, range: { from: string; to: string }, today: string): Promise<DailyWeather[]> {
    const recentFrom = addDays(today, -PAST_DAYS);
    const byDate = new Map<string, DailyWeather>();
    const archiveTo = minDate(range.to, addDays(recentFrom, -1));
    if (range.from <= archiveTo) {
      const url = new URL(this.config.archiveUrl);
      for (const day of await this.fetchDaily(url, { start_date: range.from, end_date: archiveTo }, point)) {
        byDate.set(day.date, day);
      }
    }
    const lastWanted = minDate(range.to, addDays(today, this.forecastDays));
    if (lastWanted >= maxDate(range.from, recentFrom)) {
      const forecastDays = Math.max(1, dayNumber(lastWanted) - dayNumber(today) + 1);
      const url = new URL(this.config.forecastUrl);
      const recent = await this.fetchDaily(
        url,
        { past_days: String(PAST_DAYS), forecast_days: String(Math.min(FORECAST_DAYS, forecastDays)) },
        point,
      );
      for (const day of recent) byDate.set(day.date, day);
    }
    return [...byDate.values()]
      .filter((day) => day.date >= range.from && day.date <= lastWanted)
      .map((day) => ({ ...day, forecast: day.date > today }))
      .sort((a, b) => (a.date < b.date ? -1 : 1));
  }
}
