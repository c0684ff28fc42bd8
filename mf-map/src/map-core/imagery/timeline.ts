import { DateTime } from 'luxon';
import {
  defaultLayerAlgorithm,
  isWindowEntry,
  type CatalogEntry,
  type ImageryAlgorithm,
  type ImageryLayer,
} from '@paddock/shared/contracts';
import { formatDate } from '@paddock/shared/format';

/** Spec 2 §2: under 10 % is clear, up to 50 % partly cloudy, above that cloudy. */
export function cloudWording(percent: number): string {
  if (percent < 10) return 'Clear';
  if (percent <= 50) return 'Partly cloudy';
  return 'Cloudy';
}

/** The day that names an entry: a capture's date, or a Rapid-EM window's first day. */
export const entryDay = (entry: CatalogEntry): string => (isWindowEntry(entry) ? entry.start_date : entry.date);

/** The entry's cloud cover inside the fields (the same for every calculation of a capture). */
export const entryCloud = (entry: CatalogEntry): number => entry.items[0]?.cloud_percent ?? 0;

/** Spec 2 §2: 'd MMM', with the year when it is not the current year. */
export function dateLabel(day: string, now: DateTime = DateTime.local()): string {
  return formatDate(day, DateTime.fromISO(day).year === now.year ? 'dayMonth' : 'short');
}

/** Spec 2 §2: a range reads 'MMM d, yyyy – MMM d, yyyy'. */
export const rangeLabel = (start: string, end: string): string =>
  `${formatDate(start, 'range')} – ${formatDate(end, 'range')}`;

/** A Rapid-EM survey window as the timeline names it: 'Surveyed 3–9 Mar', 'Surveyed 28 Feb – 6 Mar 2025'. */
export function surveyLabel(start: string, end: string, now: DateTime = DateTime.local()): string {
  const from = DateTime.fromISO(start);
  const to = DateTime.fromISO(end);
  const year = to.year === now.year ? '' : ` ${to.year}`;
  if (from.hasSame(to, 'month')) return `Surveyed ${from.day}–${to.day} ${to.toFormat('MMM')}${year}`;
  const fromYear = from.year === to.year ? '' : ` ${from.year}`;
  return `Surveyed ${from.day} ${from.toFormat('MMM')}${fromYear} – ${to.day} ${to.toFormat('MMM')}${year}`;
}

/** What the timeline shows for an entry: a date, or a Rapid-EM window's range. */
export const entryLabel = (entry: CatalogEntry, now?: DateTime): string =>
  isWindowEntry(entry) ? rangeLabel(entry.start_date, entry.end_date) : dateLabel(entry.date, now);

/** Spec 2 §7: the next page of the catalog ends the day before the oldest date shown so far. */
export function olderPageStart(entries: readonly CatalogEntry[]): string | null {
  const oldest = entries.at(-1);
  return oldest ? (DateTime.fromISO(entryDay(oldest), { zone: 'utc' }).minus({ days: 1 }).toISODate() ?? null) : null;
}

/** The entries to show when dates cloudier than `maxCloud` % are hidden (null hides none). */
export const visibleEntries = (entries: readonly CatalogEntry[], maxCloud: number | null): CatalogEntry[] =>
  maxCloud === null ? [...entries] : entries.filter((entry) => entryCloud(entry) <= maxCloud);

/** Adds an older page to the catalog, leaving out days it already holds. */
export function appendPage(entries: readonly CatalogEntry[], page: readonly CatalogEntry[]): CatalogEntry[] {
  const known = new Set(entries.map(entryDay));
  return [...entries, ...page.filter((entry) => !known.has(entryDay(entry)))];
}

/**
 * Spec 2 §4: choosing a date keeps the current calculation when that date offers it (and the user
 * may use it), otherwise the layer's first calculation: NDVI (SHALLOW on the sensor layer).
 */
export function calculationForDate(
  entry: CatalogEntry,
  layer: ImageryLayer,
  current: ImageryAlgorithm | null,
  isLocked: (algorithm: ImageryAlgorithm) => boolean,
): ImageryAlgorithm {
  const offered = entry.items.some((item) => item.algorithm === current);
  return current && offered && !isLocked(current) ? current : defaultLayerAlgorithm[layer];
}

/** The cloud % under which a capture reads 'Clear' (spec 2 §2). */
export const CLEAR_BELOW_PERCENT = 10;

/**
 * The capture a field opens on: the newest clear one (by the cloud % inside the fields), else the
 * least cloudy of those loaded (the newest of equals); a Rapid-EM survey window has no cloud and
 * opens its newest window. Null with no entries.
 */
export function firstLookEntry(entries: readonly CatalogEntry[]): CatalogEntry | null {
  const clear = entries.find((entry) => entryCloud(entry) < CLEAR_BELOW_PERCENT);
  if (clear) return clear;
  return entries.reduce<CatalogEntry | null>(
    (best, entry) => (best === null || entryCloud(entry) < entryCloud(best) ? entry : best),
    null,
  );
}
