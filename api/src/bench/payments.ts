// Benchmark of the payments seam over HTTP against an api on PostgreSQL (PGlite when no server answers),
// with the embedded test provider: (1) 50 concurrent confirmations of one PaymentIntent with one
// idempotency key → exactly one charge; (2) 1,000 signed webhook deliveries, 30 % duplicates, shuffled
// → each event's effect exactly once, and the throughput; (3) checkout (create intent + confirm + the
// webhook → paid) p50/p95 at concurrency 8; (4) bursts of 20 simultaneous book, subscribe and checkout
// calls (one cart; alternating item sets) → exactly one charge each. Prints one JSON object.
// Run: `npm run bench payments`.
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { DatabaseKind } from '../db';
import { TEST_PROVIDER_DEFAULTS, TestPaymentProvider } from '../payments/test-provider';
import { signatureHeader } from '../payments/webhook-signature';
import { startAuthServer, TEST_AUDIENCE, TEST_ISSUER } from '../test/auth-server';
import { createTestDatabase } from '../test/backends';
import { zoningPayload } from '../test/zoning-payload';
import { pgAnswers, pickPort } from './api-process';
// Plain ES module shared with the root bench script (typed by load.d.mts).
import { runLoad } from '../../../scripts/bench/load.mjs';

const apiRoot = fileURLToPath(new URL('../..', import.meta.url));
const CONFIRMATIONS = 50;
const UNIQUE_EVENTS = 700;
const DELIVERIES = 1000;
const DELIVERY_CONCURRENCY = 8;
const CHECKOUTS = 80;
const CHECKOUT_CONCURRENCY = 8;
const BURST = 20;

function shuffle<T>(items: T[]): T[] {
  let seed = 0x5eed;
  const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  for (let i = items.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
}

async function main(): Promise<void> {
  const kind: DatabaseKind = (await pgAnswers()) ? 'postgres' : 'pglite';
  const database = await createTestDatabase(kind);
  const auth = await startAuthServer();
  const env = {
    AUTH_ISSUER: TEST_ISSUER,
    AUTH_AUDIENCE: TEST_AUDIENCE,
    AUTH_JWKS_URL: auth.jwksUrl,
    ZONING_HECTARE_COST_CENTS: '150',
  };
  const config = { ...loadConfig(env, apiRoot), database: database.config };
  // Phases 1 and 2 deliver webhooks by hand; phase 3 lets the provider deliver them over HTTP.
  const manual = await buildApp({ config, webhookSender: null });
  await manual.listen({ port: 0, host: '127.0.0.1' });
  let base = `http://127.0.0.1:${(manual.server.address() as AddressInfo).port}`;
  const token = await auth.sign({ sub: 'bench|payments', email: 'payments-bench@example.com', email_verified: true });
  const api = async (method: string, url: string, body?: unknown) => {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  };
  const confirm = async (clientSecret: string, number: string, idempotencyKey?: string) => {
    const id = clientSecret.split('_secret_')[0];
    const response = await fetch(`${base}/test-provider/v1/payment_intents/${id}/confirm`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
      },
      body: new URLSearchParams({
        key: TEST_PROVIDER_DEFAULTS.publishableKey,
        client_secret: clientSecret,
        'payment_method_data[card][number]': number,
        'payment_method_data[card][exp_month]': '12',
        'payment_method_data[card][exp_year]': String(new Date().getUTCFullYear() + 2),
        'payment_method_data[card][cvc]': '123',
      }),
    });
    return { status: response.status, body: (await response.json()) as { status?: string; latest_charge?: string } };
  };

  // A farm with one field, and cart items on it.
  const farm = (await api('POST', '/v2/farms', { data: { farm_name: 'Bench Farm' } })) as { id: string };
  const fields = (await api('POST', `/v2/farms/${farm.id}/fields`, {
    type: 'FeatureCollection',
    features: [
      {
        type: 'Feature',
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [147.36, -35.12],
              [147.37, -35.12],
              [147.37, -35.11],
              [147.36, -35.11],
              [147.36, -35.12],
            ],
          ],
        },
        properties: { field_name: 'Bench', field_crop_type: 'Wheat' },
      },
    ],
  })) as { features: { id: string; geometry: never }[] };
  const payload = zoningPayload(
    farm.id,
    fields.features.map((f) => ({ id: f.id, geometry: f.geometry })),
  );
  const newCheckout = async () => {
    const item = (await api('POST', '/v2/cart/add?item_type=zoning', payload)) as { data: { id: string } };
    return (await api('POST', `/v2/cart/checkout?cart_ids=${item.data.id}&invoice=false`)) as {
      client_secret: string;
      payment_id: string;
    };
  };
  const engine = (manual.payments as TestPaymentProvider).engine;

  // 1. 50 concurrent confirmations, one idempotency key.
  const one = await newCheckout();
  const answers = await Promise.all(
    Array.from({ length: CONFIRMATIONS }, () => confirm(one.client_secret, '4242424242424242', 'bench-one-key')),
  );
  const intentId = one.client_secret.split('_secret_')[0] as string;
  const idempotency = {
    requests: CONFIRMATIONS,
    succeededAnswers: answers.filter((a) => a.status === 200 && a.body.status === 'succeeded').length,
    distinctCharges: new Set(answers.map((a) => a.body.latest_charge)).size,
    chargesMade: await engine.chargesOf(intentId),
  };

  // 2. 1,000 deliveries: 175 payments × 4 events (created, payment_failed, charge.succeeded, succeeded) + 30 % duplicates.
  const payments: { payment_id: string; intent: string }[] = [];
  for (let i = 0; i < UNIQUE_EVENTS / 4; i += 1) {
    const checkout = await newCheckout();
    await confirm(checkout.client_secret, '4000000000000002');
    await confirm(checkout.client_secret, '4242424242424242');
    payments.push({ payment_id: checkout.payment_id, intent: checkout.client_secret.split('_secret_')[0] as string });
  }
  const intents = payments.map((p) => p.intent);
  const events = await manual.db
    .selectFrom('test_webhook_outbox')
    .select(['id', 'payload'])
    .where(
      sql<boolean>`(payload::jsonb -> 'data' -> 'object' ->> 'payment_intent') = any(${intents}) or (payload::jsonb -> 'data' -> 'object' ->> 'id') = any(${intents})`,
    )
    .execute();
  const deliveries = shuffle([...events, ...shuffle([...events]).slice(0, DELIVERIES - events.length)]);
  const outcomes: Record<string, number> = {};
  const webhookLoad = await runLoad({
    concurrency: DELIVERY_CONCURRENCY,
    total: deliveries.length,
    run: async (i) => {
      const event = deliveries[i] as { payload: string };
      const response = await fetch(`${base}/v2/payments/webhook`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': signatureHeader(
            event.payload,
            TEST_PROVIDER_DEFAULTS.webhookSecret,
            Math.floor(Date.now() / 1000),
          ),
        },
        body: event.payload,
      });
      const { outcome } = (await response.json()) as { outcome: string };
      outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
    },
  });
  const paymentIds = payments.map((p) => p.payment_id);
  const counts = await manual.db
    .selectFrom('payments')
    .select([
      sql<number>`count(*) filter (where status = 'paid')::int`.as('paid'),
      sql<number>`(select count(*)::int from zoning_orders where payment_id = any(${paymentIds}))`.as('orders'),
      sql<number>`(select count(*)::int from payment_events where id = any(${events.map((e) => e.id)}))`.as('recorded'),
    ])
    .where('id', 'in', paymentIds)
    .executeTakeFirstOrThrow();
  const webhooks = {
    deliveries: deliveries.length,
    uniqueEvents: events.length,
    duplicates: deliveries.length - events.length,
    outcomes,
    paymentsPaid: counts.paid,
    payments: payments.length,
    ordersPlaced: counts.orders,
    eventsRecorded: counts.recorded,
    rps: webhookLoad.rps,
    p50: webhookLoad.p50,
    p95: webhookLoad.p95,
    failures: webhookLoad.failures,
  };
  // 4. Bursts: 20 simultaneous calls each of book, subscribe and checkout (one cart, then alternating
  //    item sets), each by its own account; every client secret handed out is then confirmed with 4242.
  //    Charges made must be exactly one per burst.
  const as = async (sub: string) => {
    const userToken = await auth.sign({ sub, email: `${sub.replace('|', '-')}@example.com`, email_verified: true });
    const call = async (method: string, url: string, body?: unknown) => {
      const response = await fetch(`${base}${url}`, {
        method,
        headers: { authorization: `Bearer ${userToken}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      const text = await response.text();
      return { status: response.status, json: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
    };
    const profile = await call('GET', '/v2/accounts/profile');
    return { call, accountId: (profile.json.data as { account: { id: string } }).account.id };
  };
  const chargesOfAccount = async (accountId: string) => {
    const rows = await manual.db
      .selectFrom('payments')
      .select('provider_ref')
      .where('account_id', '=', accountId)
      .where('provider_ref', 'is not', null)
      .execute();
    let charges = 0;
    for (const row of rows) charges += await engine.chargesOf(row.provider_ref as string);
    return { charges, payments: rows.length };
  };
  const burst = async (
    name: string,
    sub: string,
    prepare: (
      call: Awaited<ReturnType<typeof as>>['call'],
    ) => Promise<(i: number) => Promise<{ status: number; json: Record<string, unknown> }>>,
    secretOf: (json: Record<string, unknown>) => string,
  ) => {
    const user = await as(sub);
    const fire = await prepare(user.call);
    const started = performance.now();
    const answers = await Promise.all(Array.from({ length: BURST }, (_, i) => fire(i)));
    const ms = Math.round(performance.now() - started);
    const secrets = [...new Set(answers.filter((a) => a.status === 200).map((a) => secretOf(a.json)))];
    for (const secret of secrets) await confirm(secret, '4242424242424242');
    const statuses: Record<string, number> = {};
    for (const answer of answers) statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
    const { charges, payments: intents } = await chargesOfAccount(user.accountId);
    return { name, calls: BURST, statuses, clientSecrets: secrets.length, intents, chargesMade: charges, ms };
  };
  const benchDay = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
  const bookingAddress = {
    first_name: 'Bench',
    last_name: 'Farmer',
    company_name: '',
    address1: '1 Paddock Road',
    address2: '',
    city: 'Wagga Wagga',
    state: 'NSW',
    country: 'AU',
    post_code: '2650',
  };
  const cartOfTwo = async (call: Awaited<ReturnType<typeof as>>['call']) => {
    const ownFarm = (await call('POST', '/v2/farms', { data: { farm_name: 'Burst Farm' } })).json as { id: string };
    const ownFields = (
      await call('POST', `/v2/farms/${ownFarm.id}/fields`, {
        type: 'FeatureCollection',
        features: [0, 1].map((i) => ({
          type: 'Feature',
          geometry: {
            type: 'Polygon',
            coordinates: [
              [
                [147.36 + i * 0.02, -35.12],
                [147.37 + i * 0.02, -35.12],
                [147.37 + i * 0.02, -35.11],
                [147.36 + i * 0.02, -35.11],
                [147.36 + i * 0.02, -35.12],
              ],
            ],
          },
          properties: { field_name: `Burst ${i}`, field_crop_type: 'Wheat' },
        })),
      })
    ).json as { features: { id: string; geometry: never }[] };
    const ids: string[] = [];
    for (const field of ownFields.features) {
      const item = await call(
        'POST',
        '/v2/cart/add?item_type=zoning',
        zoningPayload(ownFarm.id, [{ id: field.id, geometry: field.geometry }]),
      );
      ids.push((item.json.data as { id: string }).id);
    }
    return ids;
  };
  const bursts = [
    await burst(
      'book',
      'bench|burst-book',
      async (call) => {
        const held = await call('POST', '/v2/sensors/em/reserve', {
          machine_id: 'EM-01',
          start_date: benchDay(600),
          end_date: benchDay(603),
        });
        const reservation_id = held.json.reservation_id as string;
        return () => call('POST', '/v2/sensors/em/book', { ...bookingAddress, reservation_id });
      },
      (json) => json.client_secret as string,
    ),
    await burst(
      'subscribe',
      'bench|burst-subscribe',
      async (call) => {
        const price = await call('GET', '/v2/subscriptions/price');
        return () => call('POST', '/v2/subscriptions', { stripe_product_id: price.json.stripe_product_id });
      },
      (json) => json.stripe_payment_intent_client_secret as string,
    ),
    await burst(
      'checkout (one cart, same items)',
      'bench|burst-checkout',
      async (call) => {
        const [a, b] = await cartOfTwo(call);
        return () => call('POST', `/v2/cart/checkout?cart_ids=${a}&cart_ids=${b}&invoice=false`);
      },
      (json) => json.client_secret as string,
    ),
    await burst(
      'checkout (alternating [a] / [a, b])',
      'bench|burst-alternating',
      async (call) => {
        const [a, b] = await cartOfTwo(call);
        return (i) =>
          call('POST', `/v2/cart/checkout?cart_ids=${a}${i % 2 === 0 ? '' : `&cart_ids=${b}`}&invoice=false`);
      },
      (json) => json.client_secret as string,
    ),
  ];

  await manual.db
    .updateTable('test_webhook_outbox')
    .set({ delivered_on: sql<Date>`now()` })
    .where('delivered_on', 'is', null)
    .execute();
  await manual.close();

  // 3. Checkout to paid at concurrency 8, the webhook delivered by the provider over HTTP to the api.
  const port = await pickPort();
  base = `http://127.0.0.1:${port}`;
  const live = await buildApp({
    // Deliveries are jobs: as many in flight as the old outbox deliverer sent at once.
    config: {
      ...config,
      jobs: { ...config.jobs, concurrency: 8 },
      payments: { ...config.payments, webhookUrl: `${base}/v2/payments/webhook` },
    },
  });
  await live.listen({ port, host: '127.0.0.1' });
  const items: string[] = [];
  for (let i = 0; i < CHECKOUTS; i += 1) {
    items.push(((await api('POST', '/v2/cart/add?item_type=zoning', payload)) as { data: { id: string } }).data.id);
  }
  const checkoutLoad = await runLoad({
    concurrency: CHECKOUT_CONCURRENCY,
    total: CHECKOUTS,
    run: async (i) => {
      const answer = (await api('POST', `/v2/cart/checkout?cart_ids=${items[i]}&invoice=false`)) as {
        client_secret: string;
        payment_id: string;
      };
      const confirmed = await confirm(answer.client_secret, '4242424242424242');
      if (confirmed.body.status !== 'succeeded') throw new Error(`confirmation: ${JSON.stringify(confirmed.body)}`);
      for (;;) {
        const payment = (await api('GET', `/v2/payments/${answer.payment_id}`)) as { data: { status: string } };
        if (payment.data.status === 'paid') return;
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    },
  });
  await live.close();
  await auth.close();
  await database.drop();

  console.log(
    JSON.stringify({
      database: kind,
      idempotency,
      webhooks,
      bursts,
      checkout: {
        concurrency: CHECKOUT_CONCURRENCY,
        checkouts: CHECKOUTS,
        p50: checkoutLoad.p50,
        p95: checkoutLoad.p95,
        rps: checkoutLoad.rps,
        failures: checkoutLoad.failures,
      },
    }),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
