import { sql } from 'kysely';
import { availableBackends, newUser, startTestApp, type TestContext } from '../test/harness';
import { migrateToLatest } from './migrate';
import { migrations } from './migrations';

describe.each(availableBackends())('migrations on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('are applied once and survive a restart on the same database with the data intact', async () => {
    const user = newUser({ email: 'persist@example.com' });
    const token = await t.token(user);
    const patch = await t.request({
      method: 'PATCH',
      url: '/v2/accounts/profile',
      token,
      payload: { data: { first_name: 'Persisted', terms_accepted_version: 'v1' } },
    });
    expect(patch.statusCode).toBe(200);

    await t.restart(); // a new app (and, for PGlite, a new database process) on the same data folder / schema

    const profile = await t.request({ method: 'GET', url: '/v2/accounts/profile', token });
    expect(profile.statusCode).toBe(200);
    expect(profile.json<{ data: { account: Record<string, unknown> } }>().data.account).toMatchObject({
      first_name: 'Persisted',
      terms_accepted_version: 'v1',
    });

    const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(t.app.db);
    expect(applied.rows.map((row) => row.name)).toEqual(Object.keys(migrations));

    // Running them again is a no-op.
    const again = await migrateToLatest(
      t.app.db,
      kind === 'postgres' && t.config.database.kind === 'postgres' ? t.config.database.schema : undefined,
    );
    expect(again.error).toBeUndefined();
    expect(again.results).toEqual([]);

    // The demo seed did not duplicate.
    const demo = await t.app.db
      .selectFrom('accounts')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('sub', '=', t.config.demoSub)
      .executeTakeFirstOrThrow();
    expect(demo.n).toBe(1);
  });
});
