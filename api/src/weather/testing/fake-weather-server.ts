import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { addDays, dayNumber } from '../../imagery/dates';
import { embeddedDay } from '../embedded';

/**
 * A local stand-in for SILO DataDrill and Open-Meteo (archive and forecast APIs), for tests and the
 * `--live` switch's checks: the same query parameters and JSON shapes as the real services, with the
 * embedded source's days as the data (so answers are known). It can be told to fail (HTTP 503) and
 * counts the requests it answered.
 */

export interface FakeWeatherServer {
  /** `http://127.0.0.1:port` */
  url: string;
  siloUrl: string;
  archiveUrl: string;
  forecastUrl: string;
  /** The day the fake thinks is today (SILO publishes up to yesterday; Open-Meteo forecasts after it). */
  today: string;
  /** While true every request gets HTTP 503. */
  failing: boolean;
  /** Requests by path, e.g. `/silo`. */
  readonly requests: string[];
  close(): Promise<void>;
}

const fromCompact = (value: string) => `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}`;

function* daysBetween(from: string, to: string): Generator<string> {
  for (let date = from; date <= to; date = addDays(date, 1)) yield date;
}

export async function startFakeWeatherServer(options: { today: string }): Promise<FakeWeatherServer> {
  const requests: string[] = [];
  const state = { failing: false, today: options.today };

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    requests.push(url.pathname);
    if (state.failing) return send(res, 503, { error: 'Service unavailable' });
    const q = url.searchParams;
    if (url.pathname === '/silo') {
      const lat = Number(q.get('lat'));
      const lon = Number(q.get('lon'));
      if (q.get('format') !== 'json' || !q.get('username') || !q.get('start') || !q.get('finish')) {
        return send(res, 400, { error: 'lat, lon, start, finish, format=json and username are required' });
      }
      const finish = fromCompact(q.get('finish') as string);
      const last = finish < state.today ? finish : addDays(state.today, -1);
      const data = [...daysBetween(fromCompact(q.get('start') as string), last)].map((date) => {
        const day = embeddedDay({ lat, lon }, date);
        return {
          date,
          variables: [
            { variable_code: 'daily_rain', value: day.rain, source: 25 },
            { variable_code: 'max_temp', value: day.tmax, source: 25 },
            { variable_code: 'min_temp', value: day.tmin, source: 25 },
            { variable_code: 'et_short_crop', value: day.et, source: 25 },
          ],
        };
      });
      return send(res, 200, { location: { latitude: lat, longitude: lon }, extracted: 20260101, data });
    }
    if (url.pathname === '/archive' || url.pathname === '/forecast') {
      const lat = Number(q.get('latitude'));
      const lon = Number(q.get('longitude'));
      let from: string;
      let to: string;
      if (url.pathname === '/archive') {
        from = q.get('start_date') ?? '';
        to = q.get('end_date') ?? '';
      } else {
        from = addDays(state.today, -Number(q.get('past_days') ?? 0));
        to = addDays(state.today, Number(q.get('forecast_days') ?? 7) - 1);
      }
      if (!from || !to || dayNumber(to) < dayNumber(from)) return send(res, 400, { error: true, reason: 'bad dates' });
      const days = [...daysBetween(from, to)].map((date) => embeddedDay({ lat, lon }, date));
      return send(res, 200, {
        latitude: lat,
        longitude: lon,
        daily_units: { temperature_2m_min: '°C', precipitation_sum: 'mm' },
        daily: {
          time: days.map((d) => d.date),
          temperature_2m_min: days.map((d) => d.tmin),
          temperature_2m_max: days.map((d) => d.tmax),
          precipitation_sum: days.map((d) => d.rain),
          et0_fao_evapotranspiration: days.map((d) => d.et),
        },
      });
    }
    return send(res, 404, { error: 'not found' });
  };

  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    siloUrl: `${url}/silo`,
    archiveUrl: `${url}/archive`,
    forecastUrl: `${url}/forecast`,
    get today() {
      return state.today;
    },
    set today(value: string) {
      state.today = value;
    },
    get failing() {
      return state.failing;
    },
    set failing(value: boolean) {
      state.failing = value;
    },
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
