import type { CatalogEntry } from '@paddock/shared/contracts';
import { latestClearCapture, offlineFarms, rememberOfflineFarm, tilesCovering, tileUrl } from './offlineFarm';

describe('a farm made available offline', () => {
  it('covers the fields with the XYZ tiles of each walking zoom', () => {
    // The e2e paddock near Wagga Wagga, about 1.1 km by 0.9 km.
    const tiles = tilesCovering([147.36, -35.12, 147.372, -35.111], [14, 17]);
    // Expected tiles from the slippy-map formulas, computed independently in Python.
    const at14 = tiles.filter((tile) => tile.z === 14);
    expect(at14).toEqual([
      { z: 14, x: 14898, y: 9900 },
      { z: 14, x: 14898, y: 9901 },
      { z: 14, x: 14899, y: 9900 },
      { z: 14, x: 14899, y: 9901 },
    ]);
    const at17 = tiles.filter((tile) => tile.z === 17);
    expect(at17).toHaveLength(25);
    expect([Math.min(...at17.map((t) => t.x)), Math.max(...at17.map((t) => t.x))]).toEqual([119188, 119192]);
    expect([Math.min(...at17.map((t) => t.y)), Math.max(...at17.map((t) => t.y))]).toEqual([79204, 79208]);
    expect(tileUrl('https://api/v2/tiles/NDVI/2026-11-01/{z}/{x}/{y}.png?f=1', { z: 1, x: 2, y: 3 })).toBe(
      'https://api/v2/tiles/NDVI/2026-11-01/1/2/3.png?f=1',
    );
  });

  it('takes the newest clear capture', () => {
    const entry = (date: string, cloud: number) =>
      ({
        date,
        capture_id: date,
        items: [{ algorithm: 'NDVI', source: 's2', cloud_percent: cloud, tile_urls: [], statistics_url: '' }],
      }) as CatalogEntry;
    expect(latestClearCapture([entry('2026-11-20', 80), entry('2026-11-15', 12), entry('2026-11-10', 0)])).toBe(
      '2026-11-15',
    );
    expect(latestClearCapture([entry('2026-11-20', 80)])).toBeNull();
  });

  it('remembers and forgets the farms kept offline', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
    };
    rememberOfflineFarm('f1', { date: '2026-11-15', urls: ['a'], bytes: 10, savedOn: '2026-11-27' }, storage);
    expect(Object.keys(offlineFarms(storage))).toEqual(['f1']);
    rememberOfflineFarm('f1', null, storage);
    expect(offlineFarms(storage)).toEqual({});
  });
});
