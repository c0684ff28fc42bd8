import { fieldAreaHectares, totalHectares } from '@paddock/shared/geo';
import { quadrangleRing } from '@paddock/shared/testing/geodesy';
import { sql, type Kysely } from 'kysely';
import { addFields, createFarm, fieldFeature, getFarm, signIn } from '../../test/farms';
import { availableBackends, startTestApp, type TestContext } from '../../test/harness';
import { up } from './0010_ellipsoidal_areas';

describe.each(availableBackends())('migration 0010 (ellipsoidal areas) on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('measures every stored field again on the WGS84 ellipsoid and totals each farm, leaving updated_on', async () => {
    const owner = await signIn(t);
    const farm = await createFarm(t, owner, 'Measured on a sphere');
    const geometries = [0, 35, 56].map((lat) => ({
      type: 'Polygon' as const,
      coordinates: [quadrangleRing(147, lat, 147.01, lat + 0.008)],
    }));
    await addFields(t, owner, farm.id, ...geometries.map((geometry, i) => fieldFeature(`Field ${i + 1}`, geometry)));
    // What the spherical measure left behind: areas a little off, and a total of them.
    await sql`update fields set area = area * 1.004 where farm_id = ${farm.id}`.execute(t.app.db);
    await sql`update farms set farm_area = 12.3456 where id = ${farm.id}`.execute(t.app.db);
    const before = await getFarm(t, owner, farm.id);

    await up(t.app.db as unknown as Kysely<unknown>);

    const fields = await t.request({ method: 'GET', url: `/v2/farms/${farm.id}/fields`, token: owner.token });
    const areas = (fields.json() as { features: Array<{ properties: { area: number } }> }).features.map(
      (field) => field.properties.area,
    );
    expect(areas).toEqual(geometries.map(fieldAreaHectares));
    const after = await getFarm(t, owner, farm.id);
    expect(after.properties.farm_area).toBe(totalHectares(areas));
    expect(after.properties.updated_on).toBe(before.properties.updated_on);
  });
});
