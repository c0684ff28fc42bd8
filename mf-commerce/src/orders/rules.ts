import { DateTime } from 'luxon';
import {
  DEFAULT_NUMBER_OF_CAPTURES,
  FRACTIONAL_MINIMUM_DAYS,
  ORDER_PAYMENT_DECLINED,
  ORDER_PLACED_MESSAGE,
  ORDER_START_MIN_DAYS_AHEAD,
  earliestOrderEnd,
  earliestOrderStart,
  fixedCaptureRange,
  minimumMonthsNote,
  orderDocumentKind,
  orderPaymentMethodLabel,
  orderTabs,
  type Order,
  type OrderStatus,
  type Product,
  type ProductCapture,
} from '@paddock/shared/contracts';

export { orderStatusLabels } from '@paddock/shared/contracts';

/** Spec 3 §2.7: the sub-tabs of the orders table (ids for the tabs, statuses from the contracts). */
export const orderSubTabs = orderTabs.map((tab, index) => ({
  id: (['all', 'submitted', 'pending', 'processing', 'done', 'cancelled'] as const)[index] ?? 'all',
  label: tab.label,
  statuses: tab.statuses as readonly OrderStatus[],
}));
export type OrderSubTab = (typeof orderSubTabs)[number]['id'];

export type DocumentKind = 'receipt' | 'invoice';
/** Spec 3 §4: done, purchased, submitted and processing are paid (a Tax Receipt); anything else an invoice. */
export const documentKind = (status: string): DocumentKind =>
  orderDocumentKind(status) === 'tax_receipt' ? 'receipt' : 'invoice';

/** Spec 3 §2.7: a card order still to be paid shows 'Awaiting Payment' (→ /pay/{id}); the server says which. */
export const awaitsPayment = (order: Pick<Order, 'awaiting_payment'>): boolean => order.awaiting_payment;

/** Spec 3 §2.7: the pay button is disabled once the order is processing or done. */
export const payDisabled = (status: string): boolean => status === 'processing' || status === 'done';

export const paymentMethodLabel = orderPaymentMethodLabel;

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
  minimumMonths: minimumMonthsNote,
  startTooSoon: (earliest: string) => `The start date must be on or after ${earliest}.`,
  endTooSoon: (earliest: string) => `The end date must be on or after ${earliest}.`,
  notCreated: 'Something went wrong',
  placed: ORDER_PLACED_MESSAGE,
  declined: ORDER_PAYMENT_DECLINED,
  success: 'Your order has been placed successfully. You will be contacted shortly.',
  invoiceContact: 'Paying by invoice is available on request: contact us to enable it.',
} as const;

export const START_LEAD_DAYS = ORDER_START_MIN_DAYS_AHEAD;
export { FRACTIONAL_MINIMUM_DAYS };
export const DEFAULT_CAPTURES = DEFAULT_NUMBER_OF_CAPTURES;

/** Today as the user's calendar day (ISO). */
export const todayIso = (): string => DateTime.local().toISODate() ?? '';

/** The first day a capture may start: today + 5 days. */
export const earliestStart = earliestOrderStart;

/** The first allowed end: start + minimum_months, or start + 42 days when the minimum is fractional. */
export const earliestEnd = earliestOrderEnd;

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

/** The 2.5m product: a fixed capture window, the date step skipped (spec 3 §4). */
export const isFixedRangeProduct = (product: Pick<Product, 'config'> | null | undefined): boolean =>
  !!product?.config.fixed_range;
/** Products with more than one capture package (the 80 cm product) let the user choose the count. */
export const isCaptureCountProduct = (product: Pick<Product, 'config'> | null | undefined): boolean =>
  (product?.config.captures.length ?? 0) > 1;

/** Spec 3 §4: the fixed range of such a product for `today`'s year (15 Nov – 15 Jan of the next year). */
export function fixedRange(product: Pick<Product, 'config'>, today: string): { start: string; end: string } | null {
  return product.config.fixed_range ? fixedCaptureRange(product.config.fixed_range, today) : null;
}

/** The capture entries of a product, fewest captures first. */
export const captureOptions = (product: Product): ProductCapture[] =>
  [...product.config.captures].sort((a, b) => a.number_of_captures - b.number_of_captures);

/** The entry a product starts with: 3 captures when offered, else its first. */
export function defaultCapture(product: Product): ProductCapture | undefined {
  const options = captureOptions(product);
  const wanted = product.config.default_number_of_captures ?? DEFAULT_CAPTURES;
  return options.find((option) => option.number_of_captures === wanted) ?? options[0];
}

/** The minimum months that apply for a chosen capture entry (the product's largest when none). */
export const minimumMonthsOf = (capture: ProductCapture | undefined): number => capture?.minimum_months ?? 0;

/** A simple e-mail pattern (spec 3 §5 'Invalid Email Address'). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * dd MMM yyyy (spec 3 §9), e.g. '05 Jan 2027': fixed three-letter months (the en-AU locale's own short
 * months are 'June', 'Sept'). A timestamp is read in the viewer's zone, a calendar day as that day.
 */
export const formatOrderDate = (value: string | null | undefined): string => {
  if (!value) return 'N/A';
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? DateTime.fromISO(value, { zone: 'utc' }) : DateTime.fromISO(value);
  return date.isValid ? `${String(date.day).padStart(2, '0')} ${MONTHS[date.month - 1]} ${date.year}` : 'N/A';
};
