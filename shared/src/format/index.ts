import { DateTime } from 'luxon';

const LOCALE = 'en-AU';

const hectareFormat = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const audFormat = new Intl.NumberFormat(LOCALE, {
  style: 'currency',
  currency: 'AUD',
  currencyDisplay: 'narrowSymbol',
});

/** Hectares with two decimals, e.g. `1,234.50`. */
export const formatHectares = (hectares: number): string => hectareFormat.format(hectares);

/** AUD from integer cents, e.g. `$1,234.00`; `prefixed` gives `AU$1,234.00` where the spec asks for it. */
export function formatAud(cents: number, options: { prefixed?: boolean } = {}): string {
  const text = audFormat.format(cents / 100);
  return options.prefixed ? `AU${text}` : text;
}

/** The spec's date patterns (luxon tokens). */
export const dateFormats = {
  long: 'MMMM d, yyyy',
  short: 'd MMM yyyy',
  dayMonth: 'd MMM',
  /** The start and end of a date range (spec 2 §2: 'MMM d, yyyy'). */
  range: 'MMM d, yyyy',
} as const;
export type DateFormatName = keyof typeof dateFormats;

/** Formats an ISO timestamp in the viewer's zone; an unreadable value shows as 'N/A'. */
export function formatDate(iso: string | null | undefined, format: DateFormatName = 'long'): string {
  if (!iso) return 'N/A';
  const date = DateTime.fromISO(iso, { locale: LOCALE });
  return date.isValid ? date.toFormat(dateFormats[format]) : 'N/A';
}
