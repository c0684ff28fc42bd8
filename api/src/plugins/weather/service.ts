import type { WeatherDay, WeatherResponse, WeatherStatus } from '@paddock/shared/contracts';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../db';
import type { FarmRow } from '../../db/types';
import { UnprocessableError } from '../../errors';
import { addDays, todayUtc } from '../../imagery/dates';
import type { JobContext, JobRunner } from '../../jobs/runner';
import { cellOf, type WeatherCell } from '../../weather/cell';
import { WeatherSourceError, type DailyWeather, type WeatherSource } from '../../weather/source';

/**
 * Weather per farm location, answered from the database: the 0.05° cell holding the centre of the
 * farm's fields, filled by the refresh job from the configured source. A request reads what is
 * stored and, when the cell is cold or older than `maxAgeMs`, enqueues the refresh (one job per cell
 * and period) and says so (`status: 'refreshing'`); it never calls the source itself. A refresh that
 * fails keeps the last good days and leaves the cell `stale` with its age and the problem.
 */

export const WEATHER_REFRESH_JOB = 'weather.refresh';

export interface WeatherDeps {
  source: WeatherSource;
  jobs: JobRunner;
  maxAgeMs: number;
  now?: () => Date;
}

const refreshPayloadSchema = z.object({ cell: z.string(), lat: z.number(), lon: z.number() });
type RefreshPayload = z.infer<typeof refreshPayloadSchema>;

/** What a cell covers: from 1 January two years back (the previous season of any crop) to the forecast's end. */
export function cellWindow(today: string, source: WeatherSource): { from: string; to: string } {
  return { from: `${Number(today.slice(0, 4)) - 2}-01-01`, to: addDays(today, source.forecastDays) };
}

const NO_FIELDS = 'Add a field to this farm to see its weather';

/** The cell of a farm: the centre of its fields' bounding box (422 for a farm with no fields yet). */
export function farmCell(farm: Pick<FarmRow, 'min_lat' | 'max_lat' | 'min_lon' | 'max_lon'>): WeatherCell {
  if (farm.min_lat === null || farm.max_lat === null || farm.min_lon === null || farm.max_lon === null) {
    throw new UnprocessableError([{ loc: ['path', 'farm_id'], msg: NO_FIELDS, type: 'value_error' }]);
  }
  return cellOf({ lat: (farm.min_lat + farm.max_lat) / 2, lon: (farm.min_lon + farm.max_lon) / 2 });
}

/** Registers the refresh job kind (once per app). */
export function registerWeatherJob(deps: WeatherDeps): void {
  deps.jobs.register<RefreshPayload>(WEATHER_REFRESH_JOB, {
    parse: (payload) => refreshPayloadSchema.parse(payload),
    maxAttempts: 4,
    handle: (payload, context) => refreshCell(deps, payload, context),
  });
}

/** The job: fetch the cell's window from the source and replace its days, with the cell's status, in one commit. */
async function refreshCell(deps: WeatherDeps, payload: RefreshPayload, context: JobContext): Promise<void> {
  const { source } = deps;
  const now = deps.now?.() ?? new Date();
  const today = todayUtc(now);
  const window = cellWindow(today, source);
  const cellRow = {
    source: source.name,
    cell: payload.cell,
    lat: payload.lat,
    lon: payload.lon,
    attribution: source.attribution.text,
    licence: source.attribution.licence,
    licence_url: source.attribution.licence_url,
  };
  let days: DailyWeather[];
  try {
    days = await source.daily({ lat: payload.lat, lon: payload.lon }, window, today);
  } catch (error) {
    const problem =
      error instanceof WeatherSourceError ? error.message : `${source.name} failed: ${(error as Error).message}`;
    // The last good days stay; the cell says when and why the refresh failed.
    await context.db
      .insertInto('weather_cells')
      .values({ ...cellRow, attempted_on: now, last_error: problem })
      .onConflict((oc) => oc.columns(['source', 'cell']).doUpdateSet({ attempted_on: now, last_error: problem }))
      .execute();
    throw error;
  }
  await context.complete(async (trx) => {
    await trx
      .insertInto('weather_cells')
      .values({ ...cellRow, fetched_on: now, attempted_on: now, last_error: null })
      .onConflict((oc) =>
        oc.columns(['source', 'cell']).doUpdateSet({
          fetched_on: now,
          attempted_on: now,
          last_error: null,
          attribution: cellRow.attribution,
          licence: cellRow.licence,
          licence_url: cellRow.licence_url,
        }),
      )
      .execute();
    if (days.length === 0) return;
    // Forecasts are replaced by whatever the source says now (observations, or a newer forecast).
    await trx
      .deleteFrom('weather_days')
      .where('source', '=', source.name)
      .where('cell', '=', payload.cell)
      .where((eb) => eb.or([eb('forecast', '=', true), eb('day', '>=', days[0]?.date as string)]))
      .execute();
    const CHUNK = 500;
    for (let i = 0; i < days.length; i += CHUNK) {
      await trx
        .insertInto('weather_days')
        .values(
          days.slice(i, i + CHUNK).map((day) => ({
            source: source.name,
            cell: payload.cell,
            day: day.date,
            tmin: day.tmin,
            tmax: day.tmax,
            rain: day.rain,
            et: day.et,
            forecast: day.forecast,
          })),
        )
        .execute();
    }
  });
}

/**
 * The refresh of `cell` (deduplicated: one job per cell, per last good fetch and per `maxAgeMs` period,
 * so a refresh that gave up after its attempts is tried again in the next period).
 */
async function enqueueRefresh(
  db: Db,
  deps: WeatherDeps,
  cell: WeatherCell,
  fetchedOn: Date | null,
  now: Date,
): Promise<void> {
  const period = Math.floor(now.getTime() / deps.maxAgeMs);
  const generation = fetchedOn ? fetchedOn.getTime() : 'cold';
  await deps.jobs.enqueue(
    db,
    WEATHER_REFRESH_JOB,
    { cell: cell.key, lat: cell.lat, lon: cell.lon } satisfies RefreshPayload,
    { dedupeKey: `${WEATHER_REFRESH_JOB}:${deps.source.name}:${cell.key}:${generation}:${period}` },
  );
}

/**
 * The weather of a farm between `from` and `to` (default: the last 30 days and the next 7), from the
 * cache; enqueues a refresh when the cell is cold or old. Never waits on the source.
 */
export async function farmWeather(
  db: Db,
  deps: WeatherDeps,
  farm: Pick<FarmRow, 'id' | 'min_lat' | 'max_lat' | 'min_lon' | 'max_lon'>,
  range: { from?: string; to?: string },
): Promise<WeatherResponse> {
  const now = deps.now?.() ?? new Date();
  const today = todayUtc(now);
  const cell = farmCell(farm);
  const from = range.from ?? addDays(today, -29);
  const to = range.to ?? addDays(today, 7);
  const { source } = deps;
  const [cellRow, rows] = await Promise.all([
    db
      .selectFrom('weather_cells')
      .selectAll()
      .where('source', '=', source.name)
      .where('cell', '=', cell.key)
      .executeTakeFirst(),
    db
      .selectFrom('weather_days')
      .select([sql<string>`day::text`.as('day'), 'tmin', 'tmax', 'rain', 'et', 'forecast'])
      .where('source', '=', source.name)
      .where('cell', '=', cell.key)
      .where('day', '>=', from)
      .where('day', '<=', to)
      .orderBy('day')
      .execute(),
  ]);
  const fetchedOn = cellRow?.fetched_on ?? null;
  const ageMs = fetchedOn ? now.getTime() - fetchedOn.getTime() : null;
  const failedSince =
    cellRow?.last_error && cellRow.attempted_on && (!fetchedOn || cellRow.attempted_on > fetchedOn) ? cellRow : null;
  let status: WeatherStatus = 'fresh';
  if (ageMs === null || ageMs > deps.maxAgeMs) {
    await enqueueRefresh(db, deps, cell, fetchedOn, now);
    status = failedSince ? 'stale' : 'refreshing';
  }
  const days: WeatherDay[] = rows.map((row) => ({
    date: row.day,
    tmin: row.tmin,
    tmax: row.tmax,
    rain: row.rain,
    et: row.et,
    forecast: row.forecast,
  }));
  return {
    farm_id: farm.id,
    source: source.name,
    location: { lat: cell.lat, lon: cell.lon },
    status,
    as_of: fetchedOn ? fetchedOn.toISOString() : null,
    age_seconds: ageMs === null ? null : Math.max(0, Math.round(ageMs / 1000)),
    problem: status === 'stale' ? (failedSince?.last_error ?? null) : null,
    has_forecast: source.forecastDays > 0,
    attribution: source.attribution,
    days,
  };
}
