import type { Address } from '../contracts/address';
import type { PaymentsClientConfig } from '../contracts/commerce';

/**
 * The browser side of payments: one interface, two implementations chosen by the configuration the
 * API serves (`GET v2/payments/config`): Stripe.js with Elements, or the embedded test provider's
 * client (our own card fields, the same Stripe-shaped answers). Screens only see this interface.
 */

export interface BillingDetails {
  name: string;
  email?: string;
  phone?: string;
  address?: {
    line1?: string;
    line2?: string;
    city?: string;
    state?: string;
    postal_code?: string;
    country?: string;
  };
}

/** An address as the card provider takes it (Stripe's `billing_details.address`). */
export const billingAddress = (address: Address): NonNullable<BillingDetails['address']> => ({
  line1: address.address1.trim(),
  line2: address.address2.trim() || undefined,
  city: address.city.trim(),
  state: address.state.trim(),
  postal_code: address.zipCode.trim(),
  country: address.country,
});

/** The card as the test client's fields hold it. */
export interface TestCard {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export type ConfirmOutcome =
  | { status: 'succeeded' }
  | { status: 'processing' }
  /** The payer must authenticate (3-D Secure): the page goes to `url`, which comes back to `returnUrl`. */
  | { status: 'requires_action'; url: string }
  /** The provider's message, shown as is (spec 2 §8 'Card provider error'). */
  | { status: 'failed'; message: string };

export interface ConfirmRequest<Card> {
  clientSecret: string;
  card: Card;
  billingDetails: BillingDetails;
  /** Where authentication sends the payer back (the checkout page). */
  returnUrl: string;
}

export interface PaymentsClient<Card = unknown> {
  readonly provider: 'test' | 'stripe';
  /** True for the embedded test provider: every payment form says so. */
  readonly testMode: boolean;
  confirmCard(request: ConfirmRequest<Card>): Promise<ConfirmOutcome>;
  /** The intent's state after coming back from authentication. */
  retrieveStatus(clientSecret: string): Promise<ConfirmOutcome>;
}

const intentIdOf = (clientSecret: string) => clientSecret.split('_secret_')[0] ?? '';

interface WireIntent {
  status?: string;
  next_action?: { redirect_to_url?: { url?: string } } | null;
  last_payment_error?: { message?: string } | null;
  error?: { message?: string };
}

const GENERIC_FAILURE = 'Your payment could not be completed. Please try again.';

function outcomeOf(body: WireIntent): ConfirmOutcome {
  if (body.error) return { status: 'failed', message: body.error.message ?? GENERIC_FAILURE };
  switch (body.status) {
    case 'succeeded':
      return { status: 'succeeded' };
    case 'processing':
      return { status: 'processing' };
    case 'requires_action': {
      const url = body.next_action?.redirect_to_url?.url;
      return url ? { status: 'requires_action', url } : { status: 'failed', message: GENERIC_FAILURE };
    }
    default:
      return { status: 'failed', message: body.last_payment_error?.message ?? GENERIC_FAILURE };
  }
}

/** The embedded test provider's client: Stripe's confirm call, in Stripe's wire format, to the API. */
export function createTestPaymentsClient(options: {
  apiUrl: string;
  publishableKey: string;
  fetch?: typeof fetch;
}): TestPaymentsClient {
  const http = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const base = options.apiUrl.replace(/\/$/, '');
  const send = async (path: string, init?: RequestInit): Promise<ConfirmOutcome> => {
    try {
      const response = await http(`${base}${path}`, init);
      return outcomeOf((await response.json()) as WireIntent);
    } catch {
      return { status: 'failed', message: 'We could not reach the payment service. Please try again.' };
    }
  };
  return {
    provider: 'test',
    testMode: true,
    confirmCard({ clientSecret, card, billingDetails, returnUrl }) {
      // Stripe's confirm parameters; the test provider takes them as JSON too.
      const body = {
        key: options.publishableKey,
        client_secret: clientSecret,
        return_url: returnUrl,
        payment_method_data: {
          type: 'card',
          card: {
            number: card.number.replace(/\s/g, ''),
            exp_month: card.expMonth,
            exp_year: card.expYear,
            cvc: card.cvc,
          },
          billing_details: billingDetails,
        },
      };
      return send(`/v1/payment_intents/${encodeURIComponent(intentIdOf(clientSecret))}/confirm`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    },
    retrieveStatus(clientSecret) {
      const query = new URLSearchParams({ key: options.publishableKey, client_secret: clientSecret });
      return send(`/v1/payment_intents/${encodeURIComponent(intentIdOf(clientSecret))}?${query}`);
    },
  };
}

/** What the Stripe client's card is: the Elements card number element (expiry and CVC are linked by Stripe). */
export interface StripeCard {
  element: unknown;
}

/** Stripe.js (loaded from js.stripe.com only when Stripe is configured) with Elements. */
export function createStripePaymentsClient(options: { publishableKey: string }): StripePaymentsClient {
  let stripe: Promise<StripeLike | null> | null = null;
  const load = () => {
    stripe ??= import('@stripe/stripe-js').then(
      ({ loadStripe }) => loadStripe(options.publishableKey) as Promise<StripeLike | null>,
    );
    return stripe;
  };
  const unavailable: ConfirmOutcome = { status: 'failed', message: 'The card payment service could not be loaded.' };
  return {
    provider: 'stripe',
    testMode: options.publishableKey.startsWith('pk_test_'),
    load,
    async confirmCard({ clientSecret, card, billingDetails }) {
      const client = await load();
      if (!client) return unavailable;
      const result = await client.confirmCardPayment(clientSecret, {
        payment_method: { card: card.element, billing_details: billingDetails },
      });
      if (result.error) return { status: 'failed', message: result.error.message ?? GENERIC_FAILURE };
      return outcomeOf(result.paymentIntent ?? {});
    },
    async retrieveStatus(clientSecret) {
      const client = await load();
      if (!client) return unavailable;
      const result = await client.retrievePaymentIntent(clientSecret);
      return outcomeOf(result.paymentIntent ?? { error: result.error });
    },
  };
}

/** The part of Stripe.js this client calls (kept structural so the page never needs Stripe's types). */
interface StripeLike {
  confirmCardPayment(
    clientSecret: string,
    data: unknown,
  ): Promise<{ error?: { message?: string }; paymentIntent?: WireIntent }>;
  retrievePaymentIntent(clientSecret: string): Promise<{ error?: { message?: string }; paymentIntent?: WireIntent }>;
}

export type TestPaymentsClient = PaymentsClient<TestCard> & { readonly provider: 'test' };
export type StripePaymentsClient = PaymentsClient<StripeCard> & {
  readonly provider: 'stripe';
  load(): Promise<unknown>;
};
export type AnyPaymentsClient = TestPaymentsClient | StripePaymentsClient;

/** What a card section hands over once the card is complete: the test fields' card or Stripe's element. */
export type AnyCard = TestCard | StripeCard;

const isStripeCard = (card: AnyCard): card is StripeCard => 'element' in card;

/**
 * The typed confirm call for whichever client the configuration chose: the card must be the one its
 * own fields produced (a test card for the test provider, an Element for Stripe).
 */
export function confirmCardPayment(
  client: AnyPaymentsClient,
  request: ConfirmRequest<AnyCard>,
): Promise<ConfirmOutcome> {
  const { card } = request;
  if (client.provider === 'stripe')
    return isStripeCard(card)
      ? client.confirmCard({ ...request, card })
      : Promise.resolve({ status: 'failed', message: GENERIC_FAILURE });
  return isStripeCard(card)
    ? Promise.resolve({ status: 'failed', message: GENERIC_FAILURE })
    : client.confirmCard({ ...request, card });
}

export function createPaymentsClient(config: PaymentsClientConfig, fetchImpl?: typeof fetch): AnyPaymentsClient {
  return config.provider === 'test'
    ? createTestPaymentsClient({ apiUrl: config.apiUrl, publishableKey: config.publishableKey, fetch: fetchImpl })
    : createStripePaymentsClient({ publishableKey: config.publishableKey });
}
