import {
  subscribeResponseSchema,
  subscriptionPriceSchema,
  type AreaGeometry,
  type CartItem,
  type CheckoutResponse,
  type SubscribeResponse,
  type SubscriptionPrice,
  type ZoningCartPayload,
  type ZoningOrder,
} from '@paddock/shared/contracts';
import { sql } from 'kysely';
import { TestPaymentProvider } from '../payments/test-provider';
import { DOCUMENT_JOB } from '../plugins/orders/api';
import { TEST_PROVIDER_DEFAULTS } from '../payments/test-provider';
import { EXPIRE_JOB, RENEW_JOB, subscriptionClock } from '../plugins/subscriptions/service';
import { addFields, createFarm, fieldFeature, square, WAGGA, type TestUser } from './farms';
import type { TestContext } from './harness';

export { zoningPayload } from './zoning-payload';

export interface FarmWithFields {
  farmId: string;
  farmName: string;
  fields: { id: string; geometry: AreaGeometry; area: number }[];
}

/** A farm owned by `user` with `count` square fields near Wagga Wagga (each ~101 ha), or near `at`. */
export async function farmWithFields(
  t: TestContext,
  user: TestUser,
  count = 2,
  name = 'Cart Farm',
  at: { lon: number; lat: number } = WAGGA,
): Promise<FarmWithFields> {
  const farm = await createFarm(t, user, name);
  const features = Array.from({ length: count }, (_, i) =>
    fieldFeature(`Paddock ${i + 1}`, square(at.lon + i * 0.02, at.lat)),
  );
  const created = await addFields(t, user, farm.id, ...features);
  return {
    farmId: farm.id,
    farmName: name,
    fields: created.features.map((feature) => ({
      id: feature.id,
      geometry: feature.geometry as AreaGeometry,
      area: feature.properties.area,
    })),
  };
}

export async function addToCart(t: TestContext, user: TestUser, payload: ZoningCartPayload): Promise<CartItem> {
  const response = await t.request({
    method: 'POST',
    url: '/v2/cart/add?item_type=zoning',
    token: user.token,
    payload,
  });
  if (response.statusCode !== 201) throw new Error(`add to cart failed: ${response.statusCode} ${response.body}`);
  return response.json<{ data: CartItem }>().data;
}

export async function checkout(t: TestContext, user: TestUser, ids: string[], invoice = false) {
  const query = [...ids.map((id) => `cart_ids=${encodeURIComponent(id)}`), `invoice=${invoice}`].join('&');
  return t.request({ method: 'POST', url: `/v2/cart/checkout?${query}`, token: user.token });
}

export async function checkoutOk(
  t: TestContext,
  user: TestUser,
  ids: string[],
  invoice = false,
): Promise<CheckoutResponse> {
  const response = await checkout(t, user, ids, invoice);
  if (response.statusCode !== 200) throw new Error(`checkout failed: ${response.statusCode} ${response.body}`);
  return response.json<CheckoutResponse>();
}

export const intentIdOf = (clientSecret: string) => clientSecret.split('_secret_')[0] as string;

export const TEST_CARD = { exp_month: 12, exp_year: new Date().getUTCFullYear() + 2, cvc: '123' };

/** What the browser's test client does: confirm the intent with the card, publishable key and client secret. */
export async function confirmInBrowser(t: TestContext, clientSecret: string, number: string, returnUrl?: string) {
  const body = new URLSearchParams({
    key: TEST_PROVIDER_DEFAULTS.publishableKey,
    client_secret: clientSecret,
    'payment_method_data[type]': 'card',
    'payment_method_data[card][number]': number,
    'payment_method_data[card][exp_month]': String(TEST_CARD.exp_month),
    'payment_method_data[card][exp_year]': String(TEST_CARD.exp_year),
    'payment_method_data[card][cvc]': TEST_CARD.cvc,
    ...(returnUrl ? { return_url: returnUrl } : {}),
  });
  return t.request({
    method: 'POST',
    url: `/test-provider/v1/payment_intents/${intentIdOf(clientSecret)}/confirm`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: body.toString(),
  });
}

/** Waits until the test provider has delivered every due webhook. */
export async function webhooksDelivered(t: TestContext): Promise<void> {
  const provider = t.app.payments;
  if (provider instanceof TestPaymentProvider) await provider.deliverer?.idle();
}

/** Resolves once `check` returns true (polling every 10 ms), or fails after `timeoutMs`. */
export async function waitFor(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** The authentication page's URL from a `requires_action` confirmation answer. */
export function authenticationUrl(confirmation: { json: <T>() => T }): URL {
  return new URL(
    confirmation.json<{ next_action: { redirect_to_url: { url: string } } }>().next_action.redirect_to_url.url,
  );
}

/** What the payer does on the test 3-D Secure page: Complete or Fail (the form the page posts). */
export async function answerAuthentication(
  t: TestContext,
  clientSecret: string,
  outcome: 'complete' | 'fail',
  returnUrl?: string,
) {
  return t.request({
    method: 'POST',
    url: `/test-provider/authenticate/${intentIdOf(clientSecret)}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      client_secret: clientSecret,
      outcome,
      ...(returnUrl ? { return_url: returnUrl } : {}),
    }).toString(),
  });
}

/** A zoning order paid by card (the test provider's 4242 card, its webhooks delivered). */
export async function paidZoningOrder(
  t: TestContext,
  user: TestUser,
  payload: ZoningCartPayload,
): Promise<ZoningOrder> {
  const item = await addToCart(t, user, payload);
  const answer = await checkoutOk(t, user, [item.id]);
  const confirmed = await confirmInBrowser(t, answer.client_secret as string, '4242 4242 4242 4242');
  if (confirmed.statusCode !== 200) throw new Error(`confirm failed: ${confirmed.statusCode} ${confirmed.body}`);
  await webhooksDelivered(t);
  const response = await t.request({
    method: 'GET',
    url: `/v2/zoning/orders?payment_id=${answer.payment_id}&status=paid`,
    token: user.token,
  });
  const [order] = response.json<{ data: ZoningOrder[] }>().data;
  if (!order) throw new Error(`no paid order for payment ${answer.payment_id}: ${response.body}`);
  return order;
}

/** Waits until every due imagery-order document job has run (as the app runs them, in this process). */
export async function documentsIssued(t: TestContext): Promise<void> {
  await t.app.jobs.idle([DOCUMENT_JOB]);
}

/** The Advanced plan's price as `user` is quoted it (`GET v2/subscriptions/price`). */
export async function subscriptionPrice(t: TestContext, user: TestUser): Promise<SubscriptionPrice> {
  const response = await t.request({ method: 'GET', url: '/v2/subscriptions/price', token: user.token });
  if (response.statusCode !== 200) throw new Error(`price failed: ${response.statusCode} ${response.body}`);
  return subscriptionPriceSchema.parse(response.json());
}

/** `POST v2/subscriptions` for the plan `user` is quoted (the answer as is, for the caller to check). */
export async function subscribe(t: TestContext, user: TestUser, productId?: string) {
  const stripe_product_id = productId ?? (await subscriptionPrice(t, user)).stripe_product_id;
  return t.request({ method: 'POST', url: '/v2/subscriptions', token: user.token, payload: { stripe_product_id } });
}

/** Starts the subscription: its payment, amount and client secret (nothing paid yet). */
export async function startSubscription(t: TestContext, user: TestUser): Promise<SubscribeResponse> {
  const response = await subscribe(t, user);
  if (response.statusCode !== 200) throw new Error(`subscribe failed: ${response.statusCode} ${response.body}`);
  return subscribeResponseSchema.parse(response.json());
}

/** Subscribes and pays with `card` in the browser; the provider's webhooks are delivered. */
export async function paidSubscription(
  t: TestContext,
  user: TestUser,
  card = '4242424242424242',
): Promise<SubscribeResponse> {
  const started = await startSubscription(t, user);
  const confirmed = await confirmInBrowser(t, started.stripe_payment_intent_client_secret, card);
  if (confirmed.statusCode !== 200) throw new Error(`confirm failed: ${confirmed.statusCode} ${confirmed.body}`);
  await webhooksDelivered(t);
  return started;
}

/**
 * Moves the subscription clock to `to`: the subscription rules read it, and the renewal and expiry jobs
 * due by then run now, with the webhooks their charges cause. Reset it with `resetSubscriptionClock`.
 */
export async function moveSubscriptionClockTo(t: TestContext, to: Date): Promise<void> {
  subscriptionClock.now = () => to;
  await t.app.db
    .updateTable('jobs')
    .set({ run_at: sql<Date>`now()` })
    .where('state', '=', 'pending')
    .where('kind', 'in', [RENEW_JOB, EXPIRE_JOB])
    .where('run_at', '<=', to)
    .execute();
  await t.app.jobs.drain();
  await webhooksDelivered(t);
  await t.app.jobs.drain();
}

/** The subscription clock back on the real time (after a test moved it). */
export function resetSubscriptionClock(): void {
  subscriptionClock.now = () => new Date();
}
