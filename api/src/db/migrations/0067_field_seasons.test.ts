import { sql, type Kysely } from 'kysely';
import { addFields, createFarm, fieldFeature, signIn, square } from '../../test/farms';
import { availableBackends, startTestApp, type TestContext } from '../../test/harness';
import { down, up } from './0067_field_seasons';

describe.each(availableBackends())('migration 0067 (field seasons) on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await startTestApp(kind, { JOBS_CONCURRENCY: '0' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("makes today's crop type each field's current season, and leaves fields without one seasonless", async () => {
    const owner = await signIn(t);
    const farm = await createFarm(t, owner, 'Before seasons');
    await addFields(
      t,
      owner,
      farm.id,
      fieldFeature('Canola', square(147.3, -35.1), { field_crop_type: 'Canola' }),
      fieldFeature('Nothing', square(147.32, -35.1), { field_crop_type: null }),
    );
    const db = t.app.db as unknown as Kysely<unknown>;
    // As the database was before 0067 (the fields keep their crop types), then the migration.
    await down(db);
    await up(db);
    const rows = await sql<{ name: string; crop: string | null; is_current: boolean | null }>`
      select f.name, s.crop, s.is_current from fields f left join field_seasons s on s.field_id = f.id
      where f.farm_id = ${farm.id} order by f.name`.execute(t.app.db);
    expect(rows.rows).toEqual([
      { name: 'Canola', crop: 'Canola', is_current: true },
      { name: 'Nothing', crop: null, is_current: null },
    ]);
  });
});
