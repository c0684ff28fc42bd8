import { openDatabase, type OpenDatabase } from './db';
import { claimEvent } from './processed-events';
import { availableBackends, createTestDatabase, type TestDatabase } from './test/backends';
import { takeThrottleSlot } from './throttle';

describe.each(availableBackends())('once-only events and shared throttles on %s', (kind) => {
  let testDb: TestDatabase;
  let processA: OpenDatabase;
  let processB: OpenDatabase;

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    processA = await openDatabase(testDb.config);
    // PGlite is one process's database; on PostgreSQL the second "process" has its own pool.
    processB = kind === 'postgres' ? await openDatabase(testDb.config) : processA;
  });
  afterAll(async () => {
    if (processB !== processA) await processB.close();
    await processA.close();
    await testDb.drop();
  });

  it('claims an event delivered twice, to two processes at once, exactly once', async () => {
    const deliver = (database: OpenDatabase) =>
      database.db.transaction().execute((trx) => claimEvent(trx, 'stripe', 'evt_123'));
    const results = await Promise.all([deliver(processA), deliver(processB)]);
    expect(results.sort()).toEqual([false, true]);
    expect(await deliver(processA)).toBe(false);
    expect(await deliver(processB).then(() => claimEvent(processB.db, 'other-source', 'evt_123'))).toBe(true);
  });

  it('forgets a claim whose effect failed, so the retry is processed', async () => {
    await processA.db
      .transaction()
      .execute(async (trx) => {
        expect(await claimEvent(trx, 'stripe', 'evt_failed')).toBe(true);
        throw new Error('the effect failed');
      })
      .catch(() => undefined);
    expect(await claimEvent(processB.db, 'stripe', 'evt_failed')).toBe(true);
  });

  it('holds a throttle across processes', async () => {
    const rule = { limit: 3, windowMs: 60_000 };
    const waits = await Promise.all(
      [processA, processB, processA, processB, processA].map((database) =>
        takeThrottleSlot(database.db, 'convert:account-1', rule),
      ),
    );
    expect(waits.filter((wait) => wait === 0)).toHaveLength(3);
    expect(waits.filter((wait) => wait > 0 && wait <= 60_000)).toHaveLength(2);
    expect(await takeThrottleSlot(processB.db, 'convert:account-2', rule)).toBe(0);
  });
});
