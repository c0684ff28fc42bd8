import type { AreaGeometry, CartItem, ZoneCollection, ZoningCartPayload, ZoningOrder } from '@paddock/shared/contracts';
import { unitRelabelMessage, zoningOrderResponseSchema } from '@paddock/shared/contracts';
import { DOMParser } from '@xmldom/xmldom';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addToCart, checkoutOk, confirmInBrowser, webhooksDelivered } from '../../test/commerce';
import { addFields, createFarm, fieldFeature, issuesOf, signIn, square, type TestUser } from '../../test/farms';
import { availableBackends, startTestApp, type TestContext } from '../../test/harness';
import { halves } from '../../test/zoning-payload';
import { areaInHectares, bboxOf } from '../../geo/geometry';

/**
 * Issue 24, 'The zones sold are the server's': whatever shapes the client sends, the zones stored, sold
 * and downloaded are those of the paid fields, measured by the server.
 */

const HECTARE_COST = 250;
// ~1 ha near Wagga Wagga (0.001° × 0.001°).
const LON = 147.5;
const LAT = -35.2;

/** A square of `size` degrees, `east` degrees east of the small field. */
const away = (east: number, size: number) => square(LON + east, LAT, size);

interface OgrFeature {
  properties: Record<string, number | string | null>;
  geometry: AreaGeometry;
}

describe.each(availableBackends())('the zones sold are the server’s (%s)', (kind) => {
  let t: TestContext;
  const dirs: string[] = [];

  beforeAll(async () => {
    t = await startTestApp(kind, { ZONING_HECTARE_COST_CENTS: String(HECTARE_COST) });
  });
  afterAll(async () => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    await t?.close();
  });

  /** A farmer with a farm and one field of `size` degrees. */
  async function farmerWithField(size = 0.001) {
    const user = await signIn(t);
    const farm = await createFarm(t, user, 'Bound Farm');
    const created = await addFields(t, user, farm.id, fieldFeature('Small paddock', square(LON, LAT, size)));
    const feature = created.features[0];
    if (!feature) throw new Error('no field');
    return {
      user,
      farmId: farm.id,
      field: { id: feature.id, geometry: feature.geometry as AreaGeometry, area: feature.properties.area },
    };
  }

  const payload = (farmId: string, fieldId: string, features: ZoneCollection['features']): ZoningCartPayload => ({
    algorithm: 'standard_NDVI',
    catalog_entry: '2026-11-04',
    num_zones: 3,
    zone_resolution: 2,
    farm_id: farmId,
    fields: [fieldId],
    zones: { type: 'FeatureCollection', features, rates: { '1': 120, '2': 90, '3': 60 }, total: 0 },
  });
  const zone = (geometry: AreaGeometry, n: number, fieldId: string) => ({
    type: 'Feature' as const,
    geometry,
    properties: { zone: n, field_id: fieldId, area: 0.5 },
  });

  const totalArea = (zones: ZoneCollection) => zones.features.reduce((sum, f) => sum + (f.properties.area ?? 0), 0);
  const within = (geometry: AreaGeometry, box: readonly number[]) => {
    const [w, s, e, n] = bboxOf(geometry);
    const [bw = 0, bs = 0, be = 0, bn = 0] = box;
    const eps = 1e-9;
    return w >= bw - eps && s >= bs - eps && e <= be + eps && n <= bn + eps;
  };

  async function pay(user: TestUser, item: CartItem): Promise<ZoningOrder> {
    const answer = await checkoutOk(t, user, [item.id]);
    const confirmed = await confirmInBrowser(t, answer.client_secret as string, '4242 4242 4242 4242');
    expect(confirmed.statusCode).toBe(200);
    await webhooksDelivered(t);
    const response = await t.request({
      method: 'GET',
      url: `/v2/zoning/orders?payment_id=${answer.payment_id}&status=paid`,
      token: user.token,
    });
    const [order] = response.json<{ data: ZoningOrder[] }>().data;
    if (!order) throw new Error('not paid');
    return order;
  }

  /** The farm's shapefile of the order's download, read back by GDAL. */
  async function downloaded(user: TestUser, order: ZoningOrder): Promise<OgrFeature[]> {
    const response = await t.request({
      method: 'GET',
      url: `/v2/zoning/download/${order.download_key}?unified=true`,
      token: user.token,
    });
    expect(response.statusCode).toBe(200);
    const dir = mkdtempSync(join(tmpdir(), 'paddock-bound-'));
    dirs.push(dir);
    writeFileSync(join(dir, 'zones.zip'), response.rawPayload);
    const geojson = execFileSync(
      'ogr2ogr',
      ['-f', 'GeoJSON', '/vsistdout/', `/vsizip/${join(dir, 'zones.zip')}/Bound_Farm_zones.shp`],
      { encoding: 'utf8' },
    );
    return (JSON.parse(geojson) as { features: OgrFeature[] }).features;
  }

  it('a zone a kilometre away tagged with the field is dropped, one larger than the field is cut to it', async () => {
    const { user, farmId, field } = await farmerWithField();
    expect(field.area).toBeGreaterThan(0.9);
    expect(field.area).toBeLessThan(1.1);
    const [west, east] = halves(field.geometry);
    const item = await addToCart(
      t,
      user,
      payload(farmId, field.id, [
        zone(west, 1, field.id),
        // Overlaps the west half and reaches far beyond the field: only the east half is left of it.
        zone(square(LON - 0.05, LAT - 0.05, 0.1), 2, field.id),
        zone(east, 3, field.id),
        // About 1,200 ha, a kilometre east of the field.
        zone(away(0.012, 0.035), 3, field.id),
      ]),
    );
    const zones = item.details.zones;
    const box = bboxOf(field.geometry);
    for (const feature of zones.features) {
      expect(within(feature.geometry, box)).toBe(true);
      expect(feature.properties.area).toBeCloseTo(areaInHectares(feature.geometry), 4);
    }
    expect(zones.features.map((feature) => feature.properties.zone)).toEqual([1, 2]);
    expect(totalArea(zones)).toBeCloseTo(field.area, 3);
    expect(item.details.area).toBeCloseTo(field.area, 2);
    expect(item.price).toBe(Math.ceil(Math.round(field.area * 100) / 100) * HECTARE_COST);

    // What is downloaded after payment is the same: the field's hectares, nothing a kilometre away.
    const order = await pay(user, item);
    const read = await downloaded(user, order);
    expect(read.map((feature) => feature.properties.zone)).toEqual([1, 2]);
    const readArea = read.reduce((sum, feature) => sum + areaInHectares(feature.geometry), 0);
    expect(readArea).toBeCloseTo(field.area, 3);
    for (const feature of read) expect(within(feature.geometry, box)).toBe(true);
  });

  it('the 800 ha rule holds: a 1 ha field with 900 ha of zones sells 1 ha of zones; a field of 800 ha or more is refused', async () => {
    const { user, farmId, field } = await farmerWithField();
    const huge = square(LON - 0.015, LAT - 0.015, 0.03);
    expect(areaInHectares(huge)).toBeGreaterThan(800);
    const item = await addToCart(t, user, payload(farmId, field.id, [zone(huge, 1, field.id)]));
    expect(totalArea(item.details.zones)).toBeCloseTo(field.area, 3);
    expect(totalArea(item.details.zones)).toBeLessThan(800);

    const big = await addFields(t, user, farmId, fieldFeature('Big run', square(LON + 0.1, LAT, 0.03)));
    const bigField = big.features[0];
    expect(bigField?.properties.area).toBeGreaterThanOrEqual(800);
    const issues = issuesOf(
      await t.request({
        method: 'POST',
        url: '/v2/cart/add?item_type=zoning',
        token: user.token,
        payload: payload(farmId, bigField?.id as string, [
          zone(bigField?.geometry as AreaGeometry, 1, bigField?.id as string),
        ]),
      }),
    );
    expect(issues[0]?.msg).toMatch(/^Zone area exceeded: 'Big run' is \d+(\.\d+)? ha; fields of 800 ha or more/);
  });

  it('zones that leave half of the field out are refused (made for another boundary)', async () => {
    const { user, farmId, field } = await farmerWithField(0.004);
    const [west] = halves(field.geometry);
    const response = await t.request({
      method: 'POST',
      url: '/v2/cart/add?item_type=zoning',
      token: user.token,
      payload: payload(farmId, field.id, [zone(west, 1, field.id), zone(away(0.01, 0.004), 2, field.id)]),
    });
    const [issue] = issuesOf(response);
    expect(issue?.loc).toEqual(['body', 'zones', 'features']);
    expect(issue?.msg).toBe(
      "The zones of 'Small paddock' cover 50 % of the field: its boundary has changed since they were made. Please create its zones again.",
    );
    expect(
      (await t.request({ method: 'GET', url: '/v2/cart/', token: user.token })).json<{ data: unknown[] }>().data,
    ).toEqual([]);
  });

  it('POST v2/zoning/update after payment changes classes and rates inside the paid field only', async () => {
    const { user, farmId, field } = await farmerWithField();
    const [west, east] = halves(field.geometry);
    const item = await addToCart(
      t,
      user,
      payload(farmId, field.id, [zone(west, 1, field.id), zone(east, 2, field.id)]),
    );
    const order = await pay(user, item);
    // The field is made ~100 times larger after payment: what was paid for stays ~1 ha.
    const enlarged = await t.request({
      method: 'PUT',
      url: `/v2/fields/${field.id}`,
      token: user.token,
      payload: { type: 'Feature', geometry: square(LON, LAT, 0.01), properties: {} },
    });
    expect(enlarged.statusCode).toBe(200);

    const update = (features: ZoneCollection['features']) =>
      t.request({
        method: 'POST',
        url: '/v2/zoning/update',
        token: user.token,
        payload: { id: order.id, zones: { type: 'FeatureCollection', features, rates: { '1': 1, '2': 2, '3': 3 } } },
      });
    // One huge zone (about 40,000 ha): cut to the paid field, repainted as zone 3.
    const huge = square(LON - 0.1, LAT - 0.1, 0.2);
    expect(areaInHectares(huge)).toBeGreaterThan(40_000);
    const saved = await update([zone(huge, 3, field.id)]);
    expect(saved.statusCode).toBe(200);
    const stored = JSON.parse(
      zoningOrderResponseSchema.parse(
        (await t.request({ method: 'GET', url: `/v2/zoning/order/${order.id}`, token: user.token })).json(),
      ).data.zones,
    ) as ZoneCollection;
    expect(stored.features.map((feature) => feature.properties.zone)).toEqual([3]);
    expect(totalArea(stored)).toBeCloseTo(field.area, 3);
    const read = await downloaded(user, order);
    expect(read.reduce((sum, feature) => sum + areaInHectares(feature.geometry), 0)).toBeCloseTo(field.area, 3);
    expect(read.map((feature) => feature.properties.rate)).toEqual([3]);

    // Zones only outside the paid field are refused, and the saved zones stay.
    const [issue] = issuesOf(await update([zone(away(0.02, 0.001), 1, field.id)]));
    expect(issue?.msg).toMatch(/^The zones of 'Small paddock' cover 0 % of the field/);
    const again = JSON.parse(
      zoningOrderResponseSchema.parse(
        (await t.request({ method: 'GET', url: `/v2/zoning/order/${order.id}`, token: user.token })).json(),
      ).data.zones,
    ) as ZoneCollection;
    expect(again.features.map((feature) => feature.properties.zone)).toEqual([3]);
  });

  it('an order stored before zones were clipped downloads the paid field only: its oversized zones are cut to it', async () => {
    const { user, farmId, field } = await farmerWithField();
    const [west, east] = halves(field.geometry);
    const order = await pay(
      user,
      await addToCart(t, user, payload(farmId, field.id, [zone(west, 1, field.id), zone(east, 2, field.id)])),
    );
    // What such an order may hold: a zone of ~40,000 ha around the 1 ha field it paid for, and one a kilometre away.
    const oversized = square(LON - 0.1, LAT - 0.1, 0.2);
    expect(areaInHectares(oversized)).toBeGreaterThan(40_000);
    const legacy: ZoneCollection = {
      ...payload(farmId, field.id, []).zones,
      features: [
        { ...zone(oversized, 1, field.id), properties: { zone: 1, field_id: field.id, area: 40_871 } },
        zone(away(0.012, 0.01), 2, field.id),
      ],
    };
    await t.app.db
      .updateTable('zoning_orders')
      .set({ zones: JSON.stringify(legacy) })
      .where('id', '=', order.id)
      .execute();

    const box = bboxOf(field.geometry);
    const perField = ogr(join(await unpacked(user, order), 'Bound_Farm_Small_paddock.shp'));
    for (const read of [await downloaded(user, order), perField]) {
      expect(read.map((feature) => feature.properties.zone)).toEqual([1]);
      for (const feature of read) expect(within(feature.geometry, box)).toBe(true);
      const readArea = read.reduce((sum, feature) => sum + areaInHectares(feature.geometry), 0);
      expect(readArea).toBeCloseTo(field.area, 3);
    }
  });

  /** The order's per-field zip unpacked (Python's zipfile): its folder. */
  async function unpacked(user: TestUser, order: ZoningOrder): Promise<string> {
    const response = await t.request({
      method: 'GET',
      url: `/v2/zoning/download/${order.download_key}?unified=false`,
      token: user.token,
    });
    expect(response.statusCode).toBe(200);
    const dir = mkdtempSync(join(tmpdir(), 'paddock-kept-'));
    dirs.push(dir);
    writeFileSync(join(dir, 'zones.zip'), response.rawPayload);
    execFileSync('python3', ['-m', 'zipfile', '-e', join(dir, 'zones.zip'), join(dir, 'out')]);
    return join(dir, 'out');
  }
  const ogr = (path: string): OgrFeature[] =>
    (
      JSON.parse(execFileSync('ogr2ogr', ['-f', 'GeoJSON', '/vsistdout/', path], { encoding: 'utf8' })) as {
        features: OgrFeature[];
      }
    ).features;
  const reopened = async (user: TestUser, id: string) =>
    JSON.parse(
      zoningOrderResponseSchema.parse(
        (await t.request({ method: 'GET', url: `/v2/zoning/order/${id}`, token: user.token })).json(),
      ).data.zones,
    ) as ZoneCollection;

  /** What every export says of product, unit and rates, read back by GDAL and xmldom. */
  function exported(dir: string) {
    const shapefile = ogr(join(dir, 'Bound_Farm_Small_paddock.shp'));
    const terminal = ogr(join(dir, 'TERMINAL', 'FIELD001.SHP'));
    const xml = new DOMParser().parseFromString(
      readFileSync(join(dir, 'TASKDATA', 'TASKDATA.XML'), 'utf8'),
      'text/xml',
    );
    const attr = (tag: string, name: string) => xml.getElementsByTagName(tag)[0]?.getAttribute(name);
    const pdvs = Array.from({ length: xml.getElementsByTagName('TZN').length }, (_, i) => {
      const zone = xml.getElementsByTagName('TZN')[i];
      const pdv = zone?.getElementsByTagName('PDV')[0];
      return {
        zone: Number(zone?.getAttribute('A')),
        ddi: pdv?.getAttribute('A'),
        rate: Number(pdv?.getAttribute('B')),
      };
    });
    return {
      shapefile: shapefile.map((f) => [f.properties.zone, f.properties.rate, f.properties.product, f.properties.unit]),
      terminal: terminal.map((f) => [f.properties.ZONE, f.properties.RATE, f.properties.PRODUCT, f.properties.UNIT]),
      isoxml: { product: attr('PDT', 'B'), unit: attr('VPN', 'E'), zones: pdvs.filter((p) => p.zone > 0) },
    };
  }

  it('product, unit and rates come back exactly on every reopen and in every export format', async () => {
    const { user, farmId, field } = await farmerWithField();
    const [west, east] = halves(field.geometry);
    const [westHalf, middle] = halves(west);
    const body = payload(farmId, field.id, [
      zone(westHalf, 1, field.id),
      zone(middle, 2, field.id),
      zone(east, 3, field.id),
    ]);
    body.zones = { ...body.zones, product: 'Urea', unit: 'kg/ha' };
    const item = await addToCart(t, user, body);
    expect(item.details.zones).toMatchObject({ product: 'Urea', unit: 'kg/ha', rates: { '1': 120, '2': 90, '3': 60 } });
    const order = await pay(user, item);
    expect(await reopened(user, order.id)).toMatchObject({
      product: 'Urea',
      unit: 'kg/ha',
      rates: { '1': 120, '2': 90, '3': 60 },
    });
    expect(exported(await unpacked(user, order))).toEqual({
      shapefile: [
        [1, 120, 'Urea', 'kg/ha'],
        [2, 90, 'Urea', 'kg/ha'],
        [3, 60, 'Urea', 'kg/ha'],
      ],
      terminal: [
        [1, 120, 'Urea', 'kg/ha'],
        [2, 90, 'Urea', 'kg/ha'],
        [3, 60, 'Urea', 'kg/ha'],
      ],
      // DDI 0006: mass per area in mg/m² (1 kg/ha = 100 mg/m²).
      isoxml: {
        product: 'Urea',
        unit: 'kg/ha',
        zones: [
          { zone: 1, ddi: '0006', rate: 12_000 },
          { zone: 2, ddi: '0006', rate: 9_000 },
          { zone: 3, ddi: '0006', rate: 6_000 },
        ],
      },
    });

    // New rates sent without product or unit (an older client) keep them.
    const stored = await reopened(user, order.id);
    const { product: _product, unit: _unit, ...bare } = stored;
    const update = (zones: ZoneCollection, extra: Record<string, unknown> = {}) =>
      t.request({
        method: 'POST',
        url: '/v2/zoning/update',
        token: user.token,
        payload: { id: order.id, zones, ...extra },
      });
    expect((await update({ ...bare, rates: { '1': 130, '2': 95, '3': 65 } })).statusCode).toBe(200);
    expect(await reopened(user, order.id)).toMatchObject({ product: 'Urea', unit: 'kg/ha', rates: { '1': 130 } });

    // A unit change that keeps the numbers is refused unless the client says it asked.
    const relabel = { ...stored, unit: 'L/ha' as const, rates: { '1': 130, '2': 95, '3': 65 } };
    const [issue] = issuesOf(await update(relabel));
    expect(issue).toEqual({
      loc: ['body', 'zones', 'unit'],
      msg: unitRelabelMessage('kg/ha', 'L/ha'),
      type: 'value_error',
    });
    expect((await reopened(user, order.id)).unit).toBe('kg/ha');
    expect((await update({ ...relabel, product: 'UAN' }, { confirm_unit_change: true })).statusCode).toBe(200);
    expect(await reopened(user, order.id)).toMatchObject({ product: 'UAN', unit: 'L/ha' });
    const after = exported(await unpacked(user, order));
    expect(after.shapefile[0]).toEqual([1, 130, 'UAN', 'L/ha']);
    expect(after.terminal[0]).toEqual([1, 130, 'UAN', 'L/ha']);
    // DDI 0001: volume per area in mm³/m² (1 L/ha = 100 mm³/m²).
    expect(after.isoxml).toMatchObject({
      product: 'UAN',
      unit: 'L/ha',
      zones: [{ zone: 1, ddi: '0001', rate: 13_000 }, {}, {}],
    });
  });

  it('the zones’ source description is kept with the order: back on every reopen, never changed by new rates', async () => {
    const { user, farmId, field } = await farmerWithField();
    const [west, east] = halves(field.geometry);
    const body = payload(farmId, field.id, [zone(west, 1, field.id), zone(east, 2, field.id)]);
    const madeFrom = {
      source: 'seasons' as const,
      description:
        'Productivity over the 2022, 2023 and 2024 seasons: 41 clear captures, each standardised in its field',
      captures: [
        { date: '2022-08-14', percent: 2.4 },
        { date: '2024-09-02', percent: 2.5 },
      ],
      filled_from_neighbours_percent: 0.3,
    };
    body.zones = { ...body.zones, made_from: madeFrom };
    const item = await addToCart(t, user, body);
    expect(item.details.zones.made_from).toEqual(madeFrom);
    const order = await pay(user, item);
    expect((await reopened(user, order.id)).made_from).toEqual(madeFrom);

    // New rates (with or without a description, even another one) keep the description as sold.
    const stored = await reopened(user, order.id);
    const { made_from: _madeFrom, ...bare } = stored;
    for (const zones of [
      { ...bare, rates: { '1': 100, '2': 80 } },
      { ...stored, rates: { '1': 90, '2': 70 }, made_from: { ...madeFrom, source: 'date' as const, description: 'x' } },
    ]) {
      const updated = await t.request({
        method: 'POST',
        url: '/v2/zoning/update',
        token: user.token,
        payload: { id: order.id, zones },
      });
      expect(updated.statusCode).toBe(200);
      expect((await reopened(user, order.id)).made_from).toEqual(madeFrom);
    }

    // A description that is not one is refused in words, not stored.
    const bad = payload(farmId, field.id, [zone(west, 1, field.id), zone(east, 2, field.id)]);
    const refused = await t.request({
      method: 'POST',
      url: '/v2/cart/add?item_type=zoning',
      token: user.token,
      payload: { ...bad, zones: { ...bad.zones, made_from: { ...madeFrom, source: 'guess' } } },
    });
    expect(refused.statusCode).toBe(422);
  });
});
