import { farmListResponseSchema, fieldCollectionSchema } from '@paddock/shared/contracts';
import { inspectBoundary } from '../plugins/fields/geometry';
import { availableBackends, startTestApp, type TestContext } from '../test/harness';
import { DEMO_FARM_NAME, DEMO_PADDOCKS } from './demo-farm';

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
