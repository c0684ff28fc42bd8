import { orderDocumentKinds, type OrderDocumentKind } from '@paddock/shared/contracts';
import { z } from 'zod';
import type { OrdersConfig } from '../../config';
import { findPayment } from '../payments/api';
import { documentPaper } from '../../pdf/tax-document';
import { buildTaxDocumentPdf } from './documents';
import { orderRows, type OrderListRow } from './reading';
import { DOCUMENT_JOB, documentJobKey, type OrdersDeps } from './service';
import type { Db, Trx } from '../../db';

const documentJobPayloadSchema = z.object({ order_id: z.string(), kind: z.enum(orderDocumentKinds) });
type DocumentJobPayload = z.infer<typeof documentJobPayloadSchema>;

/**
 * Asks for the order's document of `kind`, in the transaction of the status change that calls for it
 * (the job exists if and only if the change committed). The invoice number is the order's own, taken
 * when it was placed: the job never takes one, so a retried job cannot leave a gap.
 */
export async function scheduleDocument(
  trx: Trx,
  orderId: string,
  kind: OrderDocumentKind,
  deps: OrdersDeps,
): Promise<void> {
  await deps.jobs.enqueue(trx, DOCUMENT_JOB, { order_id: orderId, kind } satisfies DocumentJobPayload, {
    dedupeKey: documentJobKey(orderId, kind),
  });
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
