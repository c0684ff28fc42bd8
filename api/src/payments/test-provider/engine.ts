import { createHash, randomBytes } from 'node:crypto';
import { cardBrand, cardDigits, cvcLength, expiryPassed } from '@paddock/shared/payments';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/types';
import type { WireCustomer, WireError, WireEvent, WirePaymentIntent, WirePortalSession, WireRefund } from '../wire';
import { DECLINE_MESSAGES, outcomeOf, TEST_PAYMENT_METHODS } from './cards';

/**
 * The embedded test provider's engine: PaymentIntents with Stripe's statuses and errors, its test
 * cards, idempotency keys and events, kept in the database (so every API process sees one state and
 * concurrent requests are serialised by row locks, as at Stripe). It answers in Stripe's wire format
 * (`status` + JSON body); `http.ts` serves it over HTTP, `index.ts` calls it in process.
 */

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

export const TEST_API_VERSION = '2026-10-28.endive';
const MIN_AMOUNT = 50; // Stripe's minimum charge in AUD cents
const MAX_AMOUNT = 99_999_999;

export interface EngineAnswer<T = WirePaymentIntent> {
  status: number;
  body: T | WireError;
}

export interface CardInput {
  number: string;
  exp_month: number;
  exp_year: number;
  cvc?: string;
}

export interface ConfirmInput {
  /** A test PaymentMethod id (`pm_card_visa`...) or... */
  payment_method?: string;
  /** ...card details, as the test provider's browser client sends them. */
  card?: CardInput;
  return_url?: string;
  /** The payer is not there to authenticate (a renewal with the saved card). */
  off_session?: boolean;
}

export interface CreateInput {
  amount: number;
  currency: string;
  metadata?: Record<string, string>;
  description?: string;
  customer?: string;
  setup_future_usage?: string;
}

/** How long a billing-portal session link stays usable (Stripe's sessions are short-lived too). */
export const PORTAL_SESSION_SECONDS = 3600;

export interface EngineOptions {
  /** Where the test 3-D Secure page is served (`<base>/authenticate/<id>`). */
  authenticateBaseUrl: string;
  /** Unix seconds; tests move it. */
  now?: () => number;
  /** Called in the transaction that wrote events (the deliverer enqueues their delivery with them). */
  onEvents?: (trx: Trx, eventIds: readonly string[]) => Promise<void>;
}

export const isError = <T>(body: T | WireError): body is WireError =>
  typeof body === 'object' && body !== null && 'error' in body;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export function randomId(prefix: string, length = 24): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const byte of bytes) out += ALPHABET[byte % ALPHABET.length];
  return `${prefix}_${out}`;
}

const invalidRequest = (message: string, code?: string, param?: string, status = 400): EngineAnswer<never> => ({
  status,
  body: {
    error: { type: 'invalid_request_error', message, ...(code ? { code } : {}), ...(param ? { param } : {}) },
  },
});

const missing = (id: string) =>
  invalidRequest(`No such payment_intent: '${id}'`, 'resource_missing', 'intent', 404) as EngineAnswer<never>;

type IntentRow = Awaited<ReturnType<typeof selectIntent>>;
type CustomerRow = Awaited<ReturnType<typeof selectCustomer>>;

function selectCustomer(db: Db | Trx, id: string) {
  return db.selectFrom('test_customers').selectAll().where('id', '=', id).executeTakeFirst();
}

function selectIntent(db: Db | Trx, id: string, lock: boolean) {
  const query = db.selectFrom('test_payment_intents').selectAll().where('id', '=', id);
  return (lock ? query.forUpdate() : query).executeTakeFirst();
}

/** Keys sorted, so one set of parameters always hashes the same. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, canonical(v)]),
    );
  }
  return value;
}

const hashParams = (params: unknown): string =>
  createHash('sha256')
    .update(JSON.stringify(canonical(params)))
    .digest('hex');

export class TestPaymentEngine {
  private readonly now: () => number;

  constructor(
    private readonly db: Db,
    private readonly options: EngineOptions,
  ) {
    this.now = options.now ?? (() => Math.floor(Date.now() / 1000));
  }

  toWire(row: NonNullable<IntentRow>, withSecret = true): WirePaymentIntent {
    return {
      id: row.id,
      object: 'payment_intent',
      amount: row.amount,
      amount_received: row.status === 'succeeded' ? row.amount : 0,
      currency: row.currency,
      status: row.status,
      client_secret: withSecret ? row.client_secret : null,
      description: row.description,
      metadata: row.metadata,
      last_payment_error: (row.last_payment_error as WirePaymentIntent['last_payment_error']) ?? null,
      next_action: (row.next_action as WirePaymentIntent['next_action']) ?? null,
      latest_charge: row.latest_charge,
      payment_method_types: ['card'],
      created: Number(row.created),
      canceled_at: row.canceled_at === null ? null : Number(row.canceled_at),
      cancellation_reason: row.cancellation_reason,
      livemode: false,
    };
  }

  /**
   * Runs `operation` once per idempotency key: the first request's answer is stored in the same
   * transaction as its effects; a repeat gets that answer, a repeat with other parameters a 400
   * `idempotency_error`. Concurrent repeats wait on the key's row lock until the first commits.
   */
  private async idempotent<T>(
    key: string | undefined,
    operation: string,
    params: unknown,
    run: (trx: Trx, events: WireEvent[]) => Promise<EngineAnswer<T>>,
  ): Promise<EngineAnswer<T>> {
    const events: WireEvent[] = [];
    const answer = await this.db.transaction().execute(async (trx) => {
      if (key !== undefined) {
        const hash = hashParams(params);
        const claimed = await trx
          .insertInto('test_payment_requests')
          .values({
            idempotency_key: key,
            operation,
            params_hash: hash,
            status_code: 0,
            response: '{}',
            created: this.now(),
          })
          .onConflict((oc) => oc.column('idempotency_key').doNothing())
          .returning('idempotency_key')
          .executeTakeFirst();
        if (!claimed) {
          const first = await trx
            .selectFrom('test_payment_requests')
            .selectAll()
            .where('idempotency_key', '=', key)
            .executeTakeFirstOrThrow();
          if (first.operation !== operation || first.params_hash !== hash) {
            return {
              status: 400,
              body: {
                error: {
                  type: 'idempotency_error',
                  message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
                },
              },
            } satisfies EngineAnswer<T>;
          }
          return { status: first.status_code, body: first.response as T | WireError };
        }
      }
      const result = await run(trx, events);
      if (key !== undefined) {
        await trx
          .updateTable('test_payment_requests')
          .set({ status_code: result.status, response: JSON.stringify(result.body) })
          .where('idempotency_key', '=', key)
          .execute();
      }
      for (const event of events) {
        await trx
          .insertInto('test_webhook_outbox')
          .values({ id: event.id, type: event.type, payload: JSON.stringify(event), created: event.created })
          .execute();
      }
      if (events.length > 0)
        await this.options.onEvents?.(
          trx,
          events.map((event) => event.id),
        );
      return result;
    });
    return answer;
  }

  private event(type: string, object: WirePaymentIntent | Record<string, unknown>, idempotencyKey?: string): WireEvent {
    return {
      id: randomId('evt'),
      object: 'event',
      api_version: TEST_API_VERSION,
      created: this.now(),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: randomId('req', 14), idempotency_key: idempotencyKey ?? null },
      data: { object: object as Record<string, unknown> },
    };
  }

  async create(input: CreateInput, idempotencyKey?: string): Promise<EngineAnswer> {
    return this.idempotent(idempotencyKey, 'create', input, async (trx, events) => {
      if (!Number.isInteger(input.amount))
        return invalidRequest('Invalid integer: amount', 'parameter_invalid_integer', 'amount');
      if (input.amount < MIN_AMOUNT)
        return invalidRequest('Amount must be at least $0.50 aud', 'amount_too_small', 'amount');
      if (input.amount > MAX_AMOUNT)
        return invalidRequest('Amount must be no more than $999,999.99', 'amount_too_large', 'amount');
      if (input.currency !== 'aud')
        return invalidRequest(`Invalid currency: ${input.currency}`, 'parameter_invalid', 'currency');
      if (input.setup_future_usage !== undefined && input.setup_future_usage !== 'off_session')
        return invalidRequest('Invalid setup_future_usage', 'parameter_invalid', 'setup_future_usage');
      if (input.customer !== undefined && !(await selectCustomer(trx, input.customer)))
        return invalidRequest(`No such customer: '${input.customer}'`, 'resource_missing', 'customer');
      const id = randomId('pi');
      const row = await trx
        .insertInto('test_payment_intents')
        .values({
          id,
          client_secret: `${id}_secret_${randomId('x').slice(2)}`,
          amount: input.amount,
          currency: input.currency,
          status: 'requires_payment_method',
          description: input.description ?? null,
          metadata: JSON.stringify(input.metadata ?? {}),
          payment_method: null,
          last_payment_error: null,
          next_action: null,
          latest_charge: null,
          created: this.now(),
          canceled_at: null,
          cancellation_reason: null,
          customer: input.customer ?? null,
          setup_future_usage: input.setup_future_usage ?? null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const wire = this.toWire(row);
      events.push(this.event('payment_intent.created', wire, idempotencyKey));
      return { status: 200, body: wire };
    });
  }

  /** `clientSecret` is required when a browser (publishable key) asks; servers (secret key) pass undefined. */
  async retrieve(id: string, clientSecret?: string): Promise<EngineAnswer> {
    const row = await selectIntent(this.db, id, false);
    if (!row || (clientSecret !== undefined && row.client_secret !== clientSecret)) return missing(id);
    return { status: 200, body: this.toWire(row) };
  }

  async confirm(
    id: string,
    input: ConfirmInput,
    idempotencyKey?: string,
    clientSecret?: string,
  ): Promise<EngineAnswer> {
    return this.idempotent(idempotencyKey, `confirm:${id}`, input, async (trx, events) => {
      const row = await selectIntent(trx, id, true);
      if (!row || (clientSecret !== undefined && row.client_secret !== clientSecret)) return missing(id);
      if (row.status !== 'requires_payment_method' && row.status !== 'requires_confirmation') {
        return this.unexpectedState(row, 'confirm');
      }
      const saved =
        input.payment_method !== undefined && row.customer
          ? await selectCustomer(trx, row.customer).then((customer) =>
              customer?.payment_method === input.payment_method ? (customer?.card as CardInput) : undefined,
            )
          : undefined;
      const card = this.cardOf(saved ? { card: saved } : input);
      if ('error' in card)
        return { status: card.status, body: { error: { ...card.error, payment_intent: this.toWire(row) } } };
      const paymentMethod = JSON.stringify({
        id: randomId('pm'),
        type: 'card',
        card: {
          brand: cardBrand(card.number),
          last4: card.number.slice(-4),
          exp_month: card.exp_month,
          exp_year: card.exp_year,
        },
      });
      const outcome = outcomeOf(card.number);
      const keepCard = row.customer && row.setup_future_usage && !saved ? row.customer : null;
      if (outcome.kind === 'authenticate' && input.off_session) {
        // Nobody to authenticate: only a card set up for later payments, whose bank honours that, is charged.
        if (!(saved && outcome.afterSetup === 'succeed')) {
          return this.fail(
            trx,
            row.id,
            paymentMethod,
            {
              code: 'authentication_required',
              declineCode: 'authentication_required',
              message: DECLINE_MESSAGES.authenticationRequired,
            },
            events,
            idempotencyKey,
          );
        }
      } else if (outcome.kind === 'authenticate') {
        const url = `${this.options.authenticateBaseUrl}/authenticate/${encodeURIComponent(row.id)}?client_secret=${encodeURIComponent(row.client_secret)}${input.return_url ? `&return_url=${encodeURIComponent(input.return_url)}` : ''}`;
        const updated = await this.update(trx, row.id, {
          status: 'requires_action',
          payment_method: paymentMethod,
          // Kept for the customer only once the payer has authenticated.
          card_to_save: keepCard ? JSON.stringify(card) : null,
          last_payment_error: null,
          next_action: JSON.stringify({
            type: 'redirect_to_url',
            redirect_to_url: { url, return_url: input.return_url ?? null },
          }),
        });
        const wire = this.toWire(updated);
        events.push(this.event('payment_intent.requires_action', wire, idempotencyKey));
        return { status: 200, body: wire };
      }
      if (outcome.kind === 'decline') {
        return this.fail(
          trx,
          row.id,
          paymentMethod,
          { code: outcome.code, declineCode: outcome.declineCode, message: outcome.message },
          events,
          idempotencyKey,
        );
      }
      if (keepCard) await this.saveCard(trx, keepCard, card);
      return this.succeed(trx, row.id, paymentMethod, events, idempotencyKey);
    });
  }

  /**
   * Attaches a card to the customer (one card per customer here). As at Stripe, a card kept by a
   * payment's setup_future_usage is attached only; the portal also makes it the invoice default.
   */
  private async saveCard(trx: Trx, customer: string, card: CardInput, asDefault = false): Promise<string> {
    const id = randomId('pm');
    await trx
      .updateTable('test_customers')
      .set({ payment_method: id, card: JSON.stringify(card), ...(asDefault ? { default_payment_method: id } : {}) })
      .where('id', '=', customer)
      .execute();
    return id;
  }

  /** Stripe's `GET /v1/customers/{id}/payment_methods`: the customer's attached card, if any. */
  async listPaymentMethods(id: string): Promise<EngineAnswer<{ object: 'list'; data: Record<string, unknown>[] }>> {
    const row = await selectCustomer(this.db, id);
    if (!row) return invalidRequest(`No such customer: '${id}'`, 'resource_missing', 'id', 404);
    const card = row.card as CardInput | null;
    const data =
      row.payment_method && card
        ? [
            {
              id: row.payment_method,
              object: 'payment_method',
              type: 'card',
              customer: row.id,
              card: {
                brand: cardBrand(card.number),
                last4: card.number.slice(-4),
                exp_month: card.exp_month,
                exp_year: card.exp_year,
              },
            },
          ]
        : [];
    return { status: 200, body: { object: 'list', data } };
  }

  customerToWire(row: NonNullable<CustomerRow>): WireCustomer {
    return {
      id: row.id,
      object: 'customer',
      email: row.email,
      metadata: row.metadata,
      invoice_settings: { default_payment_method: row.default_payment_method },
      created: Number(row.created),
      livemode: false,
    };
  }

  async createCustomer(
    input: { email?: string | null; metadata?: Record<string, string> },
    idempotencyKey?: string,
  ): Promise<EngineAnswer<WireCustomer>> {
    return this.idempotent(idempotencyKey, 'create_customer', input, async (trx) => {
      const row = await trx
        .insertInto('test_customers')
        .values({
          id: randomId('cus', 14),
          email: input.email ?? null,
          metadata: JSON.stringify(input.metadata ?? {}),
          default_payment_method: null,
          card: null,
          created: this.now(),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return { status: 200, body: this.customerToWire(row) };
    });
  }

  async retrieveCustomer(id: string): Promise<EngineAnswer<WireCustomer>> {
    const row = await selectCustomer(this.db, id);
    if (!row) return invalidRequest(`No such customer: '${id}'`, 'resource_missing', 'id', 404);
    return { status: 200, body: this.customerToWire(row) };
  }

  /**
   * Stripe's `DELETE /v1/customers/{id}`: the customer, its saved card and its billing-portal sessions
   * go (a portal link handed out earlier then answers 'expired'); afterwards the id is unknown here
   * (Stripe keeps a `deleted` stub, which the Stripe adapter reads as unknown too).
   */
  async deleteCustomer(id: string): Promise<EngineAnswer<{ id: string; object: 'customer'; deleted: true }>> {
    return this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('test_portal_sessions').where('customer', '=', id).execute();
      const row = await trx.deleteFrom('test_customers').where('id', '=', id).returning('id').executeTakeFirst();
      if (!row) return invalidRequest(`No such customer: '${id}'`, 'resource_missing', 'id', 404);
      return { status: 200, body: { id: row.id, object: 'customer' as const, deleted: true as const } };
    });
  }

  /** The card the customer saves in the billing portal: checked like a confirmation's card; a declining card is refused. */
  async updateCustomerCard(id: string, input: CardInput): Promise<EngineAnswer<WireCustomer>> {
    return this.idempotent(undefined, 'update_card', null, async (trx) => {
      const row = await selectCustomer(trx, id);
      if (!row) return invalidRequest(`No such customer: '${id}'`, 'resource_missing', 'id', 404);
      const card = this.cardOf({ card: input });
      if ('error' in card) return { status: card.status, body: { error: card.error } };
      const outcome = outcomeOf(card.number);
      if (outcome.kind === 'decline')
        return {
          status: 402,
          body: {
            error: {
              type: 'card_error',
              code: outcome.code,
              ...(outcome.declineCode ? { decline_code: outcome.declineCode } : {}),
              message: outcome.message,
            },
          },
        };
      await this.saveCard(trx, id, card, true);
      return { status: 200, body: this.customerToWire((await selectCustomer(trx, id)) as NonNullable<CustomerRow>) };
    });
  }

  /** The saved card as the portal shows it (brand, last 4, expiry), or null. */
  async savedCard(id: string): Promise<{ brand: string; last4: string; exp_month: number; exp_year: number } | null> {
    const row = await selectCustomer(this.db, id);
    const card = row?.card as CardInput | null | undefined;
    if (!card) return null;
    return {
      brand: cardBrand(card.number),
      last4: card.number.slice(-4),
      exp_month: card.exp_month,
      exp_year: card.exp_year,
    };
  }

  async createPortalSession(input: {
    customer?: string;
    return_url?: string;
  }): Promise<EngineAnswer<WirePortalSession>> {
    if (!input.customer) return invalidRequest('Missing required param: customer.', 'parameter_missing', 'customer');
    if (!input.return_url)
      return invalidRequest('Missing required param: return_url.', 'parameter_missing', 'return_url');
    try {
      new URL(input.return_url);
    } catch {
      return invalidRequest('Not a valid URL', 'url_invalid', 'return_url');
    }
    const customer = await selectCustomer(this.db, input.customer);
    if (!customer) return invalidRequest(`No such customer: '${input.customer}'`, 'resource_missing', 'customer');
    const id = randomId('bps');
    const created = this.now();
    await this.db
      .insertInto('test_portal_sessions')
      .values({
        id,
        customer: customer.id,
        return_url: input.return_url,
        created,
        expires: created + PORTAL_SESSION_SECONDS,
      })
      .execute();
    return {
      status: 200,
      body: {
        id,
        object: 'billing_portal.session',
        customer: customer.id,
        return_url: input.return_url,
        url: `${this.options.authenticateBaseUrl}/portal/${id}`,
        created,
        livemode: false,
      },
    };
  }

  /** A portal session that has not run out, or null. */
  async portalSession(id: string): Promise<{ id: string; customer: string; return_url: string } | null> {
    const row = await this.db
      .selectFrom('test_portal_sessions')
      .select(['id', 'customer', 'return_url', 'expires'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row || Number(row.expires) <= this.now()) return null;
    return { id: row.id, customer: row.customer, return_url: row.return_url };
  }

  /** The test 3-D Secure page's answer: `complete` charges the card, `fail` returns the intent to requires_payment_method. */
  async authenticate(id: string, clientSecret: string, outcome: 'complete' | 'fail'): Promise<EngineAnswer> {
    return this.idempotent(undefined, 'authenticate', null, async (trx, events) => {
      const row = await selectIntent(trx, id, true);
      if (!row || row.client_secret !== clientSecret) return missing(id);
      if (row.status !== 'requires_action') return this.unexpectedState(row, 'authenticate');
      const paymentMethod = row.payment_method === null ? null : JSON.stringify(row.payment_method);
      const cardToSave = row.card_to_save as CardInput | null;
      if (cardToSave) await this.update(trx, row.id, { card_to_save: null });
      if (outcome === 'fail') {
        return this.fail(
          trx,
          row.id,
          paymentMethod,
          {
            code: 'payment_intent_authentication_failure',
            declineCode: null,
            message: DECLINE_MESSAGES.authenticationFailed,
          },
          events,
        );
      }
      if (cardToSave && row.customer) await this.saveCard(trx, row.customer, cardToSave);
      return this.succeed(trx, row.id, paymentMethod, events);
    });
  }

  async cancel(id: string, idempotencyKey?: string): Promise<EngineAnswer> {
    return this.idempotent(idempotencyKey, `cancel:${id}`, null, async (trx, events) => {
      const row = await selectIntent(trx, id, true);
      if (!row) return missing(id);
      if (row.status === 'succeeded' || row.status === 'canceled' || row.status === 'processing') {
        return this.unexpectedState(row, 'cancel');
      }
      const updated = await this.update(trx, row.id, {
        status: 'canceled',
        next_action: null,
        canceled_at: this.now(),
        cancellation_reason: 'requested_by_customer',
      });
      const wire = this.toWire(updated);
      events.push(this.event('payment_intent.canceled', wire, idempotencyKey));
      return { status: 200, body: wire };
    });
  }

  /**
   * Stripe's `POST /v1/refunds` for a PaymentIntent: gives back `amount` (default: all that is left)
   * of a succeeded intent's charge. Idempotent by key like every write; an intent that is not paid is
   * an unexpected state, a charge with nothing left `charge_already_refunded`.
   */
  async refund(
    input: { payment_intent?: string; amount?: number; reason?: string; metadata?: Record<string, string> },
    idempotencyKey?: string,
  ): Promise<EngineAnswer<WireRefund>> {
    return this.idempotent(idempotencyKey, 'refund', input, async (trx, events) => {
      if (!input.payment_intent)
        return invalidRequest('Missing required param: payment_intent.', 'parameter_missing', 'payment_intent');
      const row = await selectIntent(trx, input.payment_intent, true);
      if (!row) return missing(input.payment_intent);
      if (row.status !== 'succeeded') {
        return invalidRequest(
          `This PaymentIntent (${row.id}) does not have a successful charge to refund.`,
          'payment_intent_unexpected_state',
          'payment_intent',
        );
      }
      const refunded = await this.refundedOf(trx, row.id);
      const left = row.amount - refunded;
      const amount = input.amount ?? left;
      if (left <= 0)
        return invalidRequest(
          `Charge ${row.latest_charge} has already been refunded.`,
          'charge_already_refunded',
          'payment_intent',
        );
      if (!Number.isInteger(amount) || amount <= 0 || amount > left)
        return invalidRequest(
          `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`,
          'amount_too_large',
          'amount',
        );
      const refund: WireRefund = {
        id: randomId('re'),
        object: 'refund',
        amount,
        currency: row.currency,
        payment_intent: row.id,
        charge: row.latest_charge,
        status: 'succeeded',
        reason: input.reason ?? null,
        metadata: input.metadata ?? {},
        created: this.now(),
      };
      await trx
        .insertInto('test_payment_refunds')
        .values({
          id: refund.id,
          payment_intent: row.id,
          amount,
          reason: refund.reason,
          metadata: JSON.stringify(refund.metadata),
          created: refund.created,
        })
        .execute();
      events.push(
        this.event(
          'charge.refunded',
          {
            id: row.latest_charge,
            object: 'charge',
            amount: row.amount,
            amount_refunded: refunded + amount,
            currency: row.currency,
            payment_intent: row.id,
            refunded: refunded + amount === row.amount,
          },
          idempotencyKey,
        ),
      );
      events.push(this.event('refund.created', refund as unknown as Record<string, unknown>, idempotencyKey));
      return { status: 200, body: refund };
    });
  }

  private async refundedOf(db: Db | Trx, intentId: string): Promise<number> {
    const row = await db
      .selectFrom('test_payment_refunds')
      .select(sql<number>`coalesce(sum(amount), 0)::int`.as('n'))
      .where('payment_intent', '=', intentId)
      .executeTakeFirstOrThrow();
    return row.n;
  }

  /** Cents given back for an intent (the bench and tests check refunds happened once). */
  async refundedAmountOf(intentId: string): Promise<number> {
    return this.refundedOf(this.db, intentId);
  }

  /** Charges made for an intent (the bench checks there is exactly one). */
  async chargesOf(id: string): Promise<number> {
    const row = await this.db
      .selectFrom('test_payment_charges')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('payment_intent', '=', id)
      .executeTakeFirstOrThrow();
    return row.n;
  }

  private unexpectedState(row: NonNullable<IntentRow>, action: string): EngineAnswer<never> {
    const because =
      row.status === 'succeeded'
        ? 'it has already succeeded after being previously confirmed'
        : `it has a status of ${row.status}`;
    return {
      status: 400,
      body: {
        error: {
          type: 'invalid_request_error',
          code: 'payment_intent_unexpected_state',
          message: `You cannot ${action} this PaymentIntent because ${because}.`,
          payment_intent: this.toWire(row),
        },
      },
    };
  }

  private cardOf(
    input: ConfirmInput,
  ): (CardInput & { number: string }) | { status: number; error: WireError['error'] } {
    const cardError = (code: string, message: string, param: string) => ({
      status: 402,
      error: { type: 'card_error', code, message, param },
    });
    if (input.payment_method !== undefined) {
      const number = TEST_PAYMENT_METHODS[input.payment_method];
      if (!number) {
        return {
          status: 400,
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            message: `No such PaymentMethod: '${input.payment_method}'`,
            param: 'payment_method',
          },
        };
      }
      const year = new Date(this.now() * 1000).getUTCFullYear() + 3;
      return { number, exp_month: 12, exp_year: year, cvc: '123' };
    }
    if (!input.card) {
      return {
        status: 400,
        error: {
          type: 'invalid_request_error',
          code: 'payment_intent_unexpected_state',
          message: "You cannot confirm this PaymentIntent because it's missing a payment method.",
          param: 'payment_method',
        },
      };
    }
    const number = cardDigits(input.card.number);
    if (!/^\d{12,19}$/.test(number)) return cardError('invalid_number', 'Your card number is invalid.', 'number');
    const month = Number(input.card.exp_month);
    const year = Number(input.card.exp_year) < 100 ? 2000 + Number(input.card.exp_year) : Number(input.card.exp_year);
    if (!Number.isInteger(month) || month < 1 || month > 12)
      return cardError('invalid_expiry_month', "Your card's expiration month is invalid.", 'exp_month');
    if (!Number.isInteger(year) || expiryPassed({ month, year }, new Date(this.now() * 1000)))
      return cardError('invalid_expiry_year', "Your card's expiration year is invalid.", 'exp_year');
    const cvc = input.card.cvc ?? '';
    if (!/^\d+$/.test(cvc) || cvc.length !== cvcLength(cardBrand(number)))
      return cardError('invalid_cvc', "Your card's security code is invalid.", 'cvc');
    return { number, exp_month: month, exp_year: year, cvc };
  }

  private async update(
    trx: Trx,
    id: string,
    changes: Partial<{
      status: string;
      payment_method: string | null;
      last_payment_error: string | null;
      next_action: string | null;
      latest_charge: string | null;
      canceled_at: number | null;
      cancellation_reason: string | null;
      card_to_save: string | null;
    }>,
  ) {
    return trx
      .updateTable('test_payment_intents')
      .set(changes)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  private async succeed(
    trx: Trx,
    id: string,
    paymentMethod: string | null,
    events: WireEvent[],
    idempotencyKey?: string,
  ): Promise<EngineAnswer> {
    const current = await selectIntent(trx, id, false);
    const charge = randomId('ch');
    await trx
      .insertInto('test_payment_charges')
      .values({ id: charge, payment_intent: id, amount: current?.amount ?? 0, created: this.now() })
      .execute();
    const updated = await this.update(trx, id, {
      status: 'succeeded',
      payment_method: paymentMethod,
      last_payment_error: null,
      next_action: null,
      latest_charge: charge,
    });
    const wire = this.toWire(updated);
    events.push(
      this.event(
        'charge.succeeded',
        {
          id: charge,
          object: 'charge',
          amount: updated.amount,
          currency: updated.currency,
          payment_intent: id,
          paid: true,
          status: 'succeeded',
        },
        idempotencyKey,
      ),
    );
    events.push(this.event('payment_intent.succeeded', wire, idempotencyKey));
    return { status: 200, body: wire };
  }

  private async fail(
    trx: Trx,
    id: string,
    paymentMethod: string | null,
    error: { code: string; declineCode: string | null; message: string },
    events: WireEvent[],
    idempotencyKey?: string,
  ): Promise<EngineAnswer> {
    const lastError = {
      type: 'card_error',
      code: error.code,
      ...(error.declineCode ? { decline_code: error.declineCode } : {}),
      message: error.message,
    };
    const updated = await this.update(trx, id, {
      status: 'requires_payment_method',
      payment_method: null,
      last_payment_error: JSON.stringify({
        ...lastError,
        payment_method: paymentMethod === null ? null : JSON.parse(paymentMethod),
      }),
      next_action: null,
    });
    const wire = this.toWire(updated);
    events.push(this.event('payment_intent.payment_failed', wire, idempotencyKey));
    return { status: 402, body: { error: { ...lastError, payment_intent: wire } } };
  }
}
