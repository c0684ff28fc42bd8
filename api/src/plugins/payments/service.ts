import type { Payment } from '@paddock/shared/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/types';
import { HttpError, notFound } from '../../errors';
import {
  ProviderError,
  type CreateIntentParams,
  type PaymentProvider,
  type WebhookEvent,
} from '../../payments/provider';
import { issueTaxDocument } from '../documents/service';
import { isUuid } from '../farms/access';

type Db = Kysely<Database>;
type Trx = Transaction<Database>;
export type PaymentRow = Awaited<ReturnType<typeof findPayment>> & {};

/**
 * Payments of anything Paddock sells. A domain (the cart today; imagery orders, bookings and the
 * subscription later) creates a payment with its `purpose`, and registers what happens when one is
 * paid. Only a verified provider event (`applyEvent`) or an operator (`markInvoicePaid`) marks a
 * payment paid; never the browser.
 */

export interface PaymentPurpose {
  /** Runs once per payment, in the transaction that marks it paid. */
  onPaid(trx: Trx, payment: PaymentRow): Promise<void>;
  /** Runs when an open payment is given up (its items go back to being unpaid). */
  onCanceled?(trx: Trx, payment: PaymentRow): Promise<void>;
}

const purposes = new Map<string, PaymentPurpose>();

/** Registers a purpose once per process (plugins call this when they load). */
export function registerPaymentPurpose(name: string, purpose: PaymentPurpose): void {
  purposes.set(name, purpose);
}

export const PAYMENT_NOT_FOUND = 'Payment not found';

export function findPayment(db: Db | Trx, id: string) {
  return db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The caller's payment, 404 for anyone else's (never revealing that it exists). */
export async function ownPayment(db: Db, id: string, accountId: string): Promise<PaymentRow> {
  if (!isUuid(id)) throw notFound(PAYMENT_NOT_FOUND);
  const row = await findPayment(db, id);
  if (!row || row.account_id !== accountId) throw notFound(PAYMENT_NOT_FOUND);
  return row;
}

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

export function toPayment(row: PaymentRow): Payment {
  return {
    id: row.id,
    method: row.method,
    status: row.status,
    intent_status: row.intent_status,
    amount: row.amount_cents,
    gst: row.gst_cents,
    currency: 'aud',
    invoice_number: row.invoice_number,
    last_error: row.last_error,
    created_on: iso(row.created_on) as string,
    paid_on: iso(row.paid_on),
  };
}

export interface NewPayment {
  accountId: string;
  purpose: string;
  amountCents: number;
  gstCents: number;
  /** An invoice's number when the domain numbers its own invoices (imagery orders); else `INV-` + the sequence. */
  invoiceNumber?: string;
}

/** An invoice payment: open (unpaid) with the next invoice number, until an operator marks it paid. */
export async function createInvoicePayment(trx: Trx, payment: NewPayment): Promise<PaymentRow> {
  return (
    trx
      .insertInto('payments')
      .values({
        account_id: payment.accountId,
        purpose: payment.purpose,
        method: 'invoice',
        amount_cents: payment.amountCents,
        gst_cents: payment.gstCents,
        invoice_number: payment.invoiceNumber ?? sql<string>`'INV-' || nextval('invoice_number_seq')`,
      })
      .returningAll()
      .executeTakeFirstOrThrow()
      // Issue 25: invoice terms get their Tax Invoice, asked for in the transaction that opens the payment.
      .then(async (row) => {
        await issueTaxDocument(trx, row);
        return row;
      })
  );
}

/** Step one of a card payment: the row (no intent yet), made inside the caller's transaction. */
export async function createCardPaymentRow(
  trx: Trx,
  payment: NewPayment,
  provider: PaymentProvider,
): Promise<PaymentRow> {
  return trx
    .insertInto('payments')
    .values({
      account_id: payment.accountId,
      purpose: payment.purpose,
      method: 'card',
      provider: provider.name,
      amount_cents: payment.amountCents,
      gst_cents: payment.gstCents,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Step two, outside any transaction (the provider may be this process's own test provider on the same
 * database): the PaymentIntent, created once per payment whatever the retries (idempotency key = the
 * payment id). On failure the payment is canceled and a 502 explains it.
 */
export async function attachIntent(
  db: Db,
  provider: PaymentProvider,
  payment: PaymentRow,
  log: FastifyBaseLogger,
  /** The provider customer to bill, and whether to keep the card for later (off-session) charges. */
  billing: Pick<CreateIntentParams, 'customer' | 'setupFutureUsage'> = {},
): Promise<PaymentRow> {
  try {
    const intent = await provider.createIntent(
      {
        amount: payment.amount_cents,
        currency: 'aud',
        metadata: { payment_id: payment.id, purpose: payment.purpose },
        description: `Paddock ${payment.purpose} payment`,
        ...billing,
      },
      { idempotencyKey: `paddock-payment-${payment.id}` },
    );
    return await db
      .updateTable('payments')
      .set({
        provider_ref: intent.id,
        client_secret: intent.clientSecret,
        intent_status: intent.status,
        updated_on: sql<Date>`now()`,
      })
      .where('id', '=', payment.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (error) {
    log.error({ err: error, payment: payment.id }, 'payment provider refused to create a PaymentIntent');
    await cancelPayment(db, payment.id, 'The payment provider did not answer');
    throw new HttpError(502, 'We could not reach the payment provider. Please try again in a moment.');
  }
}

/** Gives up an open payment (its purpose puts things back). Paid payments are never canceled. */
export async function cancelPayment(db: Db | Trx, paymentId: string, reason: string): Promise<void> {
  const run = async (trx: Trx) => {
    const row = await trx
      .updateTable('payments')
      .set({ status: 'canceled', last_error: reason, updated_on: sql<Date>`now()` })
      .where('id', '=', paymentId)
      .where('status', '=', 'open')
      .returningAll()
      .executeTakeFirst();
    if (row) await purposes.get(row.purpose)?.onCanceled?.(trx, row);
  };
  if ('isTransaction' in db && db.isTransaction) await run(db as Trx);
  else await (db as Db).transaction().execute(run);
}

/** Best effort: cancels the provider's intent of a payment that is given up. */
export async function cancelIntentQuietly(
  provider: PaymentProvider,
  row: PaymentRow,
  log: FastifyBaseLogger,
): Promise<void> {
  if (!row.provider_ref) return;
  try {
    await provider.cancelIntent(row.provider_ref, { idempotencyKey: `paddock-cancel-${row.id}` });
  } catch (error) {
    if (!(error instanceof ProviderError && error.code === 'payment_intent_unexpected_state'))
      log.warn({ err: error, payment: row.id }, 'could not cancel a PaymentIntent');
  }
}

/** Marks an open payment paid and runs its purpose, once (the status guard makes repeats no-ops). */
async function markPaid(trx: Trx, paymentId: string): Promise<boolean> {
  const row = await trx
    .updateTable('payments')
    .set({ status: 'paid', paid_on: sql<Date>`now()`, last_error: null, updated_on: sql<Date>`now()` })
    .where('id', '=', paymentId)
    .where('status', 'in', ['open', 'canceled'])
    .returningAll()
    .executeTakeFirst();
  if (!row) return false;
  const purpose = purposes.get(row.purpose);
  if (!purpose) throw new Error(`No payment purpose '${row.purpose}' is registered`);
  await purpose.onPaid(trx, row);
  // Issue 25: the tax document of every purchase (a Tax Receipt once paid), asked for in this transaction.
  await issueTaxDocument(trx, row);
  return true;
}

export type EventOutcome = 'applied' | 'duplicate' | 'ignored';

/**
 * Takes in one verified provider event, exactly once by event id (a replay or a retried delivery is a
 * `duplicate`), whatever order events come in: `payment_intent.succeeded` marks the payment paid
 * (when the amount and currency are the ones asked for); an older event never overwrites the
 * intent status a newer one set, and nothing moves a paid payment back.
 */
export async function applyEvent(
  db: Db,
  provider: string,
  event: WebhookEvent,
  log: FastifyBaseLogger,
): Promise<EventOutcome> {
  return db.transaction().execute(async (trx) => {
    const fresh = await trx
      .insertInto('payment_events')
      .values({
        id: event.id,
        provider,
        type: event.type,
        payment_ref: event.intent?.id ?? null,
        event_created: event.created,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!fresh) return 'duplicate';
    const intent = event.intent;
    if (!intent || !event.type.startsWith('payment_intent.')) return 'ignored';
    const byMetadata = intent.metadata.payment_id;
    const payment = await trx
      .selectFrom('payments')
      .selectAll()
      .where((eb) =>
        byMetadata && isUuid(byMetadata)
          ? eb.or([eb('provider_ref', '=', intent.id), eb('id', '=', byMetadata)])
          : eb('provider_ref', '=', intent.id),
      )
      .forUpdate()
      .executeTakeFirst();
    if (!payment) {
      log.warn({ event: event.id, intent: intent.id }, 'payment event for an unknown PaymentIntent');
      return 'ignored';
    }

    // The latest word on the intent's status, unless the payment is settled or a newer event spoke already.
    await trx
      .updateTable('payments')
      .set({
        intent_status: intent.status,
        intent_event_created: event.created,
        provider_ref: intent.id,
        ...(intent.lastPaymentError && event.type === 'payment_intent.payment_failed'
          ? { last_error: intent.lastPaymentError.message }
          : {}),
        updated_on: sql<Date>`now()`,
      })
      .where('id', '=', payment.id)
      .where('status', '!=', 'paid')
      .where((eb) =>
        eb.or([eb('intent_event_created', 'is', null), eb('intent_event_created', '<=', String(event.created))]),
      )
      .execute();

    if (event.type === 'payment_intent.succeeded') {
      if (intent.amount !== payment.amount_cents || intent.currency !== 'aud') {
        log.error(
          { event: event.id, payment: payment.id, amount: intent.amount },
          'succeeded PaymentIntent does not match the payment amount',
        );
        return 'ignored';
      }
      if (payment.status === 'canceled') {
        log.error({ payment: payment.id }, 'a canceled payment was paid; it is honoured, check for a duplicate charge');
      }
      await trx
        .updateTable('payments')
        .set({ intent_status: 'succeeded', intent_event_created: event.created })
        .where('id', '=', payment.id)
        .execute();
      await markPaid(trx, payment.id);
    } else if (event.type === 'payment_intent.canceled' && payment.status === 'open') {
      await trx
        .updateTable('payments')
        .set({ status: 'canceled', last_error: 'The payment was canceled', updated_on: sql<Date>`now()` })
        .where('id', '=', payment.id)
        .where('status', '=', 'open')
        .execute();
      const row = await findPayment(trx, payment.id);
      if (row) await purposes.get(row.purpose)?.onCanceled?.(trx, row);
    }
    return 'applied';
  });
}

/** An operator's confirmation that an invoice was paid (admin route and CLI). */
export async function markInvoicePaid(db: Db, reference: string): Promise<PaymentRow> {
  const wanted = reference.trim();
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('payments')
      .selectAll()
      .where((eb) =>
        isUuid(wanted) ? eb('id', '=', wanted) : eb(sql`upper(invoice_number)`, '=', wanted.toUpperCase()),
      )
      .forUpdate()
      .executeTakeFirst();
    if (!row || row.method !== 'invoice') throw notFound('No invoice payment with this number');
    if (row.status === 'paid') return row;
    if (row.status === 'canceled') throw new HttpError(409, 'This invoice was canceled');
    await markPaid(trx, row.id);
    return (await findPayment(trx, row.id)) as PaymentRow;
  });
}
