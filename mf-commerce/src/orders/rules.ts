import { DateTime } from 'luxon';
import type { CaptureConfig, Order, OrderStatus, Product } from '../api/orderContracts';

/** Spec 3 §4: the order statuses as the product shows them. */
export const orderStatusLabels: Record<OrderStatus, string> = {
  submitted: 'New',
  pending: 'Pending',
  processing: 'Capturing',
  done: 'Completed',
  cancelled: 'Cancelled',
  purchased: 'Purchased',
};

/** Spec 3 §2.7: the sub-tabs of the orders table and the statuses each lists (none: every order). */
export const orderSubTabs = [
  { id: 'all', label: 'All Orders', statuses: [] },
  { id: 'submitted', label: 'New', statuses: ['submitted'] },
  { id: 'pending', label: 'Pending', statuses: ['pending'] },
  { id: 'processing', label: 'Capturing', statuses: ['processing'] },
  { id: 'done', label: 'Completed', statuses: ['done'] },
  { id: 'cancelled', label: 'Cancelled', statuses: ['cancelled'] },
] as const satisfies ReadonlyArray<{ id: string; label: string; statuses: readonly OrderStatus[] }>;
export type OrderSubTab = (typeof orderSubTabs)[number]['id'];

/** Spec 3 §4: done, purchased, submitted and processing are paid (a Tax Receipt); anything else an invoice. */
export const isTreatedAsPaid = (status: string): boolean =>
  status === 'done' || status === 'purchased' || status === 'submitted' || status === 'processing';

export type OrderDocumentKind = 'receipt' | 'invoice';
export const documentKind = (status: string): OrderDocumentKind => (isTreatedAsPaid(status) ? 'receipt' : 'invoice');

/** Spec 3 §2.7: a card order that is pending or submitted shows 'Awaiting Payment' (→ /pay/{id}). */
export const awaitsPayment = (order: Pick<Order, 'status' | 'payment_method'>): boolean =>
  order.payment_method === 'stripe' && (order.status === 'pending' || order.status === 'submitted');

/** Spec 3 §2.7: the pay button is disabled once the order is processing or done. */
export const payDisabled = (status: string): boolean => status === 'processing' || status === 'done';

export const paymentMethodLabel = (method: string): string =>
  method === 'stripe' ? 'Debit or Credit Card' : 'Invoice';

/** Spec 3 §5 / §8: the wizard's messages. */
export const ORDER_MESSAGES = {
  noFarms: 'No Farms selected.',
  noFields: 'No Fields selected.',
  fieldsOnFarm: (farm: string) => `Select at least 1 field on ${farm}`,
  noProduct: 'No Products selected.',
  noDates: 'No Date range selected.',
  cartEmpty: 'Cart is Empty.',
  fieldsEmpty: 'Fields are empty.',
  invalidEmail: 'Invalid Email Address',
  minimumMonths: (months: number) => `A minimum of ${months} months applies to this product.`,
  startTooSoon: (earliest: string) => `The start date must be on or after ${earliest}.`,
  endTooSoon: (earliest: string) => `The end date must be on or after ${earliest}.`,
  notCreated: 'Something went wrong',
  placed: 'Order placed successfully',
  declined: 'Your card has been declined. Please check your card information and try it again.',
  success: 'Your order has been placed successfully. You will be contacted shortly.',
  invoiceContact: 'Paying by invoice is available on request: contact us to enable it.',
} as const;

/** Spec 3 §9: the start must be at least 5 days ahead. */
export const START_LEAD_DAYS = 5;
/** Spec 3 §5: a fractional minimum_months is 42 days. */
export const FRACTIONAL_MINIMUM_DAYS = 42;
/** Spec 3 §4 / §9: the default number of captures. */
export const DEFAULT_CAPTURES = 3;

const iso = (date: DateTime): string => date.toISODate() ?? '';
const day = (value: string): DateTime => DateTime.fromISO(value, { zone: 'utc' }).startOf('day');

/** Today as the user's calendar day (ISO). */
export const todayIso = (): string => DateTime.local().toISODate() ?? '';

/** The first day a capture may start: today + 5 days. */
export const earliestStart = (today: string): string => iso(day(today).plus({ days: START_LEAD_DAYS }));

/** The first allowed end: start + minimum_months, or start + 42 days when the minimum is fractional. */
export function earliestEnd(start: string, minimumMonths: number): string {
  const from = day(start);
  if (!Number.isInteger(minimumMonths)) return iso(from.plus({ days: FRACTIONAL_MINIMUM_DAYS }));
  return iso(from.plus({ months: minimumMonths }));
}

export type DateProblem = 'noDates' | 'startTooSoon' | 'endTooSoon';

/** Checks a chosen range against the rules (null when it is good). */
export function checkDates(
  range: { start: string | null; end: string | null },
  minimumMonths: number,
  today: string,
): DateProblem | null {
  if (!range.start || !range.end) return 'noDates';
  if (range.start < earliestStart(today)) return 'startTooSoon';
  if (range.end < earliestEnd(range.start, minimumMonths)) return 'endTooSoon';
  return null;
}

export const RICE_TITLE = '2.5m Resolution Imagery';
export const EIGHTY_CM_TITLE = '80 cm Resolution Imagery';
export const isFixedRangeProduct = (product: Pick<Product, 'title'> | null | undefined): boolean =>
  !!product && product.title.startsWith('2.5m');
export const isCaptureCountProduct = (product: Pick<Product, 'title'> | null | undefined): boolean =>
  !!product && /^80\s?cm/i.test(product.title);

/** Spec 3 §4: the 2.5m product's range is 15 Nov of the current year to 15 Jan of the next. */
export function fixedRange(today: string): { start: string; end: string } {
  const year = day(today).year;
  return { start: `${year}-11-15`, end: `${year + 1}-01-15` };
}

/** The capture entries of a product, fewest captures first. */
export const captureOptions = (product: Product): CaptureConfig[] =>
  [...product.config.captures].sort((a, b) => a.number_of_captures - b.number_of_captures);

/** The entry a product starts with: 3 captures when offered, else its first. */
export function defaultCapture(product: Product): CaptureConfig | undefined {
  const options = captureOptions(product);
  return options.find((option) => option.number_of_captures === DEFAULT_CAPTURES) ?? options[0];
}

/** The minimum months that apply for a chosen capture entry (the product's largest when none). */
export const minimumMonthsOf = (capture: CaptureConfig | undefined): number => capture?.minimum_months ?? 0;

/** A simple e-mail pattern (spec 3 §5 'Invalid Email Address'). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** dd MMM yyyy (spec 3 §9). */
export const formatOrderDate = (value: string | null | undefined): string => {
  if (!value) return 'N/A';
  const date = DateTime.fromISO(value, { locale: 'en-AU' });
  return date.isValid ? date.toFormat('dd MMM yyyy') : 'N/A';
};
