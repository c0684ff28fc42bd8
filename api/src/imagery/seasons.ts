import { addDays, dateOf } from './dates';
import { cropGroup, seasonStartMonth } from './simulated/phenology';

export interface Season {
  start: string;
  end: string;
}

/**
 * The growing season that contains `today` and the one before, for a crop type: twelve months from
 * the crop group's first month (winter crops April, summer crops September, others July).
 */
export function seasonsAround(cropType: string | null, today: string): { current: Season; previous: Season } {
  const month = seasonStartMonth[cropGroup(cropType)];
  const year = Number(today.slice(0, 4));
  const startYear = Number(today.slice(5, 7)) >= month ? year : year - 1;
  const season = (first: number): Season => ({
    start: dateOf(first, month, 1),
    end: addDays(dateOf(first + 1, month, 1), -1),
  });
  return { current: season(startYear), previous: season(startYear - 1) };
}

/** The growing season of a crop type that starts in `year` (twelve months from the crop group's first month). */
export function seasonStarting(cropType: string | null, year: number): Season {
  const month = seasonStartMonth[cropGroup(cropType)];
  return { start: dateOf(year, month, 1), end: addDays(dateOf(year + 1, month, 1), -1) };
}
