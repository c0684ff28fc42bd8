import { compareLink, compareSearch, readCompareSearch, type CompareState } from './compare';

describe('the comparison in the map URL', () => {
  const state: CompareState = {
    fieldIds: ['a', 'b'],
    left: { code: 'standard_NDVI', date: '2025-10-02' },
    right: { code: 'sensor_em_DEEP', date: '2025-10-12' },
    view: 'side',
  };

  it('reads back what it writes', () => {
    expect(readCompareSearch(new URLSearchParams(compareSearch(state)))).toEqual(state);
  });

  it('is null for a URL without a comparison or with a malformed one, and swipes by default', () => {
    expect(readCompareSearch(new URLSearchParams('fields=a'))).toBeNull();
    expect(readCompareSearch(new URLSearchParams('compare=standard_NDVI@2025-10-02&fields=a'))).toBeNull();
    expect(readCompareSearch(new URLSearchParams('compare=x,y&fields=a'))).toBeNull();
    const search = new URLSearchParams(compareSearch(state));
    search.set('view', 'sideways');
    expect(readCompareSearch(search)?.view).toBe('swipe');
  });

  it('links a notification to the farm map swiping the two dates of its field', () => {
    const link = compareLink({
      farmId: 'f1',
      fieldId: 'a',
      algorithm: 'NDVI',
      earlierDate: '2025-10-02',
      laterDate: '2025-10-12',
    });
    const url = new URL(link, 'https://paddock.example');
    expect(url.pathname).toBe('/farms/f1');
    expect(readCompareSearch(url.searchParams)).toEqual({
      fieldIds: ['a'],
      left: { code: 'standard_NDVI', date: '2025-10-02' },
      right: { code: 'standard_NDVI', date: '2025-10-12' },
      view: 'swipe',
    });
  });
});
