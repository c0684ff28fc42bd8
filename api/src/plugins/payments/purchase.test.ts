import { bookResponseSchema, reserveResponseSchema, type CheckoutResponse } from '@paddock/shared/contracts';
import { sql } from 'kysely';
import { TEST_PROVIDER_DEFAULTS, TestPaymentProvider } from '../../payments/test-provider';
import { signatureHeader } from '../../payments/webhook-signature';
import {
  addToCart,
  checkout,
  checkoutOk,
  confirmInBrowser,
  farmWithFields,
  intentIdOf,
  subscribe,
  waitFor,
  zoningPayload,
} from '../../test/commerce';
import { signIn, square, WAGGA, type TestUser } from '../../test/farms';
import { availableBackends, startTestApp, type TestContext } from '../../test/harness';
import { bookingToday, RESERVATIONS_PER_HOUR, TOO_MANY_RESERVATIONS } from '../bookings/api';
import { BUSY } from './purchase';
import { registerPaymentListener } from './service';

/**
 * The one purchase path (issue 24): every paid thing through `plugins/payments/purchase.ts`. Webhooks
 * are delivered by hand here (the provider's events stay in its outbox), so each test decides when
 * the provider's word arrives.
 */

const SECRET = TEST_PROVIDER_DEFAULTS.webhookSecret;
const now = () => Math.floor(Date.now() / 1000);
const CARD = '4242424242424242';

const day = (n: number): string => {
  const today = new Date(`${bookingToday()}T00:00:00Z`);
  return new Date(today.getTime() + n * 86_400_000).toISOString().slice(0, 10);
};

describe.each(availableBackends())('one purchase path (%s)', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await startTestApp(kind, {}, { webhookSender: null });
  });
  afterAll(async () => t?.close());

  const engine = () => (t.app.payments as TestPaymentProvider).engine;
  const deliver = (body: string) =>
    t.request({
      method: 'POST',
      url: '/v2/payments/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signatureHeader(body, SECRET, now()) },
      payload: body,
    });
  const outbox = (intentId: string) =>
    t.app.db
      .selectFrom('test_webhook_outbox')
      .select(['seq', 'type', 'payload'])
      .where('payload', 'like', `%${intentId}%`)
      .orderBy('seq')
      .execute();
  const eventOf = async (intentId: string, type: string) => {
    const row = (await outbox(intentId)).find((event) => event.type === type);
    if (!row) throw new Error(`no ${type} for ${intentId}`);
    return row.payload;
  };
  const intentRow = (id: string) =>
    t.app.db.selectFrom('test_payment_intents').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  /** The payments of a thing (`em_booking:<id>`, `subscription:<account>`), or of an account's cart (`cart:<account>`). */
  const paymentsOfKey = (key: string) =>
    t.app.db
      .selectFrom('payments')
      .selectAll()
      .where((eb) => (key.startsWith('cart:') ? eb('purchase_key', 'like', `${key}:%`) : eb('purchase_key', '=', key)))
      .orderBy('created_on')
      .orderBy('id')
      .execute();
  const accountId = async (user: TestUser) =>
    (
      await t.app.db
        .selectFrom('accounts')
        .select('id')
        .where('sub', '=', String(user.claims.sub))
        .executeTakeFirstOrThrow()
    ).id;
  /** Charges the provider made for every intent of a thing's payments, net of refunds (cents charged, count). */
  const chargesOfKey = async (key: string) => {
    let charges = 0;
    for (const payment of await paymentsOfKey(key))
      if (payment.provider_ref) charges += await engine().chargesOf(payment.provider_ref);
    return charges;
  };
  const zoningOrders = async (paymentId: string) =>
    (
      await t.app.db
        .selectFrom('zoning_orders')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('payment_id', '=', paymentId)
        .executeTakeFirstOrThrow()
    ).n;

  async function cartOfTwo() {
    const user = await signIn(t);
    const farm = await farmWithFields(t, user, 2);
    const a = await addToCart(t, user, zoningPayload(farm.farmId, farm.fields.slice(0, 1)));
    const b = await addToCart(t, user, zoningPayload(farm.farmId, farm.fields.slice(1, 2)));
    return { user, farm, a, b, key: `cart:${await accountId(user)}` };
  }

  describe('checkout: one payment, one intent, one charge', () => {
    it.each([2, 20])('%i simultaneous checkouts of one cart answer one payment and one client secret', async (n) => {
      const { user, a, b, key } = await cartOfTwo();
      const answers = await Promise.all(Array.from({ length: n }, () => checkout(t, user, [a.id, b.id])));
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array(n).fill(200));
      const bodies = answers.map((answer) => answer.json<CheckoutResponse>());
      expect(new Set(bodies.map((body) => body.payment_id)).size).toBe(1);
      expect(new Set(bodies.map((body) => body.client_secret)).size).toBe(1);
      expect(await paymentsOfKey(key)).toHaveLength(1);
      const intents = await t.app.db
        .selectFrom('test_payment_intents')
        .select('id')
        .where(sql<string>`metadata->>'payment_id'`, '=', bodies[0]?.payment_id as string)
        .execute();
      expect(intents).toHaveLength(1);
    });

    it('20 simultaneous checkouts alternating [a] and [a, b]: one open payment, every other intent cancelled, one charge', async () => {
      const { user, a, b, key } = await cartOfTwo();
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => checkout(t, user, i % 2 === 0 ? [a.id] : [a.id, b.id])),
      );
      // Contradicting requests: the newest stands; one overtaken while its intent was made is told so (409).
      for (const answer of answers.filter((response) => response.statusCode !== 200)) {
        expect(answer.statusCode).toBe(409);
        expect(answer.json()).toEqual({ detail: BUSY });
      }
      expect(answers.filter((answer) => answer.statusCode === 200).length).toBeGreaterThan(0);
      const payments = await paymentsOfKey(key);
      const open = payments.filter((payment) => payment.status === 'open');
      expect(open).toHaveLength(1);
      for (const payment of payments.filter((row) => row.status !== 'open')) {
        expect(payment.intent_closed).toBe(true);
        if (payment.provider_ref) expect((await intentRow(payment.provider_ref)).status).toBe('canceled');
      }
      // Whoever tries to pay any client secret handed out: exactly one charge.
      const secrets = [
        ...new Set(
          answers
            .filter((answer) => answer.statusCode === 200)
            .map((answer) => answer.json<CheckoutResponse>().client_secret as string),
        ),
      ];
      for (const secret of secrets) await confirmInBrowser(t, secret, CARD);
      expect(await chargesOfKey(key)).toBe(1);
    });

    it('a replaced payment is cancelled at the provider before the new intent is created', async () => {
      const { user, a, b, key } = await cartOfTwo();
      const first = await checkoutOk(t, user, [a.id]);
      const again = await checkoutOk(t, user, [a.id]);
      expect(again).toEqual(first);
      const second = await checkoutOk(t, user, [a.id, b.id]);
      expect(second.payment_id).not.toBe(first.payment_id);
      expect(second.amount).toBe(a.price + b.price);
      const firstIntent = intentIdOf(first.client_secret as string);
      const secondIntent = intentIdOf(second.client_secret as string);
      expect((await intentRow(firstIntent)).status).toBe('canceled');
      const canceledAt = (await outbox(firstIntent)).find((event) => event.type === 'payment_intent.canceled')?.seq;
      const createdAt = (await outbox(secondIntent)).find((event) => event.type === 'payment_intent.created')?.seq;
      expect(Number(canceledAt)).toBeLessThan(Number(createdAt));
      // The old client secret can no longer be charged.
      expect((await confirmInBrowser(t, first.client_secret as string, CARD)).statusCode).toBe(400);
      expect(await chargesOfKey(key)).toBe(0);
      expect((await paymentsOfKey(key)).map((payment) => payment.status).sort()).toEqual(['canceled', 'open']);
    });

    it('a success that arrives for a given-up payment is refunded through the provider and recorded, never delivered', async () => {
      const { user, a, b } = await cartOfTwo();
      const first = await checkoutOk(t, user, [a.id]);
      const intent = intentIdOf(first.client_secret as string);
      // The payer's card is charged, but before the provider's word arrives the cart changes.
      await confirmInBrowser(t, first.client_secret as string, CARD);
      await checkoutOk(t, user, [a.id, b.id]);
      const response = await deliver(await eventOf(intent, 'payment_intent.succeeded'));
      expect(response.json()).toMatchObject({ outcome: 'applied' });
      await waitFor(async () => (await engine().refundedAmountOf(intent)) === first.amount);
      await waitFor(
        async () =>
          (
            await t.app.db
              .selectFrom('payment_refunds')
              .select('status')
              .where('payment_id', '=', first.payment_id)
              .executeTakeFirst()
          )?.status === 'succeeded',
      );
      const row = await t.app.db
        .selectFrom('payments')
        .selectAll()
        .where('id', '=', first.payment_id)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('canceled');
      expect(await zoningOrders(first.payment_id)).toBe(0);
      // Delivered again (a replay with a new id cannot be signed by the provider; the same id is a duplicate).
      expect((await deliver(await eventOf(intent, 'payment_intent.succeeded'))).json()).toMatchObject({
        outcome: 'duplicate',
      });
      expect(await engine().refundedAmountOf(intent)).toBe(first.amount);
    });

    it('a zoning item whose field was enlarged after adding it is refused at checkout (409), never charged at the old price', async () => {
      const user = await signIn(t);
      const farm = await farmWithFields(t, user, 1);
      const item = await addToCart(t, user, zoningPayload(farm.farmId, farm.fields));
      const field = farm.fields[0] as { id: string };
      const enlarged = await t.request({
        method: 'PUT',
        url: `/v2/fields/${field.id}`,
        token: user.token,
        payload: { type: 'Feature', geometry: square(WAGGA.lon, WAGGA.lat, 0.08) },
      });
      expect(enlarged.statusCode).toBe(200);
      const refused = await checkout(t, user, [item.id]);
      expect(refused.statusCode).toBe(409);
      expect(refused.json<{ detail: string }>().detail).toMatch(
        /changed since you added them.*create their zones again/,
      );
      const key = `cart:${await accountId(user)}`;
      expect(await paymentsOfKey(key)).toHaveLength(0);
    });
  });

  describe('the moments other parts hook into', () => {
    it('listeners hear an invoice opened at checkout and a card payment paid by its webhook, once each', async () => {
      const heard: string[] = [];
      registerPaymentListener('purchase-test', {
        async paid(_trx, payment) {
          heard.push(`paid ${payment.id}`);
        },
        async invoiceOpened(_trx, payment) {
          heard.push(`invoice ${payment.id}`);
        },
      });
      try {
        const { user, a, b } = await cartOfTwo();
        await t.app.db
          .updateTable('accounts')
          .set({ payments: JSON.stringify(['invoice']) })
          .where('sub', '=', String(user.claims.sub))
          .execute();
        const invoice = await checkoutOk(t, user, [a.id], true);
        const card = await checkoutOk(t, user, [b.id]);
        await confirmInBrowser(t, card.client_secret as string, CARD);
        const event = await eventOf(intentIdOf(card.client_secret as string), 'payment_intent.succeeded');
        await deliver(event);
        await deliver(event);
        expect(heard).toEqual([`invoice ${invoice.payment_id}`, `paid ${card.payment_id}`]);
      } finally {
        registerPaymentListener('purchase-test', {});
      }
    });
  });

  describe('webhook checks that can fail', () => {
    async function confirmedCheckout() {
      const { user, a, b, key } = await cartOfTwo();
      const answer = await checkoutOk(t, user, [a.id, b.id]);
      const intent = intentIdOf(answer.client_secret as string);
      await confirmInBrowser(t, answer.client_secret as string, CARD);
      const event = JSON.parse(await eventOf(intent, 'payment_intent.succeeded')) as {
        id: string;
        data: { object: { id: string; currency: string; amount: number; metadata: Record<string, string> } };
      };
      return { user, answer, intent, event, key };
    }
    const refusal = (id: string) =>
      t.app.db.selectFrom('payment_events').select(['outcome', 'note']).where('id', '=', id).executeTakeFirstOrThrow();
    const status = async (id: string) =>
      (await t.app.db.selectFrom('payments').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

    it.each([
      ['currency', (e: { data: { object: { currency: string } } }) => (e.data.object.currency = 'nzd'), /currency nzd/],
      [
        'purpose',
        (e: { data: { object: { metadata: Record<string, string> } } }) =>
          (e.data.object.metadata.purpose = 'subscription'),
        /purpose subscription/,
      ],
      ['amount', (e: { data: { object: { amount: number } } }) => (e.data.object.amount += 1), /amount/],
    ])('a signed success whose %s differs from the payment is refused and recorded', async (_what, change, note) => {
      const { answer, event } = await confirmedCheckout();
      const forged = structuredClone(event);
      forged.id = `${event.id}_forged`;
      change(forged as never);
      expect((await deliver(JSON.stringify(forged))).json()).toMatchObject({ outcome: 'refused' });
      expect(await refusal(forged.id)).toMatchObject({ outcome: 'refused', note: expect.stringMatching(note) });
      expect(await status(answer.payment_id)).toBe('open');
      expect(await zoningOrders(answer.payment_id)).toBe(0);
      // The provider's own event still pays it, once.
      expect((await deliver(JSON.stringify(event))).json()).toMatchObject({ outcome: 'applied' });
      expect(await status(answer.payment_id)).toBe('paid');
      expect(await zoningOrders(answer.payment_id)).toBe(2);
    });

    it('a success forged with the webhook secret for an intent nobody paid is refused (the provider is asked)', async () => {
      const { user, a } = await cartOfTwo();
      const answer = await checkoutOk(t, user, [a.id]);
      const intent = intentIdOf(answer.client_secret as string);
      const created = JSON.parse(await eventOf(intent, 'payment_intent.created')) as {
        id: string;
        type: string;
        data: { object: { status: string } };
      };
      created.id = `${created.id}_forged`;
      created.type = 'payment_intent.succeeded';
      created.data.object.status = 'succeeded';
      expect((await deliver(JSON.stringify(created))).json()).toMatchObject({ outcome: 'refused' });
      expect(await refusal(created.id)).toMatchObject({
        note: 'the provider says the intent is requires_payment_method',
      });
      expect(await status(answer.payment_id)).toBe('open');
      expect(await zoningOrders(answer.payment_id)).toBe(0);
    });

    it('two accounts: one cannot pay for, see or receive the other’s thing', async () => {
      const alice = await cartOfTwo();
      const bob = await cartOfTwo();
      // Bob checks out Alice's items: 404, nothing created for Alice.
      expect((await checkout(t, bob.user, [alice.a.id])).statusCode).toBe(404);
      expect(await paymentsOfKey(alice.key)).toHaveLength(0);
      const aliceAnswer = await checkoutOk(t, alice.user, [alice.a.id]);
      expect(
        (await t.request({ method: 'GET', url: `/v2/payments/${aliceAnswer.payment_id}`, token: bob.user.token }))
          .statusCode,
      ).toBe(404);
      // Bob pays his own payment, then replays his success naming Alice's payment: refused.
      const bobAnswer = await checkoutOk(t, bob.user, [bob.a.id]);
      const bobIntent = intentIdOf(bobAnswer.client_secret as string);
      await confirmInBrowser(t, bobAnswer.client_secret as string, CARD);
      const event = JSON.parse(await eventOf(bobIntent, 'payment_intent.succeeded')) as {
        id: string;
        data: { object: { id: string; metadata: Record<string, string> } };
      };
      const aimed = structuredClone(event);
      aimed.id = `${event.id}_aimed`;
      aimed.data.object.id = intentIdOf(aliceAnswer.client_secret as string);
      aimed.data.object.metadata.payment_id = aliceAnswer.payment_id;
      expect((await deliver(JSON.stringify(aimed))).json()).toMatchObject({ outcome: 'refused' });
      expect(await status(aliceAnswer.payment_id)).toBe('open');
      expect(await zoningOrders(aliceAnswer.payment_id)).toBe(0);
      expect((await deliver(JSON.stringify(event))).json()).toMatchObject({ outcome: 'applied' });
      expect(await status(bobAnswer.payment_id)).toBe('paid');
      expect(await status(aliceAnswer.payment_id)).toBe('open');
    });
  });

  describe('bookings and subscriptions', () => {
    let window = 400;
    const reserve = (user: TestUser, machine: string, start: string, end: string) =>
      t.request({
        method: 'POST',
        url: '/v2/sensors/em/reserve',
        token: user.token,
        payload: { machine_id: machine, start_date: start, end_date: end },
      });
    const reserveOk = async (user: TestUser, machine = 'EM-01') => {
      window += 10;
      const response = await reserve(user, machine, day(window), day(window + 3));
      expect(response.statusCode).toBe(200);
      return reserveResponseSchema.parse(response.json());
    };
    const book = (user: TestUser, reservation_id: string) =>
      t.request({
        method: 'POST',
        url: '/v2/sensors/em/book',
        token: user.token,
        payload: {
          reservation_id,
          first_name: 'Jo',
          last_name: 'Farmer',
          company_name: '',
          address1: '1 Paddock Road',
          address2: '',
          city: 'Wagga Wagga',
          state: 'NSW',
          country: 'AU',
          post_code: '2650',
        },
      });
    it.each([2, 20])('%i simultaneous book calls for one reservation: one payment, one charge', async (n) => {
      const user = await signIn(t);
      const { reservation_id } = await reserveOk(user);
      const answers = await Promise.all(Array.from({ length: n }, () => book(user, reservation_id)));
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array(n).fill(200));
      const bodies = answers.map((answer) => bookResponseSchema.parse(answer.json()));
      expect(new Set(bodies.map((body) => body.payment_id)).size).toBe(1);
      expect(new Set(bodies.map((body) => body.client_secret)).size).toBe(1);
      for (const body of bodies.slice(0, 2)) await confirmInBrowser(t, body.client_secret, CARD);
      expect(await chargesOfKey(`em_booking:${reservation_id}`)).toBe(1);
    });

    it.each([2, 20])('%i simultaneous subscribe calls: one payment, one charge', async (n) => {
      const user = await signIn(t);
      const answers = await Promise.all(Array.from({ length: n }, () => subscribe(t, user)));
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array(n).fill(200));
      const secrets = new Set(
        answers.map(
          (answer) =>
            answer.json<{ stripe_payment_intent_client_secret: string }>().stripe_payment_intent_client_secret,
        ),
      );
      expect(secrets.size).toBe(1);
      for (const secret of secrets) await confirmInBrowser(t, secret, CARD);
      expect(await chargesOfKey(`subscription:${await accountId(user)}`)).toBe(1);
    });

    it('every booking carries GST (the machines work in Australia), an NZ profile too', async () => {
      const user = await signIn(t);
      await t.app.db
        .updateTable('accounts')
        .set({ country: 'NZ' })
        .where('sub', '=', String(user.claims.sub))
        .execute();
      const { reservation_id } = await reserveOk(user);
      const answer = bookResponseSchema.parse((await book(user, reservation_id)).json());
      expect(answer.gst).toBe(Math.round(answer.subtotal / 10));
      expect(answer.amount).toBe(answer.subtotal + answer.gst);
    });

    it('one unpaid reservation per account: a new hold replaces the booked one and its intent is cancelled', async () => {
      const user = await signIn(t);
      const first = await reserveOk(user, 'EM-02');
      const booked = bookResponseSchema.parse((await book(user, first.reservation_id)).json());
      const second = await reserveOk(user, 'EM-03');
      const rows = await t.app.db
        .selectFrom('em_reservations')
        .select(['id', 'status'])
        .where('account_id', '=', await accountId(user))
        .execute();
      expect(rows.filter((row) => row.status === 'held' || row.status === 'booked').map((row) => row.id)).toEqual([
        second.reservation_id,
      ]);
      expect((await intentRow(intentIdOf(booked.client_secret))).status).toBe('canceled');
      expect((await book(user, first.reservation_id)).statusCode).toBe(409);
    });

    it('a hold lapses 15 minutes after it was made: booking (again) does not renew it', async () => {
      const user = await signIn(t);
      const hold = await reserveOk(user);
      const expiry = async () =>
        (
          await t.app.db
            .selectFrom('em_reservations')
            .select('expires_on')
            .where('id', '=', hold.reservation_id)
            .executeTakeFirstOrThrow()
        ).expires_on;
      const before = new Date((await expiry()) as Date).toISOString();
      expect(before).toBe(hold.expires_on);
      expect((await book(user, hold.reservation_id)).statusCode).toBe(200);
      expect((await book(user, hold.reservation_id)).statusCode).toBe(200);
      expect(new Date((await expiry()) as Date).toISOString()).toBe(before);
      // Once it has run out, the booking is refused.
      await t.app.db
        .updateTable('em_reservations')
        .set({ expires_on: sql<Date>`now() - interval '1 second'` })
        .where('id', '=', hold.reservation_id)
        .execute();
      expect((await book(user, hold.reservation_id)).statusCode).toBe(409);
    });

    it(`an account may create ${RESERVATIONS_PER_HOUR} holds an hour; then a clear 429`, async () => {
      const user = await signIn(t);
      for (let i = 0; i < RESERVATIONS_PER_HOUR; i += 1) await reserveOk(user);
      window += 10;
      const refused = await reserve(user, 'EM-01', day(window), day(window + 3));
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ detail: TOO_MANY_RESERVATIONS });
      // Another account is not held back.
      await reserveOk(await signIn(t));
    });
  });
});
