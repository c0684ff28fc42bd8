import {
  earliestOrderEnd,
  earliestOrderStart,
  fixedCaptureRange,
  INVOICE_NOT_ALLOWED,
  minimumMonthsNote,
  ORDER_NOT_FOUND,
  ORDER_PRICE_CHANGED,
  orderCreatePayloadSchema,
  orderDocumentKind,
  orderDocumentKinds,
  orderStatusLabels,
  paidOrderStatuses,
  lastDayAhead,
  PRODUCT_NOT_FOUND,
  TOO_FAR_AHEAD_MESSAGE,
  type Order,
  type OrderDetail,
  type OrderDocument,
  type OrderDocumentKind,
  type OrderPayment,
  type OrderStatus,
  type Quote,
} from '@paddock/shared/contracts';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { sql, type Selectable } from 'kysely';
import { z } from 'zod';
import type { OrdersConfig } from '../../config';
import type { AccountRow, ImageryOrdersTable, OrderFieldJson, ProductCaptureJson } from '../../db/types';
import { nextInvoiceNumber } from '../../db/invoice-numbers';
import { HttpError, notFound, UnprocessableError } from '../../errors';
import type { JobRunner } from '../../jobs/runner';
import type { PaymentProvider } from '../../payments/provider';
import { isUuid, requireFieldsRole } from '../farms/access';
import { fieldInAustralia } from '../../payments/place-of-supply';
import {
  findPayment,
  giveUpPayment,
  openCardPayment,
  openInvoice,
  payByCard,
  type PaymentRow,
  type PurchaseDeps,
  recordFreePurchase,
  registerPaymentPurpose,
} from '../payments/api';
import { findProduct, type ProductRow } from '../products/api';
import { buildTaxDocumentPdf, documentFileName, documentPaper, documentTitle } from './documents';
import { priceOrder, type OrderPrice } from './pricing';
import type { Db, Trx } from '../../db';

export type OrderRow = Selectable<ImageryOrdersTable>;

/** The purpose of payments made for imagery orders. */
export const ORDER_PURPOSE = 'imagery_order';
/** The thing an order's payment buys: the order (named by its invoice number, which it has from the start). */
export const orderPurchaseKey = (invoiceNumber: string) => `${ORDER_PURPOSE}:${invoiceNumber}`;
/** The job that moves a paid order on by itself when SIMULATED_FULFILMENT is on. */
export const FULFIL_JOB = 'imagery_order.fulfil';
/** The job that renders and stores the tax document an order's status calls for (once per order and kind). */
export const DOCUMENT_JOB = 'imagery_order.document';

export const ORDER_PAID_ALREADY = 'This order is already paid.';
export const ORDER_NOT_CARD = 'This order is paid by invoice, not by card.';
export const ORDER_CANCELLED = 'This order was cancelled.';
export const FREE_ORDER_BY_CARD = 'This order is free: submit it without a card.';
export const START_TOO_SOON = 'The start date must be at least 5 days from today.';
export const RANGE_TOO_LONG = 'The capture range can be at most 2 years.';

export interface OrdersDeps {
  config: OrdersConfig;
  jobs: JobRunner;
  log: FastifyBaseLogger;
}

/**
 * "Today" for the date rules: the calendar day in Western Australia, the latest Australian time zone,
 * so a start that is 5 days ahead anywhere in Australia is never refused.
 */
export function orderToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Australia/Perth',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

const addDays = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

const issue = (loc: (string | number)[], msg: string) =>
  new UnprocessableError([{ loc: ['body', 'data', ...loc], msg, type: 'value_error' }]);

// ---------------------------------------------------------------------------------------------------
// Pricing

export interface PricedOrder {
  product: ProductRow;
  capture: ProductCaptureJson;
  fields: OrderFieldJson[];
  price: OrderPrice;
}

/**
 * Prices an order from the server's own data: the product's capture package for `number_of_captures`,
 * the fields' stored areas (the caller must be a member of each field's farm; else 404), and where
 * the fields are for GST (place of supply: a field in Australia makes the order taxable).
 */
export async function priceFor(
  request: FastifyRequest,
  body: { product_id: string; field_ids: readonly string[]; number_of_captures?: number | undefined },
): Promise<PricedOrder> {
  const db = request.server.db;
  const product = await findProduct(db, body.product_id);
  if (!product || !product.enabled) throw issue(['product_id'], PRODUCT_NOT_FOUND);
  const wanted = body.number_of_captures ?? product.default_number_of_captures;
  const capture = product.captures.find((entry) => entry.number_of_captures === wanted);
  if (!capture) {
    const offered = product.captures.map((entry) => entry.number_of_captures).join(', ');
    throw issue(['number_of_captures'], `${product.title} is sold with ${offered} captures`);
  }
  const access = await requireFieldsRole(request, body.field_ids, 'viewer');
  const farmIds = [...new Set(access.map(({ field }) => field.farm_id))];
  const farms = await db.selectFrom('farms').select(['id', 'name']).where('id', 'in', farmIds).execute();
  const farmName = new Map(farms.map((farm) => [farm.id, farm.name]));
  const fields: OrderFieldJson[] = access.map(({ field }) => ({
    id: field.id,
    farm_id: field.farm_id,
    farm_name: farmName.get(field.farm_id) ?? '',
    field_name: field.name,
    field_crop_type: field.crop_type,
    area: field.area,
    bbox: [field.min_lon, field.min_lat, field.max_lon, field.max_lat],
    geometry: field.geometry,
  }));
  // GST by place of supply: imagery of fields in Australia, whatever the profile's country says.
  const taxable = access.some(({ field }) => fieldInAustralia(field));
  const price = priceOrder(
    fields.map((field) => field.area),
    capture,
    { free: product.free, taxable },
  );
  return { product, capture, fields, price };
}

export function toQuote({ capture, price }: PricedOrder): Quote {
  return {
    order_pricing: { subtotal: price.subtotal },
    total_product_unit: price.total_product_unit,
    minimum_hectare_requirements_pricing: price.minimum_hectare_requirements_pricing,
    gst: price.gst,
    order_total: price.total,
    currency: 'aud',
    billable_hectares: price.billable_hectares,
    unit_price: capture.unit_price,
    min_price: capture.min_price,
    minimum_cluster_area: capture.minimum_cluster_area,
    number_of_captures: capture.number_of_captures,
  };
}

// ---------------------------------------------------------------------------------------------------
// Reading orders

const ORDER_COLUMNS = [
  'o.id',
  'o.account_id',
  'o.product_id',
  'o.product_title',
  'o.status',
  'o.payment_method',
  'o.payment_id',
  'o.invoice_number',
  'o.subtotal_cents',
  'o.gst_cents',
  'o.total_cents',
  'o.total_product_unit',
  'o.billable_hectares',
  'o.minimum_pricing',
  'o.number_of_captures',
  'o.capture_package',
  'o.field_ids',
  'o.fields',
  'o.first_name',
  'o.last_name',
  'o.email',
  'o.phone_number',
  'o.company',
  'o.street',
  'o.suburb',
  'o.state',
  'o.post_code',
  'o.country',
  'o.created_on',
  'o.updated_on',
] as const;

function orderRows(db: Db | Trx) {
  return db
    .selectFrom('imagery_orders as o')
    .leftJoin('payments as p', 'p.id', 'o.payment_id')
    .select(ORDER_COLUMNS)
    .select([
      sql<string>`o.start_capture_date::text`.as('start_capture_date'),
      sql<string>`o.end_capture_date::text`.as('end_capture_date'),
      'p.status as payment_status',
    ]);
}
type OrderListRow = Awaited<ReturnType<ReturnType<typeof orderRows>['execute']>>[number];

const iso = (value: Date | string): string => new Date(value).toISOString();

export function toOrder(row: OrderListRow): Order {
  const paymentStatus = row.payment_status ?? null;
  return {
    id: row.id,
    status: row.status,
    created_on: iso(row.created_on),
    updated_on: iso(row.updated_on),
    product_id: row.product_id,
    product_title: row.product_title,
    payment_method: row.payment_method,
    order_subtotal: row.subtotal_cents,
    order_total: row.total_cents,
    gst: row.gst_cents,
    currency: 'aud',
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    street: row.street,
    suburb: row.suburb,
    state: row.state,
    post_code: row.post_code,
    country: row.country,
    total_product_unit: row.total_product_unit,
    minimum_hectare_requirements_pricing: row.minimum_pricing,
    start_capture_date: row.start_capture_date,
    end_capture_date: row.end_capture_date,
    specification: { config: { number_of_captures: row.number_of_captures }, field_ids: row.field_ids },
    order_pricing: { subtotal: row.subtotal_cents },
    payment_id: row.payment_id,
    payment_status: paymentStatus,
    awaiting_payment:
      row.payment_method === 'stripe' &&
      paymentStatus !== 'paid' &&
      (row.status === 'pending' || row.status === 'submitted'),
  };
}

/** The caller's orders, newest first, one page, optionally only some statuses (spec 3 §2.7, §7). */
export async function listOrders(
  db: Db,
  accountId: string,
  query: { skip: number; limit: number; statuses?: OrderStatus[] | undefined },
) {
  const { skip, limit } = query;
  const statuses = query.statuses?.length ? [...new Set(query.statuses)] : null;
  let rows = orderRows(db)
    .select(sql<string>`count(*) over ()`.as('total'))
    .where('o.account_id', '=', accountId);
  if (statuses) rows = rows.where('o.status', 'in', statuses);
  const page = await rows.orderBy('o.created_on', 'desc').orderBy('o.id', 'desc').offset(skip).limit(limit).execute();
  let total = page.length ? Number(page[0]?.total) : 0;
  if (!page.length && skip > 0) {
    let counted = db
      .selectFrom('imagery_orders as o')
      .select(sql<string>`count(*)`.as('n'))
      .where('o.account_id', '=', accountId);
    if (statuses) counted = counted.where('o.status', 'in', statuses);
    total = Number((await counted.executeTakeFirstOrThrow()).n);
  }
  return {
    orders: page.map(toOrder),
    pages: { total_pages: Math.ceil(total / limit), total_count: total, skip, limit },
  };
}

function toDocument(
  orderId: string,
  row: { id: string; kind: OrderDocumentKind; invoice_number: string; paper: 'a4' | 'legal'; issued_on: Date },
): OrderDocument {
  return {
    id: row.id,
    kind: row.kind,
    title: documentTitle(row.kind),
    invoice_number: row.invoice_number,
    paper: row.paper,
    issued_on: iso(row.issued_on),
    url: `/v2/orders/${orderId}/documents/${row.id}`,
    file_name: documentFileName(row.kind, row.invoice_number),
  };
}

function toOrderPayment(order: OrderListRow, payment: PaymentRow | undefined): OrderPayment | null {
  if (!payment) return null;
  return {
    id: payment.id,
    invoice_number: order.invoice_number,
    updated_on: iso(payment.updated_on),
    method: payment.method,
    status: payment.status,
    amount: payment.amount_cents,
    gst: payment.gst_cents,
    currency: 'aud',
    paid_on: payment.paid_on ? iso(payment.paid_on) : null,
  };
}

/**
 * The order with its fields, documents and payment. The document its status calls for is rendered by
 * the `imagery_order.document` job, never here: until it is stored, `document` is null and
 * `document_pending` says whether its job is still to run (the page re-reads the order meanwhile).
 */
export async function orderDetail(
  db: Db,
  id: string,
  accountId?: string,
): Promise<{ data: OrderDetail; payment: OrderPayment | null }> {
  if (!isUuid(id)) throw notFound(ORDER_NOT_FOUND);
  let query = orderRows(db).where('o.id', '=', id);
  if (accountId !== undefined) query = query.where('o.account_id', '=', accountId);
  const row = await query.executeTakeFirst();
  if (!row) throw notFound(ORDER_NOT_FOUND);
  const wanted = orderDocumentKind(row.status);
  // The job's state is read before the documents: a job that finishes between the two reads has
  // stored its document by the second (it does both in one transaction), so an order is never shown
  // without its document and without a job still to run (the page would stop re-reading it).
  const jobPending = await documentJobPending(db, row.id, wanted);
  const documents = (await listDocuments(db, row.id)).map((document) => toDocument(row.id, document));
  const document = documents.find((entry) => entry.kind === wanted) ?? null;
  const payment = row.payment_id ? await findPayment(db, row.payment_id) : undefined;
  return {
    data: {
      ...toOrder(row),
      // Stored from the fields' validated boundaries.
      fields: row.fields as OrderDetail['fields'],
      documents,
      document,
      document_pending: document === null && jobPending,
    },
    payment: toOrderPayment(row, payment),
  };
}

function listDocuments(db: Db | Trx, orderId: string) {
  return db
    .selectFrom('order_documents')
    .select(['id', 'kind', 'invoice_number', 'paper', 'issued_on'])
    .where('order_id', '=', orderId)
    .orderBy('issued_on')
    .execute();
}

/** The stored PDF of one of the caller's documents (404 for anyone else's). */
export async function documentPdf(db: Db, accountId: string, orderId: string, documentId: string) {
  if (!isUuid(orderId) || !isUuid(documentId)) throw notFound('Document not found');
  const row = await db
    .selectFrom('order_documents as d')
    .innerJoin('imagery_orders as o', 'o.id', 'd.order_id')
    .select(['d.kind', 'd.invoice_number', 'd.pdf'])
    .where('d.id', '=', documentId)
    .where('o.id', '=', orderId)
    .where('o.account_id', '=', accountId)
    .executeTakeFirst();
  if (!row) throw notFound('Document not found');
  return { pdf: Buffer.from(row.pdf), fileName: documentFileName(row.kind, row.invoice_number) };
}

// ---------------------------------------------------------------------------------------------------
// Documents

const documentJobPayloadSchema = z.object({ order_id: z.string(), kind: z.enum(orderDocumentKinds) });
type DocumentJobPayload = z.infer<typeof documentJobPayloadSchema>;

/** One job per order and kind: a status change that calls for a document already asked for adds none. */
const documentJobKey = (orderId: string, kind: OrderDocumentKind) => `${DOCUMENT_JOB}:${orderId}:${kind}`;

/**
 * Asks for the order's document of `kind`, in the transaction of the status change that calls for it
 * (the job exists if and only if the change committed). The invoice number is the order's own, taken
 * when it was placed: the job never takes one, so a retried job cannot leave a gap.
 */
async function scheduleDocument(trx: Trx, orderId: string, kind: OrderDocumentKind, deps: OrdersDeps): Promise<void> {
  await deps.jobs.enqueue(trx, DOCUMENT_JOB, { order_id: orderId, kind } satisfies DocumentJobPayload, {
    dedupeKey: documentJobKey(orderId, kind),
  });
}

/** Whether the job that renders the order's document of `kind` is still to run (queued, running or retrying). */
async function documentJobPending(db: Db, orderId: string, kind: OrderDocumentKind): Promise<boolean> {
  const job = await db
    .selectFrom('jobs')
    .select('id')
    .where('dedupe_key', '=', documentJobKey(orderId, kind))
    .where('state', 'in', ['pending', 'running'])
    .executeTakeFirst();
  return job !== undefined;
}

/** The PDF of the order's document of `kind` as issued on `issuedOn`. */
async function renderDocument(
  db: Db,
  order: OrderListRow,
  kind: OrderDocumentKind,
  config: OrdersConfig,
  issuedOn: Date,
): Promise<Uint8Array> {
  const payment = order.payment_id ? await findPayment(db, order.payment_id) : undefined;
  return buildTaxDocumentPdf({
    kind,
    seller: config.seller,
    bank: config.bank,
    invoiceNumber: order.invoice_number,
    issuedOn,
    orderId: order.id,
    orderedOn: new Date(order.created_on),
    buyer: {
      name: `${order.first_name} ${order.last_name}`.trim(),
      company: order.company,
      email: order.email,
      street: order.street,
      suburb: order.suburb,
      state: order.state,
      post_code: order.post_code,
      country: order.country,
    },
    product: {
      title: order.product_title,
      number_of_captures: order.number_of_captures,
      start: order.start_capture_date,
      end: order.end_capture_date,
    },
    fields: order.fields,
    totalHectares: order.total_product_unit,
    billableHectares: order.billable_hectares,
    minimumPricing: order.minimum_pricing,
    subtotal: order.subtotal_cents,
    gst: order.gst_cents,
    total: order.total_cents,
    paymentMethod: order.payment_method,
    paidOn: payment?.paid_on ? new Date(payment.paid_on) : null,
  });
}

/**
 * Registers the `imagery_order.document` job kind: renders the order's document of `kind` and stores
 * it once. Exactly once: a document already stored is never rendered again (a duplicate or retried
 * job returns), and the row is written in the transaction that completes the job, guarded by the
 * unique (order, kind) pair, so a worker that died or lost its lease mid-way leaves nothing behind and
 * the next attempt stores the one document.
 */
export function registerDocumentJob(deps: OrdersDeps): void {
  deps.jobs.register<DocumentJobPayload>(DOCUMENT_JOB, {
    parse: (payload) => documentJobPayloadSchema.parse(payload),
    leaseMs: 30_000,
    async handle({ order_id: orderId, kind }, context) {
      const issued = await context.db
        .selectFrom('order_documents')
        .select('id')
        .where('order_id', '=', orderId)
        .where('kind', '=', kind)
        .executeTakeFirst();
      if (issued) return;
      const order = await orderRows(context.db).where('o.id', '=', orderId).executeTakeFirst();
      if (!order) return; // the order is gone (its account was deleted)
      const issuedOn = new Date();
      const pdf = await renderDocument(context.db, order, kind, deps.config, issuedOn);
      await context.complete(async (trx) => {
        await trx
          .insertInto('order_documents')
          .values({
            order_id: orderId,
            kind,
            invoice_number: order.invoice_number,
            paper: documentPaper(kind),
            pdf,
            issued_on: issuedOn,
          })
          .onConflict((oc) => oc.columns(['order_id', 'kind']).doNothing())
          .execute();
      });
    },
  });
}

// ---------------------------------------------------------------------------------------------------
// Creating and paying

// The next invoice number: the one series of every tax document (db/invoice-numbers).
export { formatInvoiceNumber, nextInvoiceNumber } from '../../db/invoice-numbers';

function checkDates(
  product: ProductRow,
  capture: ProductCaptureJson,
  payload: { start_capture_date: string; end_capture_date: string },
  today: string,
): void {
  const { start_capture_date: start, end_capture_date: end } = payload;
  if (product.fixed_range) {
    const range = fixedCaptureRange(product.fixed_range, today);
    if (start !== range.start || end !== range.end)
      throw issue(['start_capture_date'], `The capture range of ${product.title} is ${range.start} to ${range.end}.`);
    return;
  }
  if (start < earliestOrderStart(today)) throw issue(['start_capture_date'], START_TOO_SOON);
  if (start > lastDayAhead(today)) throw issue(['start_capture_date'], TOO_FAR_AHEAD_MESSAGE);
  if (end < earliestOrderEnd(start, capture.minimum_months))
    throw issue(['end_capture_date'], minimumMonthsNote(capture.minimum_months));
  if (daysBetween(start, end) > 731) throw issue(['end_capture_date'], RANGE_TOO_LONG);
}

/** The amounts the client was shown must be the server's own (never believed, only compared). */
function checkAmounts(payload: z.output<typeof orderCreatePayloadSchema>, price: OrderPrice): void {
  const same =
    Math.round(payload.total_product_unit * 100) === Math.round(price.total_product_unit * 100) &&
    payload.order_subtotal === price.subtotal &&
    payload.gst === price.gst &&
    payload.order_total === price.total;
  if (!same) throw issue(['order_total'], ORDER_PRICE_CHANGED);
}

/**
 * Places an order (spec 3 §4): the server prices it again and refuses a mismatch (422); an invoice
 * order needs the account's 'invoice' payment method (403); a free order needs no payment and is
 * submitted at once. In one transaction: the next invoice number, the payment (card: its row, the
 * intent comes with `POST v2/payments/{orderId}`; invoice: open with the order's number; free: paid),
 * the order (pending, or submitted when free) and the job that renders its first document.
 */
export async function createOrder(
  request: FastifyRequest,
  payload: z.output<typeof orderCreatePayloadSchema>,
  provider: PaymentProvider,
  deps: OrdersDeps,
): Promise<string> {
  const account = request.account;
  const priced = await priceFor(request, payload);
  const { product, capture, fields, price } = priced;
  if (product.countries.length > 0 && !product.countries.includes(payload.country))
    throw issue(['country'], `${product.title} is available in Australia only.`);
  checkDates(product, capture, payload, orderToday());
  checkAmounts(payload, price);
  const free = price.total === 0;
  if (free && payload.payment_method === 'stripe') throw issue(['payment_method'], FREE_ORDER_BY_CARD);
  if (!free && payload.payment_method === 'invoice' && !allowsInvoice(account))
    throw new HttpError(403, INVOICE_NOT_ALLOWED);

  return request.server.db.transaction().execute(async (trx) => {
    const invoiceNumber = await nextInvoiceNumber(trx);
    const base = {
      accountId: account.id,
      purpose: ORDER_PURPOSE,
      key: orderPurchaseKey(invoiceNumber),
      signature: `${price.total}`,
      amountCents: price.total,
      gstCents: price.gst,
      invoiceNumber,
    };
    let payment: PaymentRow;
    if (free) payment = await recordFreePurchase(trx, base);
    else if (payload.payment_method === 'invoice') payment = await openInvoice(trx, base);
    else payment = await openCardPayment(trx, provider, base);
    const status: OrderStatus = free ? 'submitted' : 'pending';
    const order = await trx
      .insertInto('imagery_orders')
      .values({
        account_id: account.id,
        product_id: product.id,
        product_title: product.title,
        status,
        payment_method: free ? 'invoice' : payload.payment_method,
        payment_id: payment.id,
        invoice_number: invoiceNumber,
        subtotal_cents: price.subtotal,
        gst_cents: price.gst,
        total_cents: price.total,
        total_product_unit: price.total_product_unit,
        billable_hectares: price.billable_hectares,
        minimum_pricing: price.minimum_hectare_requirements_pricing,
        number_of_captures: capture.number_of_captures,
        capture_package: JSON.stringify(capture),
        start_capture_date: payload.start_capture_date,
        end_capture_date: payload.end_capture_date,
        field_ids: JSON.stringify(fields.map((field) => field.id)),
        fields: JSON.stringify(fields),
        first_name: payload.first_name,
        last_name: payload.last_name,
        email: payload.email ?? null,
        phone_number: payload.phone_number ?? null,
        company: payload.company ?? null,
        street: payload.street,
        suburb: payload.suburb,
        state: payload.state,
        post_code: payload.post_code,
        country: payload.country,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await scheduleDocument(trx, order.id, orderDocumentKind(status), deps);
    if (status === 'submitted') await scheduleFulfilment(trx, order.id, 'processing', deps);
    return order.id;
  });
}

const allowsInvoice = (account: AccountRow): boolean =>
  Array.isArray(account.payments) && account.payments.includes('invoice');

/**
 * `POST v2/payments/{orderId}`: the client secret of a card order's PaymentIntent (spec 3 §2.9). The
 * same intent while it can still be paid; a fresh payment when the last one was given up. 409 for an
 * invoice, cancelled or paid order; 404 for anyone else's.
 */
export async function payForOrder(deps: PurchaseDeps, account: AccountRow, orderId: string): Promise<PaymentRow> {
  if (!isUuid(orderId)) throw notFound(ORDER_NOT_FOUND);
  return payByCard(deps, {
    accountId: account.id,
    purpose: ORDER_PURPOSE,
    async price(trx) {
      const order = await trx
        .selectFrom('imagery_orders')
        .select(['id', 'status', 'payment_method', 'payment_id', 'total_cents', 'gst_cents', 'invoice_number'])
        .where('id', '=', orderId)
        .where('account_id', '=', account.id)
        .forUpdate()
        .executeTakeFirst();
      if (!order) throw notFound(ORDER_NOT_FOUND);
      if (order.payment_method !== 'stripe') throw new HttpError(409, ORDER_NOT_CARD);
      if (order.status === 'cancelled') throw new HttpError(409, ORDER_CANCELLED);
      const current = order.payment_id ? await findPayment(trx, order.payment_id) : undefined;
      if (current?.status === 'paid' || (paidOrderStatuses as readonly string[]).includes(order.status))
        throw new HttpError(409, ORDER_PAID_ALREADY);
      return {
        key: orderPurchaseKey(order.invoice_number),
        signature: `${order.total_cents}`,
        amountCents: order.total_cents,
        gstCents: order.gst_cents,
        async attach(tx, payment) {
          await tx
            .updateTable('imagery_orders')
            .set({ payment_id: payment.id, updated_on: sql<Date>`now()` })
            .where('id', '=', order.id)
            .execute();
        },
      };
    },
  });
}

// ---------------------------------------------------------------------------------------------------
// Status changes

/** Moves allowed by an operator (admin route and CLI) and by the simulated fulfilment. */
const MOVES: Record<'processing' | 'done' | 'cancelled', readonly OrderStatus[]> = {
  processing: ['submitted', 'purchased'],
  done: ['processing'],
  cancelled: ['pending'],
};

/**
 * The days a done order's captures are dated: `n` days spread evenly over the capture range, never
 * after `today` once the range has begun (imagery of days to come does not exist yet); a range that
 * has not begun keeps its own days (the high_res layer shows each day once it has come).
 */
export function captureDays(start: string, end: string, n: number, today: string): string[] {
  const last = start <= today && end > today ? today : end;
  const span = Math.max(0, daysBetween(start, last));
  if (n <= 1) return [last];
  const days = Array.from({ length: n }, (_, i) => addDays(start, Math.round((i * span) / (n - 1))));
  return [...new Set(days)];
}

/**
 * Moves an order on, in `trx` (409 when the move is not allowed from its status). Done records the
 * captures of the ordered fields (those that still exist) in `high_res_captures`, on `captureDates`
 * when an operator gives them (ISO days), else on `captureDays`. Cancelling gives up an open payment.
 */
export async function moveOrder(
  trx: Trx,
  orderId: string,
  target: 'processing' | 'done' | 'cancelled',
  deps: OrdersDeps,
  captureDates?: readonly string[],
): Promise<void> {
  if (!isUuid(orderId)) throw notFound(ORDER_NOT_FOUND);
  const order = await trx
    .selectFrom('imagery_orders')
    .select([
      'id',
      'status',
      'payment_id',
      'field_ids',
      'number_of_captures',
      sql<string>`start_capture_date::text`.as('start_capture_date'),
      sql<string>`end_capture_date::text`.as('end_capture_date'),
    ])
    .where('id', '=', orderId)
    .forUpdate()
    .executeTakeFirst();
  if (!order) throw notFound(ORDER_NOT_FOUND);
  if (order.status === target) return;
  if (!MOVES[target].includes(order.status))
    throw new HttpError(
      409,
      `An order that is ${orderStatusLabels[order.status]} cannot become ${orderStatusLabels[target]}.`,
    );
  await trx
    .updateTable('imagery_orders')
    .set({ status: target, updated_on: sql<Date>`now()` })
    .where('id', '=', order.id)
    .execute();
  if (target === 'cancelled') {
    // Its open payment is given up; the caller cancels the intent at the provider after commit.
    if (order.payment_id) await giveUpPayment(trx, order.payment_id, 'The order was cancelled');
  } else if (target === 'processing') {
    await scheduleFulfilment(trx, order.id, 'done', deps);
  } else {
    const days = captureDates?.length
      ? [...new Set(captureDates)]
      : captureDays(order.start_capture_date, order.end_capture_date, order.number_of_captures, orderToday());
    const existing = order.field_ids.length
      ? await trx.selectFrom('fields').select('id').where('id', 'in', order.field_ids).execute()
      : [];
    const rows = existing.flatMap((field) => days.map((day) => ({ field_id: field.id, captured_on: day })));
    if (rows.length)
      await trx
        .insertInto('high_res_captures')
        .values(rows)
        .onConflict((oc) => oc.columns(['field_id', 'captured_on']).doNothing())
        .execute();
  }
  await scheduleDocument(trx, order.id, orderDocumentKind(target), deps);
}

/** Midnight starting `day` in Western Australia (UTC+8, no daylight saving), the zone of `orderToday`. */
const australianDayStart = (day: string): number => Date.parse(`${day}T00:00:00+08:00`);

/**
 * When the simulated fulfilment takes its next step, following the capture window (issue 27): a paid
 * order is scheduled (New) until its window opens, then capturing until it has closed, then processed
 * for one FULFILMENT_STEP_MS and completed, its captures dated inside the window. Never sooner than
 * one step from `now` (an order whose window is open already starts capturing a step after payment).
 */
export function fulfilmentStepAt(
  to: 'processing' | 'done',
  window: { start: string; end: string },
  now: Date,
  stepMs: number,
): Date {
  const opens = australianDayStart(window.start);
  const processed = australianDayStart(addDays(window.end, 1)) + stepMs;
  return new Date(Math.max(now.getTime() + stepMs, to === 'processing' ? opens : processed));
}

/** With SIMULATED_FULFILMENT on: the order's next step, when its capture window says (`fulfilmentStepAt`). */
async function scheduleFulfilment(
  trx: Trx,
  orderId: string,
  to: 'processing' | 'done',
  deps: OrdersDeps,
): Promise<void> {
  if (!deps.config.simulatedFulfilment) return;
  const window = await trx
    .selectFrom('imagery_orders')
    .select([sql<string>`start_capture_date::text`.as('start'), sql<string>`end_capture_date::text`.as('end')])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  await deps.jobs.enqueue(
    trx,
    FULFIL_JOB,
    { order_id: orderId, to },
    {
      runAt: fulfilmentStepAt(to, window, new Date(), deps.config.fulfilmentStepMs),
      dedupeKey: `${FULFIL_JOB}:${orderId}:${to}`,
    },
  );
}

/** Registers the simulated fulfilment's job kind (a step an operator already took is skipped). */
export function registerFulfilmentJob(deps: OrdersDeps): void {
  deps.jobs.register<{ order_id: string; to: 'processing' | 'done' }>(FULFIL_JOB, {
    parse: (payload) => {
      const value = payload as { order_id?: unknown; to?: unknown };
      if (typeof value.order_id !== 'string' || (value.to !== 'processing' && value.to !== 'done'))
        throw new Error('not a fulfilment step');
      return { order_id: value.order_id, to: value.to };
    },
    async handle(payload, context) {
      await context.complete(async (trx) => {
        const row = await trx
          .selectFrom('imagery_orders')
          .select('status')
          .where('id', '=', payload.order_id)
          .executeTakeFirst();
        if (!row || !MOVES[payload.to].includes(row.status)) return;
        await moveOrder(trx, payload.order_id, payload.to, deps);
      });
    },
  });
}

/** What a paid or given-up order payment does (registered once per process). */
export function registerOrderPurpose(deps: OrdersDeps): void {
  registerPaymentPurpose(ORDER_PURPOSE, {
    async onPaid(trx, payment) {
      const order = await trx
        .selectFrom('imagery_orders')
        .select(['id', 'status'])
        .where('payment_id', '=', payment.id)
        .forUpdate()
        .executeTakeFirst();
      if (!order) return;
      if (order.status !== 'pending') {
        if (order.status === 'cancelled') {
          deps.log.error({ order: order.id, payment: payment.id }, 'a cancelled imagery order was paid: refunding it');
          return { refund: 'The order was cancelled' };
        }
        return;
      }
      await trx
        .updateTable('imagery_orders')
        .set({ status: 'submitted', updated_on: sql<Date>`now()` })
        .where('id', '=', order.id)
        .execute();
      await scheduleDocument(trx, order.id, 'tax_receipt', deps);
      await scheduleFulfilment(trx, order.id, 'processing', deps);
    },
  });
}
