import { sql, type Kysely } from 'kysely';
import { createFarm, signIn } from '../../test/farms';
import { availableBackends, startTestApp, type TestContext } from '../../test/harness';
import { down, up } from './0092_farm_name_search';

describe.each(availableBackends())('migration 0092 (farm name search) on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await startTestApp(kind, { JOBS_CONCURRENCY: '0' });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The plan of the list's search predicate, with scans of the whole table ruled out. */
  async function searchPlan(): Promise<string> {
    return t.app.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      const plan = await sql<{ 'QUERY PLAN': string }>`
        explain select id from farms f where lower(f.name) like ${'%creek%'}`.execute(trx);
      return plan.rows.map((row) => row['QUERY PLAN']).join('\n');
    });
  }

  it('gives the search a trigram index that serves `lower(name) like` anywhere in the name', async () => {
    expect(await searchPlan()).toContain('farms_name_search_idx');
  });

  it('can be taken back and made again over existing farms, which the search still finds', async () => {
    const owner = await signIn(t);
    await createFarm(t, owner, 'Yarra Creek');
    await createFarm(t, owner, 'CREEKSIDE');
    await createFarm(t, owner, 'Mount Hope');
    const db = t.app.db as unknown as Kysely<unknown>;
    // As the migrator runs it: in a transaction (the extension's creation is tried under a savepoint).
    await db.transaction().execute(async (trx) => {
      await down(trx);
      await up(trx);
    });
    expect(await searchPlan()).toContain('farms_name_search_idx');
    const list = await t.request({
      method: 'GET',
      url: '/v2/farms?search_query=creek&sort_by=farm_name&sort_dir=asc',
      token: owner.token,
    });
    expect(list.statusCode).toBe(200);
    const names = (list.json() as { features: Array<{ properties: { farm_name: string } }> }).features.map(
      (farm) => farm.properties.farm_name,
    );
    expect(names).toEqual(['CREEKSIDE', 'Yarra Creek']);
  });
});
