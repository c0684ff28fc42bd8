import { LruCache } from './lru';

describe('LruCache', () => {
  it('drops the least recently used entries once their weights pass the bound', () => {
    const cache = new LruCache<string, number>(10);
    cache.set('a', 1, 4);
    cache.set('b', 2, 4);
    expect(cache.get('a')).toBe(1); // a is now the most recent
    cache.set('c', 3, 4);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([1, undefined, 3]);
    cache.delete('a');
    expect(cache.size).toBe(1);
  });

  it('keeps an entry heavier than the bound until the next one arrives', () => {
    const cache = new LruCache<string, number>(2);
    cache.set('big', 1, 5);
    expect(cache.get('big')).toBe(1);
    cache.set('small', 2);
    expect([cache.get('big'), cache.get('small')]).toEqual([undefined, 2]);
  });
});
