import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase, type OpenDatabase } from '.';

describe('PGlite dialect', () => {
  let dir: string;
  let database: OpenDatabase;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'paddock-pglite-'));
    database = await openDatabase({ kind: 'pglite', dataDir: path.join(dir, 'db') });
  });
  afterAll(async () => {
    await database?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('reports affected rows for writes', async () => {
    const { db } = database;
    await db
      .insertInto('accounts')
      .values([{ sub: 'a|1' }, { sub: 'a|2' }, { sub: 'a|3' }])
      .execute();
    const updated = await db
      .updateTable('accounts')
      .set({ city: 'Orange' })
      .where('sub', 'like', 'a|%')
      .executeTakeFirst();
    expect(updated.numUpdatedRows).toBe(3n);
    const deleted = await db.deleteFrom('accounts').where('sub', 'in', ['a|1', 'a|2']).executeTakeFirst();
    expect(deleted.numDeletedRows).toBe(2n);
  });

  it('keeps concurrent transactions apart on the single session', async () => {
    const { db } = database;
    await db.insertInto('accounts').values({ sub: 'tx|1' }).execute();
    const failing = db.transaction().execute(async (trx) => {
      await trx.updateTable('accounts').set({ city: 'Rolled back' }).where('sub', '=', 'tx|1').execute();
      await new Promise((resolve) => setTimeout(resolve, 50));
      throw new Error('abort');
    });
    // Runs while the first transaction is open: it must wait, not join it.
    const other = db.updateTable('accounts').set({ state: 'NSW' }).where('sub', '=', 'tx|1').execute();
    await expect(failing).rejects.toThrow('abort');
    await other;
    const row = await db
      .selectFrom('accounts')
      .select(['city', 'state'])
      .where('sub', '=', 'tx|1')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ city: null, state: 'NSW' });
  });

  it('reads timestamps as dates and jsonb as values', async () => {
    const row = await database.db
      .selectFrom('accounts')
      .select(['created_on', 'feature_flags', 'payments'])
      .where('sub', '=', 'tx|1')
      .executeTakeFirstOrThrow();
    expect(row.created_on).toBeInstanceOf(Date);
    expect(row.feature_flags).toEqual({});
    expect(row.payments).toEqual([]);
  });
});
