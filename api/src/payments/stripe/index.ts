import Stripe from 'stripe';
import {
  ProviderError,
  WEBHOOK_TOLERANCE_SECONDS,
  WebhookSignatureError,
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
import { fromWireCustomer, fromWireEvent, fromWireIntent, fromWirePortalSession, fromWireRefund } from '../wire';

export interface StripeConfig {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Another Stripe API base (the local fake in tests); unset = api.stripe.com. */
  apiUrl?: string;
  maxNetworkRetries?: number;
}

const ERROR_TYPES: Record<string, ProviderErrorType> = {
  StripeCardError: 'card_error',
  StripeInvalidRequestError: 'invalid_request_error',
  StripeIdempotencyError: 'idempotency_error',
  StripeAuthenticationError: 'authentication_error',
  StripeRateLimitError: 'rate_limit_error',
};

/** Stripe's error classes as `ProviderError` (the same one the test provider throws). */
function toProviderError(error: unknown): unknown {
  if (!(error instanceof Stripe.errors.StripeError)) return error;
  const raw = error.raw as { payment_intent?: Record<string, unknown> } | undefined;
  return new ProviderError(
    ERROR_TYPES[error.type] ?? 'api_error',
    error.code ?? null,
    error.message,
    error.statusCode ?? 500,
    error.decline_code || null,
    raw?.payment_intent ? fromWireIntent(raw.payment_intent) : null,
  );
}

async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw toProviderError(error);
  }
}

const intentOf = (intent: Stripe.PaymentIntent): PaymentIntent =>
  fromWireIntent(intent as unknown as Record<string, unknown>);

/** Stripe's PaymentIntents through the `stripe` package (`STRIPE_SECRET_KEY` and friends). */
export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  readonly publishableKey: string;
  private readonly stripe: Stripe;

  constructor(private readonly config: StripeConfig) {
    this.publishableKey = config.publishableKey;
    const base = config.apiUrl ? new URL(config.apiUrl) : null;
    this.stripe = new Stripe(config.secretKey, {
      maxNetworkRetries: config.maxNetworkRetries ?? 2,
      timeout: 20_000,
      appInfo: { name: 'Paddock' },
      ...(base
        ? {
            host: base.hostname,
            port: base.port || (base.protocol === 'https:' ? 443 : 80),
            protocol: base.protocol === 'https:' ? 'https' : 'http',
          }
        : {}),
    });
  }

  async createIntent(params: CreateIntentParams, options: RequestOptions): Promise<PaymentIntent> {
    const intent = await call(() =>
      this.stripe.paymentIntents.create(
        {
          amount: params.amount,
          currency: params.currency,
          metadata: params.metadata,
          ...(params.description ? { description: params.description } : {}),
          ...(params.customer ? { customer: params.customer } : {}),
          ...(params.setupFutureUsage ? { setup_future_usage: params.setupFutureUsage } : {}),
        },
        { idempotencyKey: options.idempotencyKey },
      ),
    );
    return intentOf(intent);
  }

  async retrieveIntent(id: string): Promise<PaymentIntent> {
    return intentOf(await call(() => this.stripe.paymentIntents.retrieve(id)));
  }

  async confirmIntent(id: string, params: ConfirmIntentParams, options: RequestOptions): Promise<PaymentIntent> {
    const intent = await call(() =>
      this.stripe.paymentIntents.confirm(
        id,
        {
          payment_method: params.paymentMethod,
          ...(params.returnUrl ? { return_url: params.returnUrl } : {}),
          ...(params.offSession ? { off_session: true } : {}),
        },
        { idempotencyKey: options.idempotencyKey },
      ),
    );
    return intentOf(intent);
  }

  async cancelIntent(id: string, options: RequestOptions): Promise<PaymentIntent> {
    return intentOf(
      await call(() => this.stripe.paymentIntents.cancel(id, {}, { idempotencyKey: options.idempotencyKey })),
    );
  }

  async createRefund(params: CreateRefundParams, options: RequestOptions): Promise<Refund> {
    const refund = await call(() =>
      this.stripe.refunds.create(
        {
          payment_intent: params.paymentIntent,
          ...(params.amount !== undefined ? { amount: params.amount } : {}),
          ...(params.reason ? { reason: params.reason } : {}),
          ...(params.metadata ? { metadata: params.metadata } : {}),
        },
        { idempotencyKey: options.idempotencyKey },
      ),
    );
    return fromWireRefund(refund as unknown as Record<string, unknown>);
  }

  async createCustomer(params: CreateCustomerParams, options: RequestOptions): Promise<Customer> {
    const customer = await call(() =>
      this.stripe.customers.create(
        { ...(params.email ? { email: params.email } : {}), metadata: params.metadata },
        { idempotencyKey: options.idempotencyKey },
      ),
    );
    return fromWireCustomer(customer as unknown as Record<string, unknown>);
  }

  async retrieveCustomer(id: string): Promise<Customer> {
    const wire = (await call(() => this.stripe.customers.retrieve(id))) as unknown as Record<string, unknown>;
    // Stripe still answers a deleted customer (`{ id, deleted: true }`): for Paddock it is gone, as the test provider says.
    if (wire.deleted === true)
      throw new ProviderError('invalid_request_error', 'resource_missing', `No such customer: '${id}'`, 404);
    const customer = fromWireCustomer(wire);
    if (customer.defaultPaymentMethod) return customer;
    // A card kept by setup_future_usage is attached to the customer, not made the invoice default.
    const cards = await call(() => this.stripe.customers.listPaymentMethods(id, { type: 'card', limit: 1 }));
    return { ...customer, defaultPaymentMethod: cards.data[0]?.id ?? null };
  }

  async deleteCustomer(id: string): Promise<{ id: string; deleted: true }> {
    const deleted = await call(() => this.stripe.customers.del(id));
    return { id: deleted.id, deleted: true };
  }

  /** Stripe's customer portal (its configuration — cancel, card updates — is set in the Stripe dashboard). */
  async createPortalSession(params: { customer: string; returnUrl: string }): Promise<PortalSession> {
    const session = await call(() =>
      this.stripe.billingPortal.sessions.create({ customer: params.customer, return_url: params.returnUrl }),
    );
    return fromWirePortalSession(session as unknown as Record<string, unknown>);
  }

  verifyWebhook(rawBody: string, signature: string | undefined, nowSeconds?: number): WebhookEvent {
    if (!signature) throw new WebhookSignatureError('No Stripe-Signature header');
    try {
      const event = this.stripe.webhooks.constructEvent(
        rawBody,
        signature,
        this.config.webhookSecret,
        WEBHOOK_TOLERANCE_SECONDS,
        undefined,
        nowSeconds === undefined ? undefined : nowSeconds * 1000,
      );
      // Stripe's library refuses only old timestamps; a delivery dated in the future is refused too, as the test provider does.
      const timestamp = Number(/(?:^|,)\s*t=(\d+)/.exec(signature)?.[1]);
      const now = nowSeconds ?? Math.floor(Date.now() / 1000);
      if (timestamp - now > WEBHOOK_TOLERANCE_SECONDS)
        throw new WebhookSignatureError('The signature timestamp is outside the tolerance');
      return fromWireEvent(event);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeSignatureVerificationError)
        throw new WebhookSignatureError(error.message);
      throw error;
    }
  }

  async close(): Promise<void> {}
}
