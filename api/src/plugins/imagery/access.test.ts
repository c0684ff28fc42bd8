import type { AccountRow } from '../../db/types';
import { RecentTileAccess, TILE_ACCESS_TTL_MS, type TileAccess } from './access';

const access = (label: string): TileAccess => ({ account: { id: label } as AccountRow, fields: [] });
const key = { sub: 'auth0|a', layer: 'standard' as const, fieldIds: ['f1'] };

describe('RecentTileAccess', () => {
  let now = 0;
  const recent = () => new RecentTileAccess(() => now);
  beforeEach(() => {
    now = 1_000;
  });

  it('answers a burst of tile requests with one lookup', async () => {
    const cache = recent();
    const load = jest.fn(async () => access('first'));
    const answers = await Promise.all([cache.get(key, load), cache.get(key, load), cache.get(key, load)]);
    expect(load).toHaveBeenCalledTimes(1);
    expect(answers.map((a) => a.account.id)).toEqual(['first', 'first', 'first']);
  });

  it('looks again once the answer is older than the TTL', async () => {
    const cache = recent();
    await cache.get(key, async () => access('first'));
    now += TILE_ACCESS_TTL_MS + 1;
    await expect(cache.get(key, async () => access('second'))).resolves.toMatchObject({ account: { id: 'second' } });
  });

  it('keeps callers, layers and field lists apart', async () => {
    const cache = recent();
    await cache.get(key, async () => access('a'));
    await expect(cache.get({ ...key, sub: 'auth0|b' }, async () => access('b'))).resolves.toMatchObject({ account: { id: 'b' } });
    await expect(cache.get({ ...key, layer: 'high_res' }, async () => access('hr'))).resolves.toMatchObject({ account: { id: 'hr' } });
    await expect(cache.get({ ...key, fieldIds: ['f1', 'f2'] }, async () => access('two'))).resolves.toMatchObject({ account: { id: 'two' } });
  });

  it('does not remember a refusal', async () => {
    const cache = recent();
    await expect(cache.get(key, async () => Promise.reject(new Error('Field not found')))).rejects.toThrow('Field not found');
    await expect(cache.get(key, async () => access('now shared'))).resolves.toMatchObject({ account: { id: 'now shared' } });
  });
});

describe('RecentTileAccess.clear', () => {
  it('forgets every answer, so the next tile looks again', async () => {
    const cache = new RecentTileAccess(() => 0);
    await cache.get(key, async () => access('before the edit'));
    cache.clear();
    await expect(cache.get(key, async () => access('after the edit'))).resolves.toMatchObject({ account: { id: 'after the edit' } });
  });
});
