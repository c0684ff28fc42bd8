import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
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

  it('answers many queries asked for at once, each with its own rows', async () => {
    const { db } = database;
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => sql<{ n: number }>`select ${i}::int as n`.execute(db)),
    );
    expect(answers.map(({ rows }) => rows)).toEqual(Array.from({ length: 50 }, (_, i) => [{ n: i }]));
  });

  it('runs a query that waited for a transaction before the next transaction, never inside it', async () => {
    const { db } = database;
    let firstStarted!: () => void;
    const started = new Promise<void>((resolve) => (firstStarted = resolve));
    let endFirst!: () => void;
    const firstMayEnd = new Promise<void>((resolve) => (endFirst = resolve));
    const first = db.transaction().execute(async (trx) => {
      await trx.insertInto('accounts').values({ sub: 'turn|1' }).execute();
      firstStarted();
      await firstMayEnd;
    });
    await started;
    // Both wait for the first transaction; the insert was asked for first, so it runs first, on its own.
    const insert = db.insertInto('accounts').values({ sub: 'turn|2' }).execute();
    const second = db.transaction().execute(async (trx) => {
      await trx.updateTable('accounts').set({ city: 'Undone' }).where('sub', 'like', 'turn|%').execute();
      throw new Error('undo');
    });
    endFirst();
    await first;
    await insert;
    await expect(second).rejects.toThrow('undo');
    const rows = await db
      .selectFrom('accounts')
      .select(['sub', 'city'])
      .where('sub', 'like', 'turn|%')
      .orderBy('sub')
      .execute();
    expect(rows).toEqual([
      { sub: 'turn|1', city: null },
      { sub: 'turn|2', city: null },
    ]);
  });

  it('ends a transaction whose commit fails without touching the one that waited for it', async () => {
    const { db } = database;
    await sql`create table commit_probe (id int primary key, parent int references commit_probe (id) deferrable initially deferred)`.execute(
      db,
    );
    let firstStarted!: () => void;
    const started = new Promise<void>((resolve) => (firstStarted = resolve));
    let endFirst!: () => void;
    const firstMayEnd = new Promise<void>((resolve) => (endFirst = resolve));
    // Its foreign key is checked at commit, which fails.
    const failing = db.transaction().execute(async (trx) => {
      await sql`insert into commit_probe values (1, 99)`.execute(trx);
      firstStarted();
      await firstMayEnd;
    });
    await started;
    // Waits for the first; its own rollback must undo its insert (it ran inside it, not after a stray rollback).
    const waiting = db.transaction().execute(async (trx) => {
      await sql`insert into commit_probe values (2, null)`.execute(trx);
      throw new Error('undo');
    });
    endFirst();
    await expect(failing).rejects.toMatchObject({ code: '23503' });
    await expect(waiting).rejects.toThrow('undo');
    const { rows } = await sql<{ id: number }>`select id from commit_probe order by id`.execute(db);
    expect(rows).toEqual([]);
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
