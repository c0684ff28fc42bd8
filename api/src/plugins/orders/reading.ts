import {
  ORDER_NOT_FOUND,
  orderDocumentKind,
  type Order,
  type OrderDetail,
  type OrderDocument,
  type OrderDocumentKind,
  type OrderPayment,
  type OrderStatus,
} from '@paddock/shared/contracts';
import { sql } from 'kysely';
import { notFound } from '../../errors';
import { isUuid } from '../farms/access';
import { findPayment, type PaymentRow } from '../payments/api';
import { jobPending } from '../../jobs/runner';
import { documentFileName, documentTitle } from '../../pdf/tax-document';
import { documentJobKey } from './service';
import type { Db, Trx } from '../../db';

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

export function orderRows(db: Db | Trx) {
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
export type OrderListRow = Awaited<ReturnType<ReturnType<typeof orderRows>['execute']>>[number];

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

/** Whether the job that renders the order's document of `kind` is still to run (queued, running or retrying). */
async function documentJobPending(db: Db, orderId: string, kind: OrderDocumentKind): Promise<boolean> {
  return jobPending(db, documentJobKey(orderId, kind));
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
