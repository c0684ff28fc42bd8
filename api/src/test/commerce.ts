import type {
  AreaGeometry,
  CartItem,
  CheckoutResponse,
  ZoningCartPayload,
  ZoningOrder,
} from '@paddock/shared/contracts';
import { TestPaymentProvider } from '../payments/test-provider';
import { TEST_PROVIDER_DEFAULTS } from '../payments/test-provider';
import { addFields, createFarm, fieldFeature, square, WAGGA, type TestUser } from './farms';
import type { TestContext } from './harness';

/** The zoning payload of spec 2 §3 for fields of a farm: two zones per field (halves of its square). */
export function zoningPayload(farmId: string, fields: { id: string; geometry: AreaGeometry }[]): ZoningCartPayload {
  return {
    algorithm: 'standard_NDVI',
    catalog_entry: '2026-11-04',
    num_zones: 2,
    zone_resolution: 2,
    farm_id: farmId,
    fields: fields.map((field) => field.id),
    zones: {
      type: 'FeatureCollection',
      features: fields.flatMap((field) =>
        [1, 2].map((zone) => ({
          type: 'Feature' as const,
          geometry: field.geometry,
          // What a client says about areas is ignored: the server charges for the fields' own areas.
          properties: { zone, field_id: field.id, area: 0.01 },
        })),
      ),
      rates: { '1': 80, '2': null },
      total: 0,
    },
  };
}

export interface FarmWithFields {
  farmId: string;
  farmName: string;
  fields: { id: string; geometry: AreaGeometry; area: number }[];
}

/** A farm owned by `user` with `count` square fields near Wagga Wagga (each ~101 ha). */
export async function farmWithFields(
  t: TestContext,
  user: TestUser,
  count = 2,
  name = 'Cart Farm',
): Promise<FarmWithFields> {
  const farm = await createFarm(t, user, name);
  const features = Array.from({ length: count }, (_, i) =>
    fieldFeature(`Paddock ${i + 1}`, square(WAGGA.lon + i * 0.02, WAGGA.lat)),
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
