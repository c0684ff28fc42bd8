import {
  purchasePurposes,
  type OrderDocumentKind,
  type PurchasePurpose,
  type TaxDocument,
} from '@paddock/shared/contracts';
import { z } from 'zod';
import type { OrdersConfig } from '../../config';
import { nextInvoiceNumber } from '../../db/invoice-numbers';
import type { PaymentsTable } from '../../db/types';
import { sql, type Selectable } from 'kysely';
import { notFound } from '../../errors';
import type { JobRunner } from '../../jobs/runner';
import { isUuid } from '../farms/access';
import { registerPaymentListener } from '../payments/api';
import { calendarDay, countryLine, documentTitle, money } from '../../pdf/tax-document';
import { buildPurchaseDocumentPdf, type PurchaseDocumentData, type PurchaseLine } from './pdf';
import type { Db, Trx } from '../../db';

type Payment = Selectable<PaymentsTable>;

/** The durable job that renders and stores one purchase's tax document. */
export const TAX_DOCUMENT_JOB = 'tax_document.render';

export interface TaxDocumentDeps {
  config: Pick<OrdersConfig, 'seller' | 'bank'>;
  jobs: JobRunner;
}

// Set when the plugin registers (the payments seam's listener calls `issueTaxDocument` with its transaction only).
let registered: TaxDocumentDeps | null = null;

const isPurchasePurpose = (purpose: string): purpose is PurchasePurpose =>
  (purchasePurposes as readonly string[]).includes(purpose);

const jobKey = (documentId: string) => `${TAX_DOCUMENT_JOB}:${documentId}`;

/**
 * THE HOOK of the payments seam: asks for the tax document a payment calls for, in the transaction
 * that marks it paid (a Tax Receipt) or that opens it on invoice terms (a Tax Invoice). Imagery orders
 * keep their own documents (`plugins/orders`); every other purchase gets one here. The number is the
 * next of the one series, taken in this transaction (a rolled-back purchase gives it back: no gaps); a
 * receipt for a paid invoice keeps the invoice's number. The PDF is rendered later by the job, once.
 */
export async function issueTaxDocument(trx: Trx, payment: Payment): Promise<void> {
  if (!isPurchasePurpose(payment.purpose)) return;
  const deps = registered;
  if (!deps) throw new Error('Tax documents are not registered (plugins/documents)');
  const kind: OrderDocumentKind = payment.status === 'paid' ? 'tax_receipt' : 'tax_invoice';
  const existing = await trx
    .selectFrom('tax_documents')
    .select(['kind', 'invoice_number'])
    .where('payment_id', '=', payment.id)
    .execute();
  if (existing.some((row) => row.kind === kind)) return;
  const invoiceNumber = existing[0]?.invoice_number ?? (await nextInvoiceNumber(trx));
  const row = await trx
    .insertInto('tax_documents')
    .values({
      payment_id: payment.id,
      account_id: payment.account_id,
      purpose: payment.purpose,
      kind,
      invoice_number: invoiceNumber,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await deps.jobs.enqueue(trx, TAX_DOCUMENT_JOB, { document_id: row.id }, { dedupeKey: jobKey(row.id) });
}

const jobPayloadSchema = z.object({ document_id: z.string() });

/** The buyer as the account's contact profile has them. */
async function accountBuyer(db: Db, accountId: string): Promise<PurchaseDocumentData['buyer']> {
  const account = await db.selectFrom('accounts').selectAll().where('id', '=', accountId).executeTakeFirst();
  const locality = [account?.city ?? account?.suburb, account?.state, account?.post_code].filter(Boolean).join(' ');
  return {
    name: [account?.first_name, account?.last_name].filter(Boolean).join(' ') || (account?.login_email ?? ''),
    company: account?.company ?? null,
    email: account?.contact_email ?? account?.login_email ?? null,
    addressLines: [
      account?.address1 ?? account?.street ?? '',
      account?.address2 ?? '',
      locality,
      countryLine(account?.country),
    ],
  };
}

const hectares = (value: number) =>
  `${new Intl.NumberFormat('en-AU', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value)} ha`;

/** What was bought with the payment, line by line, and who bought it. */
async function purchaseOf(
  db: Db,
  payment: Payment,
): Promise<{ lines: PurchaseLine[]; buyer: PurchaseDocumentData['buyer'] }> {
  const purpose = payment.purpose as PurchasePurpose;
  if (purpose === 'cart') {
    const orders = await db
      .selectFrom('zoning_orders as z')
      .leftJoin('farms as f', 'f.id', 'z.farm_id')
      .select([
        'z.id',
        'f.name as farm_name',
        'z.fields',
        'z.num_zones',
        'z.area_ha',
        'z.price_cents',
        'z.algorithm',
        'z.catalog_entry',
      ])
      .where('z.payment_id', '=', payment.id)
      .orderBy('z.created_on')
      .execute();
    return {
      buyer: await accountBuyer(db, payment.account_id),
      lines: orders.map((order) => ({
        description: `VRT zoning - ${order.farm_name ?? 'a deleted farm'}`,
        details: [
          `${order.fields.length} field${order.fields.length === 1 ? '' : 's'}, ${order.num_zones} zones, ${hectares(order.area_ha)}`,
          `Layer ${order.algorithm.replace(/_/g, ' ')}, image of ${calendarDay(order.catalog_entry)}`,
          `Zoning order ${order.id}`,
        ],
        amount: order.price_cents,
      })),
    };
  }
  if (purpose === 'em_booking') {
    const booking = await db
      .selectFrom('em_reservations as r')
      .innerJoin('em_machines as m', 'm.id', 'r.machine_id')
      .select([
        'r.id',
        'm.name',
        'r.start_date',
        'r.end_date',
        'r.first_name',
        'r.last_name',
        'r.company_name',
        'r.address1',
        'r.address2',
        'r.city',
        'r.state',
        'r.post_code',
        'r.country',
      ])
      .where('r.payment_id', '=', payment.id)
      .executeTakeFirst();
    const fallback = await accountBuyer(db, payment.account_id);
    const day = (value: unknown) =>
      calendarDay(String(value instanceof Date ? value.toISOString() : value).slice(0, 10));
    return {
      buyer: booking?.first_name
        ? {
            name: `${booking.first_name} ${booking.last_name ?? ''}`.trim(),
            company: booking.company_name || null,
            email: fallback.email,
            addressLines: [
              booking.address1 ?? '',
              booking.address2 ?? '',
              [booking.city, booking.state, booking.post_code].filter(Boolean).join(' '),
              countryLine(booking.country),
            ],
          }
        : fallback,
      lines: [
        {
          description: `Rapid-EM soil sensor booking${booking ? ` - ${booking.name}` : ''}`,
          details: booking ? [`${day(booking.start_date)} to ${day(booking.end_date)}`, `Booking ${booking.id}`] : [],
          amount: payment.amount_cents,
        },
      ],
    };
  }
  // A paid renewal is no longer the subscription's renewal_payment_id (cleared when paid, before this
  // job runs): it belongs to the account's subscription it extended.
  const subscription = await db
    .selectFrom('subscriptions')
    .select(['id', 'expires_at', 'list_price_cents', 'discount_cents'])
    .where((eb) =>
      purpose === 'subscription'
        ? eb('payment_id', '=', payment.id)
        : eb.or([
            eb('renewal_payment_id', '=', payment.id),
            eb.and([eb('account_id', '=', payment.account_id), eb('status', '=', 'active')]),
          ]),
    )
    .orderBy(sql`case when renewal_payment_id = ${payment.id} then 0 else 1 end`)
    .executeTakeFirst();
  const settings = await db.selectFrom('subscription_settings').select(['plan_name']).executeTakeFirst();
  const plan = settings?.plan_name ?? 'Paddock Advanced';
  return {
    buyer: await accountBuyer(db, payment.account_id),
    lines: [
      {
        description: purpose === 'subscription' ? `${plan} - first year` : `${plan} - yearly renewal`,
        details: [
          '12 months of the Advanced tier',
          ...(purpose === 'subscription' ? firstYearDiscount(subscription) : []),
          ...(subscription ? [`Subscription ${subscription.id}`] : []),
        ],
        amount: payment.amount_cents,
      },
    ],
  };
}

/** The first-year offer as it was sold, in the words of the checkout (before GST); nothing without one. */
function firstYearDiscount(
  subscription: { list_price_cents: number | null; discount_cents: number | null } | undefined,
): string[] {
  if (!subscription?.discount_cents || subscription.list_price_cents === null) return [];
  return [
    `List price ${money(subscription.list_price_cents)} less the first-year discount of ${money(subscription.discount_cents)} (before GST)`,
  ];
}

/**
 * Registers the render job: reads the document's payment and purchase, renders the PDF and stores it
 * in the transaction that completes the job. A document already rendered is never rendered again.
 */
export function registerTaxDocuments(deps: TaxDocumentDeps): void {
  registered = deps;
  // The seam's two moments: paid (a Tax Receipt) and an invoice opened (a Tax Invoice).
  registerPaymentListener('tax-documents', { paid: issueTaxDocument, invoiceOpened: issueTaxDocument });
  deps.jobs.register<z.infer<typeof jobPayloadSchema>>(TAX_DOCUMENT_JOB, {
    parse: (payload) => jobPayloadSchema.parse(payload),
    leaseMs: 30_000,
    async handle({ document_id: documentId }, context) {
      const document = await context.db
        .selectFrom('tax_documents')
        .selectAll()
        .where('id', '=', documentId)
        .executeTakeFirst();
      if (!document || document.pdf) return;
      const payment = await context.db
        .selectFrom('payments')
        .selectAll()
        .where('id', '=', document.payment_id)
        .executeTakeFirst();
      if (!payment) return;
      const { lines, buyer } = await purchaseOf(context.db, payment);
      const pdf = buildPurchaseDocumentPdf({
        kind: document.kind,
        seller: deps.config.seller,
        bank: deps.config.bank,
        invoiceNumber: document.invoice_number,
        issuedOn: new Date(document.issued_on),
        purchasedOn: new Date(payment.created_on),
        paymentReference: payment.invoice_number ?? payment.id,
        buyer,
        lines,
        total: payment.amount_cents,
        gst: payment.gst_cents,
        paymentMethod: payment.method,
        paidOn: payment.paid_on ? new Date(payment.paid_on) : null,
      });
      await context.complete(async (trx) => {
        await trx
          .updateTable('tax_documents')
          .set({ pdf })
          .where('id', '=', documentId)
          .where('pdf', 'is', null)
          .execute();
      });
    },
  });
}

export const taxDocumentFileName = (kind: OrderDocumentKind, invoiceNumber: string) =>
  `${kind === 'tax_receipt' ? 'tax-receipt' : 'tax-invoice'}-${invoiceNumber}.pdf`;

/** The caller's tax documents (newest first), or one payment's. */
export async function listTaxDocuments(db: Db, accountId: string, paymentId?: string): Promise<TaxDocument[]> {
  if (paymentId !== undefined && !isUuid(paymentId)) return [];
  let query = db
    .selectFrom('tax_documents as d')
    .innerJoin('payments as p', 'p.id', 'd.payment_id')
    .leftJoin('em_reservations as r', 'r.payment_id', 'd.payment_id')
    .select([
      'r.id as booking_id',
      'd.id',
      'd.kind',
      'd.purpose',
      'd.payment_id',
      'd.invoice_number',
      'd.issued_on',
      'p.amount_cents',
      'p.gst_cents',
      (eb) => eb('d.pdf', 'is', null).as('pending'),
    ])
    .where('d.account_id', '=', accountId)
    .orderBy('d.issued_on', 'desc')
    .orderBy('d.invoice_number', 'desc');
  if (paymentId) query = query.where('d.payment_id', '=', paymentId);
  const rows = await query.execute();
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    title: documentTitle(row.kind),
    purpose: row.purpose as PurchasePurpose,
    payment_id: row.payment_id,
    booking_id: row.booking_id ?? null,
    invoice_number: row.invoice_number,
    issued_on: new Date(row.issued_on).toISOString(),
    total: row.amount_cents,
    gst: row.gst_cents,
    pending: Boolean(row.pending),
    url: row.pending ? null : `/v2/documents/${row.id}`,
    file_name: taxDocumentFileName(row.kind, row.invoice_number),
  }));
}

/** The stored PDF of one of the caller's documents (404 for anyone else's, and while it is being made). */
export async function taxDocumentPdf(db: Db, accountId: string, documentId: string) {
  if (!isUuid(documentId)) throw notFound('Document not found');
  const row = await db
    .selectFrom('tax_documents')
    .select(['kind', 'invoice_number', 'pdf'])
    .where('id', '=', documentId)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  if (!row?.pdf) throw notFound('Document not found');
  return { pdf: Buffer.from(row.pdf), fileName: taxDocumentFileName(row.kind, row.invoice_number) };
}
