import { lastSeasonPageEnd, sameTimeLastSeason, yearEarlier } from './lastSeason';

describe('the same time last season', () => {
  it('is the clear day nearest the same calendar day a year earlier', () => {
    expect(sameTimeLastSeason('2026-09-20', ['2026-09-10', '2025-10-04', '2025-09-16', '2025-09-27'])).toBe(
      '2025-09-16',
    );
  });
  it('takes the earlier of two days as near', () => {
    expect(sameTimeLastSeason('2026-09-20', ['2025-09-25', '2025-09-15'])).toBe('2025-09-15');
  });
  it('is none when no clear day is within 30 days of it', () => {
    expect(sameTimeLastSeason('2026-09-20', ['2025-08-20', '2025-10-21', '2026-09-01'])).toBeNull();
    expect(sameTimeLastSeason('2026-09-20', [])).toBeNull();
  });
  it('falls back from 29 February and asks for a page reaching 30 days past it', () => {
    expect(yearEarlier('2028-02-29')).toBe('2027-02-28');
    expect(lastSeasonPageEnd('2026-09-20')).toBe('2025-10-20');
  });
});
