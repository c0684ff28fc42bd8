import {
  catalogResponseSchema,
  zoningOrderResponseSchema,
  zoningOrdersResponseSchema,
  zoningUpdateResponseSchema,
  zoningZonesResponseSchema,
  type ZoningCartPayload,
  type ZoningOrder,
  type ZoningZonesResponse,
} from '@paddock/shared/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { paidZoningOrder, farmWithFields, waitFor, type FarmWithFields } from '../../test/commerce';
import { addFields, fieldFeature, issuesOf, setTier, share, signIn, square, type TestUser } from '../../test/farms';
import { availableBackends, startTestApp, type TestContext } from '../../test/harness';
import { areaInHectares, bboxOf } from '../../geo/geometry';
import { zoningPixels } from '../../imagery/zoning';

type Role = 'owner' | 'editor' | 'viewer' | 'stranger';
const ROLES: Role[] = ['owner', 'editor', 'viewer', 'stranger'];

const zonesUrl = (fieldIds: string[], date: string, extra: Record<string, string> = {}) =>
  `/v2/zoning/zones?${new URLSearchParams([
    ...fieldIds.map((id) => ['field_ids', id]),
    ['latest_capture_date', date],
    ['zones', '3'],
    ['resolution', '2'],
    ['algorithm', 'standard_NDVI'],
    ...Object.entries(extra),
  ]).toString()}`;

/** The creation payload of spec 2 §3 from a zones answer, with rates. */
function creationPayload(farm: FarmWithFields, zones: ZoningZonesResponse, date: string): ZoningCartPayload {
  return {
    algorithm: 'standard_NDVI',
    catalog_entry: date,
    num_zones: zones.zones,
    zone_resolution: zones.resolution,
    farm_id: farm.farmId,
    fields: [...new Set(zones.zoned_image.features.map((feature) => feature.properties.field_id))],
    zones: {
      type: 'FeatureCollection',
      features: zones.zoned_image.features.map(({ type, geometry, properties }) => ({ type, geometry, properties })),
      rates: { '1': 120, '2': 95.5, '3': null },
      total: 0,
    },
  };
}

describe.each(availableBackends())('zoning routes (%s)', (kind) => {
  let t: TestContext;
  let owner: TestUser;
  let farm: FarmWithFields;
  let date: string;

  beforeAll(async () => {
    t = await startTestApp(kind, { ZONING_HECTARE_COST_CENTS: '250' });
    owner = await signIn(t);
    farm = await farmWithFields(t, owner, 2, 'Zoning Farm');
    // The clearest capture of late winter 2025 over the first field, from the catalog.
    const catalog = await t.request({
      method: 'GET',
      url: `/v2/catalog?field_ids=${farm.fields[0]?.id}&layer_filter=standard&latest_date_utc=2025-09-15&search_days=40`,
      token: owner.token,
    });
    const entries = catalogResponseSchema.parse(catalog.json()).features[0]?.properties.dates ?? [];
    const clearest = [...entries].sort(
      (a, b) => (a.items[0]?.cloud_percent ?? 100) - (b.items[0]?.cloud_percent ?? 100),
    )[0];
    if (!clearest || !('date' in clearest)) throw new Error('no capture in the catalog');
    date = clearest.date;
  });
  afterAll(async () => t?.close());

  const zonesOf = async (user: TestUser, fieldIds: string[], extra: Record<string, string> = {}) =>
    t.request({ method: 'GET', url: zonesUrl(fieldIds, date, extra), token: user.token });

  describe('GET v2/zoning/zones', () => {
    it('zones a field: features with zone, field_id and area covering the field, statistics and the palette', async () => {
      const field = farm.fields[0] as FarmWithFields['fields'][number];
      const response = await zonesOf(owner, [field.id]);
      expect(response.statusCode).toBe(200);
      const body = zoningZonesResponseSchema.parse(response.json());
      expect(body.capture_date).toBe(date);
      expect(body.resolution_m).toBe(25);
      expect(body.palette).toHaveLength(3);
      const features = body.zoned_image.features;
      expect(features.length).toBeGreaterThanOrEqual(3);
      for (const feature of features) expect(feature.properties.field_id).toBe(field.id);
      expect(new Set(features.map((feature) => feature.properties.zone))).toEqual(new Set([1, 2, 3]));
      const total = features.reduce((sum, feature) => sum + feature.properties.area, 0);
      expect(Math.abs(total - field.area) / field.area).toBeLessThan(0.001);
      for (const feature of features) {
        expect(feature.properties.area).toBeCloseTo(areaInHectares(feature.geometry), 3);
      }
      const [stats] = body.statistics.fields;
      expect(stats?.zones.map((zone) => zone.zone)).toEqual([1, 2, 3]);
      const means = (stats?.zones ?? []).map((zone) => zone.mean as number);
      expect(means[0]).toBeLessThan(means[1] as number);
      expect(means[1]).toBeLessThan(means[2] as number);
      expect(stats?.variance_reduction).toBeGreaterThan(0.5);
      expect(body.statistics.variance_reduction).toBe(stats?.variance_reduction);
    });

    it('gives the same zones for the same request, and honours a minimum zone size', async () => {
      const field = farm.fields[1] as FarmWithFields['fields'][number];
      const first = await zonesOf(owner, [field.id]);
      const again = await zonesOf(owner, [field.id]);
      expect(again.json()).toEqual(first.json());
      const coarse = zoningZonesResponseSchema.parse((await zonesOf(owner, [field.id], { min_zone_ha: '10' })).json());
      expect(coarse.statistics.fields[0]?.min_zone_ha).toBe(10);
      for (const feature of coarse.zoned_image.features) expect(feature.properties.area).toBeGreaterThan(5);
    });

    it('refuses a field of 800 ha or more (422 Zone area exceeded)', async () => {
      // ~0.3° × 0.3° is far above 800 ha.
      const big = await addFields(t, owner, farm.farmId, fieldFeature('Big run', square(147.6, -35.4, 0.03)));
      const bigId = big.features[0]?.id as string;
      expect(big.features[0]?.properties.area).toBeGreaterThanOrEqual(800);
      const [issue] = issuesOf(await zonesOf(owner, [bigId]));
      expect(issue?.loc).toEqual(['query', 'field_ids', 0]);
      expect(issue?.msg).toMatch(
        /^Zone area exceeded: 'Big run' is \d+(\.\d+)? ha; fields of 800 ha or more cannot be zoned$/,
      );
      const deleted = await t.request({ method: 'DELETE', url: `/v2/fields/${bigId}`, token: owner.token });
      expect(deleted.statusCode).toBe(204);
    });

    it('needs Advanced and multi-select for several fields; then zones each field on its own values', async () => {
      const user = await signIn(t);
      const own = await farmWithFields(t, user, 2, 'Two paddocks');
      const ids = own.fields.map((field) => field.id);
      const basic = await zonesOf(user, ids);
      expect(basic.statusCode).toBe(403);
      await setTier(t, user, 'premium', { 'field:multi_select': true });
      const response = await zonesOf(user, ids);
      expect(response.statusCode).toBe(200);
      const body = zoningZonesResponseSchema.parse(response.json());
      expect(body.statistics.fields.map((field) => field.field_id)).toEqual(ids);
      for (const id of ids) {
        const zones = new Set(
          body.zoned_image.features.filter((f) => f.properties.field_id === id).map((f) => f.properties.zone),
        );
        expect(zones).toEqual(new Set([1, 2, 3]));
      }
    });

    it('answers 422 for a bad query: zones, resolution, algorithm', async () => {
      const id = farm.fields[0]?.id as string;
      for (const [extra, loc] of [
        [{ zones: '6' }, 'zones'],
        [{ resolution: '5' }, 'resolution'],
        [{ algorithm: 'high_res_NDVI' }, 'algorithm'],
      ] as const) {
        const url = zonesUrl([id], date).replace(new RegExp(`${loc}=[^&]*`), `${loc}=${Object.values(extra)[0]}`);
        const [issue] = issuesOf(await t.request({ method: 'GET', url, token: owner.token }));
        expect(issue?.loc).toEqual(['query', loc]);
      }
      expect(
        (await t.request({ method: 'GET', url: zonesUrl([id], '2019-01-03'), token: owner.token })).statusCode,
      ).toBe(404);
    });
  });

  describe('limits', () => {
    let limited: TestContext;
    // A paddock of about 500 ha: at 5 m it may be zoned alone (just under the pixel limit), not with
    // another field, and its zoning takes several times the 100 ms budget however fast the engine gets.
    const LARGE = square(147.5, -35.3, 0.0224);
    const largePixels = zoningPixels({ bbox: bboxOf(LARGE) }, 5);
    beforeAll(async () => {
      limited = await startTestApp(kind, {
        ZONING_MAX_PIXELS: String(largePixels + 1_000),
        ZONING_TIME_BUDGET_MS: '100',
      });
    });
    afterAll(async () => limited?.close());

    it('answers 422 when the fields are too large for the resolution, and when the time budget runs out', async () => {
      const user = await signIn(limited);
      // Advanced with multi-select: two fields are zoned in one go.
      await setTier(limited, user, 'premium', { 'field:multi_select': true });
      const own = await farmWithFields(limited, user, 1, 'Limits');
      const large = await addFields(limited, user, own.farmId, fieldFeature('Large', LARGE));
      const largeId = large.features[0]?.id as string;
      const fine = (...ids: string[]) => zonesUrl(ids, date).replace('resolution=2', 'resolution=1');
      const tooLarge = issuesOf(
        await limited.request({ method: 'GET', url: fine(largeId, own.fields[0]?.id as string), token: user.token }),
      );
      expect(tooLarge[0]).toEqual({
        loc: ['query', 'resolution'],
        msg: 'These fields are too large to zone at 5 m in one go. Choose a coarser resolution or fewer fields.',
        type: 'value_error',
      });
      const slow = issuesOf(await limited.request({ method: 'GET', url: fine(largeId), token: user.token }));
      expect(slow[0]?.msg).toBe('Zoning took longer than 0.1 s. Choose a coarser resolution or fewer fields.');
    });
  });

  describe('orders, rates and downloads', () => {
    let order: ZoningOrder;
    beforeAll(async () => {
      const field = farm.fields[0] as FarmWithFields['fields'][number];
      const zones = zoningZonesResponseSchema.parse((await zonesOf(owner, [field.id])).json());
      order = await paidZoningOrder(t, owner, creationPayload(farm, zones, date));
    });

    it('POST /v2/cart/add stores the zones with the server’s areas; the paid order lists and opens', async () => {
      const zones = JSON.parse(order.zones) as ZoningCartPayload['zones'];
      expect(zones.rates).toEqual({ '1': 120, '2': 95.5, '3': null });
      for (const feature of zones.features) {
        expect(feature.properties.area).toBeCloseTo(areaInHectares(feature.geometry), 3);
      }
      const listed = await t.request({
        method: 'GET',
        url: `/v2/zoning/orders?farm_id=${farm.farmId}&status=paid&fields=${farm.fields[0]?.id}`,
        token: owner.token,
      });
      expect(zoningOrdersResponseSchema.parse(listed.json()).data.map((entry) => entry.id)).toEqual([order.id]);
      const one = await t.request({ method: 'GET', url: `/v2/zoning/order/${order.id}`, token: owner.token });
      expect(zoningOrderResponseSchema.parse(one.json()).data.download_key).toBe(order.download_key);
      for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
        const missing = await t.request({ method: 'GET', url: `/v2/zoning/order/${id}`, token: owner.token });
        expect(missing.statusCode).toBe(404);
        expect(missing.json()).toEqual({ detail: 'Order not found' });
      }
    });

    it('POST v2/zoning/update saves new rates and answers the download key and fields; refuses unknown zones', async () => {
      const zones = JSON.parse(order.zones) as ZoningCartPayload['zones'];
      const response = await t.request({
        method: 'POST',
        url: '/v2/zoning/update',
        token: owner.token,
        payload: { id: order.id, zones: { ...zones, rates: { '1': 150, '2': 100, '3': 60 } } },
      });
      expect(response.statusCode).toBe(200);
      expect(zoningUpdateResponseSchema.parse(response.json()).data).toEqual({
        id: order.id,
        download_key: order.download_key,
        fields: order.fields,
      });
      const saved = zoningOrderResponseSchema.parse(
        (await t.request({ method: 'GET', url: `/v2/zoning/order/${order.id}`, token: owner.token })).json(),
      ).data;
      expect(JSON.parse(saved.zones).rates).toEqual({ '1': 150, '2': 100, '3': 60 });

      const bad = issuesOf(
        await t.request({
          method: 'POST',
          url: '/v2/zoning/update',
          token: owner.token,
          payload: { id: order.id, zones: { ...zones, rates: { '4': 1 } } },
        }),
      );
      expect(bad[0]?.loc).toEqual(['body', 'zones', 'rates', '4']);
    });

    it('GET v2/zoning/price answers hectare_cost in cents', async () => {
      const response = await t.request({ method: 'GET', url: '/v2/zoning/price', token: owner.token });
      expect(response.json()).toEqual({ hectare_cost: 250 });
    });

    it('downloads a zip with a shapefile per field, TASKDATA.XML and the terminal files', async () => {
      const response = await t.request({
        method: 'GET',
        url: `/v2/zoning/download/${order.download_key}?unified=false`,
        token: owner.token,
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/zip');
      expect(response.headers['content-disposition']).toBe('attachment; filename="Zoning_Farm_zones_by_field.zip"');
      expect(response.rawPayload.subarray(0, 2).toString()).toBe('PK');
    });
  });

  describe('exports as durable jobs', () => {
    let order: ZoningOrder;
    beforeAll(async () => {
      const field = farm.fields[0] as FarmWithFields['fields'][number];
      const zones = zoningZonesResponseSchema.parse((await zonesOf(owner, [field.id])).json());
      order = await paidZoningOrder(t, owner, creationPayload(farm, zones, date));
    });
    const download = (unified: boolean) =>
      t.request({
        method: 'GET',
        url: `/v2/zoning/download/${order.download_key}?unified=${unified}`,
        token: owner.token,
      });
    const exportsOf = () =>
      t.app.db
        .selectFrom('zoning_exports')
        .selectAll()
        .where('order_id', '=', order.id)
        .orderBy('created_at')
        .execute();
    const jobsOf = (ids: string[]) =>
      t.app.db
        .selectFrom('jobs')
        .select(['state', 'attempts', 'dedupe_key'])
        .where('kind', '=', 'zoning.export')
        .where(
          'dedupe_key',
          'in',
          ids.map((id) => `zoning-export:${id}`),
        )
        .execute();

    it('makes each zip once by a job, keeps it in storage and streams the same bytes to every download', async () => {
      const [first, again, concurrent] = await Promise.all([download(false), download(false), download(false)]);
      for (const response of [first, again, concurrent]) {
        expect(response.statusCode).toBe(200);
        expect(response.rawPayload.equals(first.rawPayload)).toBe(true);
      }
      expect(Number(first.headers['content-length'])).toBe(first.rawPayload.length);
      const rows = await exportsOf();
      expect(rows).toHaveLength(1);
      const row = rows[0] as (typeof rows)[number];
      expect(row).toMatchObject({ status: 'ready', unified: false, size_bytes: first.rawPayload.length });
      expect(row.storage_key).toBe(`exports/zoning/${row.id}/${row.file_name}`);
      const stored = await t.app.storage.get(row.storage_key as string);
      expect(stored?.size).toBe(first.rawPayload.length);
      stored?.body.destroy();
      expect(await jobsOf([row.id])).toEqual([{ state: 'done', attempts: 1, dedupe_key: `zoning-export:${row.id}` }]);
    });

    it('new rates make a new zip and drop the old file; a file lost from storage is made again', async () => {
      const before = (await exportsOf()).filter((row) => !row.unified);
      const oldKey = before[0]?.storage_key as string;
      const zones = JSON.parse(order.zones) as ZoningCartPayload['zones'];
      const updated = await t.request({
        method: 'POST',
        url: '/v2/zoning/update',
        token: owner.token,
        payload: { id: order.id, zones: { ...zones, rates: { '1': 7, '2': 8, '3': 9 } } },
      });
      expect(updated.statusCode).toBe(200);
      const response = await download(false);
      expect(response.statusCode).toBe(200);
      const after = (await exportsOf()).filter((row) => !row.unified);
      expect(after).toHaveLength(1);
      expect(after[0]?.id).not.toBe(before[0]?.id);
      // Removed by the job the old row's deletion queued.
      await waitFor(async () => (await t.app.storage.get(oldKey)) === null);

      await t.app.storage.delete(after[0]?.storage_key as string);
      const remade = await download(false);
      expect(remade.statusCode).toBe(200);
      expect(remade.rawPayload.equals(response.rawPayload)).toBe(true);
    });
  });

  describe('saving new rates', () => {
    it('starts making both zips of the new rates, before anyone downloads them', async () => {
      const field = farm.fields[1] as FarmWithFields['fields'][number];
      const zones = zoningZonesResponseSchema.parse((await zonesOf(owner, [field.id])).json());
      const order = await paidZoningOrder(t, owner, creationPayload(farm, zones, date));
      const saved = JSON.parse(order.zones) as ZoningCartPayload['zones'];
      const updated = await t.request({
        method: 'POST',
        url: '/v2/zoning/update',
        token: owner.token,
        payload: { id: order.id, zones: { ...saved, rates: { '1': 11, '2': 12, '3': 13 } } },
      });
      expect(updated.statusCode).toBe(200);
      const readyKinds = async () =>
        (
          await t.app.db
            .selectFrom('zoning_exports')
            .select('unified')
            .where('order_id', '=', order.id)
            .where('status', '=', 'ready')
            .orderBy('unified')
            .execute()
        ).map((row) => row.unified);
      await waitFor(async () => (await readyKinds()).length === 2);
      expect(await readyKinds()).toEqual([false, true]);
    });
  });

  describe('a deleted farm takes its orders’ exports with it', () => {
    it('removes the export rows and their stored files', async () => {
      const other = await farmWithFields(t, owner, 1, 'Farm To Delete');
      const field = other.fields[0] as FarmWithFields['fields'][number];
      const zones = zoningZonesResponseSchema.parse((await zonesOf(owner, [field.id])).json());
      const order = await paidZoningOrder(t, owner, creationPayload(other, zones, date));
      for (const unified of [false, true]) {
        const response = await t.request({
          method: 'GET',
          url: `/v2/zoning/download/${order.download_key}?unified=${unified}`,
          token: owner.token,
        });
        expect(response.statusCode).toBe(200);
      }
      const exportsOfOrder = () =>
        t.app.db.selectFrom('zoning_exports').select('storage_key').where('order_id', '=', order.id).execute();
      const keys = (await exportsOfOrder()).map((row) => row.storage_key as string);
      expect(keys).toHaveLength(2);

      const deleted = await t.request({ method: 'DELETE', url: `/v2/farms/${other.farmId}`, token: owner.token });
      expect(deleted.statusCode).toBeLessThan(300);
      expect(await exportsOfOrder()).toEqual([]);
      await waitFor(async () => {
        const files = await Promise.all(keys.map((key) => t.app.storage.get(key)));
        for (const file of files) file?.body.destroy();
        return files.every((file) => file === null);
      });
      const download = await t.request({
        method: 'GET',
        url: `/v2/zoning/download/${order.download_key}?unified=false`,
        token: owner.token,
      });
      expect(download.statusCode).toBe(404);
    });
  });

  describe('role matrix', () => {
    let users: Record<Role, TestUser>;
    let order: ZoningOrder;
    beforeAll(async () => {
      const editor = await signIn(t);
      const viewer = await signIn(t);
      const stranger = await signIn(t);
      users = { owner, editor, viewer, stranger };
      expect((await share(t, owner, [farm.farmId], [editor.email], 'editor')).statusCode).toBe(200);
      expect((await share(t, owner, [farm.farmId], [viewer.email], 'viewer')).statusCode).toBe(200);
      const field = farm.fields[1] as FarmWithFields['fields'][number];
      const zones = zoningZonesResponseSchema.parse((await zonesOf(owner, [field.id])).json());
      order = await paidZoningOrder(t, owner, creationPayload(farm, zones, date));
    });

    const cases: {
      route: string;
      expected: Record<Role, number>;
      call: (user: TestUser) => Promise<LightMyRequestResponse>;
    }[] = [
      {
        route: 'GET /v2/zoning/zones',
        expected: { owner: 200, editor: 200, viewer: 403, stranger: 404 },
        call: (user) => zonesOf(user, [farm.fields[1]?.id as string]),
      },
      {
        route: 'GET /v2/zoning/order/{id}',
        expected: { owner: 200, editor: 200, viewer: 200, stranger: 404 },
        call: (user) => t.request({ method: 'GET', url: `/v2/zoning/order/${order.id}`, token: user.token }),
      },
      {
        route: 'POST /v2/zoning/update',
        expected: { owner: 200, editor: 200, viewer: 403, stranger: 404 },
        call: (user) =>
          t.request({
            method: 'POST',
            url: '/v2/zoning/update',
            token: user.token,
            payload: { id: order.id, zones: { ...JSON.parse(order.zones), rates: { '1': 1, '2': 2, '3': 3 } } },
          }),
      },
      {
        route: 'GET /v2/zoning/download/{key}',
        expected: { owner: 200, editor: 200, viewer: 200, stranger: 404 },
        call: (user) =>
          t.request({
            method: 'GET',
            url: `/v2/zoning/download/${order.download_key}?unified=true`,
            token: user.token,
          }),
      },
      {
        route: 'GET /v2/zoning/price',
        expected: { owner: 200, editor: 200, viewer: 200, stranger: 200 },
        call: (user) => t.request({ method: 'GET', url: '/v2/zoning/price', token: user.token }),
      },
    ];

    for (const { route, expected, call } of cases) {
      it(`${route}: owner ${expected.owner}, editor ${expected.editor}, viewer ${expected.viewer}, stranger ${expected.stranger}`, async () => {
        for (const role of ROLES) {
          const response = await call(users[role]);
          expect({ role, status: response.statusCode }).toEqual({ role, status: expected[role] });
        }
      });
    }

    it('a viewer downloads the files of a paid order but cannot change it, and is told why', async () => {
      const download = await t.request({
        method: 'GET',
        url: `/v2/zoning/download/${order.download_key}?unified=false`,
        token: users.viewer.token,
      });
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe('application/zip');
      const owners = await t.request({
        method: 'GET',
        url: `/v2/zoning/download/${order.download_key}?unified=false`,
        token: owner.token,
      });
      expect(download.rawPayload.equals(owners.rawPayload)).toBe(true);
      const update = await t.request({
        method: 'POST',
        url: '/v2/zoning/update',
        token: users.viewer.token,
        payload: { id: order.id, zones: { ...JSON.parse(order.zones), rates: { '1': 9, '2': 9, '3': 9 } } },
      });
      expect(update.statusCode).toBe(403);
      expect(update.json()).toEqual({ detail: "Viewers can't zone this farm's fields" });
    });

    it('GET /v2/zoning/orders lists the farm’s orders to its members only', async () => {
      for (const role of ROLES) {
        const response = await t.request({
          method: 'GET',
          url: `/v2/zoning/orders?farm_id=${farm.farmId}&status=paid`,
          token: users[role].token,
        });
        expect(response.statusCode).toBe(200);
        const ids = zoningOrdersResponseSchema.parse(response.json()).data.map((entry) => entry.id);
        expect(ids.includes(order.id)).toBe(role !== 'stranger');
      }
    });

    it('every zoning route needs a token (401)', async () => {
      for (const url of ['/v2/zoning/zones', '/v2/zoning/orders', '/v2/zoning/price', `/v2/zoning/order/${order.id}`]) {
        expect((await t.request({ method: 'GET', url })).statusCode).toBe(401);
      }
      expect((await t.request({ method: 'POST', url: '/v2/zoning/update', payload: {} })).statusCode).toBe(401);
    });
  });
});
