import { DateTime } from 'luxon';
import { ZONING_FIRST_SEASON } from '@paddock/shared/contracts';

/** Today as `YYYY-MM-DD` (the last day a productivity zoning reads). */
export const todayIso = (now: DateTime = DateTime.local()): string => now.toISODate() ?? '';

/** The seasons a user can pick, newest first: this year's and the six before (not before the archive). */
export function seasonChoices(now: DateTime = DateTime.local()): number[] {
  const years: number[] = [];
  for (let year = now.year; year >= Math.max(ZONING_FIRST_SEASON, now.year - 6); year -= 1) years.push(year);
  return years;
}

/** Until the user picks: the last three whole seasons (this year's is still growing). */
export const defaultSeasons = (now: DateTime = DateTime.local()): number[] => [
  now.year - 3,
  now.year - 2,
  now.year - 1,
];
