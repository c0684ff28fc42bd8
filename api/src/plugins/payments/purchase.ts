import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { HttpError } from '../../errors';
import { ProviderError, type CreateIntentParams, type PaymentProvider } from '../../payments/provider';
import { findPayment, notifyPaymentListeners, purposeOf, type PaymentRow } from './service';
import type { Db, Trx } from '../../db';
import type { AccountRow } from '../../db/types';

/**
 * The one purchase path (ARCHITECTURE §4, CONVENTIONS 6). Every paid thing — the zoning cart, an
 * imagery order, a Rapid-EM booking, the Advanced subscription and its renewals — asks here for its
 * payment; only this file and `service.ts` write `payments`. The rules, in one place:
 *
 * 1. The thing is locked and priced by the server (the domain's `price(trx)`), inside the same
 *    transaction that reads and writes its payment.
 * 2. One thing has at most ONE open payment (`purchase_key`, a unique index): a repeated or concurrent
 *    call with the same signature (what was priced) answers that payment and its client secret.
 * 3. A payment replaced because the thing changed is given up in that transaction, and its intent is
 *    cancelled at the provider BEFORE any new intent is created for the thing (`closeGivenUpIntents`);
 *    a new intent is never made while an earlier one of the thing may still be paid.
 * 4. The intent's parameters come from the payment row alone and its idempotency key is the payment's
 *    id, so every process that (re)creates it gets the same intent; it is stored only while the
 *    payment is still open (else it is cancelled and the call starts over).
 * 5. A success that arrives for a given-up payment is refunded (`service.ts` `takeEvent`).
 */

export interface PurchaseDeps {
  db: Db;
  provider: PaymentProvider;
  log: FastifyBaseLogger;
}

/** The thing as the domain priced it, in the seam's transaction. */
export interface PricedThing {
  /** Names the thing: one open payment per key (`cart:<account>`, `em_booking:<reservation>`...). */
  key: string;
  /** What exactly was priced (items, amount): an open payment with the same signature is answered again. */
  signature: string;
  amountCents: number;
  gstCents: number;
  /** Ties a new payment to the thing (same transaction; the replaced one's `onCanceled` ran before). */
  attach(trx: Trx, payment: PaymentRow): Promise<void>;
  /**
   * Open payments of OTHER keys that this purchase replaces (a cart checkout of [a, b] replaces the
   * open payment of [a]): given up in the same transaction, their intents cancelled before a new one.
   */
  replaces?: readonly string[];
  /** The provider customer billed, and whether the card is kept for off-session renewals. */
  billing?: { customer?: string; setupFutureUsage?: 'off_session' };
}

export interface PurchaseRequest {
  accountId: string;
  /** A registered purpose (`registerPaymentPurpose`). */
  purpose: string;
  /** Locks (`for update`) and prices the thing; throws a 4xx `HttpError` to refuse. */
  price(trx: Trx): Promise<PricedThing>;
}

export const PROVIDER_DOWN = 'We could not reach the payment provider. Please try again in a moment.';
export const ALREADY_PAYING = 'This is already paid for; we are confirming your payment.';
export const BUSY = 'This purchase changed while we were setting up its payment. Please try again.';

/** Intent statuses a payer can still confirm: such an intent is answered again. */
const CONFIRMABLE = new Set(['requires_payment_method', 'requires_confirmation']);

/** Two first payments of one key raced (unique index), or a webhook locked the same rows the other way round. */
const isRace = (error: unknown): boolean =>
  typeof error === 'object' &&
  error !== null &&
  ['23505', '40P01'].includes(String((error as { code?: unknown }).code));

/** The intent of a payment, as any process would ask for it. */
function intentParams(row: PaymentRow): CreateIntentParams {
  return {
    amount: row.amount_cents,
    currency: 'aud',
    metadata: { payment_id: row.id, purpose: row.purpose },
    description: `Paddock ${row.purpose} payment`,
    ...(row.customer_ref ? { customer: row.customer_ref } : {}),
    ...(row.setup_future_usage === 'off_session' ? { setupFutureUsage: 'off_session' as const } : {}),
  };
}

const intentKey = (row: PaymentRow) => `paddock-payment-${row.id}`;

/**
 * Gives up an open payment in `trx` (its purpose puts the thing back). Its intent, if any, must then be
 * closed at the provider with `closeGivenUpIntents` after the transaction commits.
 */
export async function giveUpPayment(trx: Trx, paymentId: string, reason: string): Promise<PaymentRow | undefined> {
  const row = await trx
    .updateTable('payments')
    .set({
      status: 'canceled',
      last_error: reason,
      intent_closed: sql<boolean>`method = 'invoice'`,
      updated_on: sql<Date>`now()`,
    })
    .where('id', '=', paymentId)
    .where('status', '=', 'open')
    .returningAll()
    .executeTakeFirst();
  if (row) await purposeOf(row.purpose).onCanceled?.(trx, row);
  return row;
}

/** Gives up the open payment of a thing, if any (`trx`); close its intent after commit. */
export async function giveUpPurchase(trx: Trx, key: string, reason: string): Promise<PaymentRow | undefined> {
  const open = await trx
    .selectFrom('payments')
    .select('id')
    .where('purchase_key', '=', key)
    .where('status', '=', 'open')
    .forUpdate()
    .executeTakeFirst();
  return open ? giveUpPayment(trx, open.id, reason) : undefined;
}

/**
 * Cancels at the provider every intent of the thing's given-up card payments not known to be closed.
 * An intent never stored (its creator lost a race) is reached through the payment's idempotency key,
 * which answers the same intent the creator got (or makes it, to cancel it at once). Throws 502 when
 * the provider cannot be reached: no new intent may be made for the thing until this succeeds.
 */
export async function closeGivenUpIntents(deps: PurchaseDeps, key: string | readonly string[]): Promise<void> {
  const { db, provider, log } = deps;
  const keys = typeof key === 'string' ? [key] : [...new Set(key)];
  if (keys.length === 0) return;
  const rows = await db
    .selectFrom('payments')
    .selectAll()
    .where('purchase_key', 'in', keys)
    .where('status', '!=', 'open')
    .where('method', '=', 'card')
    .where('intent_closed', '=', false)
    .execute();
  for (const row of rows) {
    try {
      let ref = row.provider_ref;
      if (!ref && row.provider === provider.name) {
        try {
          ref = (await provider.createIntent(intentParams(row), { idempotencyKey: intentKey(row) })).id;
        } catch (error) {
          // The provider refused the parameters: no intent was ever made with this key.
          if (!(error instanceof ProviderError && error.type !== 'api_error' && error.statusCode < 500)) throw error;
        }
      }
      if (ref && row.provider === provider.name) {
        try {
          await provider.cancelIntent(ref, { idempotencyKey: `paddock-cancel-${row.id}` });
        } catch (error) {
          // Already canceled, or paid meanwhile (its webhook refunds it): closed either way.
          if (!(error instanceof ProviderError && error.code === 'payment_intent_unexpected_state')) throw error;
        }
      }
      await db
        .updateTable('payments')
        .set({ intent_closed: true, ...(ref && !row.provider_ref ? { provider_ref: ref } : {}) })
        .where('id', '=', row.id)
        .execute();
    } catch (error) {
      log.error({ err: error, payment: row.id }, 'could not cancel a replaced PaymentIntent');
      throw new HttpError(502, PROVIDER_DOWN);
    }
  }
}

type Step = { kind: 'answer'; payment: PaymentRow } | { kind: 'attach'; payment: PaymentRow; fresh: boolean };

/**
 * The card payment of a thing: the open one when it was priced the same (its client secret again),
 * else a new one that replaces it (the old intent cancelled at the provider first). 409 while the
 * thing's intent is being paid; 502 when the provider cannot be reached.
 */
export async function payByCard(deps: PurchaseDeps, request: PurchaseRequest): Promise<PaymentRow> {
  const { db, provider, log } = deps;
  let replace: string | null = null;
  for (let attempt = 0; attempt < 8; attempt += 1) {
    let step: Step;
    let key: string[];
    try {
      ({ step, key } = await db.transaction().execute(async (trx) => {
        const priced = await request.price(trx);
        const open = await trx
          .selectFrom('payments')
          .selectAll()
          .where('purchase_key', '=', priced.key)
          .where('status', '=', 'open')
          .forUpdate()
          .executeTakeFirst();
        if (
          open &&
          open.id !== replace &&
          open.method === 'card' &&
          open.account_id === request.accountId &&
          open.purchase_signature === priced.signature &&
          open.amount_cents === priced.amountCents &&
          open.provider === provider.name
        ) {
          return {
            key: [priced.key],
            step: open.client_secret
              ? ({ kind: 'answer', payment: open } as const)
              : ({ kind: 'attach', payment: open, fresh: false } as const),
          };
        }
        if (open) await giveUpPayment(trx, open.id, 'Replaced by a new payment');
        const keys = [priced.key];
        for (const id of priced.replaces ?? []) {
          const replaced = await giveUpPayment(trx, id, 'Replaced by a new payment');
          if (replaced?.purchase_key) keys.push(replaced.purchase_key);
        }
        const payment = await insertCardPayment(trx, provider, {
          accountId: request.accountId,
          purpose: request.purpose,
          ...priced,
        });
        await priced.attach(trx, payment);
        return { key: keys, step: { kind: 'attach', payment, fresh: true } as const };
      }));
    } catch (error) {
      // Two different things of one key raced to open the first payment: the loser looks again.
      if (isRace(error)) continue;
      throw error;
    }

    if (step.kind === 'answer') {
      const payment = step.payment;
      let status: string | null = null;
      try {
        status = (await provider.retrieveIntent(payment.provider_ref as string)).status;
      } catch (error) {
        log.warn({ err: error, payment: payment.id }, 'could not read a PaymentIntent; answering it as it is');
      }
      if (status === null || CONFIRMABLE.has(status)) return payment;
      if (status === 'succeeded' || status === 'processing') throw new HttpError(409, ALREADY_PAYING);
      // Abandoned mid-authentication, or canceled at the provider: replace it.
      replace = payment.id;
      continue;
    }

    // No new intent while an earlier one of this thing may still be paid.
    try {
      await closeGivenUpIntents(deps, key);
    } catch (error) {
      if (step.fresh)
        await db
          .transaction()
          .execute((trx) => giveUpPayment(trx, step.payment.id, 'The payment provider did not answer'));
      throw error;
    }
    const payment = step.payment;
    let intent;
    try {
      intent = await provider.createIntent(intentParams(payment), { idempotencyKey: intentKey(payment) });
    } catch (error) {
      log.error({ err: error, payment: payment.id }, 'payment provider refused to create a PaymentIntent');
      await db.transaction().execute((trx) => giveUpPayment(trx, payment.id, 'The payment provider did not answer'));
      await closeGivenUpIntents(deps, key).catch(() => undefined);
      throw new HttpError(502, PROVIDER_DOWN);
    }
    const stored = await db
      .updateTable('payments')
      .set({
        provider_ref: intent.id,
        client_secret: intent.clientSecret,
        intent_status: sql<string>`coalesce(intent_status, ${intent.status})`,
        updated_on: sql<Date>`now()`,
      })
      .where('id', '=', payment.id)
      .where('status', '=', 'open')
      .where((eb) => eb.or([eb('provider_ref', 'is', null), eb('provider_ref', '=', intent.id)]))
      .returningAll()
      .executeTakeFirst();
    if (stored) return stored;
    // Replaced by a newer purchase (another set of the same items) while its intent was being made:
    // that intent is cancelled, and this caller is told the purchase changed (the newer one stands).
    await closeGivenUpIntents(deps, key);
    throw new HttpError(409, BUSY);
  }
  throw new HttpError(409, BUSY);
}

/** Whether the account may be given credit (its payment methods include 'invoice', set by an operator). */
export const mayPayByInvoice = (account: Pick<AccountRow, 'payments'>): boolean =>
  Array.isArray(account.payments) && account.payments.includes('invoice');

export interface InvoiceRequest {
  accountId: string;
  purpose: string;
  key: string;
  signature?: string;
  amountCents: number;
  gstCents: number;
  /** The domain's own invoice number (imagery orders); else `INV-` + the sequence. */
  invoiceNumber?: string;
}

/**
 * An invoice for a thing, in the caller's transaction (the thing is locked and priced there): any open
 * card payment of the thing is given up (close its intent with `closeGivenUpIntents` after commit), the
 * invoice is opened with the next number, and the purpose's `onInvoiceOpened` runs — THE moment an
 * invoice is opened (tax documents hook here).
 */
export async function openInvoice(
  trx: Trx,
  request: InvoiceRequest,
  /** Ties the invoice to the thing before `onInvoiceOpened` runs. */
  attach?: (trx: Trx, payment: PaymentRow) => Promise<void>,
): Promise<PaymentRow> {
  await giveUpPurchase(trx, request.key, 'Replaced by an invoice');
  const payment = await trx
    .insertInto('payments')
    .values({
      account_id: request.accountId,
      purpose: request.purpose,
      method: 'invoice',
      amount_cents: request.amountCents,
      gst_cents: request.gstCents,
      invoice_number: request.invoiceNumber ?? sql<string>`'INV-' || nextval('invoice_number_seq')`,
      purchase_key: request.key,
      purchase_signature: request.signature ?? null,
      intent_closed: true,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await attach?.(trx, payment);
  await purposeOf(request.purpose).onInvoiceOpened?.(trx, payment);
  // THE moment an invoice is opened.
  await notifyPaymentListeners('invoiceOpened', trx, payment);
  return payment;
}

/**
 * A card payment opened for a thing in the caller's transaction, without an intent yet (an imagery
 * order placed by card): its intent is made by the first `payByCard` for the thing.
 */
export async function openCardPayment(
  trx: Trx,
  provider: PaymentProvider,
  request: InvoiceRequest,
): Promise<PaymentRow> {
  await giveUpPurchase(trx, request.key, 'Replaced by a new payment');
  return insertCardPayment(trx, provider, request);
}

/** A new open card payment row of a thing (its intent is made afterwards, from this row alone). */
function insertCardPayment(
  trx: Trx,
  provider: PaymentProvider,
  thing: InvoiceRequest & Pick<PricedThing, 'billing'>,
): Promise<PaymentRow> {
  return trx
    .insertInto('payments')
    .values({
      account_id: thing.accountId,
      purpose: thing.purpose,
      method: 'card',
      provider: provider.name,
      amount_cents: thing.amountCents,
      gst_cents: thing.gstCents,
      purchase_key: thing.key,
      purchase_signature: thing.signature ?? null,
      customer_ref: thing.billing?.customer ?? null,
      setup_future_usage: thing.billing?.setupFutureUsage ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A thing that costs nothing (a free imagery product): recorded paid at once, with its invoice number. */
export async function recordFreePurchase(trx: Trx, request: InvoiceRequest): Promise<PaymentRow> {
  return trx
    .insertInto('payments')
    .values({
      account_id: request.accountId,
      purpose: request.purpose,
      method: 'invoice',
      amount_cents: 0,
      gst_cents: 0,
      invoice_number: request.invoiceNumber ?? sql<string>`'INV-' || nextval('invoice_number_seq')`,
      status: 'paid',
      paid_on: sql<Date>`now()`,
      purchase_key: request.key,
      intent_closed: true,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Gives up the open payment of a thing (the thing was removed or cancelled) and cancels its intent at
 * the provider. The provider part is best effort here: a success that still arrives is refunded.
 */
export async function cancelPurchase(deps: PurchaseDeps, key: string, reason: string): Promise<void> {
  await deps.db.transaction().execute((trx) => giveUpPurchase(trx, key, reason));
  await closeGivenUpIntentsAfter(deps, key);
}

/**
 * `closeGivenUpIntents` after a change that has committed and must be answered anyway (items removed,
 * an order cancelled, an invoice instead): best effort, a success that still arrives is refunded.
 */
export async function closeGivenUpIntentsAfter(deps: PurchaseDeps, key: string | readonly string[]): Promise<void> {
  if (typeof key !== 'string' && key.length === 0) return;
  await closeGivenUpIntents(deps, key).catch((error) =>
    deps.log.warn({ err: error, key }, 'a given-up PaymentIntent stays to be cancelled'),
  );
}

/**
 * The latest card payment of a thing that has a client secret, open or paid: what a second request
 * for the same thing is answered with once the first one's payment was confirmed or delivered.
 */
export function latestCardPayment(
  db: Db,
  accountId: string,
  key: string,
  status: 'open' | 'paid',
): Promise<PaymentRow | undefined> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('purchase_key', '=', key)
    .where('account_id', '=', accountId)
    .where('method', '=', 'card')
    .where('status', '=', status)
    .where('client_secret', 'is not', null)
    .orderBy('created_on', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export { findPayment };
