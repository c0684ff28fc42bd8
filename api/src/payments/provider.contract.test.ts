import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { openDatabase, type OpenDatabase } from '../db';
import { availableBackends } from '../test/backends';
import { createTestDatabase, type TestDatabase } from '../test/backends';
import { ProviderError, WebhookSignatureError, type PaymentProvider } from './provider';
import { StripePaymentProvider } from './stripe';
import { FAKE_STRIPE_KEYS, startFakeStripeServer, type FakeStripeServer } from './testing/stripe-server';
import { TEST_PROVIDER_DEFAULTS, TestPaymentProvider, type TestPaymentEngine } from './test-provider';
import { signatureHeader } from './webhook-signature';

/**
 * One contract, two implementations: the embedded test provider (in process) and the Stripe adapter
 * (the `stripe` package against the local fake Stripe server). Whatever Paddock relies on is here.
 */

interface Subject {
  provider: PaymentProvider;
  webhookSecret: string;
  engine: TestPaymentEngine;
}

const key = () => `contract-${randomUUID()}`;
const now = () => Math.floor(Date.now() / 1000);

async function expectProviderError(promise: Promise<unknown>): Promise<ProviderError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ProviderError);
    return error as ProviderError;
  }
  throw new Error('expected a ProviderError');
}

describe.each(availableBackends())('payment provider contract (%s)', (kind) => {
  let database: TestDatabase;
  let open: OpenDatabase;
  let fake: FakeStripeServer;
  const subjects: Record<'test' | 'stripe', Subject> = {} as Record<'test' | 'stripe', Subject>;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    open = await openDatabase(database.config);
    fake = await startFakeStripeServer(open.db);
    const test = new TestPaymentProvider(TEST_PROVIDER_DEFAULTS, {
      db: open.db,
      publicBaseUrl: 'http://localhost:4000/test-provider',
      send: null,
    });
    subjects.test = { provider: test, webhookSecret: TEST_PROVIDER_DEFAULTS.webhookSecret, engine: test.engine };
    subjects.stripe = {
      provider: new StripePaymentProvider({ ...FAKE_STRIPE_KEYS, apiUrl: fake.url, maxNetworkRetries: 0 }),
      webhookSecret: FAKE_STRIPE_KEYS.webhookSecret,
      engine: fake.engine,
    };
  });

  afterAll(async () => {
    await fake?.close();
    await open?.close();
    await database?.drop();
  });

  describe.each(['test', 'stripe'] as const)('%s provider', (name) => {
    const s = () => subjects[name];
    const create = (amount = 12_300, idempotencyKey = key()) =>
      s().provider.createIntent({ amount, currency: 'aud', metadata: { payment_id: 'p-1' } }, { idempotencyKey });

    it('creates a PaymentIntent awaiting a payment method, in cents and aud, with metadata and a client secret', async () => {
      const intent = await create(12_300);
      expect(intent).toMatchObject({
        object: 'payment_intent',
        amount: 12_300,
        currency: 'aud',
        status: 'requires_payment_method',
        metadata: { payment_id: 'p-1' },
        lastPaymentError: null,
        nextAction: null,
      });
      expect(intent.id).toMatch(/^pi_/);
      expect(intent.clientSecret.startsWith(`${intent.id}_secret_`)).toBe(true);
      expect(await s().provider.retrieveIntent(intent.id)).toMatchObject({
        id: intent.id,
        status: 'requires_payment_method',
      });
    });

    it('returns the first answer for a repeated idempotency key, and refuses the key with other parameters', async () => {
      const idempotencyKey = key();
      const first = await create(5_000, idempotencyKey);
      const again = await create(5_000, idempotencyKey);
      expect(again.id).toBe(first.id);
      const error = await expectProviderError(create(6_000, idempotencyKey));
      expect(error.type).toBe('idempotency_error');
      expect(error.statusCode).toBe(400);
    });

    it('refuses amounts under Stripe’s minimum charge', async () => {
      const error = await expectProviderError(create(49));
      expect(error).toMatchObject({ type: 'invalid_request_error', code: 'amount_too_small', statusCode: 400 });
    });

    it('answers an unknown intent with resource_missing (404)', async () => {
      const error = await expectProviderError(s().provider.retrieveIntent('pi_doesnotexist'));
      expect(error).toMatchObject({ type: 'invalid_request_error', code: 'resource_missing', statusCode: 404 });
    });

    it('charges 4242 once: succeeded with a charge; confirming again is an unexpected state', async () => {
      const intent = await create();
      const paid = await s().provider.confirmIntent(
        intent.id,
        { paymentMethod: 'pm_card_visa' },
        { idempotencyKey: key() },
      );
      expect(paid.status).toBe('succeeded');
      expect(paid.latestCharge).toMatch(/^ch_/);
      expect(await s().engine.chargesOf(intent.id)).toBe(1);
      const error = await expectProviderError(
        s().provider.confirmIntent(intent.id, { paymentMethod: 'pm_card_visa' }, { idempotencyKey: key() }),
      );
      expect(error).toMatchObject({ type: 'invalid_request_error', code: 'payment_intent_unexpected_state' });
      expect(await s().engine.chargesOf(intent.id)).toBe(1);
    });

    it('one idempotency key on a confirmation charges once however often it is sent', async () => {
      const intent = await create();
      const idempotencyKey = key();
      const answers = await Promise.all(
        Array.from({ length: 5 }, () =>
          s().provider.confirmIntent(intent.id, { paymentMethod: 'pm_card_visa' }, { idempotencyKey }),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(5).fill('succeeded'));
      expect(new Set(answers.map((answer) => answer.latestCharge)).size).toBe(1);
      expect(await s().engine.chargesOf(intent.id)).toBe(1);
    });

    it.each([
      ['pm_card_chargeDeclined', 'card_declined', 'generic_decline', 'Your card was declined.'],
      [
        'pm_card_chargeDeclinedInsufficientFunds',
        'card_declined',
        'insufficient_funds',
        'Your card has insufficient funds.',
      ],
      ['pm_card_chargeDeclinedExpiredCard', 'expired_card', null, 'Your card has expired.'],
      ['pm_card_chargeDeclinedIncorrectCvc', 'incorrect_cvc', null, "Your card's security code is incorrect."],
    ])(
      '%s is a card_error %s (%s) and the intent can be paid again',
      async (paymentMethod, code, declineCode, message) => {
        const intent = await create();
        const error = await expectProviderError(
          s().provider.confirmIntent(intent.id, { paymentMethod }, { idempotencyKey: key() }),
        );
        expect(error).toMatchObject({ type: 'card_error', code, declineCode, message, statusCode: 402 });
        expect(error.intent).toMatchObject({ id: intent.id, status: 'requires_payment_method' });
        const after = await s().provider.retrieveIntent(intent.id);
        expect(after.status).toBe('requires_payment_method');
        expect(after.lastPaymentError).toMatchObject({ code, message });
        expect(await s().engine.chargesOf(intent.id)).toBe(0);

        const paid = await s().provider.confirmIntent(
          intent.id,
          { paymentMethod: 'pm_card_visa' },
          { idempotencyKey: key() },
        );
        expect(paid.status).toBe('succeeded');
        expect(paid.lastPaymentError).toBeNull();
      },
    );

    it('3155 needs authentication: requires_action with a page to redirect to', async () => {
      const intent = await create();
      const pending = await s().provider.confirmIntent(
        intent.id,
        { paymentMethod: 'pm_card_authenticationRequiredOnSetup', returnUrl: 'http://localhost:3000/payment' },
        { idempotencyKey: key() },
      );
      expect(pending.status).toBe('requires_action');
      expect(pending.nextAction?.type).toBe('redirect_to_url');
      expect(pending.nextAction?.url).toContain(`/authenticate/${intent.id}`);
      expect(await s().engine.chargesOf(intent.id)).toBe(0);
    });

    it('cancels an unpaid intent, and not a paid one', async () => {
      const open = await create();
      expect((await s().provider.cancelIntent(open.id, { idempotencyKey: key() })).status).toBe('canceled');
      const paid = await create();
      await s().provider.confirmIntent(paid.id, { paymentMethod: 'pm_card_visa' }, { idempotencyKey: key() });
      const error = await expectProviderError(s().provider.cancelIntent(paid.id, { idempotencyKey: key() }));
      expect(error.code).toBe('payment_intent_unexpected_state');
    });

    it('a canceled intent cannot be confirmed (no charge), and cancelling it again is an unexpected state', async () => {
      const intent = await create();
      await s().provider.cancelIntent(intent.id, { idempotencyKey: key() });
      const confirming = await expectProviderError(
        s().provider.confirmIntent(intent.id, { paymentMethod: 'pm_card_visa' }, { idempotencyKey: key() }),
      );
      expect(confirming.code).toBe('payment_intent_unexpected_state');
      expect((await s().provider.retrieveIntent(intent.id)).status).toBe('canceled');
      expect(await s().engine.chargesOf(intent.id)).toBe(0);
      const again = await expectProviderError(s().provider.cancelIntent(intent.id, { idempotencyKey: key() }));
      expect(again.code).toBe('payment_intent_unexpected_state');
    });

    it('refunds a paid intent in full, once per idempotency key; nothing is left to refund after', async () => {
      const intent = await create(7_700);
      await s().provider.confirmIntent(intent.id, { paymentMethod: 'pm_card_visa' }, { idempotencyKey: key() });
      const idempotencyKey = key();
      const refund = await s().provider.createRefund(
        { paymentIntent: intent.id, reason: 'duplicate', metadata: { payment_id: 'p-1' } },
        { idempotencyKey },
      );
      expect(refund).toMatchObject({
        object: 'refund',
        amount: 7_700,
        currency: 'aud',
        paymentIntent: intent.id,
        status: 'succeeded',
        reason: 'duplicate',
        metadata: { payment_id: 'p-1' },
      });
      expect(refund.id).toMatch(/^re_/);
      const again = await s().provider.createRefund(
        { paymentIntent: intent.id, reason: 'duplicate', metadata: { payment_id: 'p-1' } },
        { idempotencyKey },
      );
      expect(again.id).toBe(refund.id);
      expect(await s().engine.refundedAmountOf(intent.id)).toBe(7_700);
      const more = await expectProviderError(
        s().provider.createRefund({ paymentIntent: intent.id }, { idempotencyKey: key() }),
      );
      expect(more).toMatchObject({ type: 'invalid_request_error', code: 'charge_already_refunded', statusCode: 400 });
      expect(await s().engine.refundedAmountOf(intent.id)).toBe(7_700);
    });

    it('refunds part of a charge, then the rest; never more than was charged', async () => {
      const intent = await create(10_000);
      await s().provider.confirmIntent(intent.id, { paymentMethod: 'pm_card_visa' }, { idempotencyKey: key() });
      expect(
        (await s().provider.createRefund({ paymentIntent: intent.id, amount: 2_500 }, { idempotencyKey: key() }))
          .amount,
      ).toBe(2_500);
      const tooMuch = await expectProviderError(
        s().provider.createRefund({ paymentIntent: intent.id, amount: 7_501 }, { idempotencyKey: key() }),
      );
      expect(tooMuch.type).toBe('invalid_request_error');
      expect((await s().provider.createRefund({ paymentIntent: intent.id }, { idempotencyKey: key() })).amount).toBe(
        7_500,
      );
      expect(await s().engine.refundedAmountOf(intent.id)).toBe(10_000);
    });

    it('refuses to refund an intent that is not paid, or one that does not exist', async () => {
      const open = await create();
      const unpaid = await expectProviderError(
        s().provider.createRefund({ paymentIntent: open.id }, { idempotencyKey: key() }),
      );
      expect(unpaid).toMatchObject({ type: 'invalid_request_error', code: 'payment_intent_unexpected_state' });
      await s().provider.cancelIntent(open.id, { idempotencyKey: key() });
      const canceled = await expectProviderError(
        s().provider.createRefund({ paymentIntent: open.id }, { idempotencyKey: key() }),
      );
      expect(canceled.code).toBe('payment_intent_unexpected_state');
      const unknown = await expectProviderError(
        s().provider.createRefund({ paymentIntent: 'pi_doesnotexist' }, { idempotencyKey: key() }),
      );
      expect(unknown).toMatchObject({ code: 'resource_missing', statusCode: 404 });
      expect(await s().engine.refundedAmountOf(open.id)).toBe(0);
    });

    it('reads the currency an event’s intent is in, so a payment in another currency can be told apart', () => {
      const body = JSON.stringify({
        id: `evt_${randomUUID().replace(/-/g, '')}`,
        object: 'event',
        created: now(),
        type: 'payment_intent.succeeded',
        data: {
          object: { id: 'pi_nzd', object: 'payment_intent', amount: 4200, currency: 'NZD', status: 'succeeded' },
        },
      });
      const event = s().provider.verifyWebhook(body, signatureHeader(body, s().webhookSecret, now()));
      expect(event.intent?.currency).toBe('nzd');
    });

    describe('customers, saved cards and the billing portal', () => {
      const newCustomer = (email = 'grower@example.com') =>
        s().provider.createCustomer({ email, metadata: { account_id: 'acc-1' } }, { idempotencyKey: key() });

      it('creates a customer once per idempotency key and reads it back, with no saved card yet', async () => {
        const idempotencyKey = key();
        const first = await s().provider.createCustomer(
          { email: 'a@example.com', metadata: { account_id: 'x' } },
          { idempotencyKey },
        );
        const again = await s().provider.createCustomer(
          { email: 'a@example.com', metadata: { account_id: 'x' } },
          { idempotencyKey },
        );
        expect(first.id).toMatch(/^cus_/);
        expect(again.id).toBe(first.id);
        expect(await s().provider.retrieveCustomer(first.id)).toEqual({
          id: first.id,
          email: 'a@example.com',
          metadata: { account_id: 'x' },
          defaultPaymentMethod: null,
        });
      });

      it('answers an unknown customer with resource_missing', async () => {
        const error = await expectProviderError(s().provider.retrieveCustomer('cus_doesnotexist'));
        expect(error).toMatchObject({ type: 'invalid_request_error', code: 'resource_missing' });
      });

      it('keeps the card of a payment made with setup_future_usage and charges it off-session later', async () => {
        const customer = await newCustomer();
        const first = await s().provider.createIntent(
          { amount: 54890, currency: 'aud', metadata: {}, customer: customer.id, setupFutureUsage: 'off_session' },
          { idempotencyKey: key() },
        );
        expect(
          (await s().provider.confirmIntent(first.id, { paymentMethod: 'pm_card_visa' }, { idempotencyKey: key() }))
            .status,
        ).toBe('succeeded');
        const saved = (await s().provider.retrieveCustomer(customer.id)).defaultPaymentMethod;
        expect(saved).toMatch(/^pm_/);

        const renewal = await s().provider.createIntent(
          { amount: 54890, currency: 'aud', metadata: {}, customer: customer.id },
          { idempotencyKey: key() },
        );
        const paid = await s().provider.confirmIntent(
          renewal.id,
          { paymentMethod: saved as string, offSession: true },
          { idempotencyKey: key() },
        );
        expect(paid.status).toBe('succeeded');
        expect(await s().engine.chargesOf(renewal.id)).toBe(1);
      });

      /** A first payment with setup_future_usage confirmed with `card`, the payer answering 3-D Secure with `answer`. */
      async function firstPaymentAuthenticated(card: string, answer: 'complete' | 'fail') {
        const customer = await newCustomer();
        const first = await s().provider.createIntent(
          { amount: 54890, currency: 'aud', metadata: {}, customer: customer.id, setupFutureUsage: 'off_session' },
          { idempotencyKey: key() },
        );
        const pending = await s().provider.confirmIntent(
          first.id,
          { paymentMethod: card, returnUrl: 'http://localhost:3000/advanced' },
          { idempotencyKey: key() },
        );
        expect(pending.status).toBe('requires_action');
        // Nothing is kept before the payer has authenticated.
        expect((await s().provider.retrieveCustomer(customer.id)).defaultPaymentMethod).toBeNull();
        const answered = await s().engine.authenticate(first.id, first.clientSecret as string, answer);
        expect(answered.status).toBe(answer === 'complete' ? 200 : 402);
        return { customer, first };
      }

      const renewOffSession = async (customer: string, paymentMethod: string) => {
        const renewal = await s().provider.createIntent(
          { amount: 54890, currency: 'aud', metadata: {}, customer },
          { idempotencyKey: key() },
        );
        return {
          renewal,
          confirming: s().provider.confirmIntent(
            renewal.id,
            { paymentMethod, offSession: true },
            { idempotencyKey: key() },
          ),
        };
      };

      it('keeps a 3-D Secure card (3155) once the payer has authenticated, and charges it off-session later', async () => {
        const { customer, first } = await firstPaymentAuthenticated(
          'pm_card_authenticationRequiredOnSetup',
          'complete',
        );
        expect((await s().provider.retrieveIntent(first.id)).status).toBe('succeeded');
        const saved = (await s().provider.retrieveCustomer(customer.id)).defaultPaymentMethod;
        expect(saved).toMatch(/^pm_/);
        const { renewal, confirming } = await renewOffSession(customer.id, saved as string);
        expect((await confirming).status).toBe('succeeded');
        expect(await s().engine.chargesOf(renewal.id)).toBe(1);
      });

      it('keeps no card when the payer fails 3-D Secure', async () => {
        const { customer, first } = await firstPaymentAuthenticated('pm_card_authenticationRequiredOnSetup', 'fail');
        expect((await s().provider.retrieveIntent(first.id)).status).toBe('requires_payment_method');
        expect((await s().provider.retrieveCustomer(customer.id)).defaultPaymentMethod).toBeNull();
      });

      it('refuses off-session a card that always needs 3-D Secure (3184): authentication_required, no charge', async () => {
        const { customer } = await firstPaymentAuthenticated('pm_card_authenticationRequired', 'complete');
        const saved = (await s().provider.retrieveCustomer(customer.id)).defaultPaymentMethod;
        expect(saved).toMatch(/^pm_/);
        const { renewal, confirming } = await renewOffSession(customer.id, saved as string);
        const error = await expectProviderError(confirming);
        expect(error).toMatchObject({ type: 'card_error', code: 'authentication_required' });
        expect((await s().provider.retrieveIntent(renewal.id)).status).toBe('requires_payment_method');
        expect(await s().engine.chargesOf(renewal.id)).toBe(0);
      });

      it('refuses a payment for an unknown customer', async () => {
        const error = await expectProviderError(
          s().provider.createIntent(
            { amount: 1000, currency: 'aud', metadata: {}, customer: 'cus_nobody' },
            { idempotencyKey: key() },
          ),
        );
        expect(error).toMatchObject({ type: 'invalid_request_error', code: 'resource_missing' });
      });

      it('opens a billing-portal session for a customer, and refuses one without a valid return address', async () => {
        const customer = await newCustomer();
        const session = await s().provider.createPortalSession({
          customer: customer.id,
          returnUrl: 'http://localhost:3000/settings#subscription-status',
        });
        expect(session.id).toMatch(/^bps_/);
        expect(session.url).toMatch(new RegExp(`/portal/${session.id}$`));
        expect(session.returnUrl).toBe('http://localhost:3000/settings#subscription-status');
        const error = await expectProviderError(
          s().provider.createPortalSession({ customer: customer.id, returnUrl: 'nonsense' }),
        );
        expect(error).toMatchObject({ type: 'invalid_request_error' });
        const unknown = await expectProviderError(
          s().provider.createPortalSession({ customer: 'cus_nobody', returnUrl: 'http://localhost:3000/' }),
        );
        expect(unknown).toMatchObject({ code: 'resource_missing' });
      });

      it("deletes a customer: its portal sessions end, nothing more is done for it, another customer's portal stays", async () => {
        const customer = await newCustomer();
        const other = await newCustomer('neighbour@example.com');
        const returnUrl = 'http://localhost:3000/settings';
        const session = await s().provider.createPortalSession({ customer: customer.id, returnUrl });
        const otherSession = await s().provider.createPortalSession({ customer: other.id, returnUrl });
        expect(await s().engine.portalSession(session.id)).not.toBeNull();

        expect(await s().provider.deleteCustomer(customer.id)).toEqual({ id: customer.id, deleted: true });

        // The portal link handed out before answers 'expired' (the portal page looks the session up here).
        expect(await s().engine.portalSession(session.id)).toBeNull();
        expect(await s().engine.portalSession(otherSession.id)).toMatchObject({ customer: other.id });
        for (const attempt of [
          s().provider.retrieveCustomer(customer.id),
          s().provider.createPortalSession({ customer: customer.id, returnUrl }),
          s().provider.createIntent(
            { amount: 1000, currency: 'aud', metadata: {}, customer: customer.id },
            { idempotencyKey: key() },
          ),
          s().provider.deleteCustomer(customer.id),
        ])
          expect(await expectProviderError(attempt)).toMatchObject({
            type: 'invalid_request_error',
            code: 'resource_missing',
          });
        expect((await s().provider.retrieveCustomer(other.id)).id).toBe(other.id);
      });
    });

    describe('webhook verification', () => {
      const eventBody = (intentStatus = 'succeeded') =>
        JSON.stringify({
          id: `evt_${randomUUID().replace(/-/g, '')}`,
          object: 'event',
          created: now(),
          type: `payment_intent.${intentStatus}`,
          data: {
            object: {
              id: 'pi_123',
              object: 'payment_intent',
              amount: 4200,
              currency: 'aud',
              status: intentStatus,
              client_secret: null,
              metadata: { payment_id: 'p-1' },
              created: now(),
            },
          },
        });

      it('accepts an event signed with the endpoint secret and parses its PaymentIntent', () => {
        const body = eventBody();
        const event = s().provider.verifyWebhook(body, signatureHeader(body, s().webhookSecret, now()));
        expect(event).toMatchObject({
          type: 'payment_intent.succeeded',
          intent: { id: 'pi_123', amount: 4200, status: 'succeeded' },
        });
      });

      it('accepts the header the stripe package itself generates (same scheme)', () => {
        const body = eventBody();
        const header = Stripe.webhooks.generateTestHeaderString({ payload: body, secret: s().webhookSecret });
        expect(s().provider.verifyWebhook(body, header).type).toBe('payment_intent.succeeded');
      });

      it('accepts any matching v1 signature among several (secret rotation)', () => {
        const body = eventBody();
        const t = now();
        const header = `${signatureHeader(body, 'whsec_old', t)},v1=${signatureHeader(body, s().webhookSecret, t).split('v1=')[1]}`;
        expect(s().provider.verifyWebhook(body, header).type).toBe('payment_intent.succeeded');
      });

      it.each([
        ['no header', (body: string, secret: string) => (void body, void secret, undefined)],
        ['a wrong secret', (body: string) => signatureHeader(body, 'whsec_wrong', now())],
        ['a changed body', (body: string, secret: string) => signatureHeader(body.replace('4200', '1'), secret, now())],
        [
          'a timestamp 301 s old (replay)',
          (body: string, secret: string) => signatureHeader(body, secret, now() - 301),
        ],
        ['a timestamp 301 s ahead', (body: string, secret: string) => signatureHeader(body, secret, now() + 301)],
        ['no v1 entry', (body: string, secret: string) => signatureHeader(body, secret, now()).replace('v1=', 'v0=')],
        ['garbage', () => 'nonsense'],
      ])('refuses %s', (_case, header) => {
        const body = eventBody();
        expect(() => s().provider.verifyWebhook(body, header(body, s().webhookSecret))).toThrow(WebhookSignatureError);
      });

      it('accepts a delivery within the 5-minute tolerance', () => {
        const body = eventBody();
        const signed = signatureHeader(body, s().webhookSecret, now() - 299);
        expect(s().provider.verifyWebhook(body, signed).id).toMatch(/^evt_/);
      });
    });
  });

  it('the stripe package sent idempotency keys, its API version and the secret key to the fake Stripe', () => {
    const posts = fake.requests.filter((request) => request.method === 'POST');
    expect(posts.length).toBeGreaterThan(0);
    expect(posts.every((request) => typeof request.idempotencyKey === 'string')).toBe(true);
    expect(fake.requests.every((request) => request.authorization === `Bearer ${FAKE_STRIPE_KEYS.secretKey}`)).toBe(
      true,
    );
    expect(fake.requests.every((request) => typeof request.stripeVersion === 'string')).toBe(true);
  });
});
