import type { Payment } from '@paddock/shared/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type SelectQueryBuilder } from 'kysely';
import { HttpError, notFound } from '../../errors';
import type { JobRunner } from '../../jobs/runner';
import { endBillingPortalSessions } from '../../payments/portal-bridge';
import { ProviderError, type PaymentIntent, type PaymentProvider, type WebhookEvent } from '../../payments/provider';
import { isUuid } from '../farms/access';
import type { Database, Db, Trx } from '../../db';

export type PaymentRow = Awaited<ReturnType<typeof findPayment>> & {};

/**
 * Payments of anything Paddock sells (zoning cart, imagery orders, Rapid-EM bookings, the Advanced
 * subscription). A domain registers a purpose (what a paid, given-up or invoiced payment does) and
 * asks the purchase seam (`purchase.ts`) for payments; only this plugin writes `payments`. Only a
 * verified provider event (`takeEvent`) or an operator (`markInvoicePaid`) marks a payment paid;
 * never the browser.
 */

/** Returned by `onPaid` when the thing can no longer be delivered: the money goes back (and why). */
export interface RefundInstead {
  refund: string;
}

export interface PaymentPurpose {
  /**
   * Runs once per payment, in the transaction that marks it paid: deliver the thing. Returns
   * `{ refund: reason }` when it cannot be delivered any more (a lapsed hold whose days are taken, a
   * cancelled order...): the payment is then given up and its money refunded by the seam.
   */
  onPaid(trx: Trx, payment: PaymentRow): Promise<void | RefundInstead>;
  /** Runs when an open payment is given up or replaced (its thing goes back to being unpaid). */
  onCanceled?(trx: Trx, payment: PaymentRow): Promise<void>;
  /**
   * Runs in the transaction that opens an invoice for the thing (invoice accounts are given credit:
   * deliver now, the invoice stays open for accounting until an operator marks it paid).
   */
  onInvoiceOpened?(trx: Trx, payment: PaymentRow): Promise<void>;
  /**
   * Locks what this purpose's checkout locks before it locks the payment (a cart's items), for the
   * paths that start from the payment (a provider event, an operator's confirmation): every path then
   * takes the locks in one order, and a webhook and a checkout of the same thing never deadlock.
   */
  lockBeforePayment?(trx: Trx, payment: PaymentHolder): Promise<void>;
}

/** What a purpose needs to know of a payment before it is locked. */
export type PaymentHolder = Pick<PaymentRow, 'id' | 'account_id' | 'purpose'>;

/** A query of payments narrowed to the one a path is about (its filter, without the columns). */
type PaymentQuery = SelectQueryBuilder<Database, 'payments', object>;

/**
 * Takes the purpose's own locks (`lockBeforePayment`) for the payment `find` selects, before that
 * select runs `for update`: the row is looked up once without a lock to know its purpose and account.
 */
async function lockPurposeFirst(trx: Trx, find: (query: PaymentQuery) => PaymentQuery): Promise<void> {
  const holder = await find(trx.selectFrom('payments'))
    .select(['payments.id', 'payments.account_id', 'payments.purpose'])
    .executeTakeFirst();
  if (holder) await purposes.get(holder.purpose)?.lockBeforePayment?.(trx, holder);
}

const purposes = new Map<string, PaymentPurpose>();

/** Registers a purpose once per process (plugins call this when they load). */
export function registerPaymentPurpose(name: string, purpose: PaymentPurpose): void {
  purposes.set(name, purpose);
}

/**
 * Whoever must know that money moved, whatever was bought (the tax-document job): `paid` runs in the
 * transaction that marks a payment paid (after its purpose delivered; not when it was refunded
 * instead), `invoiceOpened` in the transaction that opens an invoice (after `onInvoiceOpened`).
 */
export interface PaymentListener {
  paid?(trx: Trx, payment: PaymentRow): Promise<void>;
  invoiceOpened?(trx: Trx, payment: PaymentRow): Promise<void>;
}

const listeners = new Map<string, PaymentListener>();

/** Registers a listener once per process under `name` (a second registration with that name replaces it). */
export function registerPaymentListener(name: string, listener: PaymentListener): void {
  listeners.set(name, listener);
}

export async function notifyPaymentListeners(
  moment: keyof PaymentListener,
  trx: Trx,
  payment: PaymentRow,
): Promise<void> {
  for (const listener of listeners.values()) await listener[moment]?.(trx, payment);
}

export function purposeOf(name: string): PaymentPurpose {
  const purpose = purposes.get(name);
  if (!purpose) throw new Error(`No payment purpose '${name}' is registered`);
  return purpose;
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

// The purchase seam itself (creating, reusing, replacing and cancelling payments) is `purchase.ts`.

/** The durable job that gives the money of a payment back through the provider (once per payment). */
export const REFUND_JOB = 'payment.refund';

/**
 * Records that a payment's money must go back, and enqueues the job that asks the provider (in the
 * same transaction: the refund exists if and only if the decision committed). Once per payment.
 */
export async function scheduleRefund(
  trx: Trx,
  jobs: JobRunner,
  payment: PaymentRow,
  intentRef: string,
  reason: string,
): Promise<void> {
  const row = await trx
    .insertInto('payment_refunds')
    .values({
      payment_id: payment.id,
      provider: payment.provider ?? 'test',
      intent_ref: intentRef,
      amount_cents: payment.amount_cents,
      reason,
    })
    .onConflict((oc) => oc.column('payment_id').doNothing())
    .returning('payment_id')
    .executeTakeFirst();
  if (row)
    await jobs.enqueue(trx, REFUND_JOB, { payment_id: payment.id }, { dedupeKey: `${REFUND_JOB}:${payment.id}` });
}

/** Asks the provider for a recorded refund (the job's work; idempotent by payment). */
export async function runRefund(db: Db, provider: PaymentProvider, paymentId: string, log: FastifyBaseLogger) {
  const row = await db.selectFrom('payment_refunds').selectAll().where('payment_id', '=', paymentId).executeTakeFirst();
  if (!row || row.status === 'succeeded') return;
  try {
    const refund = await provider.createRefund(
      { paymentIntent: row.intent_ref, reason: 'duplicate', metadata: { payment_id: paymentId } },
      { idempotencyKey: `paddock-refund-${paymentId}` },
    );
    await db
      .updateTable('payment_refunds')
      .set({ status: 'succeeded', refund_ref: refund.id, refunded_on: sql<Date>`now()`, last_error: null })
      .where('payment_id', '=', paymentId)
      .execute();
    log.warn({ payment: paymentId, refund: refund.id, reason: row.reason }, 'payment refunded');
  } catch (error) {
    if (error instanceof ProviderError && error.code === 'charge_already_refunded') {
      await db
        .updateTable('payment_refunds')
        .set({ status: 'succeeded', refunded_on: sql<Date>`now()`, last_error: null })
        .where('payment_id', '=', paymentId)
        .execute();
      return;
    }
    await db
      .updateTable('payment_refunds')
      .set({ last_error: error instanceof Error ? error.message : String(error) })
      .where('payment_id', '=', paymentId)
      .execute();
    throw error;
  }
}

export function registerRefundJob(jobs: JobRunner, provider: PaymentProvider, log: FastifyBaseLogger): void {
  jobs.register<{ payment_id: string }>(REFUND_JOB, {
    parse: (value) => {
      const payload = value as { payment_id?: unknown };
      if (typeof payload.payment_id !== 'string') throw new Error('not a refund');
      return { payment_id: payload.payment_id };
    },
    async handle(payload, context) {
      await runRefund(context.db, provider, payload.payment_id, log);
    },
  });
}

/** The durable job that deletes an account's customer at the provider once the account is deleted. */
export const CUSTOMER_DELETE_JOB = 'payment.customer.delete';

interface CustomerDeletePayload {
  provider: string;
  customer: string;
}

/**
 * Ends what the provider keeps for an account that is being deleted, in the deletion's transaction
 * (before its `payment_customers` rows cascade away): the embedded test provider's billing-portal
 * sessions end at once, and one durable job per provider customer deletes it at the provider after
 * the commit (Stripe: `DELETE /v1/customers/{id}` ends its portal access and removes its saved cards).
 * A provider that cannot be reached does not keep the account alive: the job retries with back-off.
 */
export async function endAccountCustomers(trx: Trx, jobs: JobRunner, accountId: string): Promise<void> {
  await endBillingPortalSessions(trx, accountId);
  const customers = await trx
    .selectFrom('payment_customers')
    .select(['provider', 'customer_ref'])
    .where('account_id', '=', accountId)
    .execute();
  for (const { provider, customer_ref: customer } of customers)
    await jobs.enqueue(trx, CUSTOMER_DELETE_JOB, { provider, customer } satisfies CustomerDeletePayload, {
      dedupeKey: `${CUSTOMER_DELETE_JOB}:${provider}:${customer}`,
    });
}

/** Deletes one customer at the provider (the job's work): one already gone counts as done. */
export async function runCustomerDelete(
  provider: PaymentProvider,
  payload: CustomerDeletePayload,
  log: FastifyBaseLogger,
): Promise<void> {
  if (payload.provider !== provider.name) {
    // Made with a provider this process is not configured for: it cannot be reached from here.
    log.warn(payload, 'customer of another payment provider not deleted');
    return;
  }
  try {
    await provider.deleteCustomer(payload.customer);
    log.info(payload, 'payment customer deleted with its account');
  } catch (error) {
    if (error instanceof ProviderError && error.code === 'resource_missing') return;
    throw error;
  }
}

export function registerCustomerDeleteJob(jobs: JobRunner, provider: PaymentProvider, log: FastifyBaseLogger): void {
  jobs.register<CustomerDeletePayload>(CUSTOMER_DELETE_JOB, {
    parse: (value) => {
      const payload = value as Partial<CustomerDeletePayload>;
      if (typeof payload.provider !== 'string' || typeof payload.customer !== 'string')
        throw new Error('not a customer to delete');
      return { provider: payload.provider, customer: payload.customer };
    },
    maxAttempts: 10,
    async handle(payload) {
      await runCustomerDelete(provider, payload, log);
    },
  });
}

/**
 * Marks an open payment paid and runs its purpose, once (the status guard makes repeats no-ops).
 * A purpose that can no longer deliver gets the payment given up and refunded instead.
 */
async function markPaid(trx: Trx, jobs: JobRunner, paymentId: string, intentRef: string | null): Promise<boolean> {
  const row = await trx
    .updateTable('payments')
    .set({ status: 'paid', paid_on: sql<Date>`now()`, last_error: null, updated_on: sql<Date>`now()` })
    .where('id', '=', paymentId)
    .where('status', '=', 'open')
    .returningAll()
    .executeTakeFirst();
  if (!row) return false;
  const outcome = await purposeOf(row.purpose).onPaid(trx, row);
  if (outcome && 'refund' in outcome) {
    const given = await trx
      .updateTable('payments')
      .set({ status: 'canceled', paid_on: null, last_error: outcome.refund, intent_closed: true })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (intentRef && row.method === 'card') await scheduleRefund(trx, jobs, given, intentRef, outcome.refund);
    return true;
  }
  // THE moment a payment is paid (card: the verified webhook; invoice: the operator's mark-paid).
  await notifyPaymentListeners('paid', trx, row);
  return true;
}

export type EventOutcome = 'applied' | 'duplicate' | 'ignored' | 'refused';

export interface EventDeps {
  db: Db;
  provider: PaymentProvider;
  jobs: JobRunner;
  log: FastifyBaseLogger;
}

/** Why a verified `payment_intent.succeeded` cannot be taken as paying `payment`, or null when it can. */
function mismatchOf(payment: PaymentRow, intent: PaymentIntent, atProvider: PaymentIntent | null): string | null {
  if (payment.method !== 'card') return 'the payment is not a card payment';
  if (payment.provider_ref && payment.provider_ref !== intent.id)
    return `the payment's intent is ${payment.provider_ref}, not ${intent.id}`;
  if (intent.currency !== payment.currency) return `currency ${intent.currency || '(none)'} is not ${payment.currency}`;
  if (intent.amount !== payment.amount_cents) return `amount ${intent.amount} is not ${payment.amount_cents}`;
  if (intent.metadata.purpose !== payment.purpose)
    return `purpose ${intent.metadata.purpose ?? '(none)'} is not ${payment.purpose}`;
  if (intent.metadata.payment_id !== undefined && intent.metadata.payment_id !== payment.id)
    return 'the intent belongs to another payment';
  if (atProvider) {
    if (atProvider.status !== 'succeeded') return `the provider says the intent is ${atProvider.status}`;
    if (atProvider.amount !== payment.amount_cents || atProvider.currency !== payment.currency)
      return 'the provider’s intent has another amount or currency';
    if (atProvider.metadata.payment_id !== payment.id) return 'the provider’s intent belongs to another payment';
  }
  return null;
}

/**
 * Takes in one verified provider event, exactly once by event id (a replay or a retried delivery is a
 * `duplicate`), whatever order events come in. `payment_intent.succeeded` is checked first against the
 * provider itself (the intent as the provider has it, so a body signed with a leaked secret cannot pay
 * for anything) and against the stored payment: currency, amount, purpose and intent must match, else
 * the event is `refused` and recorded with why. A success for a payment that is open marks it paid; for
 * one that was given up or replaced, the money is refunded (`payment_refunds`, job `payment.refund`) and
 * nothing is delivered; a payment already paid is never paid twice. An older event never overwrites the
 * intent status a newer one set, and nothing moves a paid payment back.
 */
export async function takeEvent(deps: EventDeps, event: WebhookEvent): Promise<EventOutcome> {
  const { db, provider, jobs, log } = deps;
  let atProvider: PaymentIntent | null = null;
  if (event.type === 'payment_intent.succeeded' && event.intent) {
    try {
      atProvider = await provider.retrieveIntent(event.intent.id);
    } catch (error) {
      if (!(error instanceof ProviderError && error.code === 'resource_missing')) {
        log.error({ err: error, event: event.id }, 'could not check a payment event with the provider');
        throw new HttpError(503, 'The payment provider could not be reached to check this event');
      }
    }
  }
  return db.transaction().execute(async (trx) => {
    const fresh = await trx
      .insertInto('payment_events')
      .values({
        id: event.id,
        provider: provider.name,
        type: event.type,
        payment_ref: event.intent?.id ?? null,
        event_created: event.created,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!fresh) return 'duplicate';
    const refuse = async (note: string): Promise<EventOutcome> => {
      await trx.updateTable('payment_events').set({ outcome: 'refused', note }).where('id', '=', event.id).execute();
      log.error({ event: event.id, note }, 'a payment event was refused');
      return 'refused';
    };
    const intent = event.intent;
    if (!intent || !event.type.startsWith('payment_intent.')) return 'ignored';
    const byMetadata = intent.metadata.payment_id;
    const intentPayment = (query: PaymentQuery) =>
      query
        .where((eb) =>
          byMetadata && isUuid(byMetadata)
            ? eb.or([eb('provider_ref', '=', intent.id), eb('id', '=', byMetadata)])
            : eb('provider_ref', '=', intent.id),
        )
        .orderBy(sql`case when provider_ref = ${intent.id} then 0 else 1 end`);
    await lockPurposeFirst(trx, intentPayment);
    const payment = await intentPayment(trx.selectFrom('payments')).selectAll().forUpdate().executeTakeFirst();
    if (!payment) {
      if (event.type === 'payment_intent.succeeded') return refuse('no payment has this intent');
      log.warn({ event: event.id, intent: intent.id }, 'payment event for an unknown PaymentIntent');
      return 'ignored';
    }

    if (event.type === 'payment_intent.succeeded') {
      if (!atProvider) return refuse('the provider does not know this intent');
      const mismatch = mismatchOf(payment, intent, atProvider);
      if (mismatch) return refuse(mismatch);
    } else if (payment.provider_ref && payment.provider_ref !== intent.id) {
      return refuse(`the payment's intent is ${payment.provider_ref}, not ${intent.id}`);
    }

    // The latest word on the intent's status, unless the payment is settled or a newer event spoke already.
    await trx
      .updateTable('payments')
      .set({
        intent_status: intent.status,
        intent_event_created: event.created,
        ...(payment.provider_ref ? {} : { provider_ref: intent.id }),
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
      await trx
        .updateTable('payments')
        .set({ intent_status: 'succeeded', intent_event_created: event.created })
        .where('id', '=', payment.id)
        .execute();
      if (payment.status === 'canceled') {
        // Replaced or given up before the payer finished: never honoured, the money goes back.
        log.error({ payment: payment.id, intent: intent.id }, 'a given-up payment was paid: refunding it');
        await scheduleRefund(trx, jobs, payment, intent.id, payment.last_error ?? 'The payment had been canceled');
      } else if (payment.status === 'open') {
        await markPaid(trx, jobs, payment.id, intent.id);
      }
    } else if (event.type === 'payment_intent.canceled' && payment.status === 'open') {
      const row = await trx
        .updateTable('payments')
        .set({
          status: 'canceled',
          last_error: 'The payment was canceled',
          intent_closed: true,
          updated_on: sql<Date>`now()`,
        })
        .where('id', '=', payment.id)
        .where('status', '=', 'open')
        .returningAll()
        .executeTakeFirst();
      if (row) await purposes.get(row.purpose)?.onCanceled?.(trx, row);
    }
    return 'applied';
  });
}

/** An operator's confirmation that an invoice was paid (admin route and CLI). */
export async function markInvoicePaid(db: Db, jobs: JobRunner, reference: string): Promise<PaymentRow> {
  const wanted = reference.trim();
  return db.transaction().execute(async (trx) => {
    const invoice = (query: PaymentQuery) =>
      query.where((eb) =>
        isUuid(wanted) ? eb('id', '=', wanted) : eb(sql`upper(invoice_number)`, '=', wanted.toUpperCase()),
      );
    await lockPurposeFirst(trx, invoice);
    const row = await invoice(trx.selectFrom('payments')).selectAll().forUpdate().executeTakeFirst();
    if (!row || row.method !== 'invoice') throw notFound('No invoice payment with this number');
    if (row.status === 'paid') return row;
    if (row.status === 'canceled') throw new HttpError(409, 'This invoice was canceled');
    await markPaid(trx, jobs, row.id, null);
    return (await findPayment(trx, row.id)) as PaymentRow;
  });
}
