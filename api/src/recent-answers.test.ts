import { RecentAnswers } from './recent-answers';

describe('RecentAnswers', () => {
  const TTL = 5_000;
  let now = 0;
  const recent = () => new RecentAnswers<string>(TTL, 100, () => now);
  beforeEach(() => {
    now = 1_000;
  });

  it('answers a burst of asks with one lookup', async () => {
    const cache = recent();
    const load = jest.fn(async () => 'first');
    await expect(Promise.all([cache.get('k', load), cache.get('k', load), cache.get('k', load)])).resolves.toEqual([
      'first',
      'first',
      'first',
    ]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('looks again once the answer is older than the TTL', async () => {
    const cache = recent();
    await cache.get('k', async () => 'first');
    now += TTL - 1;
    await expect(cache.get('k', async () => 'second')).resolves.toBe('first');
    now += 2;
    await expect(cache.get('k', async () => 'second')).resolves.toBe('second');
  });

  it('keeps keys apart', async () => {
    const cache = recent();
    await cache.get('a', async () => 'for a');
    await expect(cache.get('b', async () => 'for b')).resolves.toBe('for b');
  });

  it('does not remember a refusal', async () => {
    const cache = recent();
    await expect(cache.get('k', async () => Promise.reject(new Error('Field not found')))).rejects.toThrow(
      'Field not found',
    );
    await expect(cache.get('k', async () => 'now shared')).resolves.toBe('now shared');
  });

  it('forgets every answer on clear, so the next ask looks again', async () => {
    const cache = recent();
    await cache.get('k', async () => 'before the edit');
    cache.clear();
    await expect(cache.get('k', async () => 'after the edit')).resolves.toBe('after the edit');
  });
});
