/**
 * The seam between what Paddock sells (cart, orders, bookings, subscriptions) and who takes the
 * money. Two implementations, chosen by configuration (`provider-config.ts`): the embedded test
 * provider (default; Stripe's semantics, its test cards, signed webhooks) and Stripe itself. Both pass
 * one contract suite (`provider.contract.test.ts`), so switching is configuration only.
 *
 * The words are Stripe's: a PaymentIntent is created by the server with an amount in cents, confirmed
 * in the browser with its client secret (or by the server with a saved PaymentMethod id), and only a
 * verified webhook tells the server that money moved.
 */

/** Stripe's PaymentIntent statuses (the card flow uses all but `requires_confirmation` and `requires_capture`). */
export const intentStatuses = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'requires_capture',
  'succeeded',
  'canceled',
] as const;
export type IntentStatus = (typeof intentStatuses)[number];

/** What Paddock charges in. An intent read from the provider carries the currency it says (lower case), checked against this. */
export type Currency = 'aud';

/** Stripe's `last_payment_error` of a failed confirmation. */
export interface PaymentError {
  type: 'card_error' | 'invalid_request_error';
  /** e.g. `card_declined`, `expired_card`, `incorrect_cvc`, `payment_intent_authentication_failure`. */
  code: string;
  /** For `card_declined`: `generic_decline`, `insufficient_funds`, ... */
  declineCode: string | null;
  /** Stripe's sentence, shown to the payer as is (spec 2 §8 'Card provider error'). */
  message: string;
}

export interface PaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  /** As the provider says it (lower case): a webhook whose intent is not in `aud` is refused. */
  currency: string;
  status: IntentStatus;
  clientSecret: string;
  metadata: Record<string, string>;
  description: string | null;
  lastPaymentError: PaymentError | null;
  /** Set in `requires_action`: where the payer authenticates (3-D Secure). */
  nextAction: { type: 'redirect_to_url'; url: string } | null;
  latestCharge: string | null;
  /** Unix seconds. */
  created: number;
}

export interface CreateIntentParams {
  amount: number;
  currency: Currency;
  metadata: Record<string, string>;
  description?: string;
  /** The customer the payment belongs to (a `cus_...` id): needed to keep the card for later charges. */
  customer?: string;
  /** Stripe's `setup_future_usage`: keep the card the payer confirms with, for off-session renewals. */
  setupFutureUsage?: 'off_session';
}

/** Stripe's `Refund` (the fields Paddock reads): money of a succeeded intent given back. */
export interface Refund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  paymentIntent: string;
  status: 'pending' | 'succeeded' | 'failed' | 'canceled';
  reason: string | null;
  metadata: Record<string, string>;
  /** Unix seconds. */
  created: number;
}

export interface CreateRefundParams {
  paymentIntent: string;
  /** Cents; the whole remaining amount when left out. */
  amount?: number;
  reason?: 'duplicate' | 'requested_by_customer' | 'fraudulent';
  metadata?: Record<string, string>;
}

/** A PaymentMethod as a server may confirm with: Stripe's test ids (`pm_card_visa`, `pm_card_chargeDeclined`, ...). */
export interface ConfirmIntentParams {
  paymentMethod: string;
  /** Where the payer returns after authenticating (3-D Secure). */
  returnUrl?: string;
  /** The payer is not present (a yearly renewal with the saved card). */
  offSession?: boolean;
}

/** A customer at the provider (Stripe's `Customer`, the fields Paddock reads). */
export interface Customer {
  id: string;
  email: string | null;
  metadata: Record<string, string>;
  /**
   * The saved card renewals are charged to: `invoice_settings.default_payment_method`, else the card
   * attached to the customer (kept by a payment with `setupFutureUsage`); null when none.
   */
  defaultPaymentMethod: string | null;
}

export interface CreateCustomerParams {
  email: string | null;
  metadata: Record<string, string>;
}

/** Stripe's billing-portal session: a short-lived page where the customer manages billing. */
export interface PortalSession {
  id: string;
  url: string;
  returnUrl: string;
}

export interface RequestOptions {
  /** Stripe's Idempotency-Key: a repeat returns the first answer; other parameters with the same key fail. */
  idempotencyKey: string;
}

/** A verified event (Stripe's `Event` object, the fields Paddock reads). */
export interface WebhookEvent {
  id: string;
  type: string;
  /** Unix seconds. */
  created: number;
  /** The PaymentIntent for `payment_intent.*` events; null for event types Paddock does not read. */
  intent: PaymentIntent | null;
}

/** Stripe's error classes, as `ProviderError.type`. */
export type ProviderErrorType =
  | 'card_error'
  | 'invalid_request_error'
  | 'idempotency_error'
  | 'api_error'
  | 'authentication_error'
  | 'rate_limit_error';

/** An error answer of the provider (Stripe's error object). */
export class ProviderError extends Error {
  constructor(
    readonly type: ProviderErrorType,
    readonly code: string | null,
    message: string,
    readonly statusCode: number,
    readonly declineCode: string | null = null,
    /** The PaymentIntent as it is after a failed confirmation (Stripe sends it with card errors). */
    readonly intent: PaymentIntent | null = null,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

/** The `Stripe-Signature` header is missing, malformed, wrongly signed or outside the tolerance. */
export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/** Stripe's default: a signature older (or newer) than 5 minutes is refused, so a captured delivery cannot be replayed later. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export interface PaymentProvider {
  readonly name: 'test' | 'stripe';
  /** The browser's key (`pk_test_...`), served to the front end in `/config.json`. */
  readonly publishableKey: string;
  createIntent(params: CreateIntentParams, options: RequestOptions): Promise<PaymentIntent>;
  retrieveIntent(id: string): Promise<PaymentIntent>;
  /** Server-side confirmation with a PaymentMethod id. A declined card throws a `card_error` carrying the intent. */
  confirmIntent(id: string, params: ConfirmIntentParams, options: RequestOptions): Promise<PaymentIntent>;
  /** Cancels an intent that is not paid (a paid or already canceled one: `payment_intent_unexpected_state`). */
  cancelIntent(id: string, options: RequestOptions): Promise<PaymentIntent>;
  /**
   * Gives back the money of a succeeded intent (all of it unless `amount` says less). An intent that
   * is not paid: `payment_intent_unexpected_state`; nothing left to give back: `charge_already_refunded`.
   */
  createRefund(params: CreateRefundParams, options: RequestOptions): Promise<Refund>;
  createCustomer(params: CreateCustomerParams, options: RequestOptions): Promise<Customer>;
  retrieveCustomer(id: string): Promise<Customer>;
  /**
   * Stripe's `DELETE /v1/customers/{id}`: the customer is deleted for good, its saved cards go with it,
   * its billing-portal sessions end and no further operation on it is accepted (a later retrieve,
   * portal session or delete: `resource_missing`). Used when the account that owns it is deleted.
   */
  deleteCustomer(id: string): Promise<{ id: string; deleted: true }>;
  /** A billing-portal session for the customer; the browser navigates to `url`, then back to `returnUrl`. */
  createPortalSession(params: { customer: string; returnUrl: string }): Promise<PortalSession>;
  /**
   * Checks a webhook delivery's `Stripe-Signature` against the raw body and the endpoint secret,
   * within the 5-minute tolerance, and parses the event. Throws `WebhookSignatureError`.
   * @param nowSeconds the clock (tests move it).
   */
  verifyWebhook(rawBody: string, signature: string | undefined, nowSeconds?: number): WebhookEvent;
  /** Stops background work (webhook delivery). */
  close(): Promise<void>;
}
