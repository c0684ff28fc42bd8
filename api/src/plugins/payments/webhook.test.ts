import { sql } from 'kysely';
import { JobRunner } from '../../jobs/runner';
import { TEST_PROVIDER_DEFAULTS, WebhookDeliverer } from '../../payments/test-provider';
import type { WebhookSender } from '../../payments/test-provider/deliverer';
import { signatureHeader } from '../../payments/webhook-signature';
import {
  addToCart,
  answerAuthentication,
  checkoutOk,
  confirmInBrowser,
  farmWithFields,
  intentIdOf,
  waitFor,
  zoningPayload,
} from '../../test/commerce';
import { signIn, type TestUser } from '../../test/farms';
import { availableBackends, startTestApp, type TestContext } from '../../test/harness';

const SECRET = TEST_PROVIDER_DEFAULTS.webhookSecret;
const now = () => Math.floor(Date.now() / 1000);

describe.each(availableBackends())('payment webhooks (%s)', (kind) => {
  // Deliveries are made by hand here: the test provider's events stay in its outbox.
  let t: TestContext;
  beforeAll(async () => {
    t = await startTestApp(kind, {}, { webhookSender: null });
  });
  afterAll(async () => t?.close());

  const deliver = (body: string, signature?: string) =>
    t.request({
      method: 'POST',
      url: '/v2/payments/webhook',
      headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
      payload: body,
    });
  const signed = (body: string, at = now()) => deliver(body, signatureHeader(body, SECRET, at));

  const eventsOf = async (intentId: string) =>
    t.app.db
      .selectFrom('test_webhook_outbox')
      .select(['id', 'type', 'payload'])
      .where('payload', 'like', `%${intentId}%`)
      .orderBy('seq')
      .execute();
  const eventOf = async (intentId: string, type: string) => {
    const event = (await eventsOf(intentId)).find((row) => row.type === type);
    if (!event) throw new Error(`no ${type} event for ${intentId}`);
    return event.payload;
  };

  const paymentRow = (id: string) =>
    t.app.db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const orderCount = async (paymentId: string) =>
    (
      await t.app.db
        .selectFrom('zoning_orders')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('payment_id', '=', paymentId)
        .executeTakeFirstOrThrow()
    ).n;

  async function paidInBrowser(user?: TestUser) {
    const payer = user ?? (await signIn(t));
    const farm = await farmWithFields(t, payer, 1);
    const item = await addToCart(t, payer, zoningPayload(farm.farmId, farm.fields));
    const answer = await checkoutOk(t, payer, [item.id]);
    return { payer, answer, intentId: intentIdOf(answer.client_secret as string) };
  }

  it('a payment the browser reports as succeeded stays unpaid until a verified webhook says so', async () => {
    const { answer, intentId } = await paidInBrowser();
    const confirmed = await confirmInBrowser(t, answer.client_secret as string, '4242424242424242');
    expect(confirmed.json()).toMatchObject({ status: 'succeeded' });
    expect((await paymentRow(answer.payment_id)).status).toBe('open');
    expect(await orderCount(answer.payment_id)).toBe(0);

    const response = await signed(await eventOf(intentId, 'payment_intent.succeeded'));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true, outcome: 'applied' });
    expect((await paymentRow(answer.payment_id)).status).toBe('paid');
    expect(await orderCount(answer.payment_id)).toBe(1);
  });

  it.each([
    ['no signature', (_body: string) => undefined],
    ['a wrong secret', (body: string) => signatureHeader(body, 'whsec_somebody_else', now())],
    ['a signature older than 5 minutes (replay)', (body: string) => signatureHeader(body, SECRET, now() - 301)],
    ['a signature from the future', (body: string) => signatureHeader(body, SECRET, now() + 301)],
  ])('refuses %s with 400 and changes nothing', async (_case, sign) => {
    const { answer, intentId } = await paidInBrowser();
    await confirmInBrowser(t, answer.client_secret as string, '4242424242424242');
    const body = await eventOf(intentId, 'payment_intent.succeeded');
    const response = await deliver(body, sign(body));
    expect(response.statusCode).toBe(400);
    expect(response.json<{ detail: string }>().detail).toMatch(/^Invalid webhook signature/);
    expect((await paymentRow(answer.payment_id)).status).toBe('open');
  });

  it('refuses a correctly signed body whose amount was changed in transit', async () => {
    const { answer, intentId } = await paidInBrowser();
    await confirmInBrowser(t, answer.client_secret as string, '4242424242424242');
    const body = await eventOf(intentId, 'payment_intent.succeeded');
    const header = signatureHeader(body, SECRET, now());
    const tampered = body.replace(`"amount":${answer.amount}`, '"amount":50');
    expect(tampered).not.toBe(body);
    expect((await deliver(tampered, header)).statusCode).toBe(400);
  });

  it('a replayed event (same id, freshly signed) is taken once', async () => {
    const { answer, intentId } = await paidInBrowser();
    await confirmInBrowser(t, answer.client_secret as string, '4242424242424242');
    const body = await eventOf(intentId, 'payment_intent.succeeded');
    expect((await signed(body)).json()).toMatchObject({ outcome: 'applied' });
    expect((await signed(body)).json()).toMatchObject({ outcome: 'duplicate' });
    expect(await orderCount(answer.payment_id)).toBe(1);
  });

  it('20 concurrent deliveries of one event have one effect', async () => {
    const { answer, intentId } = await paidInBrowser();
    await confirmInBrowser(t, answer.client_secret as string, '4242424242424242');
    const body = await eventOf(intentId, 'payment_intent.succeeded');
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => signed(body)));
    const kinds = outcomes.map((response) => response.json<{ outcome: string }>().outcome);
    expect(kinds.filter((k) => k === 'applied')).toHaveLength(1);
    expect(kinds.filter((k) => k === 'duplicate')).toHaveLength(19);
    expect(await orderCount(answer.payment_id)).toBe(1);
  });

  it('out of order: an older payment_failed after succeeded does not undo the payment', async () => {
    const { answer, intentId } = await paidInBrowser();
    await confirmInBrowser(t, answer.client_secret as string, '4000000000000002');
    await confirmInBrowser(t, answer.client_secret as string, '4242424242424242');
    // Make the failure clearly older than the success, as it was.
    const failed = JSON.parse(await eventOf(intentId, 'payment_intent.payment_failed')) as { created: number };
    failed.created -= 10;
    const succeeded = await eventOf(intentId, 'payment_intent.succeeded');

    expect((await signed(succeeded)).json()).toMatchObject({ outcome: 'applied' });
    expect((await signed(JSON.stringify(failed))).json()).toMatchObject({ outcome: 'applied' });
    const row = await paymentRow(answer.payment_id);
    expect(row.status).toBe('paid');
    expect(row.intent_status).toBe('succeeded');
    expect(await orderCount(answer.payment_id)).toBe(1);
  });

  it('out of order: requires_action arriving after succeeded leaves the payment paid; all events in reverse still pay once', async () => {
    const { answer, intentId } = await paidInBrowser();
    await confirmInBrowser(t, answer.client_secret as string, '4000002500003155');
    await answerAuthentication(t, answer.client_secret as string, 'complete');
    const events = await eventsOf(intentId);
    expect(events.map((event) => event.type)).toEqual([
      'payment_intent.created',
      'payment_intent.requires_action',
      'charge.succeeded',
      'payment_intent.succeeded',
    ]);
    for (const event of [...events].reverse()) expect((await signed(event.payload)).statusCode).toBe(200);
    const row = await paymentRow(answer.payment_id);
    expect(row.status).toBe('paid');
    expect(row.intent_status).toBe('succeeded');
    expect(await orderCount(answer.payment_id)).toBe(1);
  });

  it('a succeeded event whose amount differs from the payment is not honoured', async () => {
    const { answer, intentId } = await paidInBrowser();
    await confirmInBrowser(t, answer.client_secret as string, '4242424242424242');
    const event = JSON.parse(await eventOf(intentId, 'payment_intent.succeeded')) as {
      id: string;
      data: { object: { amount: number } };
    };
    event.id = `${event.id}_forged`;
    event.data.object.amount = 50;
    expect((await signed(JSON.stringify(event))).json()).toMatchObject({ outcome: 'refused' });
    expect((await paymentRow(answer.payment_id)).status).toBe('open');
    const recorded = await t.app.db
      .selectFrom('payment_events')
      .select(['outcome', 'note'])
      .where('id', '=', event.id)
      .executeTakeFirstOrThrow();
    expect(recorded).toEqual({ outcome: 'refused', note: `amount 50 is not ${answer.amount}` });
  });
});

describe.each(availableBackends())('webhook delivery with retries (%s)', (kind) => {
  let t: TestContext;
  let failuresLeft = 0;
  let attempts = 0;
  beforeAll(async () => {
    t = await startTestApp(
      kind,
      {},
      {
        webhookDelivery: { backoffSeconds: () => 0.05 },
        webhookSender: async (body, headers) => {
          attempts += 1;
          if (failuresLeft > 0) {
            failuresLeft -= 1;
            return 503;
          }
          return (await t.app.inject({ method: 'POST', url: '/v2/payments/webhook', payload: body, headers }))
            .statusCode;
        },
      },
    );
  });
  afterAll(async () => t?.close());

  it('retries a failed delivery until the API takes it, then the payment is paid', async () => {
    const payer = await signIn(t);
    const farm = await farmWithFields(t, payer, 1);
    const item = await addToCart(t, payer, zoningPayload(farm.farmId, farm.fields));
    const answer = await checkoutOk(t, payer, [item.id]);
    failuresLeft = 3;
    attempts = 0;
    await confirmInBrowser(t, answer.client_secret as string, '4242424242424242');
    const intentId = intentIdOf(answer.client_secret as string);
    const succeededDelivery = () =>
      t.app.db
        .selectFrom('test_webhook_outbox')
        .select(['attempts', 'delivered_on', 'last_error'])
        .where('type', '=', 'payment_intent.succeeded')
        .where('payload', 'like', `%${intentId}%`)
        .executeTakeFirstOrThrow();
    // Delivered means the API answered 2xx, so the payment is paid by then.
    await waitFor(async () => (await succeededDelivery()).delivered_on !== null);
    expect(attempts).toBeGreaterThanOrEqual(4);
    const payment = await t.app.db
      .selectFrom('payments')
      .select('status')
      .where('id', '=', answer.payment_id)
      .executeTakeFirstOrThrow();
    expect(payment.status).toBe('paid');
    const retried = await succeededDelivery();
    expect(retried.delivered_on).not.toBeNull();
    expect(retried.last_error).toBeNull();
  });
});

describe.each(availableBackends())('webhook delivery as durable jobs (%s)', (kind) => {
  // This app only enqueues (JOBS_CONCURRENCY=0): two other workers on its database deliver, as two api
  // processes would; the first is "killed" mid-delivery (its send never returns while it holds the lease).
  let t: TestContext;
  const runners: JobRunner[] = [];
  beforeAll(async () => {
    t = await startTestApp(kind, { JOBS_CONCURRENCY: '0' }, { webhookDelivery: { leaseSeconds: 0.5 } });
  });
  afterAll(async () => {
    for (const runner of runners) await runner.stop(100);
    await t?.close();
  });

  const inject = async (body: string, headers: Record<string, string>) =>
    (await t.app.inject({ method: 'POST', url: '/v2/payments/webhook', payload: body, headers })).statusCode;
  function worker(send: WebhookSender) {
    const jobs = new JobRunner(t.app.db, 'unused', async () => async () => undefined, { concurrency: 1, pollMs: 20 });
    new WebhookDeliverer(t.app.db, jobs, { secret: SECRET, send, leaseSeconds: 0.5, backoffSeconds: () => 0.05 });
    runners.push(jobs);
    return jobs;
  }

  it('a delivery whose worker died mid-way is retried by another worker and takes effect once', async () => {
    const payer = await signIn(t);
    const farm = await farmWithFields(t, payer, 1);
    const item = await addToCart(t, payer, zoningPayload(farm.farmId, farm.fields));
    const answer = await checkoutOk(t, payer, [item.id]);
    await confirmInBrowser(t, answer.client_secret as string, '4242424242424242');
    const intentId = intentIdOf(answer.client_secret as string);

    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    const hung: string[] = [];
    const dying = worker(async (body, headers) => {
      hung.push(body);
      await released; // the process is gone; its socket never answers
      return inject(body, headers); // ...or it comes back late and delivers a duplicate
    });
    await dying.start();
    await waitFor(async () => hung.length === 1);
    const hungEvent = JSON.parse(hung[0] as string) as { id: string };

    const survivor = worker(inject);
    await survivor.start();
    const undelivered = () =>
      t.app.db
        .selectFrom('test_webhook_outbox')
        .select('id')
        .where('payload', 'like', `%${intentId}%`)
        .where('delivered_on', 'is', null)
        .execute();
    await waitFor(async () => (await undelivered()).length === 0);

    const paid = async () =>
      t.app.db.selectFrom('payments').select('status').where('id', '=', answer.payment_id).executeTakeFirstOrThrow();
    const orders = async () =>
      (
        await t.app.db
          .selectFrom('zoning_orders')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('payment_id', '=', answer.payment_id)
          .executeTakeFirstOrThrow()
      ).n;
    const hungJob = () =>
      t.app.db
        .selectFrom('jobs')
        .select(['state', 'attempts'])
        .where('dedupe_key', '=', hungEvent.id)
        .executeTakeFirstOrThrow();
    expect((await paid()).status).toBe('paid');
    expect(await orders()).toBe(1);
    expect(await hungJob()).toEqual({ state: 'done', attempts: 2 });
    expect(hung).toHaveLength(1);

    // The first worker's late delivery reaches the API too: it changes nothing, and the job stays done.
    release();
    await dying.stop(5000);
    expect(await orders()).toBe(1);
    expect((await paid()).status).toBe('paid');
    expect(await hungJob()).toEqual({ state: 'done', attempts: 2 });
  });
});
