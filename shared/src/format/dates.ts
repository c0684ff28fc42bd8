import { DateTime } from 'luxon';
import { LOCALE } from './locale';

/**
 * The product's one date style (issue 27): day, month in words, year — '27 Nov 2026' (spec 3's
 * 'dd MMM yyyy', without the leading zero) — and 'd MMM' where the year is the current one (spec 2's
 * timeline). `long` and `range` are the same style under the names older callers use.
 */
export const dateFormats = {
  long: 'd MMM yyyy',
  short: 'd MMM yyyy',
  dayMonth: 'd MMM',
  /** The start and end of a date range. */
  range: 'd MMM yyyy',
} as const;
export type DateFormatName = keyof typeof dateFormats;

/** Formats an ISO timestamp in the viewer's zone; an unreadable value shows as 'N/A'. */
export function formatDate(iso: string | null | undefined, format: DateFormatName = 'long'): string {
  if (!iso) return 'N/A';
  const date = DateTime.fromISO(iso, { locale: LOCALE });
  return date.isValid ? date.toFormat(dateFormats[format]) : 'N/A';
}
