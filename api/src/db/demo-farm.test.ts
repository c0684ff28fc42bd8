import { catalogResponseSchema, farmListResponseSchema, fieldCollectionSchema } from '@paddock/shared/contracts';
import { inspectBoundary } from '../geo/geometry';
import { availableBackends, startTestApp, type TestContext } from '../test/harness';
import { DEMO_EM_SURVEYED, DEMO_FARM_NAME, DEMO_PADDOCKS, demoEmWindows } from './demo-farm';

const DEMO = { sub: 'auth0|demo', email: 'demo@paddock.example', email_verified: true };

describe('the demo farm', () => {
  it('has a dozen valid paddocks of a real farm size, with crop types, near Horsham', () => {
    expect(DEMO_PADDOCKS.length).toBe(12);
    expect(new Set(DEMO_PADDOCKS.map((p) => p.name)).size).toBe(12);
    expect(new Set(DEMO_PADDOCKS.map((p) => p.crop)).size).toBeGreaterThanOrEqual(6);
    for (const p of DEMO_PADDOCKS) {
      const inspected = inspectBoundary(p.geometry);
      if (!inspected.ok) throw new Error(`${p.name}: ${JSON.stringify(inspected.problem)}`);
      expect(inspected.boundary.area).toBeGreaterThan(40);
      expect(inspected.boundary.area).toBeLessThan(200);
    }
  });
});

describe.each(availableBackends())('demo account seed on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await startTestApp(kind);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const farmsOfDemo = async () => {
    const token = await t.token(DEMO);
    const response = await t.request({ method: 'GET', url: '/v2/farms', token });
    expect(response.statusCode).toBe(200);
    return { token, farms: farmListResponseSchema.parse(response.json()).features };
  };

  it('has Rapid-EM surveys for some paddocks, so the demo Rapid-EM layer shows data and the rest show none', async () => {
    const { token, farms } = await farmsOfDemo();
    const fields = fieldCollectionSchema.parse(
      (await t.request({ method: 'GET', url: `/v2/farms/${farms[0]?.id}/fields`, token })).json(),
    ).features;
    const today = new Date().toISOString().slice(0, 10);
    const windowsOf = async (fieldId: string) => {
      const response = await t.request({
        method: 'GET',
        url: `/v2/catalog?field_ids=${fieldId}&layer_filter=sensor_em&latest_date_utc=${today}`,
        token,
      });
      expect(response.statusCode).toBe(200);
      const dates = catalogResponseSchema.parse(response.json()).features[0]?.properties.dates ?? [];
      return dates.map((entry) => ('start_date' in entry ? [entry.start_date, entry.end_date] : ['', '']));
    };
    const expected = demoEmWindows(new Date()).map(({ start, end }) => [start, end]);
    expect(expected.length).toBeGreaterThanOrEqual(4);
    expect(DEMO_EM_SURVEYED.length).toBeGreaterThan(0);
    expect(DEMO_EM_SURVEYED.length).toBeLessThan(DEMO_PADDOCKS.length);
    for (const field of fields) {
      const surveyed = DEMO_EM_SURVEYED.includes(field.properties.field_name);
      const windows = await windowsOf(field.id as string);
      if (!surveyed) expect(windows).toEqual([]);
      else {
        // The catalog's own look-back shows the newest survey's four weekly windows at least.
        expect(windows.length).toBeGreaterThanOrEqual(4);
        expect(windows).toEqual(expected.slice(0, windows.length));
      }
    }
  }, 120_000);

  it('gives the demo user their farm on first start, once, and not again after it is deleted', async () => {
    const { token, farms } = await farmsOfDemo();
    expect(farms).toHaveLength(1);
    const [farm] = farms;
    expect(farm?.properties).toMatchObject({
      farm_name: DEMO_FARM_NAME,
      number_of_fields: 12,
      location: 'near Horsham, VIC',
    });
    const fields = fieldCollectionSchema.parse(
      (await t.request({ method: 'GET', url: `/v2/farms/${farm?.id}/fields`, token })).json(),
    ).features;
    expect(fields.map((f) => f.properties.field_crop_type).every(Boolean)).toBe(true);

    // A restart seeds nothing more.
    await t.restart();
    expect((await farmsOfDemo()).farms).toHaveLength(1);

    // A farm the demo user deleted stays deleted.
    expect((await t.request({ method: 'DELETE', url: `/v2/farms/${farm?.id}`, token })).statusCode).toBe(204);
    await t.restart();
    expect((await farmsOfDemo()).farms).toHaveLength(0);
  }, 120_000);
});
