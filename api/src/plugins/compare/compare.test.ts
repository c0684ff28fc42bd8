import { compareStatisticsResponseSchema, type FieldFeature } from '@paddock/shared/contracts';
import sharp from 'sharp';
import { latToMercatorY, lonToMercatorX, MERCATOR_HALF_WORLD } from '../../imagery/geo';
import { addFields, createFarm, fieldFeature, share, signIn, square, type TestUser } from '../../test/farms';
import { startTestApp, type TestContext } from '../../test/harness';

/** The XYZ tile at zoom z that holds a lon/lat. */
function tileAt(lon: number, lat: number, z: number): string {
  const size = (2 * MERCATOR_HALF_WORLD) / 2 ** z;
  return `${z}/${Math.floor((lonToMercatorX(lon) + MERCATOR_HALF_WORLD) / size)}/${Math.floor((MERCATOR_HALF_WORLD - latToMercatorY(lat)) / size)}`;
}

// Wheat in the simulated source: green in August, senescing by late November.
const EARLIER = '2025-08-30';
const LATER = '2025-11-28';

jest.setTimeout(120_000);

describe('compare routes', () => {
  let t: TestContext;
  let owner: TestUser;
  let viewer: TestUser;
  let stranger: TestUser;
  let wheat: FieldFeature;
  let earlier: string;
  let later: string;

  beforeAll(async () => {
    t = await startTestApp('pglite');
    [owner, viewer, stranger] = [await signIn(t), await signIn(t), await signIn(t)];
    const farm = await createFarm(t, owner, 'Compare Farm');
    [wheat] = (
      await addFields(
        t,
        owner,
        farm.id,
        fieldFeature('Wheat', square(147.36, -35.12, 0.01), { field_crop_type: 'Wheat' }),
      )
    ).features as [FieldFeature];
    expect((await share(t, owner, [farm.id], [viewer.email], 'viewer')).statusCode).toBe(200);
    // Capture days near the wanted ones (the simulated revisit is every few days).
    const catalog = async (latest: string) =>
      (
        (
          await t.request({
            method: 'GET',
            url: `/v2/catalog?field_ids=${wheat.id}&search_days=8&latest_date_utc=${latest}`,
            token: owner.token,
          })
        ).json() as {
          features: [{ properties: { dates: { date: string }[] } }];
        }
      ).features[0].properties.dates[0]?.date as string;
    earlier = await catalog(EARLIER);
    later = await catalog(LATER);
  }, 240_000);
  afterAll(async () => {
    await t?.close();
  });

  const url = (path: string) => `/v2/compare/${path}`;

  it('gives the statistics of both dates and of the difference to any member', async () => {
    for (const user of [owner, viewer]) {
      const response = await t.request({
        method: 'GET',
        url: url(`NDVI/statistics.json?field_ids=${wheat.id}&earlier_date=${earlier}&later_date=${later}`),
        token: user.token,
      });
      expect(response.statusCode).toBe(200);
      const body = compareStatisticsResponseSchema.parse(response.json());
      expect(body.color_rendering.value_range).toEqual([-0.4, 0.4]);
      if (body.difference && body.earlier && body.later) {
        expect(body.difference.mean).toBeCloseTo(body.later.mean - body.earlier.mean, 3);
        expect(body.difference.count).toBe(body.earlier.count);
      } else {
        expect(body.earlier_cloud_percent === 100 || body.later_cloud_percent === 100).toBe(true);
      }
    }
  });

  it('refuses strangers (404), a later date before the earlier one (422), and days without imagery (404)', async () => {
    const stats = (user: TestUser, a: string, b: string) =>
      t.request({
        method: 'GET',
        url: url(`NDVI/statistics.json?field_ids=${wheat.id}&earlier_date=${a}&later_date=${b}`),
        token: user.token,
      });
    expect((await stats(stranger, earlier, later)).statusCode).toBe(404);
    const backwards = await stats(owner, later, earlier);
    expect(backwards.statusCode).toBe(422);
    expect(backwards.body).toContain('Choose a later date after the earlier one');
    expect((await stats(owner, earlier, '2099-01-01')).statusCode).toBe(404);
  });

  it('draws difference tiles with an ETag', async () => {
    const tile = tileAt(147.365, -35.115, 14);
    const response = await t.request({
      method: 'GET',
      url: url(`tiles/NDVI/${earlier}/${later}/${tile}.png?field_ids=${wheat.id}`),
      token: viewer.token,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    const meta = await sharp(response.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([256, 256]);
    const again = await t.request({
      method: 'GET',
      url: url(`tiles/NDVI/${earlier}/${later}/${tile}.png?field_ids=${wheat.id}`),
      token: viewer.token,
      headers: { 'if-none-match': String(response.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('describes the compare, notification and alert routes in OpenAPI', async () => {
    const doc = (await t.request({ method: 'GET', url: '/openapi.json' })).json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/v2/compare/{algorithm}/statistics.json',
        '/v2/compare/tiles/{algorithm}/{earlier_date}/{later_date}/{z}/{x}/{y}.png',
        '/v2/notifications',
        '/v2/notifications/unread-count',
        '/v2/notifications/{id}/read',
        '/v2/notifications/read-all',
        '/v2/notifications/preferences',
        '/v2/notifications/unsubscribe',
        '/v2/farms/{farmId}/alert-settings',
      ]),
    );
  });
});
