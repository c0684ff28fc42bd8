import { LOCALE } from './locale';

const hectareFormat = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const audFormat = new Intl.NumberFormat(LOCALE, {
  style: 'currency',
  currency: 'AUD',
  currencyDisplay: 'narrowSymbol',
});

/** Hectares with two decimals, e.g. `1,234.50`. */
export const formatHectares = (hectares: number): string => hectareFormat.format(hectares);

/** The unit of area as the product writes it everywhere: lower-case 'ha' (issue 27). */
export const HECTARES_UNIT = 'ha';

/** An area with its unit, e.g. `1,234.50 ha`. */
export const formatArea = (hectares: number): string => `${formatHectares(hectares)} ${HECTARES_UNIT}`;

/** AUD from integer cents, e.g. `$1,234.00`; `prefixed` gives `AU$1,234.00` where the spec asks for it. */
export function formatAud(cents: number, options: { prefixed?: boolean } = {}): string {
  const text = audFormat.format(cents / 100);
  return options.prefixed ? `AU${text}` : text;
}

const MEGABYTE = 1024 * 1024;

/** '200 MB', '1.4 MB', '12 KB': sizes as people read them in a file list or before a download. */
export function formatFileSize(bytes: number): string {
  if (bytes < MEGABYTE) return `${Math.ceil(bytes / 1024)} KB`;
  const megabytes = bytes / MEGABYTE;
  return `${megabytes >= 10 ? Math.round(megabytes) : Math.round(megabytes * 10) / 10} MB`;
}
