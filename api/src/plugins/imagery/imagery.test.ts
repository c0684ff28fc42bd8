import {
  catalogResponseSchema,
  layerAlgorithms,
  POINT_OUTSIDE_FIELD_MESSAGE,
  pointValueResponseSchema,
  statisticsResponseSchema,
  timeseriesResponseSchema,
  type CatalogCaptureEntry,
  type CatalogWindowEntry,
  type FieldFeature,
} from '@paddock/shared/contracts';
import sharp from 'sharp';
import { addDays, todayUtc } from '../../imagery/dates';
import { measureCloudPercent } from '../../imagery/engine';
import { latToMercatorY, lonToMercatorX, MERCATOR_HALF_WORLD } from '../../imagery/geo';
import { sampleEmWindows, SimulatedSource } from '../../imagery/simulated';
import type { FieldAoi } from '../../imagery/source';
import { addFields, createFarm, fieldFeature, setTier, share, signIn, type TestUser } from '../../test/farms';
import { availableBackends, startTestApp, type TestContext } from '../../test/harness';

/** A rectangle with its south-west corner at (lon, lat), optionally with a rectangular hole. */
function paddock(lon: number, lat: number, width: number, height: number, hole = false) {
  const ring = (x: number, y: number, w: number, h: number) => [
    [x, y],
    [x + w, y],
    [x + w, y + h],
    [x, y + h],
    [x, y],
  ];
  return {
    type: 'Polygon' as const,
    coordinates: hole
      ? [
          ring(lon, lat, width, height),
          ring(lon + width * 0.4, lat + height * 0.3, width * 0.2, height * 0.2).reverse(),
        ]
      : [ring(lon, lat, width, height)],
  };
}

const LATEST = '2025-09-30';

/** The XYZ tile at zoom z that holds a lon/lat. */
function tileAt(lon: number, lat: number, z: number): string {
  const size = (2 * MERCATOR_HALF_WORLD) / 2 ** z;
  return `${z}/${Math.floor((lonToMercatorX(lon) + MERCATOR_HALF_WORLD) / size)}/${Math.floor((MERCATOR_HALF_WORLD - latToMercatorY(lat)) / size)}`;
}

const query = (values: Record<string, string | string[]>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(values))
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, item);
  return search.toString();
};

describe.each(availableBackends())('imagery routes on %s', (kind) => {
  let t: TestContext;
  let owner: TestUser;
  let viewer: TestUser;
  let stranger: TestUser;
  let advanced: TestUser;
  let wheat: FieldFeature;
  let canola: FieldFeature;
  let advancedField: FieldFeature;

  const get = (user: TestUser, url: string, headers: Record<string, string> = {}) =>
    t.request({ method: 'GET', url, token: user.token, headers });

  const catalog = (user: TestUser, values: Record<string, string | string[]>) =>
    get(user, `/v2/catalog?${query(values)}`);

  beforeAll(async () => {
    t = await startTestApp(kind);
    owner = await signIn(t);
    viewer = await signIn(t);
    stranger = await signIn(t);
    advanced = await signIn(t);
    const farm = await createFarm(t, owner, 'Imagery Farm');
    const fields = await addFields(
      t,
      owner,
      farm.id,
      fieldFeature('Wheat paddock', paddock(147.36, -35.12, 0.012, 0.009, true), { field_crop_type: 'Wheat' }),
      fieldFeature('Canola paddock', paddock(147.374, -35.12, 0.01, 0.009), { field_crop_type: 'Canola' }),
    );
    [wheat, canola] = fields.features as [FieldFeature, FieldFeature];
    expect((await share(t, owner, [farm.id], [viewer.email], 'viewer')).statusCode).toBe(200);
    const ownFarm = await createFarm(t, advanced, 'Advanced Farm');
    [advancedField] = (
      await addFields(
        t,
        advanced,
        ownFarm.id,
        fieldFeature('North', paddock(147.4, -35.2, 0.01, 0.008), { field_crop_type: 'Barley' }),
      )
    ).features as [FieldFeature];
    await setTier(t, advanced, 'premium');
    // Imagery work makes this suite long on a busy machine: tokens that outlive it.
    for (const user of [owner, viewer, stranger, advanced])
      user.token = await t.token(user.claims, { expiresIn: 3600 });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  describe('GET v2/catalog', () => {
    it('lists a year of standard captures newest first, with an item per calculation', async () => {
      const response = await catalog(owner, { field_ids: wheat.id, latest_date_utc: LATEST });
      expect(response.statusCode).toBe(200);
      const { properties } = catalogResponseSchema.parse(response.json()).features[0] as {
        properties: { dates: CatalogCaptureEntry[]; search_from: string; search_to: string };
      };
      expect([properties.search_from, properties.search_to]).toEqual([addDays(LATEST, -364), LATEST]);
      expect(properties.dates.length).toBe(73);
      const dates = properties.dates.map((entry) => entry.date);
      expect([...dates].sort().reverse()).toEqual(dates);
      expect(dates.every((date) => date >= properties.search_from && date <= LATEST)).toBe(true);
      const [newest] = properties.dates;
      expect(newest?.items.map((item) => item.algorithm)).toEqual(layerAlgorithms.standard);
      expect(newest?.items[0]).toMatchObject({
        algorithm: 'NDVI',
        source: 'SIMULATED SENTINEL-2',
        tile_urls: [`v2/tiles/standard_NDVI/${newest?.date}/{z}/{x}/{y}.png?field_ids=${wheat.id}`],
        statistics_url: `v2/algorithm/standard_NDVI/statistics.json?color_stretch=dynamic&field_ids=${wheat.id}&latest_capture_date=${newest?.date}`,
      });
      // Clear and cloudy days both occur over a year.
      const clouds = properties.dates.map((entry) => entry.items[0]?.cloud_percent ?? -1);
      expect(clouds.some((percent) => percent === 0)).toBe(true);
      expect(clouds.some((percent) => percent > 10)).toBe(true);
    });

    it("measures each capture's cloud cover inside the selected fields", async () => {
      const response = await catalog(advanced, {
        field_ids: advancedField.id,
        latest_date_utc: LATEST,
        search_days: '60',
      });
      const entries = (catalogResponseSchema.parse(response.json()).features[0]?.properties.dates ??
        []) as CatalogCaptureEntry[];
      const aoi: FieldAoi = {
        fieldId: advancedField.id,
        cropType: 'Barley',
        geometry: advancedField.geometry,
        bbox: advancedField.bbox,
      };
      const source = new SimulatedSource();
      const captures = await source.catalog([aoi], 'standard', { from: addDays(LATEST, -59), to: LATEST });
      expect(entries.map((entry) => entry.date)).toEqual(captures.map((capture) => capture.date));
      for (const [index, capture] of captures.entries()) {
        expect(entries[index]?.items[0]?.cloud_percent).toBe(await measureCloudPercent(source, [aoi], capture));
      }
    });

    it('pages back by latest_date_utc: the next page ends the day before this one began', async () => {
      const first = catalogResponseSchema.parse(
        (await catalog(owner, { field_ids: wheat.id, latest_date_utc: LATEST, search_days: '30' })).json(),
      ).features[0]?.properties;
      expect(first?.next_latest_date_utc).toBe(addDays(LATEST, -30));
      const second = catalogResponseSchema.parse(
        (
          await catalog(owner, {
            field_ids: wheat.id,
            latest_date_utc: first?.next_latest_date_utc as string,
            search_days: '30',
          })
        ).json(),
      ).features[0]?.properties;
      const firstDates = (first?.dates as CatalogCaptureEntry[]).map((entry) => entry.date);
      const secondDates = (second?.dates as CatalogCaptureEntry[]).map((entry) => entry.date);
      expect(firstDates.length).toBe(6);
      expect(secondDates.length).toBe(6);
      expect((secondDates[0] as string) < (firstDates.at(-1) as string)).toBe(true);
      expect(second?.search_to).toBe(first?.next_latest_date_utc);
    });

    it('starts today by default and never lists days to come', async () => {
      const response = await catalog(owner, {
        field_ids: wheat.id,
        latest_date_utc: addDays(todayUtc(), 40),
        search_days: '20',
      });
      const properties = catalogResponseSchema.parse(response.json()).features[0]?.properties;
      expect(properties?.search_to).toBe(todayUtc());
      expect((properties?.dates as CatalogCaptureEntry[]).every((entry) => entry.date <= todayUtc())).toBe(true);
    });

    it('stops paging at the start of the archive', async () => {
      const response = await catalog(owner, { field_ids: wheat.id, latest_date_utc: '2019-01-20' });
      const properties = catalogResponseSchema.parse(response.json()).features[0]?.properties;
      expect(properties?.search_from).toBe('2019-01-01');
      expect(properties?.next_latest_date_utc).toBeNull();
    });

    it('lists a field’s Rapid-EM survey windows with SHALLOW and DEEP, and none for a field never surveyed', async () => {
      const unsurveyed = await catalog(owner, {
        field_ids: wheat.id,
        layer_filter: 'sensor_em',
        latest_date_utc: '2025-12-31',
      });
      expect(catalogResponseSchema.parse(unsurveyed.json()).features[0]?.properties.dates).toEqual([]);
      // The machine drives the paddocks: the sample survey (4 weekly windows each February) for these two.
      for (const field of [wheat, advancedField])
        await t.app.db
          .insertInto('em_surveys')
          .values(
            sampleEmWindows('2025-01-01', '2025-12-31').map(({ start, end }) => ({
              field_id: field.id,
              start_date: start,
              end_date: end,
            })),
          )
          .execute();
      const response = await catalog(owner, {
        field_ids: wheat.id,
        layer_filter: 'sensor_em',
        latest_date_utc: '2025-12-31',
      });
      const dates = catalogResponseSchema.parse(response.json()).features[0]?.properties.dates as CatalogWindowEntry[];
      expect(dates.map((entry) => [entry.start_date, entry.end_date])).toEqual([
        ['2025-02-24', '2025-03-02'],
        ['2025-02-17', '2025-02-23'],
        ['2025-02-10', '2025-02-16'],
        ['2025-02-03', '2025-02-09'],
      ]);
      expect(dates[0]?.items.map((item) => [item.algorithm, item.cloud_percent, item.source])).toEqual([
        ['SHALLOW', 0, 'SIMULATED RAPID-EM'],
        ['DEEP', 0, 'SIMULATED RAPID-EM'],
      ]);
      // A window is found by its first day, also for fields whose catalog was never asked for.
      for (const [user, field] of [
        [owner, wheat],
        [advanced, advancedField],
      ] as const) {
        const stats = await get(
          user,
          `/v2/algorithm/sensor_em_DEEP/statistics.json?${query({ field_ids: field.id, latest_capture_date: '2025-02-10' })}`,
        );
        expect(stats.statusCode).toBe(200);
        expect(statisticsResponseSchema.parse(stats.json())).toMatchObject({
          algorithm: 'sensor_em_DEEP',
          unit: 'mS/m',
        });
      }
      const betweenWindows = await get(
        owner,
        `/v2/algorithm/sensor_em_DEEP/statistics.json?${query({ field_ids: wheat.id, latest_capture_date: '2025-02-11' })}`,
      );
      expect(betweenWindows.statusCode).toBe(404);
    });

    it('lists high-resolution captures only once an order for the field is completed', async () => {
      const before = await catalog(owner, { field_ids: canola.id, layer_filter: 'high_res' });
      expect(catalogResponseSchema.parse(before.json()).features[0]?.properties).toMatchObject({
        dates: [],
        search_from: '2019-01-01',
      });

      await t.app.db
        .insertInto('high_res_captures')
        .values({ field_id: canola.id, captured_on: '2025-10-02' })
        .execute();
      const after = catalogResponseSchema.parse(
        (await catalog(owner, { field_ids: canola.id, layer_filter: 'high_res' })).json(),
      );
      const dates = after.features[0]?.properties.dates as CatalogCaptureEntry[];
      expect(dates.map((entry) => entry.date)).toEqual(['2025-10-02']);
      expect(dates[0]?.items.map((item) => item.algorithm)).toEqual(layerAlgorithms.high_res);
      expect(dates[0]?.capture_id).toBe('sim-hr:2025-10-02');

      const stats = await get(
        owner,
        `/v2/algorithm/high_res_NDVI/statistics.json?${query({ field_ids: canola.id, latest_capture_date: '2025-10-02' })}`,
      );
      expect(stats.statusCode).toBe(200);
      expect(statisticsResponseSchema.parse(stats.json()).pixel_count).toBeGreaterThan(100_000);
      // Another field has no order, so no high-resolution imagery.
      const other = await get(
        owner,
        `/v2/algorithm/high_res_NDVI/statistics.json?${query({ field_ids: advancedField.id, latest_capture_date: '2025-10-02' })}`,
      );
      expect(other.statusCode).toBe(404);
    });

    it('answers 422 for a missing field list or an unknown layer', async () => {
      expect((await get(owner, '/v2/catalog')).statusCode).toBe(422);
      expect((await catalog(owner, { field_ids: wheat.id, layer_filter: 'zoning' })).statusCode).toBe(422);
      expect((await catalog(owner, { field_ids: wheat.id, latest_date_utc: '30/09/2025' })).statusCode).toBe(422);
    });
  });

  describe('GET v2/fields/{id}/thumbnail.png', () => {
    it("draws the field's latest clear NDVI as a small PNG for any member, and hides it from strangers", async () => {
      const response = await get(owner, `/v2/fields/${wheat.id}/thumbnail.png`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      expect(response.headers['x-capture-date']).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      const { width, height } = await sharp(response.rawPayload).metadata();
      expect(width).toBe(64);
      expect(height).toBeGreaterThan(0);
      expect((await get(viewer, `/v2/fields/${wheat.id}/thumbnail.png`)).statusCode).toBe(200);
      expect((await get(stranger, `/v2/fields/${wheat.id}/thumbnail.png`)).statusCode).toBe(404);
    });
  });

  describe('GET v2/algorithm/{layer}_{algorithm}/statistics.json', () => {
    const statistics = (user: TestUser, code: string, values: Record<string, string | string[]>) =>
      get(user, `/v2/algorithm/${code}/statistics.json?${query({ color_stretch: 'dynamic', ...values })}`);

    it('gives min, mean, max, p10, p90 and the legend colours for a capture', async () => {
      const response = await statistics(owner, 'standard_NDVI', {
        field_ids: wheat.id,
        latest_capture_date: '2025-09-22',
      });
      expect(response.statusCode).toBe(200);
      const body = statisticsResponseSchema.parse(response.json());
      expect(body).toMatchObject({ algorithm: 'standard_NDVI', capture_date: '2025-09-22', unit: 'index' });
      const { min, p10, mean, p90, max } = body as Record<'min' | 'p10' | 'mean' | 'p90' | 'max', number>;
      expect(min).toBeLessThanOrEqual(p10);
      expect(p10).toBeLessThan(mean);
      expect(mean).toBeLessThan(p90);
      expect(p90).toBeLessThanOrEqual(max);
      expect(min).toBeGreaterThan(-1);
      expect(max).toBeLessThan(1);
      expect(body.color_rendering.color_range.length).toBeGreaterThan(2);
      expect(body.color_rendering.color_range[0]).toEqual([165, 0, 38]);
      const [low, high] = body.color_rendering.value_range;
      expect(low).toBeGreaterThanOrEqual(min);
      expect(high).toBeLessThanOrEqual(max);
    });

    it('spans NDVI 0–1 on the absolute scale, the field’s 2nd–98th percentile on the relative one, and the region for NDVI-R', async () => {
      const at = { field_ids: wheat.id, latest_capture_date: '2025-09-22' };
      const absolute = statisticsResponseSchema.parse(
        (await statistics(owner, 'standard_NDVI', { ...at, color_stretch: 'fixed' })).json(),
      );
      expect(absolute.color_rendering).toMatchObject({ color_stretch: 'fixed', value_range: [0, 1] });
      const relative = statisticsResponseSchema.parse((await statistics(owner, 'standard_NDVI', at)).json());
      const [fieldLow, fieldHigh] = relative.color_rendering.value_range;
      expect(fieldHigh - fieldLow).toBeLessThan(1);

      // Regional NDVI draws the land around the field too: its relative stretch spans that region.
      const regional = statisticsResponseSchema.parse((await statistics(owner, 'standard_NDVI-R', at)).json());
      const [regionLow, regionHigh] = regional.color_rendering.value_range;
      expect(regional.min).toBe(relative.min);
      expect([regionLow, regionHigh]).not.toEqual([fieldLow, fieldHigh]);
      expect(regionLow).toBeLessThan(fieldLow);
      const tile = await get(
        owner,
        `/v2/tiles/standard_NDVI-R/2025-09-22/${tileAt(147.366, -35.115, 14)}.png?${query({ field_ids: wheat.id, color_stretch: 'dynamic' })}`,
      );
      expect(tile.statusCode).toBe(200);
    });

    it('answers 404 for a day without a capture, and for a day still to come', async () => {
      expect(
        (await statistics(owner, 'standard_NDVI', { field_ids: wheat.id, latest_capture_date: '2025-09-23' })).json(),
      ).toEqual({
        detail: 'No imagery for these fields on 2025-09-23',
      });
      expect(
        (
          await statistics(owner, 'standard_NDVI', {
            field_ids: wheat.id,
            latest_capture_date: addDays(todayUtc(), 30),
          })
        ).statusCode,
      ).toBe(404);
    });

    it('answers 422 for an unknown algorithm code', async () => {
      const response = await statistics(owner, 'standard_SHALLOW', {
        field_ids: wheat.id,
        latest_capture_date: '2025-09-22',
      });
      expect(response.statusCode).toBe(422);
      expect(JSON.stringify(response.json())).toContain('Algorithm must be one of');
    });
  });

  describe('GET v2/algorithm/{layer}_{algorithm}/point.json', () => {
    const point = (user: TestUser, code: string, values: Record<string, string>) =>
      get(user, `/v2/algorithm/${code}/point.json?${query(values)}`);
    const inWheat = { lon: '147.362', lat: '-35.118' };

    it("gives the value at a point of the field on a capture day, within the field's range", async () => {
      const at = { field_id: wheat.id, latest_capture_date: '2025-09-22' };
      const response = await point(viewer, 'standard_NDVI', { ...at, ...inWheat });
      expect(response.statusCode).toBe(200);
      const body = pointValueResponseSchema.parse(response.json());
      expect(body).toMatchObject({ algorithm: 'NDVI', capture_date: '2025-09-22', unit: 'index' });
      const field = statisticsResponseSchema.parse(
        (
          await get(
            owner,
            `/v2/algorithm/standard_NDVI/statistics.json?${query({ field_ids: wheat.id, latest_capture_date: '2025-09-22' })}`,
          )
        ).json(),
      );
      expect(body.value).toEqual(expect.any(Number));
      expect(body.value as number).toBeGreaterThanOrEqual((field.min as number) - 0.05);
      expect(body.value as number).toBeLessThanOrEqual((field.max as number) + 0.05);
      // Another point of the same field reads its own pixels.
      const other = pointValueResponseSchema.parse(
        (await point(viewer, 'standard_NDVI', { ...at, lon: '147.3705', lat: '-35.1115' })).json(),
      );
      expect(other.value).not.toBe(body.value);
    });

    it('refuses a point outside the field (here in its hole), a stranger, a gated calculation and a day without imagery', async () => {
      const at = { field_id: wheat.id, latest_capture_date: '2025-09-22' };
      const hole = await point(owner, 'standard_NDVI', { ...at, lon: '147.366', lat: '-35.1164' });
      expect(hole.statusCode).toBe(422);
      expect(JSON.stringify(hole.json())).toContain(POINT_OUTSIDE_FIELD_MESSAGE);
      expect((await point(stranger, 'standard_NDVI', { ...at, ...inWheat })).statusCode).toBe(404);
      expect((await point(owner, 'standard_NDRE', { ...at, ...inWheat })).statusCode).toBe(403);
      expect(
        (await point(owner, 'standard_NDVI', { ...at, ...inWheat, latest_capture_date: '2025-09-23' })).statusCode,
      ).toBe(404);
    });
  });

  describe('gating (spec 2 §6): NDRE, THERMAL and PCD need Advanced and the feature flag', () => {
    it('refuses NDRE to a Basic user with 403, on statistics and tiles alike', async () => {
      const stats = await get(
        owner,
        `/v2/algorithm/standard_NDRE/statistics.json?${query({ field_ids: wheat.id, latest_capture_date: '2025-09-22' })}`,
      );
      expect(stats.statusCode).toBe(403);
      expect(stats.json()).toEqual({ detail: 'NDRE is part of Advanced. Upgrade to Advanced to use it.' });
      const tile = await get(
        owner,
        `/v2/tiles/standard_THERMAL/2025-09-22/${tileAt(147.366, -35.116, 15)}.png?field_ids=${wheat.id}`,
      );
      expect(tile.statusCode).toBe(403);
      expect(tile.json()).toEqual({ detail: 'Thermal is part of Advanced. Upgrade to Advanced to use it.' });
    });

    it('serves NDRE, THERMAL and PCD to an Advanced user with the flags', async () => {
      for (const algorithm of ['NDRE', 'THERMAL', 'PCD']) {
        const response = await get(
          advanced,
          `/v2/algorithm/standard_${algorithm}/statistics.json?${query({ field_ids: advancedField.id, latest_capture_date: '2025-09-22' })}`,
        );
        expect([algorithm, response.statusCode]).toEqual([algorithm, 200]);
      }
    });

    it('refuses an Advanced user whose flag is switched off', async () => {
      const user = await signIn(t);
      await setTier(t, user, 'premium', { 'algorithm:pcd': false });
      const farm = await createFarm(t, user, 'Flagless');
      const [field] = (await addFields(t, user, farm.id, fieldFeature('F', paddock(147.5, -35.3, 0.01, 0.01))))
        .features as [FieldFeature];
      const response = await get(
        user,
        `/v2/algorithm/standard_PCD/statistics.json?${query({ field_ids: field.id, latest_capture_date: '2025-09-22' })}`,
      );
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: 'Plant Cell Density is not enabled for your account.' });
    });

    it('needs Advanced and field:multi_select for imagery over several fields', async () => {
      const basic = await catalog(owner, {
        field_ids: [wheat.id, canola.id],
        latest_date_utc: LATEST,
        search_days: '10',
      });
      expect(basic.statusCode).toBe(403);
      expect(basic.json()).toEqual({
        detail: 'Multi-field imagery is part of Advanced. Upgrade to Advanced to use it.',
      });
      await setTier(t, owner, 'premium');
      try {
        const both = await catalog(owner, {
          field_ids: [wheat.id, canola.id],
          latest_date_utc: LATEST,
          search_days: '10',
        });
        expect(both.statusCode).toBe(200);
        expect(catalogResponseSchema.parse(both.json()).features[0]?.properties.field_ids).toEqual([
          wheat.id,
          canola.id,
        ]);
      } finally {
        await setTier(t, owner, 'basic');
      }
    });
  });

  describe('authorisation', () => {
    it('serves a viewer of the farm', async () => {
      expect(
        (await catalog(viewer, { field_ids: wheat.id, latest_date_utc: LATEST, search_days: '10' })).statusCode,
      ).toBe(200);
      const tile = await get(
        viewer,
        `/v2/tiles/standard_NDVI/2025-09-22/${tileAt(147.366, -35.116, 15)}.png?field_ids=${wheat.id}`,
      );
      expect(tile.statusCode).toBe(200);
    });

    it('answers 404 to someone who is not a member, on every imagery route', async () => {
      const urls = [
        `/v2/catalog?${query({ field_ids: wheat.id })}`,
        `/v2/algorithm/standard_NDVI/statistics.json?${query({ field_ids: wheat.id, latest_capture_date: '2025-09-22' })}`,
        `/v2/tiles/standard_NDVI/2025-09-22/${tileAt(147.366, -35.116, 15)}.png?field_ids=${wheat.id}`,
        `/v2/fields/${wheat.id}/timeseries`,
        `/v2/catalog?${query({ field_ids: 'not-a-uuid' })}`,
      ];
      for (const url of urls) {
        const response = await get(stranger, url);
        expect([url, response.statusCode, response.json()]).toEqual([url, 404, { detail: 'Field not found' }]);
      }
    });

    it('answers a Basic non-member 404 before any tier or feature gate (membership first)', async () => {
      const capture = { latest_capture_date: '2025-09-22' };
      const urls = [
        `/v2/algorithm/standard_NDRE/statistics.json?${query({ field_ids: wheat.id, ...capture })}`,
        `/v2/algorithm/standard_NDVI/statistics.json?${query({ field_ids: [wheat.id, canola.id], ...capture })}`,
        `/v2/tiles/standard_NDRE/2025-09-22/${tileAt(147.366, -35.116, 15)}.png?field_ids=${wheat.id}`,
        `/v2/fields/${wheat.id}/timeseries?algorithm=NDRE`,
        `/v2/algorithm/standard_NDVI/export.png?${query({ field_ids: wheat.id, ...capture })}`,
        `/v2/catalog?${query({ field_ids: [wheat.id, canola.id] })}`,
        // One of the fields is the caller's own: the other still must not be revealed.
        `/v2/catalog?${query({ field_ids: [advancedField.id, wheat.id] })}`,
      ];
      await setTier(t, advanced, 'basic');
      try {
        for (const url of urls) {
          for (const user of [stranger, advanced]) {
            const response = await get(user, url);
            expect([url, response.statusCode, response.json()]).toEqual([url, 404, { detail: 'Field not found' }]);
          }
        }
      } finally {
        await setTier(t, advanced, 'premium');
      }
    });

    it('documents the imagery routes in the OpenAPI description', async () => {
      const doc = (await t.request({ method: 'GET', url: '/openapi.json' })).json<{ paths: Record<string, unknown> }>();
      expect(Object.keys(doc.paths)).toEqual(
        expect.arrayContaining([
          '/v2/catalog',
          '/v2/algorithm/{algorithm}/statistics.json',
          '/v2/fields/{id}/timeseries',
        ]),
      );
      expect(Object.keys(doc.paths).some((route) => route.startsWith('/v2/tiles/{algorithm}/{capture_date}/'))).toBe(
        true,
      );
    });

    it('answers 401 without a token', async () => {
      expect((await t.request({ method: 'GET', url: `/v2/catalog?field_ids=${wheat.id}` })).statusCode).toBe(401);
    });
  });

  describe('GET v2/tiles/{layer}_{algorithm}/{date}/{z}/{x}/{y}.png', () => {
    const tileUrl = (field: FieldFeature, where: string, code = 'standard_NDVI', date = '2025-09-22') =>
      `/v2/tiles/${code}/${date}/${where}.png?field_ids=${field.id}`;

    it('is a 256×256 PNG with a strong ETag and private caching; If-None-Match gives 304', async () => {
      const url = tileUrl(wheat, tileAt(147.366, -35.116, 15));
      const response = await get(owner, url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      expect(response.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
      const etag = String(response.headers.etag);
      expect(etag).toMatch(/^"[\w-]+"$/);
      const metadata = await sharp(response.rawPayload).metadata();
      expect([metadata.width, metadata.height, metadata.channels]).toEqual([256, 256, 4]);
      const { data } = await sharp(response.rawPayload).raw().toBuffer({ resolveWithObject: true });
      let opaque = 0;
      let transparent = 0;
      for (let i = 3; i < data.length; i += 4) {
        if (data[i] === 255) opaque += 1;
        if (data[i] === 0) transparent += 1;
      }
      // The field fills part of this tile; the rest is clipped away.
      expect(opaque).toBeGreaterThan(1000);
      expect(transparent).toBeGreaterThan(1000);

      const again = await get(owner, url, { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
      expect((await get(owner, url, { 'if-none-match': '"something-else"' })).statusCode).toBe(200);
    });

    it('changes its ETag when the field changes, the day or the calculation', async () => {
      const where = tileAt(147.378, -35.116, 15);
      const etagOf = async (url: string) => String((await get(owner, url)).headers.etag);
      const before = await etagOf(tileUrl(canola, where));
      expect(await etagOf(tileUrl(canola, where))).toBe(before);
      expect(await etagOf(tileUrl(canola, where, 'standard_COLOUR'))).not.toBe(before);
      expect(await etagOf(tileUrl(canola, where, 'standard_NDVI', '2025-09-17'))).not.toBe(before);
      const edit = await t.request({
        method: 'PUT',
        url: `/v2/fields/${canola.id}`,
        token: owner.token,
        payload: { type: 'Feature', geometry: paddock(147.374, -35.12, 0.009, 0.009), properties: {} },
      });
      expect(edit.statusCode).toBe(200);
      expect(await etagOf(tileUrl(canola, where))).not.toBe(before);
    });

    it('is fully transparent away from the fields, and NDVI-R is drawn there', async () => {
      const away = tileAt(147.45, -35.2, 15);
      const clipped = await get(owner, tileUrl(wheat, away));
      expect(clipped.statusCode).toBe(200);
      const { data } = await sharp(clipped.rawPayload).raw().toBuffer({ resolveWithObject: true });
      expect(data.every((value, i) => i % 4 !== 3 || value === 0)).toBe(true);
      const regional = await get(owner, tileUrl(wheat, away, 'standard_NDVI-R', '2025-09-27'));
      const pixels = (await sharp(regional.rawPayload).raw().toBuffer({ resolveWithObject: true })).data;
      let opaque = 0;
      for (let i = 3; i < pixels.length; i += 4) if (pixels[i] === 255) opaque += 1;
      expect(opaque).toBeGreaterThan(256 * 256 * 0.5);
    });

    it('answers 404 for a day without imagery and 422 for a tile off the map', async () => {
      expect(
        (await get(owner, tileUrl(wheat, tileAt(147.366, -35.116, 15), 'standard_NDVI', '2025-09-23'))).statusCode,
      ).toBe(404);
      expect((await get(owner, tileUrl(wheat, '3/9/1'))).statusCode).toBe(422);
    });
  });

  describe('GET v2/fields/{id}/timeseries', () => {
    it('gives the current and the previous season of clear-enough captures, oldest first', async () => {
      const response = await get(owner, `/v2/fields/${wheat.id}/timeseries?algorithm=NDVI&max_cloud_percent=20`);
      expect(response.statusCode).toBe(200);
      const body = timeseriesResponseSchema.parse(response.json());
      expect(body).toMatchObject({ field_id: wheat.id, algorithm: 'NDVI', unit: 'index', max_cloud_percent: 20 });
      const [current, previous] = body.seasons;
      // Wheat seasons run April to March.
      expect(current.start_date.slice(5)).toBe('04-01');
      expect(previous.end_date).toBe(addDays(current.start_date, -1));
      expect(previous.points.length).toBeGreaterThan(20);
      for (const season of body.seasons) {
        const dates = season.points.map((point) => point.date);
        expect([...dates].sort()).toEqual(dates);
        for (const point of season.points) {
          expect(point.date >= season.start_date && point.date <= season.end_date && point.date <= todayUtc()).toBe(
            true,
          );
          expect(point.cloud_percent).toBeLessThanOrEqual(20);
          expect(point.p10).toBeLessThanOrEqual(point.mean);
          expect(point.mean).toBeLessThanOrEqual(point.p90);
        }
      }
      // The crop shows: the greenest point of last season is well above its barest.
      const means = previous.points.map((point) => point.mean);
      expect(Math.max(...means) - Math.min(...means)).toBeGreaterThan(0.3);
    });

    it('is gated like the map for NDRE', async () => {
      expect((await get(owner, `/v2/fields/${wheat.id}/timeseries?algorithm=NDRE`)).statusCode).toBe(403);
    });
  });
});
