/** Calendar days as `YYYY-MM-DD` strings (UTC) and as day numbers since 1970-01-01. */

const MS_PER_DAY = 86_400_000;

export const dayNumber = (date: string): number => Math.floor(Date.parse(`${date}T00:00:00Z`) / MS_PER_DAY);

export const dateOfDay = (day: number): string => new Date(day * MS_PER_DAY).toISOString().slice(0, 10);

export const addDays = (date: string, days: number): string => dateOfDay(dayNumber(date) + days);

export const todayUtc = (now: Date = new Date()): string => now.toISOString().slice(0, 10);

/** Day of the year, 0 on 1 January. */
export function dayOfYear(date: string): number {
  const year = Number(date.slice(0, 4));
  return dayNumber(date) - dayNumber(`${String(year).padStart(4, '0')}-01-01`);
}

/** `YYYY-MM-DD` of `month` (1–12) and `day` in `year`. */
export const dateOf = (year: number, month: number, day: number): string =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

export const minDate = (a: string, b: string): string => (a < b ? a : b);
export const maxDate = (a: string, b: string): string => (a > b ? a : b);

/** The first day the imagery archive covers (Sentinel-2 L2A's global coverage); catalog paging stops here. */
export const IMAGERY_ARCHIVE_START = '2019-01-01';
