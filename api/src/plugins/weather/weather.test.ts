import { seasonFigures } from '@paddock/shared/agronomy';
import { weatherResponseSchema, type FieldFeature, type WeatherResponse } from '@paddock/shared/contracts';
import { sql } from 'kysely';
import { addDays, todayUtc } from '../../imagery/dates';
import { addFields, createFarm, fieldFeature, share, signIn, square, type TestUser } from '../../test/farms';
import { availableBackends, startTestApp, type TestContext } from '../../test/harness';
import { embeddedDay } from '../../weather/embedded';
import { startFakeWeatherServer, type FakeWeatherServer } from '../../weather/testing/fake-weather-server';
import { WEATHER_REFRESH_JOB } from './service';

describe.each(availableBackends())('farm weather from the cache on %s', (kind) => {
  let t: TestContext;
  let fake: FakeWeatherServer;
  let owner: TestUser;
  let viewer: TestUser;
  let stranger: TestUser;
  let farmId: string;
  let emptyFarmId: string;
  let field: FieldFeature;
  const today = todayUtc();

  beforeAll(async () => {
    fake = await startFakeWeatherServer({ today });
    // No job runs by itself here (JOBS_CONCURRENCY=0): the test runs them, so "the request never
    // waited on the source" is visible as "the fake was not asked".
    t = await startTestApp(kind, {
      JOBS_CONCURRENCY: '0',
      WEATHER_SOURCE: 'open-meteo',
      OPEN_METEO_ARCHIVE_URL: fake.archiveUrl,
      OPEN_METEO_FORECAST_URL: fake.forecastUrl,
    });
    [owner, viewer, stranger] = await Promise.all([signIn(t), signIn(t), signIn(t)]);
    const farm = await createFarm(t, owner, 'Weather');
    farmId = farm.id;
    [field] = (
      await addFields(t, owner, farm.id, fieldFeature('North', square(147.36, -35.12), { field_crop_type: 'Wheat' }))
    ).features as [FieldFeature];
    expect((await share(t, owner, [farm.id], [viewer.email], 'viewer')).statusCode).toBe(200);
    emptyFarmId = (await createFarm(t, owner, 'Empty')).id;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const weather = async (user: TestUser, url = `/v2/farms/${farmId}/weather`): Promise<WeatherResponse> => {
    const response = await t.request({ method: 'GET', url, token: user.token });
    expect(response.statusCode).toBe(200);
    return weatherResponseSchema.parse(response.json());
  };

  it('answers a cold farm at once from the cache and leaves the fetch to a job', async () => {
    const cold = await weather(viewer);
    expect(cold).toMatchObject({
      status: 'refreshing',
      as_of: null,
      age_seconds: null,
      days: [],
      source: 'open-meteo',
    });
    expect(cold.location).toEqual({ lat: -35.1, lon: 147.35 });
    expect(cold.attribution).toEqual({
      text: 'Weather data by Open-Meteo.com',
      licence: 'CC BY 4.0',
      licence_url: 'https://creativecommons.org/licenses/by/4.0/',
    });
    expect(fake.requests).toEqual([]);
    // Asking again queues nothing more: one refresh per cell and period.
    await weather(owner);
    const jobs = await t.app.db.selectFrom('jobs').select('kind').where('kind', '=', WEATHER_REFRESH_JOB).execute();
    expect(jobs).toHaveLength(1);

    await t.app.jobs.drain();
    const done = await t.app.db.selectFrom('jobs').select('state').where('kind', '=', WEATHER_REFRESH_JOB).execute();
    expect(done).toEqual([{ state: 'done' }]);
    expect(fake.requests.length).toBeGreaterThan(0);
  });

  it('then answers fresh days (last 30 and next 7 by default) within a second, without asking the source', async () => {
    const asked = fake.requests.length;
    const started = performance.now();
    const fresh = await weather(viewer);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(fake.requests.length).toBe(asked);
    expect(fresh.status).toBe('fresh');
    expect(fresh.has_forecast).toBe(true);
    expect(fresh.days).toHaveLength(37);
    expect(fresh.days[0]?.date).toBe(addDays(today, -29));
    expect(fresh.days.at(-1)?.date).toBe(addDays(today, 7));
    expect(fresh.days.filter((d) => d.forecast).map((d) => d.date)).toEqual(
      Array.from({ length: 7 }, (_, i) => addDays(today, i + 1)),
    );
    const sample = fresh.days[3] as WeatherResponse['days'][number];
    const known = embeddedDay({ lat: -35.1, lon: 147.35 }, sample.date);
    expect([sample.tmin, sample.tmax, sample.rain]).toEqual([known.tmin, known.tmax, known.rain]);
    // The field's weather is its farm's.
    const byField = await weather(viewer, `/v2/fields/${field.id}/weather?from=${addDays(today, -3)}&to=${today}`);
    expect(byField.days.map((d) => d.date)).toEqual([3, 2, 1, 0].map((n) => addDays(today, -n)));
  });

  it('keeps the last good days when the source fails, and says how old they are and why', async () => {
    // Six hours and a bit later, the source is down.
    await sql`update weather_cells set fetched_on = now() - interval '7 hours'`.execute(t.app.db);
    fake.failing = true;
    const due = await weather(owner);
    expect(due.status).toBe('refreshing');
    expect(due.days).toHaveLength(37);
    await t.app.jobs.drain();
    const stale = await weather(owner);
    expect(stale.status).toBe('stale');
    expect(stale.problem).toBe('Open-Meteo answered HTTP 503');
    expect(stale.age_seconds).toBeGreaterThanOrEqual(7 * 3600);
    expect(stale.days).toHaveLength(37);
    // The source is back: the job's retry refreshes the cell.
    fake.failing = false;
    await sql`update jobs set run_at = now() where kind = ${WEATHER_REFRESH_JOB} and state = 'pending'`.execute(
      t.app.db,
    );
    await t.app.jobs.drain();
    const back = await weather(owner);
    expect(back.status).toBe('fresh');
    expect(back.age_seconds).toBeLessThan(60);
  });

  it('hides a farm from strangers, and says what a farm with no fields needs, with bad dates a 422', async () => {
    const hidden = await t.request({ method: 'GET', url: `/v2/farms/${farmId}/weather`, token: stranger.token });
    expect(hidden.statusCode).toBe(404);
    const empty = await t.request({ method: 'GET', url: `/v2/farms/${emptyFarmId}/weather`, token: owner.token });
    expect(empty.statusCode).toBe(422);
    expect(JSON.stringify(empty.json())).toContain('Add a field to this farm to see its weather');
    const backwards = await t.request({
      method: 'GET',
      url: `/v2/farms/${farmId}/weather?from=2026-05-02&to=2026-05-01`,
      token: owner.token,
    });
    expect(backwards.statusCode).toBe(422);
    const notADate = await t.request({
      method: 'GET',
      url: `/v2/farms/${farmId}/weather?from=2026-13-01`,
      token: owner.token,
    });
    expect(notADate.statusCode).toBe(422);
  });

  it("downloads the field's season as CSV: weather, rain and GDD since sowing beside NDVI, with the licence", async () => {
    const sowing = addDays(today, -60);
    const added = await t.request({
      method: 'POST',
      url: `/v2/fields/${field.id}/seasons`,
      token: owner.token,
      payload: { crop: 'Wheat', sowing_date: sowing },
    });
    expect(added.statusCode).toBe(201);
    const response = await t.request({ method: 'GET', url: `/v2/fields/${field.id}/season.csv`, token: viewer.token });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="North season ${sowing}.csv"`);
    const lines = response.body.trim().split('\n');
    expect(lines.filter((l) => l.startsWith('#')).join('\n')).toContain('Open-Meteo.com; licence CC BY 4.0');
    const header = lines.find((l) => l.startsWith('date,')) as string;
    expect(header).toBe(
      'date,tmin_c,tmax_c,rain_mm,rain_since_sowing_mm,et_mm,gdd_since_sowing,forecast,ndvi_mean,ndvi_p10,ndvi_p90,cloud_percent',
    );
    const rows = lines.filter((l) => /^\d{4}-/.test(l)).map((l) => l.split(','));
    expect(rows[0]?.[0]).toBe(sowing);
    expect(rows.at(-1)?.[0]).toBe(addDays(today, 7));
    expect(rows.some((r) => r[8] !== '')).toBe(true); // NDVI on capture days
    // Today's GDD since sowing is the same formula over the same days.
    const week = await weather(owner, `/v2/farms/${farmId}/weather?from=${sowing}&to=${today}`);
    const expected = seasonFigures(week.days, { sowingDate: sowing, crop: 'Wheat', until: today });
    const todayRow = rows.find((r) => r[0] === today) as string[];
    expect(Number(todayRow[6])).toBeCloseTo(expected.gdd as number, 1);
    expect(Number(todayRow[4])).toBeCloseTo(expected.rain, 1);
  });
});
