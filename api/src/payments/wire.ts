import {
  intentStatuses,
  type IntentStatus,
  type PaymentError,
  type Customer,
  type PaymentIntent,
  type PortalSession,
  type Refund,
  type WebhookEvent,
} from './provider';

/**
 * Stripe's JSON shapes (API objects as Stripe sends them: snake_case, `object` tags) and their
 * conversion to the provider types. The test provider speaks this wire format over HTTP, in its
 * webhook events and in the fake Stripe server, so the Stripe adapter and the browser clients read
 * one format.
 */

export interface WirePaymentError {
  type: string;
  code?: string | null;
  decline_code?: string | null;
  message?: string | null;
}

export interface WirePaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: string;
  client_secret: string | null;
  description: string | null;
  metadata: Record<string, string>;
  last_payment_error: WirePaymentError | null;
  next_action: { type: string; redirect_to_url?: { url: string; return_url: string | null } } | null;
  latest_charge: string | null;
  payment_method_types: string[];
  created: number;
  canceled_at: number | null;
  cancellation_reason: string | null;
  livemode: boolean;
}

export interface WireEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  type: string;
  livemode: boolean;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  data: { object: Record<string, unknown> };
}

export interface WireError {
  error: {
    type: string;
    code?: string;
    decline_code?: string;
    message: string;
    param?: string;
    payment_intent?: WirePaymentIntent;
  };
}

const isStatus = (value: unknown): value is IntentStatus =>
  typeof value === 'string' && (intentStatuses as readonly string[]).includes(value);

export function fromWireError(error: WirePaymentError | null | undefined): PaymentError | null {
  if (!error) return null;
  return {
    type: error.type === 'card_error' ? 'card_error' : 'invalid_request_error',
    code: error.code ?? 'card_declined',
    declineCode: error.decline_code ?? null,
    message: error.message ?? 'Your card was declined.',
  };
}

/** A Stripe PaymentIntent object (from the API, the `stripe` package or an event) as the provider type. */
export function fromWireIntent(wire: Record<string, unknown>): PaymentIntent {
  const status = wire.status;
  if (typeof wire.id !== 'string' || !isStatus(status)) throw new Error('Not a PaymentIntent');
  const nextAction = wire.next_action as WirePaymentIntent['next_action'] | undefined;
  const redirect = nextAction?.redirect_to_url?.url;
  const charge = wire.latest_charge;
  return {
    id: wire.id,
    object: 'payment_intent',
    amount: Number(wire.amount),
    // As sent: the webhook's currency check compares it with the payment's own.
    currency: typeof wire.currency === 'string' ? wire.currency.toLowerCase() : '',
    status,
    clientSecret: typeof wire.client_secret === 'string' ? wire.client_secret : '',
    metadata: (wire.metadata as Record<string, string> | undefined) ?? {},
    description: typeof wire.description === 'string' ? wire.description : null,
    lastPaymentError: fromWireError(wire.last_payment_error as WirePaymentError | null | undefined),
    nextAction: redirect ? { type: 'redirect_to_url', url: redirect } : null,
    latestCharge:
      typeof charge === 'string'
        ? charge
        : charge && typeof charge === 'object'
          ? String((charge as { id: unknown }).id)
          : null,
    created: Number(wire.created),
  };
}

/** A verified event body as the provider type (`intent` only for `payment_intent.*`). */
export function fromWireEvent(body: unknown): WebhookEvent {
  const event = body as Partial<WireEvent> | null;
  if (!event || typeof event.id !== 'string' || typeof event.type !== 'string' || !event.data?.object) {
    throw new Error('Not a Stripe event');
  }
  const object = event.data.object;
  return {
    id: event.id,
    type: event.type,
    created: Number(event.created),
    intent: object.object === 'payment_intent' ? fromWireIntent(object) : null,
  };
}

/** Stripe's `Customer` object, the fields Paddock reads. */
export interface WireCustomer {
  id: string;
  object: 'customer';
  email: string | null;
  metadata: Record<string, string>;
  invoice_settings: { default_payment_method: string | null };
  created: number;
  livemode: boolean;
}

export function fromWireCustomer(wire: Record<string, unknown>): Customer {
  const settings = (wire.invoice_settings ?? {}) as { default_payment_method?: unknown };
  const pm = settings.default_payment_method;
  return {
    id: String(wire.id),
    email: typeof wire.email === 'string' ? wire.email : null,
    metadata: (wire.metadata as Record<string, string> | undefined) ?? {},
    // Expanded or not, Stripe may send the PaymentMethod object or its id.
    defaultPaymentMethod:
      typeof pm === 'string' ? pm : pm && typeof pm === 'object' ? String((pm as { id: unknown }).id) : null,
  };
}

/** Stripe's `billing_portal.session` object. */
export interface WirePortalSession {
  id: string;
  object: 'billing_portal.session';
  customer: string;
  return_url: string;
  url: string;
  created: number;
  livemode: boolean;
}

export function fromWirePortalSession(wire: Record<string, unknown>): PortalSession {
  return { id: String(wire.id), url: String(wire.url), returnUrl: String(wire.return_url) };
}

/** Stripe's `Refund` object. */
export interface WireRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  charge: string | null;
  status: string;
  reason: string | null;
  metadata: Record<string, string>;
  created: number;
}

const refundStatuses = ['pending', 'succeeded', 'failed', 'canceled'] as const;

export function fromWireRefund(wire: Record<string, unknown>): Refund {
  const status = refundStatuses.find((value) => value === wire.status) ?? 'pending';
  const intent = wire.payment_intent;
  return {
    id: String(wire.id),
    object: 'refund',
    amount: Number(wire.amount),
    currency: typeof wire.currency === 'string' ? wire.currency.toLowerCase() : '',
    paymentIntent:
      typeof intent === 'string'
        ? intent
        : intent && typeof intent === 'object'
          ? String((intent as { id: unknown }).id)
          : '',
    status,
    reason: typeof wire.reason === 'string' ? wire.reason : null,
    metadata: (wire.metadata as Record<string, string> | undefined) ?? {},
    created: Number(wire.created),
  };
}
