import { z } from 'zod';
import { addDays, minDate } from '../../imagery/dates';
import { getJson } from '../http';
import { round1, WeatherSourceError, type DailyWeather, type WeatherPoint, type WeatherSource } from '../source';

/**
 * SILO DataDrill (Queensland Government): Australian gridded daily climate (0.05°) from 1889, CC BY
 * 4.0. One GET per fetch: `DataDrillDataset.php?lat&lon&start&finish&format=json&comment=RXNF&username`
 * (R daily_rain, X max_temp, N min_temp, F et_short_crop, the FAO-56 short-crop reference). SILO has
 * no forecast and publishes each day the morning after, so days up to yesterday at most.
 */

export const SILO_DEFAULT_URL = 'https://www.longpaddock.qld.gov.au/cgi-bin/silo/DataDrillDataset.php';

export interface SiloConfig {
  /** DataDrill endpoint (a local fake in tests). */
  url: string;
  /** SILO asks for the caller's e-mail address as `username` (its API key). */
  username: string;
  timeoutMs?: number;
}

const siloBody = z.object({
  data: z.array(
    z.object({
      date: z.string(),
      variables: z.array(z.object({ variable_code: z.string(), value: z.number().nullable() })),
    }),
  ),
});

const compact = (date: string) => date.replaceAll('-', '');

export class SiloWeatherSource implements WeatherSource {
  readonly name = 'silo' as const;
  readonly attribution = {
    text: 'SILO climate data, Queensland Government',
    licence: 'CC BY 4.0',
    licence_url: 'https://creativecommons.org/licenses/by/4.0/',
  };
  readonly forecastDays = 0;

  constructor(private readonly config: SiloConfig) {}

  async daily(point: WeatherPoint, range: { from: string; to: string }, today: string): Promise<DailyWeather[]> {
    const finish = minDate(range.to, addDays(today, -1));
    if (finish < range.from) return [];
    const url = new URL(this.config.url);
    url.search = new URLSearchParams({
      lat: point.lat.toFixed(2),
      lon: point.lon.toFixed(2),
      start: compact(range.from),
      finish: compact(finish),
      format: 'json',
      comment: 'RXNF',
      username: this.config.username,
      password: 'apirequest',
    }).toString();
    const parsed = siloBody.safeParse(await getJson('SILO', url, this.config.timeoutMs ?? 20_000));
    if (!parsed.success) throw new WeatherSourceError('SILO sent data in a shape Paddock does not read');
    const days: DailyWeather[] = [];
    for (const entry of parsed.data.data) {
      const value = (code: string) => entry.variables.find((v) => v.variable_code === code)?.value ?? null;
      const tmin = value('min_temp');
      const tmax = value('max_temp');
      const rain = value('daily_rain');
      if (tmin === null || tmax === null || rain === null) continue;
      const et = value('et_short_crop');
      days.push({
        date: entry.date,
        tmin: round1(tmin),
        tmax: round1(tmax),
        rain: round1(Math.max(0, rain)),
        et: et === null ? null : round1(et),
        forecast: false,
      });
    }
    return days.sort((a, b) => (a.date < b.date ? -1 : 1));
  }
}
