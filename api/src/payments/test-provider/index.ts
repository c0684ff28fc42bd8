import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import type { JobRunner } from '../../jobs/runner';
import {
  ProviderError,
  type ConfirmIntentParams,
  type CreateCustomerParams,
  type CreateIntentParams,
  type CreateRefundParams,
  type Customer,
  type PortalSession,
  type PaymentIntent,
  type PaymentProvider,
  type ProviderErrorType,
  type Refund,
  type RequestOptions,
  type WebhookEvent,
} from '../provider';
import { verifySignature } from '../webhook-signature';
import {
  fromWireCustomer,
  fromWireEvent,
  fromWireIntent,
  fromWirePortalSession,
  fromWireRefund,
  type WireError,
} from '../wire';
import { WebhookDeliverer, type DelivererOptions, type WebhookSender } from './deliverer';
import { isError, TestPaymentEngine, type EngineAnswer } from './engine';

export { TestPaymentEngine } from './engine';
export { WebhookDeliverer } from './deliverer';

export interface TestProviderConfig {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
}

/** Development keys of the embedded provider; a production start refuses them (`config.ts`). */
export const TEST_PROVIDER_DEFAULTS: TestProviderConfig = {
  secretKey: 'sk_test_paddock_embedded',
  publishableKey: 'pk_test_paddock_embedded',
  webhookSecret: 'whsec_paddock_embedded_test_provider',
};

export interface TestProviderDeps {
  db: Kysely<Database>;
  /** Where the test 3-D Secure page is served: `<api public url>/test-provider`. */
  publicBaseUrl: string;
  /** Sends a signed delivery to the API's webhook route (null: events stay in the outbox). */
  send: WebhookSender | null;
  /** Runs the deliveries as durable jobs (required with `send`). */
  jobs?: JobRunner;
  delivery?: Omit<DelivererOptions, 'secret' | 'send'>;
  now?: () => number;
}

const ERROR_TYPES: readonly ProviderErrorType[] = [
  'card_error',
  'invalid_request_error',
  'idempotency_error',
  'api_error',
  'authentication_error',
  'rate_limit_error',
];

/** A wire error answer as the `ProviderError` the `stripe` package's errors also become. */
export function providerErrorOf(status: number, body: WireError): ProviderError {
  const { error } = body;
  const type = (ERROR_TYPES as readonly string[]).includes(error.type)
    ? (error.type as ProviderErrorType)
    : 'api_error';
  return new ProviderError(
    type,
    error.code ?? null,
    error.message,
    status,
    error.decline_code ?? null,
    error.payment_intent ? fromWireIntent(error.payment_intent as unknown as Record<string, unknown>) : null,
  );
}

function intentOf(answer: EngineAnswer): PaymentIntent {
  if (isError(answer.body)) throw providerErrorOf(answer.status, answer.body);
  return fromWireIntent(answer.body as unknown as Record<string, unknown>);
}

function objectOf<W, T>(answer: EngineAnswer<W>, convert: (wire: Record<string, unknown>) => T): T {
  if (isError(answer.body)) throw providerErrorOf(answer.status, answer.body);
  return convert(answer.body as unknown as Record<string, unknown>);
}

/**
 * The embedded test provider (ARCHITECTURE §5): Stripe's PaymentIntent semantics over the engine,
 * events delivered to the API's webhook route by the outbox deliverer, signed with the webhook secret.
 */
export class TestPaymentProvider implements PaymentProvider {
  readonly name = 'test' as const;
  readonly publishableKey: string;
  readonly engine: TestPaymentEngine;
  readonly deliverer: WebhookDeliverer | null;

  constructor(
    readonly config: TestProviderConfig,
    deps: TestProviderDeps,
  ) {
    this.publishableKey = config.publishableKey;
    if (deps.send && !deps.jobs) throw new Error('The test provider delivers webhooks as jobs: give it the job runner');
    this.deliverer =
      deps.send && deps.jobs
        ? new WebhookDeliverer(deps.db, deps.jobs, { ...deps.delivery, secret: config.webhookSecret, send: deps.send })
        : null;
    const deliverer = this.deliverer;
    this.engine = new TestPaymentEngine(deps.db, {
      authenticateBaseUrl: deps.publicBaseUrl,
      now: deps.now,
      onEvents: deliverer ? (trx, eventIds) => deliverer.enqueue(trx, eventIds) : undefined,
    });
  }

  async createIntent(params: CreateIntentParams, options: RequestOptions): Promise<PaymentIntent> {
    const { setupFutureUsage, ...rest } = params;
    return intentOf(
      await this.engine.create(
        { ...rest, ...(setupFutureUsage ? { setup_future_usage: setupFutureUsage } : {}) },
        options.idempotencyKey,
      ),
    );
  }

  async createCustomer(params: CreateCustomerParams, options: RequestOptions): Promise<Customer> {
    return objectOf(await this.engine.createCustomer(params, options.idempotencyKey), fromWireCustomer);
  }

  async retrieveCustomer(id: string): Promise<Customer> {
    const customer = objectOf(await this.engine.retrieveCustomer(id), fromWireCustomer);
    if (customer.defaultPaymentMethod) return customer;
    // As with Stripe: no invoice default set, so the card attached to the customer.
    const list = objectOf(await this.engine.listPaymentMethods(id), (wire) => wire as { data: { id: string }[] });
    return { ...customer, defaultPaymentMethod: list.data[0]?.id ?? null };
  }

  async deleteCustomer(id: string): Promise<{ id: string; deleted: true }> {
    return objectOf(await this.engine.deleteCustomer(id), (wire) => ({ id: String(wire.id), deleted: true as const }));
  }

  async createPortalSession(params: { customer: string; returnUrl: string }): Promise<PortalSession> {
    return objectOf(
      await this.engine.createPortalSession({ customer: params.customer, return_url: params.returnUrl }),
      fromWirePortalSession,
    );
  }

  async retrieveIntent(id: string): Promise<PaymentIntent> {
    return intentOf(await this.engine.retrieve(id));
  }

  async confirmIntent(id: string, params: ConfirmIntentParams, options: RequestOptions): Promise<PaymentIntent> {
    return intentOf(
      await this.engine.confirm(
        id,
        { payment_method: params.paymentMethod, return_url: params.returnUrl, off_session: params.offSession },
        options.idempotencyKey,
      ),
    );
  }

  async cancelIntent(id: string, options: RequestOptions): Promise<PaymentIntent> {
    return intentOf(await this.engine.cancel(id, options.idempotencyKey));
  }

  async createRefund(params: CreateRefundParams, options: RequestOptions): Promise<Refund> {
    return objectOf(
      await this.engine.refund(
        {
          payment_intent: params.paymentIntent,
          ...(params.amount !== undefined ? { amount: params.amount } : {}),
          ...(params.reason ? { reason: params.reason } : {}),
          ...(params.metadata ? { metadata: params.metadata } : {}),
        },
        options.idempotencyKey,
      ),
      fromWireRefund,
    );
  }

  verifyWebhook(rawBody: string, signature: string | undefined, nowSeconds?: number): WebhookEvent {
    verifySignature(rawBody, signature, this.config.webhookSecret, nowSeconds);
    return fromWireEvent(JSON.parse(rawBody));
  }

  /** Deliveries are jobs: the job runner drains them on close. */
  async close(): Promise<void> {}
}
