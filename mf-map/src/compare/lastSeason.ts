import { DateTime } from 'luxon';

/** How far from the same calendar day a year earlier a capture may be and still stand for it. */
export const LAST_SEASON_WITHIN_DAYS = 30;

/** The same calendar day one year earlier (29 Feb falls back to 28 Feb). */
export const yearEarlier = (date: string): string =>
  DateTime.fromISO(date, { zone: 'utc' }).minus({ years: 1 }).toISODate() as string;

/** The newest day a catalog page must reach to hold every candidate for "the same time last season". */
export const lastSeasonPageEnd = (date: string): string =>
  DateTime.fromISO(yearEarlier(date), { zone: 'utc' }).plus({ days: LAST_SEASON_WITHIN_DAYS }).toISODate() as string;

/**
 * "This season against last": of the clear capture days, the one nearest the same calendar day a
 * year before `date` (the earlier of two as near), within `LAST_SEASON_WITHIN_DAYS`; null when none is.
 */
export function sameTimeLastSeason(date: string, clearDays: readonly string[]): string | null {
  const target = DateTime.fromISO(yearEarlier(date), { zone: 'utc' });
  let best: { day: string; distance: number } | null = null;
  for (const day of clearDays) {
    const distance = Math.abs(DateTime.fromISO(day, { zone: 'utc' }).diff(target, 'days').days);
    if (distance > LAST_SEASON_WITHIN_DAYS) continue;
    if (!best || distance < best.distance || (distance === best.distance && day < best.day)) best = { day, distance };
  }
  return best?.day ?? null;
}
