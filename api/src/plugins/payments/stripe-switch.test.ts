import { subscriptionPortalResponseSchema } from '@paddock/shared/contracts';
import { openDatabase, type OpenDatabase } from '../../db';
import { StripePaymentProvider } from '../../payments/stripe';
import { TEST_PROVIDER_DEFAULTS } from '../../payments/test-provider';
import { FAKE_STRIPE_KEYS, startFakeStripeServer, type FakeStripeServer } from '../../payments/testing/stripe-server';
import { signatureHeader } from '../../payments/webhook-signature';
import { createTestDatabase, type TestDatabase } from '../../test/backends';
import { addToCart, checkoutOk, farmWithFields, intentIdOf, zoningPayload } from '../../test/commerce';
import { signIn } from '../../test/farms';
import { availableBackends, startTestApp, type TestContext } from '../../test/harness';
import { CUSTOMER_DELETE_JOB } from './service';

/**
 * Switching to Stripe is configuration only: the same cart, checkout and webhook route, with the
 * Stripe adapter talking to the local fake Stripe API and Stripe's own webhook secret.
 */
describe.each(availableBackends())('checkout with the Stripe provider (%s)', (kind) => {
  let database: TestDatabase;
  let open: OpenDatabase;
  let fake: FakeStripeServer;
  let t: TestContext;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    open = await openDatabase(database.config);
    fake = await startFakeStripeServer(open.db);
    t = await startTestApp(
      kind,
      {
        STRIPE_SECRET_KEY: FAKE_STRIPE_KEYS.secretKey,
        STRIPE_PUBLISHABLE_KEY: FAKE_STRIPE_KEYS.publishableKey,
        STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_KEYS.webhookSecret,
        STRIPE_API_URL: fake.url,
      },
      { database: open },
    );
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
    await open?.close();
    await database?.drop();
  });

  it('is chosen by configuration and tells the browser to use Stripe.js', async () => {
    expect(t.app.payments).toBeInstanceOf(StripePaymentProvider);
    const config = await t.request({ method: 'GET', url: '/v2/payments/config' });
    expect(config.json()).toEqual({ provider: 'stripe', publishableKey: FAKE_STRIPE_KEYS.publishableKey });
    expect((await t.request({ method: 'GET', url: '/test-provider/v1/payment_intents/pi_x' })).statusCode).toBe(404);
  });

  it("checkout creates the PaymentIntent at Stripe; Stripe's signed webhook marks the payment paid", async () => {
    const user = await signIn(t);
    const farm = await farmWithFields(t, user, 1);
    const item = await addToCart(t, user, zoningPayload(farm.farmId, farm.fields));
    const answer = await checkoutOk(t, user, [item.id]);
    const intentId = intentIdOf(answer.client_secret as string);
    expect(fake.requests.some((request) => request.method === 'POST' && request.url === '/v1/payment_intents')).toBe(
      true,
    );

    // What Stripe.js does in the browser: confirm with the publishable key and the client secret.
    const confirmed = await fetch(`${fake.url}/v1/payment_intents/${intentId}/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        key: FAKE_STRIPE_KEYS.publishableKey,
        client_secret: answer.client_secret,
        payment_method: 'pm_card_visa',
      }),
    });
    expect(((await confirmed.json()) as { status: string }).status).toBe('succeeded');

    const event = await open.db
      .selectFrom('test_webhook_outbox')
      .select('payload')
      .where('type', '=', 'payment_intent.succeeded')
      .where('payload', 'like', `%${intentId}%`)
      .executeTakeFirstOrThrow();
    const deliver = (secret: string) =>
      t.request({
        method: 'POST',
        url: '/v2/payments/webhook',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': signatureHeader(event.payload, secret, Math.floor(Date.now() / 1000)),
        },
        payload: event.payload,
      });
    expect((await deliver(TEST_PROVIDER_DEFAULTS.webhookSecret)).statusCode).toBe(400);
    const accepted = await deliver(FAKE_STRIPE_KEYS.webhookSecret);
    expect(accepted.json()).toEqual({ received: true, outcome: 'applied' });

    const payment = await t.request({ method: 'GET', url: `/v2/payments/${answer.payment_id}`, token: user.token });
    expect(payment.json()).toMatchObject({ data: { status: 'paid', intent_status: 'succeeded' } });
  });

  it("deleting the account deletes its Stripe customer: the billing portal it opened ends, another account's stays", async () => {
    const openPortal = async (token: string) => {
      const portal = await t.request({ method: 'GET', url: '/v2/subscriptions/portal', token });
      expect(portal.statusCode).toBe(200);
      const url = new URL(subscriptionPortalResponseSchema.parse(portal.json()).portal_url);
      return url.pathname.split('/').pop() as string;
    };
    const user = await signIn(t);
    const neighbour = await signIn(t);
    const session = await openPortal(user.token);
    const kept = await openPortal(neighbour.token);
    const customer = (await fake.engine.portalSession(session))?.customer as string;
    expect(customer).toMatch(/^cus_/);

    const deleted = await t.request({ method: 'DELETE', url: '/v2/accounts/profile', token: user.token });
    expect(deleted.statusCode).toBe(204);
    await t.app.jobs.idle([CUSTOMER_DELETE_JOB]);

    expect(fake.requests.filter((r) => r.method === 'DELETE').map((r) => r.url)).toEqual([`/v1/customers/${customer}`]);
    expect(await fake.engine.portalSession(session)).toBeNull();
    expect((await fake.engine.retrieveCustomer(customer)).status).toBe(404);
    expect(await fake.engine.portalSession(kept)).not.toBeNull();
    const job = await open.db
      .selectFrom('jobs')
      .select('state')
      .where('kind', '=', CUSTOMER_DELETE_JOB)
      .executeTakeFirstOrThrow();
    expect(job.state).toBe('done');
  });
});
