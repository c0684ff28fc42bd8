import { ChangeFeed } from './changes';
import { openDatabase, type OpenDatabase } from './db';
import { availableBackends, createTestDatabase, type TestDatabase } from './test/backends';

/** Resolves when `check` holds, polling every few milliseconds; rejects after `ms`. */
async function within<T>(ms: number, check: () => T | undefined): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe.each(availableBackends())('the change feed on %s', (kind) => {
  let testDb: TestDatabase;
  const opened: OpenDatabase[] = [];
  const feeds: ChangeFeed[] = [];

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
  });
  afterAll(async () => {
    for (const feed of feeds) await feed.close();
    for (const database of opened) await database.close();
    await testDb.drop();
  });

  async function process(): Promise<ChangeFeed> {
    const database = opened[0] && kind === 'pglite' ? opened[0] : await openDatabase(testDb.config);
    if (!opened.includes(database)) opened.push(database);
    const feed = ChangeFeed.for(database);
    await feed.start();
    feeds.push(feed);
    return feed;
  }

  it('tells this process at once and exactly once, though its own notification comes back', async () => {
    const feed = await process();
    const heard: string[] = [];
    feed.on('account', (key) => heard.push(key));
    feed.publish('account', 'auth0|one');
    expect(heard).toEqual(['auth0|one']);
    // Let the NOTIFY make its round trip; it must not be delivered a second time.
    const other = await process();
    const marker: string[] = [];
    feed.on('writes', () => marker.push('writes'));
    other.publish('writes');
    if (kind === 'postgres') await within(1000, () => (marker.length ? true : undefined));
    expect(heard).toEqual(['auth0|one']);
  });

  if (kind === 'postgres') {
    it('reaches another process within a second, by topic and key', async () => {
      const [a, b] = [await process(), await process()];
      const heardOnB: string[] = [];
      b.on('account', (key) => heardOnB.push(key));
      const started = Date.now();
      a.publish('account', 'auth0|gone');
      await within(1000, () => (heardOnB.length ? true : undefined));
      expect(heardOnB).toEqual(['auth0|gone']);
      expect(Date.now() - started).toBeLessThan(1000);
    });
  }
});
