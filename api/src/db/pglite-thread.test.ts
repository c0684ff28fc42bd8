import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'kysely';
import { openDatabase, type OpenDatabase } from '.';
import { eventLoopGaps } from '../test/event-loop';

/** A CPU-bound statement of about a second in PGlite: a filtered cross join of two series. */
const HEAVY_QUERY = sql<{
  pairs: number;
}>`select count(*)::int as pairs from generate_series(1, 3000) a, generate_series(1, 3000) b where a <> b`;

describe('the embedded database in its own thread', () => {
  let dir: string;
  let database: OpenDatabase;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'paddock-pglite-thread-'));
    database = await openDatabase({ kind: 'pglite', dataDir: path.join(dir, 'db') });
  });
  afterAll(async () => {
    await database?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps the event loop turning while a long statement runs', async () => {
    const { maxGapMs, workMs } = await eventLoopGaps(async () => {
      const { rows } = await HEAVY_QUERY.execute(database.db);
      expect(rows).toEqual([{ pairs: 3000 * 2999 }]);
    });
    // In the api's thread the statement held the loop for its whole length (one gap ≈ workMs).
    expect(workMs).toBeGreaterThan(300);
    expect(maxGapMs).toBeLessThan(workMs / 4);
  });

  it('keeps a PostgreSQL error its fields (a unique violation is 23505)', async () => {
    await database.db.insertInto('accounts').values({ sub: 'thread|dup' }).execute();
    const duplicate = database.db.insertInto('accounts').values({ sub: 'thread|dup' }).execute();
    await expect(duplicate).rejects.toBeInstanceOf(Error);
    await expect(duplicate).rejects.toMatchObject({
      code: '23505',
      table: 'accounts',
      constraint: expect.stringContaining('sub'),
      detail: 'Key (sub)=(thread|dup) already exists.',
      message: expect.stringContaining('duplicate key value violates unique constraint'),
    });
  });

  it('returns the same values and types as PGlite in the calling thread', async () => {
    const bytes = new Uint8Array([0, 1, 254, 255]);
    const document = { name: 'Paddock', ring: [[149.1, -35.2]], at: null };
    const probe = sql`select
        timestamptz '2026-03-04 05:06:07.891+00' as at,
        date '2026-03-04' as day,
        12.50::numeric(10, 2) as price,
        9007199254740993::int8 as big,
        42::int8 as small_big,
        ${bytes}::bytea as bytes,
        ${document}::jsonb as document,
        array[1, 2, 3]::int[] as numbers,
        array[timestamptz '2026-01-01 00:00:00+00'] as moments,
        true as flag,
        null::text as nothing`;
    const compiled = probe.compile(database.db);
    const inCallingThread = new PGlite();
    try {
      const expected = await inCallingThread.query(compiled.sql, [...compiled.parameters]);
      const { rows } = await probe.execute(database.db);
      expect(rows).toStrictEqual(expected.rows);
      expect(rows[0]).toMatchObject({ at: expect.any(Date), bytes: expect.any(Uint8Array), document });
    } finally {
      await inCallingThread.close();
    }
  });

  it('delivers NOTIFY payloads to a listener until it stops', async () => {
    const channel = database.channelName('thread_test');
    const heard: string[] = [];
    const stop = await database.listen(channel, (payload) => heard.push(payload));
    await sql`select pg_notify(${channel}, 'first')`.execute(database.db);
    expect(heard).toEqual(['first']);
    await stop();
    await sql`select pg_notify(${channel}, 'second')`.execute(database.db);
    expect(heard).toEqual(['first']);
  });

  it('answers a ping while a transaction holds the one session, when a query through the session must wait', async () => {
    const events: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = database.db.transaction().execute(async (trx) => {
      await sql`select 1`.execute(trx);
      events.push('transaction open');
      await held;
      events.push('transaction ends');
    });
    while (!events.includes('transaction open')) await new Promise((resolve) => setImmediate(resolve));
    const queued = sql`select 1`.execute(database.db).then(() => events.push('query answered'));
    await database.ping();
    events.push('ping answered');
    release();
    await Promise.all([transaction, queued]);
    expect(events).toEqual(['transaction open', 'ping answered', 'transaction ends', 'query answered']);
  });

  it('answers a ping at once while it works through statements, not after the one it is running', async () => {
    const events: string[] = [];
    await sql`select 1`.execute(database.db);
    const heavy = HEAVY_QUERY.execute(database.db).then(() => events.push('statement done'));
    await database.ping();
    events.push('ping answered');
    await heavy;
    expect(events).toEqual(['ping answered', 'statement done']);
  });

  it('asks the thread when it has not answered for a while: the ping then waits for the statement', async () => {
    const events: string[] = [];
    const heavy =
      sql`select count(*)::int as pairs from generate_series(1, 4000) a, generate_series(1, 4000) b where a <> b`
        .execute(database.db)
        .then(() => events.push('statement done'));
    // Past the window in which a recent answer counts as alive (the statement takes over a second).
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(events).toEqual([]);
    await database.ping();
    events.push('ping answered');
    await heavy;
    expect(events).toEqual(['statement done', 'ping answered']);
  });
});
