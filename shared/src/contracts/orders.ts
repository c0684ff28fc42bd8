import { z } from 'zod';
import type { Address } from './address';
import { pagesSchema } from './farms';
import { areaGeometrySchema } from './geojson';
import { isoDateSchema } from './imagery';

/**
 * High-resolution imagery orders and their products (spec 3 §2.7–2.10, §3, §4, §7, §9; spec README
 * 'order pricing'). Money is integer cents in AUD; areas are hectares computed by the server from its
 * own field boundaries (ellipsoidal); capture dates are ISO calendar days `YYYY-MM-DD`.
 *
 * Pricing (the server is the only one that prices; `POST v2/orders` recomputes and refuses a mismatch):
 * - `total_product_unit` = the sum of the chosen fields' areas, rounded to 0.01 ha;
 * - billable hectares = max(total_product_unit, capture.minimum_cluster_area);
 * - subtotal = max(round(billable ha × capture.unit_price), capture.min_price) cents (GST exclusive,
 *   rounded half up to the cent; a free product is 0 whatever the area);
 * - `minimum_hectare_requirements_pricing` is true when the minimum area or the minimum price decided it;
 * - GST = 10 % of the subtotal, rounded half up to the cent, for Australian accounts only (else 0);
 * - order_total = subtotal + GST.
 */

// ---------------------------------------------------------------------------------------------------
// Products

/** One purchasable capture package of a product (spec 3 §3 `config.captures[]`). */
export const productCaptureSchema = z.object({
  /** Cents per hectare for the whole package, GST exclusive. */
  unit_price: z.number().int().nonnegative(),
  unit_price_currency: z.literal('aud'),
  /** The least a package costs, in cents (GST exclusive). */
  min_price: z.number().int().nonnegative(),
  /** Hectares charged at least. */
  minimum_cluster_area: z.number().nonnegative(),
  number_of_captures: z.number().int().positive(),
  /** The capture range is at least this long (42 days when fractional, spec 3 §5). */
  minimum_months: z.number().nonnegative(),
});
export type ProductCapture = z.infer<typeof productCaptureSchema>;

/** A fixed yearly capture window (the 2.5m product: 15 Nov – 15 Jan of the next year), `MM-DD`. */
export const fixedRangeSchema = z.object({ start: z.string(), end: z.string() });
export type FixedRange = z.infer<typeof fixedRangeSchema>;

export const productSchema = z.object({
  id: z.string(),
  title: z.string(),
  enabled: z.boolean(),
  /** The least hectares the product is sold for (the smallest minimum_cluster_area of its captures). */
  unit_min: z.number().nonnegative(),
  /** 'ha' for every product today. */
  unit: z.string(),
  /** Imagery resolution in centimetres (80 for 80 cm, 250 for 2.5 m, 30 for the crop products). */
  resolution_cm: z.number().int().positive(),
  details: z.object({ description: z.string(), suggestion: z.array(z.string()) }),
  config: z.object({
    captures: z.array(productCaptureSchema).min(1),
    /** The default capture count the wizard picks (3 when offered, spec 3 §4). */
    default_number_of_captures: z.number().int().positive(),
    /** Set for a product with a fixed capture window (dates step skipped). */
    fixed_range: fixedRangeSchema.nullable(),
    /** True for the free 2.5m product. */
    free: z.boolean(),
    /** Countries (ISO 3166 alpha-2) the product is sold in; empty = everywhere. */
    countries: z.array(z.string()),
  }),
});
export type Product = z.infer<typeof productSchema>;
export const productsResponseSchema = z.object({ data: z.array(productSchema) });
export type ProductsResponse = z.infer<typeof productsResponseSchema>;

/** The product titles of spec 3 §3, in catalogue order. */
export const productTitles = [
  'Horticulture',
  'Broadacre',
  'Vineyard',
  'Golf & Park',
  'Tree crops',
  '80 cm Resolution Imagery',
  '2.5m Resolution Imagery',
] as const;

/** Spec 3 §9. */
export const DEFAULT_NUMBER_OF_CAPTURES = 3;
export const ORDER_START_MIN_DAYS_AHEAD = 5;
export const FRACTIONAL_MINIMUM_DAYS = 42;
export const ORDERS_PAGE_SIZE = 10;
export const INVOICE_PAYABLE_DAYS = 14;

/** 'A minimum of {n} months applies to this product.' (spec 3 §5). */
export const minimumMonthsNote = (months: number): string => `A minimum of ${months} months applies to this product.`;

const addDays = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** `day` plus whole calendar months (clamped to the month's last day: 31 Jan + 1 month = 28/29 Feb). */
function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, last));
  return target.toISOString().slice(0, 10);
}

/** The earliest start: `ORDER_START_MIN_DAYS_AHEAD` days after `today` (ISO day). */
export const earliestOrderStart = (today: string): string => addDays(today, ORDER_START_MIN_DAYS_AHEAD);

/** The earliest end for a start (spec 3 §5: minimum_months after it, 42 days when fractional). */
export function earliestOrderEnd(start: string, minimumMonths: number): string {
  if (!Number.isInteger(minimumMonths)) return addDays(start, FRACTIONAL_MINIMUM_DAYS);
  return addMonths(start, minimumMonths);
}

/** The fixed window of a fixed-range product for the year of `today`: 15 Nov this year – 15 Jan next. */
export function fixedCaptureRange(range: FixedRange, today: string): { start: string; end: string } {
  const year = Number(today.slice(0, 4));
  const start = `${year}-${range.start}`;
  const endSameYear = `${year}-${range.end}`;
  return { start, end: endSameYear > start ? endSameYear : `${year + 1}-${range.end}` };
}

// ---------------------------------------------------------------------------------------------------
// Pricing

export const MAX_ORDER_FIELDS = 200;

const fieldIdsSchema = z
  .array(z.string().trim().min(1))
  .min(1, 'No Fields selected.')
  .max(MAX_ORDER_FIELDS, `An order may hold at most ${MAX_ORDER_FIELDS} fields`)
  .refine((ids) => new Set(ids).size === ids.length, { error: 'A field is listed twice' });

/** `POST v2/orders/quote` body (spec README 'order pricing'). */
export const quoteRequestSchema = z.object({
  data: z.object({
    product_id: z.string().trim().min(1, 'No Products selected.'),
    field_ids: fieldIdsSchema,
    /** Left out: the product's `default_number_of_captures` (3 for the 80 cm product). */
    number_of_captures: z.number().int().positive().optional(),
  }),
});
export type QuoteRequest = z.input<typeof quoteRequestSchema>;

export const quoteSchema = z.object({
  order_pricing: z.object({ subtotal: z.number().int().nonnegative() }),
  /** Hectares (two decimals) of the chosen fields, from the server's own areas. */
  total_product_unit: z.number().nonnegative(),
  minimum_hectare_requirements_pricing: z.boolean(),
  /** The rest is what the payment step shows (GST inclusive). */
  gst: z.number().int().nonnegative(),
  order_total: z.number().int().nonnegative(),
  currency: z.literal('aud'),
  /** Hectares charged (max of the area and the product's minimum). */
  billable_hectares: z.number().nonnegative(),
  unit_price: z.number().int().nonnegative(),
  min_price: z.number().int().nonnegative(),
  minimum_cluster_area: z.number().nonnegative(),
  number_of_captures: z.number().int().positive(),
});
export type Quote = z.infer<typeof quoteSchema>;
export const quoteResponseSchema = z.object({ data: quoteSchema });
export type QuoteResponse = z.infer<typeof quoteResponseSchema>;

// ---------------------------------------------------------------------------------------------------
// Orders

export const orderStatuses = ['submitted', 'pending', 'processing', 'done', 'cancelled', 'purchased'] as const;
export const orderStatusSchema = z.enum(orderStatuses);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

/** Spec 3 §4 'Order status' display names. */
export const orderStatusLabels: Record<OrderStatus, string> = {
  submitted: 'New',
  pending: 'Pending',
  processing: 'Capturing',
  done: 'Completed',
  cancelled: 'Cancelled',
  purchased: 'Purchased',
};

/** The /order sub-tabs (spec 3 §2.7) and the statuses each lists (All Orders: none = every status). */
export const orderTabs = [
  { label: 'All Orders', statuses: [] },
  { label: 'New', statuses: ['submitted'] },
  { label: 'Pending', statuses: ['pending'] },
  { label: 'Capturing', statuses: ['processing'] },
  { label: 'Completed', statuses: ['done'] },
  { label: 'Cancelled', statuses: ['cancelled'] },
] as const satisfies readonly { label: string; statuses: readonly OrderStatus[] }[];

/** Spec 3 §4: done, purchased, submitted and processing are treated as paid. */
export const paidOrderStatuses: readonly OrderStatus[] = ['done', 'purchased', 'submitted', 'processing'];

export const orderDocumentKinds = ['tax_receipt', 'tax_invoice'] as const;
export type OrderDocumentKind = (typeof orderDocumentKinds)[number];

/** Spec 3 §4: a Tax Receipt for paid statuses, a Tax Invoice otherwise (any other status too). */
export const orderDocumentKind = (status: string): OrderDocumentKind =>
  (paidOrderStatuses as readonly string[]).includes(status) ? 'tax_receipt' : 'tax_invoice';

/** Spec 3 §2.10: 'View Invoice' when pending or cancelled, else 'View Receipt'. */
export const orderDocumentButton = (status: string): 'View Invoice' | 'View Receipt' =>
  status === 'pending' || status === 'cancelled' ? 'View Invoice' : 'View Receipt';

export const orderPaymentMethods = ['stripe', 'invoice'] as const;
export const orderPaymentMethodSchema = z.enum(orderPaymentMethods);
export type OrderPaymentMethod = z.infer<typeof orderPaymentMethodSchema>;

/** Spec 3 §2.10. */
export const orderPaymentMethodLabel = (method: string): string =>
  method === 'stripe' ? 'Debit or Credit Card' : 'Invoice';

const text = (max: number) => z.string().trim().max(max);

/** Spec 3 §3 'Order create payload', the body of `POST v2/orders` (inside `data`). */
export const orderCreatePayloadSchema = z.object({
  product_id: z.string().trim().min(1, 'No Products selected.'),
  start_capture_date: isoDateSchema,
  end_capture_date: isoDateSchema,
  field_ids: fieldIdsSchema,
  /** Left out: the product's `default_number_of_captures` (3 for the 80 cm product). */
  number_of_captures: z.number().int().positive().optional(),
  payment_method: orderPaymentMethodSchema,
  /** What the client was shown; the server recomputes and answers 422 when they differ. */
  total_product_unit: z.number().nonnegative(),
  order_subtotal: z.number().int().nonnegative(),
  gst: z.number().int().nonnegative(),
  order_total: z.number().int().nonnegative(),
  first_name: text(100).min(1, 'Fields are empty.'),
  last_name: text(100).min(1, 'Fields are empty.'),
  email: z
    .string()
    .trim()
    .max(254)
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Invalid Email Address')
    .optional(),
  phone_number: text(40).optional(),
  company: text(200).optional(),
  street: text(200).min(1, 'Enter address'),
  suburb: text(100).min(1, 'Enter city'),
  state: text(100).min(1, 'Please select state/province.'),
  post_code: text(20).min(1, 'Please enter zip or postal code.'),
  country: z
    .string()
    .trim()
    .transform((value) => value.toUpperCase())
    .pipe(z.string().length(2, 'Please select country')),
});
export type OrderCreatePayload = z.input<typeof orderCreatePayloadSchema>;
export const orderCreateRequestSchema = z.object({ data: orderCreatePayloadSchema });
export type OrderCreateRequest = z.input<typeof orderCreateRequestSchema>;

/** A field as it was when ordered (kept with the order; the field may change or go later). */
export const orderFieldSchema = z.object({
  id: z.string(),
  farm_id: z.string(),
  farm_name: z.string(),
  field_name: z.string(),
  field_crop_type: z.string().nullable(),
  /** Hectares, two decimals. */
  area: z.number(),
  /** [minLon, minLat, maxLon, maxLat] for the 100×100 thumbnail. */
  bbox: z.tuple([z.number(), z.number(), z.number(), z.number()]),
  /** The boundary as ordered (WGS84), for the thumbnail even after the field changes or goes. */
  geometry: areaGeometrySchema,
});
export type OrderField = z.infer<typeof orderFieldSchema>;

/** A tax document of an order, rendered once by the server and never changed (spec 3 §4). */
export const orderDocumentSchema = z.object({
  id: z.string(),
  kind: z.enum(orderDocumentKinds),
  /** 'Tax Receipt' or 'Tax Invoice'. */
  title: z.string(),
  invoice_number: z.string(),
  /** 'a4' (receipt) or 'legal' (invoice). */
  paper: z.enum(['a4', 'legal']),
  issued_on: z.string(),
  /** API path of the PDF (`GET`, bearer, owner only): `/v2/orders/{id}/documents/{document_id}`. */
  url: z.string(),
  file_name: z.string(),
});
export type OrderDocument = z.infer<typeof orderDocumentSchema>;

export const orderSchema = z.object({
  id: z.string(),
  status: orderStatusSchema,
  created_on: z.string(),
  updated_on: z.string(),
  product_id: z.string(),
  product_title: z.string(),
  payment_method: orderPaymentMethodSchema,
  /** Cents. */
  order_subtotal: z.number().int().nonnegative(),
  order_total: z.number().int().nonnegative(),
  gst: z.number().int().nonnegative(),
  currency: z.literal('aud'),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string().nullable(),
  street: z.string(),
  suburb: z.string(),
  state: z.string(),
  post_code: z.string(),
  country: z.string(),
  total_product_unit: z.number(),
  minimum_hectare_requirements_pricing: z.boolean(),
  start_capture_date: z.string(),
  end_capture_date: z.string(),
  specification: z.object({
    config: z.object({ number_of_captures: z.number().int() }),
    field_ids: z.array(z.string()),
  }),
  order_pricing: z.object({ subtotal: z.number().int().nonnegative() }),
  /** The order's payment (card or invoice); its status says whether money is still owed. */
  payment_id: z.string().nullable(),
  payment_status: z.enum(['open', 'paid', 'canceled']).nullable(),
  /** True while a card order can still be paid on /pay/{id} ('Awaiting Payment'). */
  awaiting_payment: z.boolean(),
});
export type Order = z.infer<typeof orderSchema>;

export const ordersQuerySchema = z.object({
  skip: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(ORDERS_PAGE_SIZE),
  statuses: z
    .union([orderStatusSchema, z.array(orderStatusSchema)])
    .transform((value) => (Array.isArray(value) ? value : [value]))
    .optional(),
});
export type OrdersQuery = z.input<typeof ordersQuerySchema>;

/** `GET v2/orders`: the caller's orders, newest first, and `pages.total_count` (spec 3 §7). */
export const ordersResponseSchema = z.object({ orders: z.array(orderSchema), pages: pagesSchema });
export type OrdersResponse = z.infer<typeof ordersResponseSchema>;

export const orderDetailSchema = orderSchema.extend({
  fields: z.array(orderFieldSchema),
  /** Every document issued for the order (an invoice first, then a receipt once paid). */
  documents: z.array(orderDocumentSchema),
  /** The document the status calls for (spec 3 §4); null until the server has rendered and stored it. */
  document: orderDocumentSchema.nullable(),
  /** True while that document is being prepared (its job is queued or running): read the order again soon. */
  document_pending: z.boolean(),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

/** `payment` of an order read (spec 3 §3). */
export const orderPaymentSchema = z.object({
  id: z.string(),
  invoice_number: z.string().nullable(),
  updated_on: z.string(),
  method: z.enum(['card', 'invoice']),
  status: z.enum(['open', 'paid', 'canceled']),
  amount: z.number().int().nonnegative(),
  gst: z.number().int().nonnegative(),
  currency: z.literal('aud'),
  paid_on: z.string().nullable(),
});
export type OrderPayment = z.infer<typeof orderPaymentSchema>;

/** `GET v2/orders/{id}` → `{data, payment}` (spec 3 §7 'data (order) and payment'). */
export const orderResponseSchema = z.object({ data: orderDetailSchema, payment: orderPaymentSchema.nullable() });
export type OrderResponse = z.infer<typeof orderResponseSchema>;

/** `POST v2/orders` → 201 `{data}` (the new order, `data.id`). */
export const orderCreateResponseSchema = z.object({ data: orderDetailSchema });
export type OrderCreateResponse = z.infer<typeof orderCreateResponseSchema>;

/** `POST v2/payments/{orderId}` → `{data: {client_secret, ...}}` (card orders). */
export const orderPayResponseSchema = z.object({
  data: z.object({
    client_secret: z.string(),
    payment_id: z.string(),
    amount: z.number().int().nonnegative(),
    gst: z.number().int().nonnegative(),
    currency: z.literal('aud'),
  }),
});
export type OrderPayResponse = z.infer<typeof orderPayResponseSchema>;

/**
 * Admin: move an order on (`POST v2/admin/orders/{id}/status`): submitted → processing → done, or
 * pending → cancelled. With done, `capture_dates` are the days the imagery was captured (default: the
 * order's number of captures spread over its capture range, never after today once it has begun).
 */
export const adminOrderStatusRequestSchema = z.object({
  status: z.enum(['processing', 'done', 'cancelled']),
  capture_dates: z.array(isoDateSchema).min(1).max(50).optional(),
});
export type AdminOrderStatusRequest = z.infer<typeof adminOrderStatusRequestSchema>;

// Messages (spec 3 §8 and the server's own refusals).
export const ORDER_NOT_FOUND = 'Order not found';
export const PRODUCT_NOT_FOUND = 'Product not found';
export const ORDER_PRICE_CHANGED =
  'The price of this order has changed. Please review the order summary and submit it again.';
export const ORDER_PLACED_MESSAGE = 'Order placed successfully';
export const ORDER_PAYMENT_DECLINED =
  'Your card has been declined. Please check your card information and try it again.';
export const INVOICE_NOT_ALLOWED = 'Invoice payment is not enabled for your account. Please contact us.';

/** An order's postal fields (the imagery order's own names for the address parts). */
export interface OrderAddressFields {
  street: string;
  suburb: string;
  state: string;
  post_code: string;
  country: string;
}

/** The one address type as an order's postal fields (the second line joined to the street). */
export const orderAddressFields = (address: Address): OrderAddressFields => ({
  street: [address.address1.trim(), address.address2.trim()].filter(Boolean).join(', '),
  suburb: address.city.trim(),
  state: address.state.trim(),
  post_code: address.zipCode.trim(),
  country: address.country,
});

/** An order's postal fields as the one address type (e.g. the card's billing address on /pay). */
export const orderAddress = (order: OrderAddressFields): Address => ({
  country: order.country || 'AU',
  address1: order.street,
  address2: '',
  city: order.suburb,
  state: order.state,
  zipCode: order.post_code,
});
