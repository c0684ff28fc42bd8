import { ALREADY_SUBSCRIBED_MESSAGE, UNKNOWN_PLAN_MESSAGE, type SubscriptionPrice } from '@paddock/shared/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import type { AccountRow, SubscriptionRow } from '../../db/types';
import { HttpError, UnprocessableError } from '../../errors';
import type { JobRunner } from '../../jobs/runner';
import { isAustralian, withGst } from '../../payments/money';
import { accountOfCustomer, registerBillingPortalBridge, type BillingPlan } from '../../payments/portal-bridge';
import { ProviderError, type PaymentProvider } from '../../payments/provider';
import {
  ALREADY_PAYING,
  findPayment,
  payByCard,
  type PaymentRow,
  type PurchaseDeps,
  registerPaymentPurpose,
} from '../payments/api';
import type { Db, Trx } from '../../db';

/** The purposes of the first year's payment and of each yearly renewal. */
export const SUBSCRIPTION_PURPOSE = 'subscription';
export const RENEWAL_PURPOSE = 'subscription_renewal';
export const RENEW_JOB = 'subscription.renew';
export const EXPIRE_JOB = 'subscription.expire';

/**
 * The clock of subscription rules (expiry, renewal, discount validity). Tests move it; everything
 * else reads the real time.
 */
export const subscriptionClock = { now: (): Date => new Date() };

/** One year on, the same calendar day and time (29 Feb → 28 Feb). */
export function oneYearAfter(from: Date): Date {
  const next = new Date(from.getTime());
  next.setUTCFullYear(next.getUTCFullYear() + 1);
  if (next.getUTCDate() !== from.getUTCDate()) next.setUTCDate(0);
  return next;
}

type Settings = NonNullable<Awaited<ReturnType<typeof loadSettings>>>;

function loadSettings(db: Db | Trx) {
  return db.selectFrom('subscription_settings').selectAll().executeTakeFirst();
}

async function settingsOf(db: Db | Trx): Promise<Settings> {
  const row = await loadSettings(db);
  if (!row) throw new HttpError(503, 'Advanced pricing is not configured yet. Please try again later.');
  return row;
}

/** Halves up, to whole cents. */
const percentOf = (cents: number, percent: number): number => Math.round((cents * Math.round(percent * 100)) / 10_000);

/** basePrice less the discount while it is valid (never below zero). */
export function priceOf(settings: Settings, now: Date): SubscriptionPrice {
  const base = settings.base_price_cents;
  const discount =
    settings.discount_amount !== null && settings.discount_denomination && settings.discount_expires
      ? {
          amount: Number(settings.discount_amount),
          denomination: settings.discount_denomination,
          expires: Math.floor(new Date(settings.discount_expires).getTime() / 1000),
        }
      : null;
  // Spec 3 §9: a discount is valid only when its expiry is in the future.
  const isValidDiscount = discount !== null && discount.expires * 1000 > now.getTime();
  let actual = base;
  if (discount && isValidDiscount) {
    const off = discount.denomination === 'percent' ? percentOf(base, discount.amount) : Math.round(discount.amount);
    actual = Math.max(0, base - off);
  }
  return {
    basePrice: base,
    actualPrice: actual,
    discount,
    isValidDiscount,
    tax_rate: Number(settings.tax_rate),
    currency: 'aud',
    stripe_product_id: settings.product_ref,
  };
}

export async function subscriptionPrice(db: Db): Promise<SubscriptionPrice> {
  return priceOf(await settingsOf(db), subscriptionClock.now());
}

const customerRow = (db: Db, accountId: string, provider: string) =>
  db
    .selectFrom('payment_customers')
    .select('customer_ref')
    .where('account_id', '=', accountId)
    .where('provider', '=', provider);

/** The account's customer at the provider, created once (idempotent by account). */
export async function customerOf(db: Db, provider: PaymentProvider, account: AccountRow): Promise<string> {
  const existing = await customerRow(db, account.id, provider.name).executeTakeFirst();
  if (existing) return existing.customer_ref;
  const customer = await provider.createCustomer(
    { email: account.login_email ?? account.contact_email ?? null, metadata: { account_id: account.id } },
    { idempotencyKey: `paddock-customer-${provider.name}-${account.id}` },
  );
  await db
    .insertInto('payment_customers')
    .values({ account_id: account.id, provider: provider.name, customer_ref: customer.id })
    .onConflict((oc) => oc.columns(['account_id', 'provider']).doNothing())
    .execute();
  const row = await customerRow(db, account.id, provider.name).executeTakeFirstOrThrow();
  return row.customer_ref;
}

export interface SubscribeResult {
  payment: PaymentRow;
  subtotal: number;
  gst: number;
}

/** The thing the first year's payment buys: the account's Advanced plan. */
export const subscriptionPurchaseKey = (accountId: string) => `subscription:${accountId}`;

/**
 * Starts the yearly subscription through the purchase seam: a card payment of the current price
 * (discount while valid, GST on top when the account's country is AU — the place of supply of a
 * subscription) with the card kept for renewals. Only the provider's verified webhook activates it
 * (`registerSubscriptionPurposes`). An account on Advanced gets 409; asking again (or at once, many
 * times) while the payment is open answers the same payment.
 */
export async function subscribe(deps: PurchaseDeps, account: AccountRow, productRef: string): Promise<SubscribeResult> {
  const { db, provider } = deps;
  const settings = await settingsOf(db);
  if (productRef !== settings.product_ref)
    throw new UnprocessableError([
      { loc: ['body', 'stripe_product_id'], msg: UNKNOWN_PLAN_MESSAGE, type: 'value_error' },
    ]);
  if (account.tier === 'premium') throw new HttpError(409, ALREADY_SUBSCRIBED_MESSAGE);
  const customer = await customerOf(db, provider, account);
  let money = { subtotal: 0, gst: 0, total: 0 };
  let listed = { basePrice: 0, actualPrice: 0 };
  const payment = await payByCard(deps, {
    accountId: account.id,
    purpose: SUBSCRIPTION_PURPOSE,
    async price(trx) {
      // One subscribe at a time per account.
      const locked = await trx
        .selectFrom('accounts')
        .select(['tier', 'country'])
        .where('id', '=', account.id)
        .forUpdate()
        .executeTakeFirstOrThrow();
      if (locked.tier === 'premium') throw new HttpError(409, ALREADY_SUBSCRIBED_MESSAGE);
      const active = await trx
        .selectFrom('subscriptions')
        .select('id')
        .where('account_id', '=', account.id)
        .where('status', '=', 'active')
        .executeTakeFirst();
      if (active) throw new HttpError(409, ALREADY_SUBSCRIBED_MESSAGE);
      const price = priceOf(await settingsOf(trx), subscriptionClock.now());
      listed = price;
      money = withGst(price.actualPrice, isAustralian(locked.country), price.tax_rate);
      return {
        key: subscriptionPurchaseKey(account.id),
        signature: `${money.total}:${customer}`,
        amountCents: money.total,
        gstCents: money.gst,
        billing: { customer, setupFutureUsage: 'off_session' },
        async attach(tx, created) {
          // A pending subscription of a replaced payment was abandoned by its onCanceled.
          await abandonPending(tx, 'account_id', account.id);
          await tx
            .insertInto('subscriptions')
            .values({
              account_id: account.id,
              status: 'pending',
              provider: provider.name,
              payment_id: created.id,
              customer_ref: customer,
              list_price_cents: listed.basePrice,
              discount_cents: listed.basePrice - listed.actualPrice,
            })
            .execute();
        },
      };
    },
  });
  return { payment, subtotal: money.subtotal, gst: money.gst };
}

/** A pending subscription (of the account, or of the payment) is abandoned: its payment will never complete. */
async function abandonPending(trx: Trx, column: 'account_id' | 'payment_id', id: string): Promise<void> {
  await trx
    .updateTable('subscriptions')
    .set({ status: 'abandoned', updated_on: sql<Date>`now()` })
    .where(column, '=', id)
    .where('status', '=', 'pending')
    .execute();
}

const jobPayload = z.object({
  subscription_id: z.string(),
  expires_at: z.string(),
  /** 0 for the first renewal charge, then 1, 2… for the retries after a refusal. */
  attempt: z.number().int().min(0).optional(),
});
type JobPayload = z.infer<typeof jobPayload>;

/** The subscription found by `column`, its row locked until the transaction ends (payments and jobs race). */
function lockedSubscription(
  trx: Trx,
  column: 'id' | 'payment_id' | 'renewal_payment_id',
  value: string,
): Promise<SubscriptionRow | undefined> {
  return trx.selectFrom('subscriptions').selectAll().where(column, '=', value).forUpdate().executeTakeFirst();
}

/** Schedules the renewal charge (lead days before) and the expiry check (at expires_at) of one period. */
async function schedulePeriod(
  trx: Trx,
  jobs: JobRunner,
  subscription: { id: string },
  expiresAt: Date,
  leadDays: number,
) {
  const payload: JobPayload = { subscription_id: subscription.id, expires_at: expiresAt.toISOString() };
  const renewAt = new Date(expiresAt.getTime() - leadDays * 86_400_000);
  await jobs.enqueue(trx, RENEW_JOB, payload, {
    runAt: renewAt,
    dedupeKey: `${RENEW_JOB}:${subscription.id}:${payload.expires_at}`,
  });
  await jobs.enqueue(trx, EXPIRE_JOB, payload, {
    runAt: expiresAt,
    dedupeKey: `${EXPIRE_JOB}:${subscription.id}:${payload.expires_at}`,
  });
}

/**
 * A refused renewal is tried again once a day, at most RENEWAL_RETRIES times and only before the
 * period ends (as Stripe retries a failed invoice): a customer who updates their card in the billing
 * portal keeps Advanced without paying again by hand.
 */
export const RENEWAL_RETRIES = 3;
const RENEWAL_RETRY_MS = 86_400_000;

async function scheduleRenewalRetry(db: Db, jobs: JobRunner, payload: JobPayload) {
  const attempt = (payload.attempt ?? 0) + 1;
  const runAt = new Date(subscriptionClock.now().getTime() + RENEWAL_RETRY_MS);
  if (attempt > RENEWAL_RETRIES || runAt >= new Date(payload.expires_at)) return;
  await jobs.enqueue(
    db,
    RENEW_JOB,
    { ...payload, attempt },
    { runAt, dedupeKey: `${RENEW_JOB}:${payload.subscription_id}:${payload.expires_at}:${attempt}` },
  );
}

async function setTier(trx: Trx, accountId: string, tier: 'basic' | 'premium') {
  await trx
    .updateTable('accounts')
    .set({ tier, updated_on: sql<Date>`now()` })
    .where('id', '=', accountId)
    .execute();
}

/**
 * What paid subscription payments do: the first payment makes the account Advanced for one year
 * (tier premium, expires_at one year on); a paid renewal adds a year to the period (or starts a new
 * one from now when the plan had already expired).
 */
export function registerSubscriptionPurposes(jobs: JobRunner, log: FastifyBaseLogger): void {
  registerPaymentPurpose(SUBSCRIPTION_PURPOSE, {
    async onPaid(trx, payment) {
      const row = await lockedSubscription(trx, 'payment_id', payment.id);
      if (!row || row.status === 'active' || row.status === 'expired') return;
      const other = await trx
        .selectFrom('subscriptions')
        .select('id')
        .where('account_id', '=', row.account_id)
        .where('status', '=', 'active')
        .where('id', '!=', row.id)
        .executeTakeFirst();
      if (other) {
        log.error({ subscription: row.id, payment: payment.id }, 'a subscription was paid twice: refunding one');
        return { refund: 'Another subscription of this account is already active' };
      }
      // An earlier, replaced payment was paid after all: it wins over a newer one still open.
      await trx
        .updateTable('subscriptions')
        .set({ status: 'abandoned', updated_on: sql<Date>`now()` })
        .where('account_id', '=', row.account_id)
        .where('status', '=', 'pending')
        .where('id', '!=', row.id)
        .execute();
      const now = subscriptionClock.now();
      const expiresAt = oneYearAfter(now);
      await trx
        .updateTable('subscriptions')
        .set({
          status: 'active',
          started_on: now,
          expires_at: expiresAt,
          cancelled_at: null,
          updated_on: sql<Date>`now()`,
        })
        .where('id', '=', row.id)
        .execute();
      await setTier(trx, row.account_id, 'premium');
      const settings = await settingsOf(trx);
      await schedulePeriod(trx, jobs, row, expiresAt, settings.renewal_lead_days);
    },
    async onCanceled(trx, payment) {
      await abandonPending(trx, 'payment_id', payment.id);
    },
  });

  registerPaymentPurpose(RENEWAL_PURPOSE, {
    async onPaid(trx, payment) {
      const row = await lockedSubscription(trx, 'renewal_payment_id', payment.id);
      if (!row || !row.expires_at) return;
      const now = subscriptionClock.now();
      const current = new Date(row.expires_at);
      const expiresAt = row.status === 'active' && current > now ? oneYearAfter(current) : oneYearAfter(now);
      await trx
        .updateTable('subscriptions')
        .set({ status: 'active', expires_at: expiresAt, renewal_payment_id: null, updated_on: sql<Date>`now()` })
        .where('id', '=', row.id)
        .execute();
      await setTier(trx, row.account_id, 'premium');
      const settings = await settingsOf(trx);
      await schedulePeriod(trx, jobs, row, expiresAt, settings.renewal_lead_days);
    },
  });
}

/** The renewal is for the period that ends at `expires_at`: still current, active and not cancelled. */
const renewable = (row: SubscriptionRow, payload: JobPayload) =>
  row.status === 'active' &&
  row.cancelled_at === null &&
  row.expires_at !== null &&
  new Date(row.expires_at).toISOString() === payload.expires_at;

/**
 * The yearly renewal: a card payment of the base price (+ GST) charged off-session to the customer's
 * saved card. Its webhook extends the period; a refused or missing card leaves it unpaid, and the
 * expiry check returns the account to Basic at expires_at.
 */
export async function renewSubscription(
  db: Db,
  provider: PaymentProvider,
  payload: JobPayload,
  log: FastifyBaseLogger,
): Promise<'charged' | 'unpaid' | 'skipped'> {
  const found = { customer: '', subscriptionId: payload.subscription_id };
  const owner = await db
    .selectFrom('subscriptions')
    .select('account_id')
    .where('id', '=', payload.subscription_id)
    .executeTakeFirst();
  if (!owner) return 'skipped';
  let payment: PaymentRow;
  try {
    payment = await payByCard(
      { db, provider, log },
      {
        accountId: owner.account_id,
        purpose: RENEWAL_PURPOSE,
        async price(trx) {
          const row = await lockedSubscription(trx, 'id', payload.subscription_id);
          if (!row || !renewable(row, payload) || !row.customer_ref || row.provider !== provider.name)
            throw new SkipRenewal();
          const existing = row.renewal_payment_id ? await findPayment(trx, row.renewal_payment_id) : undefined;
          if (existing?.status === 'paid') throw new SkipRenewal();
          const account = await trx
            .selectFrom('accounts')
            .select('country')
            .where('id', '=', row.account_id)
            .executeTakeFirstOrThrow();
          const settings = await settingsOf(trx);
          const money = withGst(settings.base_price_cents, isAustralian(account.country), Number(settings.tax_rate));
          found.customer = row.customer_ref;
          found.subscriptionId = row.id;
          return {
            key: `${RENEWAL_PURPOSE}:${row.id}:${payload.expires_at}`,
            signature: `${money.total}:${row.customer_ref}`,
            amountCents: money.total,
            gstCents: money.gst,
            billing: { customer: row.customer_ref },
            async attach(tx, created) {
              await tx
                .updateTable('subscriptions')
                .set({ renewal_payment_id: created.id })
                .where('id', '=', row.id)
                .execute();
            },
          };
        },
      },
    );
  } catch (error) {
    if (error instanceof SkipRenewal) return 'skipped';
    if (error instanceof HttpError && error.detail === ALREADY_PAYING) return 'charged';
    throw error;
  }
  const saved = (await provider.retrieveCustomer(found.customer)).defaultPaymentMethod;
  if (!saved) {
    log.warn({ subscription: found.subscriptionId }, 'no saved card to renew the subscription with');
    return 'unpaid';
  }
  try {
    const intent = await provider.confirmIntent(
      payment.provider_ref as string,
      { paymentMethod: saved, offSession: true },
      // Each attempt its own key: a retry with the card the customer has just updated must reach the bank.
      { idempotencyKey: `paddock-renew-${payment.id}-${payload.attempt ?? 0}` },
    );
    return intent.status === 'succeeded' || intent.status === 'processing' ? 'charged' : 'unpaid';
  } catch (error) {
    if (
      error instanceof ProviderError &&
      (error.type === 'card_error' || error.code === 'payment_intent_unexpected_state')
    ) {
      log.warn({ subscription: found.subscriptionId, reason: error.message }, 'the renewal charge was refused');
      return 'unpaid';
    }
    throw error;
  }
}

/** The renewal has nothing to charge (period moved on, cancelled, already paid). */
class SkipRenewal extends Error {}

/**
 * At expires_at: a subscription whose period was not extended by a paid renewal (cancelled, or
 * unpaid) ends, and its account returns to Basic. A renewed one has a later expires_at and stays.
 */
export async function expireSubscription(db: Db | Trx, payload: JobPayload): Promise<'expired' | 'kept'> {
  const run = async (trx: Trx) => {
    const row = await lockedSubscription(trx, 'id', payload.subscription_id);
    if (!row || row.status !== 'active' || !row.expires_at) return 'kept' as const;
    if (new Date(row.expires_at).getTime() > subscriptionClock.now().getTime()) return 'kept' as const;
    await trx
      .updateTable('subscriptions')
      .set({ status: 'expired', updated_on: sql<Date>`now()` })
      .where('id', '=', row.id)
      .execute();
    await setTier(trx, row.account_id, 'basic');
    return 'expired' as const;
  };
  if ('isTransaction' in db && db.isTransaction) return run(db as Trx);
  return (db as Db).transaction().execute(run);
}

export function registerSubscriptionJobs(
  jobs: JobRunner,
  provider: PaymentProvider,
  log: FastifyBaseLogger,
  /** Called after an account went back to Basic (caches of access answers drop theirs). */
  onTierChanged: () => void = () => undefined,
): void {
  jobs.register(RENEW_JOB, {
    parse: (value) => jobPayload.parse(value),
    async handle(payload, context) {
      const outcome = await renewSubscription(context.db, provider, payload, log);
      if (outcome === 'unpaid') await scheduleRenewalRetry(context.db, jobs, payload);
    },
  });
  jobs.register(EXPIRE_JOB, {
    parse: (value) => jobPayload.parse(value),
    async handle(payload, context) {
      const result: { outcome: 'expired' | 'kept' } = { outcome: 'kept' };
      await context.complete(async (trx) => {
        result.outcome = await expireSubscription(trx, payload);
      });
      const { outcome } = result;
      log.info({ subscription: payload.subscription_id, outcome }, 'subscription expiry checked');
      if (outcome === 'expired') onTierChanged();
    },
  });
}

/** The account's current (active, else latest ended) subscription, or undefined. */
export function currentSubscription(db: Db | Trx, accountId: string) {
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('status', 'in', ['active', 'expired'])
    .orderBy(sql`case when status = 'active' then 0 else 1 end`)
    .orderBy('expires_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

async function planOf(db: Db | Trx, row: SubscriptionRow): Promise<BillingPlan> {
  const settings = await settingsOf(db);
  return {
    firstYearAmount: await introductoryPrice(db, row, settings.base_price_cents),
    name: settings.plan_name,
    amount: settings.base_price_cents,
    currency: 'aud',
    status: row.status,
    currentPeriodEnd: row.expires_at ? Math.floor(new Date(row.expires_at).getTime() / 1000) : null,
    cancelAtPeriodEnd: row.cancelled_at !== null,
  };
}

/**
 * The first year's price before GST while the plan is in its first year (expires_at still one year
 * after started_on) and it was paid below the base price (an introductory offer); else null.
 */
async function introductoryPrice(db: Db | Trx, row: SubscriptionRow, basePrice: number): Promise<number | null> {
  if (!row.payment_id || !row.started_on || !row.expires_at) return null;
  if (oneYearAfter(new Date(row.started_on)).getTime() !== new Date(row.expires_at).getTime()) return null;
  const first = await findPayment(db, row.payment_id);
  if (!first) return null;
  const subtotal = first.amount_cents - first.gst_cents;
  return subtotal < basePrice ? subtotal : null;
}

/** Cancel at the end of the period (cancelled_at = now; the plan stays until expires_at) or resume. */
export async function setCancelled(db: Db, accountId: string, cancel: boolean): Promise<SubscriptionRow | undefined> {
  return db
    .updateTable('subscriptions')
    .set({
      // Cancelling twice keeps the first cancellation's time.
      cancelled_at: cancel ? sql<Date>`coalesce(cancelled_at, ${subscriptionClock.now()})` : null,
      updated_on: sql<Date>`now()`,
    })
    .where('account_id', '=', accountId)
    .where('status', '=', 'active')
    .returningAll()
    .executeTakeFirst();
}

/** The test provider's billing portal shows and changes the plan of the account behind a customer. */
export function registerPortalBridge(db: Db): void {
  const accountOf = (provider: string, customer: string) => accountOfCustomer(db, provider, customer);
  registerBillingPortalBridge({
    async plan(provider, customer) {
      const accountId = await accountOf(provider, customer);
      const row = accountId ? await currentSubscription(db, accountId) : undefined;
      return row ? planOf(db, row) : null;
    },
    async setCancelAtPeriodEnd(provider, customer, cancel) {
      const accountId = await accountOf(provider, customer);
      const row = accountId ? await setCancelled(db, accountId, cancel) : undefined;
      return row ? planOf(db, row) : null;
    },
  });
}

/** A billing-portal session for the caller (their customer is created on first use, to save a card). */
export async function portalUrl(
  db: Db,
  provider: PaymentProvider,
  account: AccountRow,
  returnUrl: string,
): Promise<string> {
  try {
    const customer = await customerOf(db, provider, account);
    return (await provider.createPortalSession({ customer, returnUrl })).url;
  } catch (error) {
    if (error instanceof ProviderError)
      throw new HttpError(502, 'The billing portal is not available right now. Please try again in a moment.');
    throw error;
  }
}
