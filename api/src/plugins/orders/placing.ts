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
  paidOrderStatuses,
  lastDayAhead,
  TOO_FAR_AHEAD_MESSAGE,
  type OrderStatus,
} from '@paddock/shared/contracts';
import { sql } from 'kysely';
import { z } from 'zod';
import type { AccountRow, ProductCaptureJson } from '../../db/types';
import { HttpError, notFound } from '../../errors';
import type { PaymentProvider } from '../../payments/provider';
import { isUuid } from '../farms/access';
import {
  findPayment,
  mayPayByInvoice,
  openCardPayment,
  openInvoice,
  payByCard,
  recordFreePurchase,
  type PaymentRow,
  type PurchaseDeps,
} from '../payments/api';
import type { ProductRow } from '../products/api';
import { scheduleDocument } from './document-job';
import type { OrderPrice } from './pricing';
import { priceFor } from './quote';
import {
  daysBetween,
  FREE_ORDER_BY_CARD,
  issue,
  nextInvoiceNumber,
  ORDER_CANCELLED,
  ORDER_NOT_CARD,
  ORDER_PAID_ALREADY,
  ORDER_PURPOSE,
  orderPurchaseKey,
  orderToday,
  RANGE_TOO_LONG,
  START_TOO_SOON,
  type OrdersDeps,
} from './service';
import { scheduleFulfilment } from './status';
import type { Db } from '../../db';

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
  db: Db,
  account: AccountRow,
  payload: z.output<typeof orderCreatePayloadSchema>,
  deps: OrdersDeps & { provider: PaymentProvider },
): Promise<string> {
  const priced = await priceFor(db, account, payload);
  const { product, capture, fields, price } = priced;
  if (product.countries.length > 0 && !product.countries.includes(payload.country))
    throw issue(['country'], `${product.title} is available in Australia only.`);
  checkDates(product, capture, payload, orderToday());
  checkAmounts(payload, price);
  const free = price.total === 0;
  if (free && payload.payment_method === 'stripe') throw issue(['payment_method'], FREE_ORDER_BY_CARD);
  if (!free && payload.payment_method === 'invoice' && !mayPayByInvoice(account))
    throw new HttpError(403, INVOICE_NOT_ALLOWED);

  return db.transaction().execute(async (trx) => {
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
    else payment = await openCardPayment(trx, deps.provider, base);
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
