import {
  ALREADY_SUBSCRIBED_MESSAGE,
  NO_SUBSCRIPTION_MESSAGE,
  subscriptionChangeResponseSchema,
  profileResponseSchema,
  subscriptionPortalResponseSchema,
  taxDocumentsResponseSchema,
  UNKNOWN_PLAN_MESSAGE,
  type Profile,
} from '@paddock/shared/contracts';
import { formatDate } from '@paddock/shared/format';
import { sql } from 'kysely';
import {
  confirmInBrowser,
  moveSubscriptionClockTo,
  paidSubscription,
  resetSubscriptionClock,
  startSubscription,
  subscribe as subscribeTo,
  subscriptionPrice,
  webhooksDelivered,
} from '../../test/commerce';
import { issuesOf, signIn, type TestUser } from '../../test/farms';
import { availableBackends, startTestApp, type TestContext } from '../../test/harness';
import { TAX_DOCUMENT_JOB } from '../documents/service';
import { pdfStrings } from '../../pdf/read-back';
import { oneYearAfter, RENEW_JOB } from './service';

const DAY = 86_400_000;

describe('oneYearAfter', () => {
  it('is the same day and time a year on, and 28 Feb after a leap day', () => {
    expect(oneYearAfter(new Date('2026-11-22T10:00:00Z')).toISOString()).toBe('2027-11-22T10:00:00.000Z');
    expect(oneYearAfter(new Date('2028-02-29T00:00:00Z')).toISOString()).toBe('2029-02-28T00:00:00.000Z');
  });
});

describe.each(availableBackends())('Advanced subscription (%s)', (kind) => {
  let t: TestContext;

  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    resetSubscriptionClock();
    await t?.close();
  });
  afterEach(() => {
    resetSubscriptionClock();
  });

  const get = (user: TestUser, url: string) => t.request({ method: 'GET', url, token: user.token });
  const profile = async (user: TestUser): Promise<Profile> => {
    const response = await get(user, '/v2/accounts/profile');
    expect(response.statusCode).toBe(200);
    return profileResponseSchema.parse(response.json()).data;
  };
  const price = (user: TestUser) => subscriptionPrice(t, user);
  const subscribe = (user: TestUser, productId: string) => subscribeTo(t, user, productId);
  const subscribeOk = (user: TestUser) => startSubscription(t, user);
  /** Subscribes and pays with `card` in the browser; the provider's webhook is delivered. */
  const subscribed = async (user: TestUser, card = '4242424242424242') => {
    await paidSubscription(t, user, card);
    return profile(user);
  };
  /** Puts `number` on file as the customer's saved card (as the billing portal would). */
  const setSavedCard = async (accountId: string, number: string) => {
    const customer = await t.app.db
      .selectFrom('payment_customers')
      .select('customer_ref')
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow();
    await t.app.db
      .updateTable('test_customers')
      .set({ card: JSON.stringify({ number, exp_month: 12, exp_year: 2040, cvc: '123' }) })
      .where('id', '=', customer.customer_ref)
      .execute();
  };
  const settings = (values: Record<string, unknown>) =>
    t.app.db.updateTable('subscription_settings').set(values).execute();
  const moveClockTo = (to: Date) => moveSubscriptionClockTo(t, to);
  const portalPage = async (user: TestUser) => {
    const response = await get(user, '/v2/subscriptions/portal');
    expect(response.statusCode).toBe(200);
    const url = new URL(subscriptionPortalResponseSchema.parse(response.json()).portal_url);
    return url.pathname;
  };
  const portalAction = (path: string, payload: Record<string, string>) =>
    t.request({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(payload).toString(),
    });

  describe('price', () => {
    afterEach(() =>
      settings({
        discount_amount: 20,
        discount_denomination: 'percent',
        discount_expires: new Date(Date.now() + 90 * DAY),
      }),
    );

    it('answers the settings: the base price, the discounted price while the offer runs, GST and the product', async () => {
      const user = await signIn(t);
      const answer = await price(user);
      expect(answer).toMatchObject({
        basePrice: 49900,
        actualPrice: 39920,
        discount: { amount: 20, denomination: 'percent' },
        isValidDiscount: true,
        tax_rate: 10,
        currency: 'aud',
        stripe_product_id: 'prod_paddock_advanced_yearly',
      });
      expect(answer.discount?.expires).toBeGreaterThan(Date.now() / 1000);
    });

    it('a discount whose expiry has passed is not valid and is not taken off', async () => {
      const user = await signIn(t);
      const expired = new Date(Date.now() - 1000);
      await settings({ discount_expires: expired });
      const answer = await price(user);
      expect(answer).toMatchObject({ basePrice: 49900, actualPrice: 49900, isValidDiscount: false });
      expect(answer.discount?.expires).toBe(Math.floor(expired.getTime() / 1000));
    });

    it('an aud_cents discount takes cents off, never below zero; no discount at all is null', async () => {
      const user = await signIn(t);
      await settings({ discount_amount: 5000, discount_denomination: 'aud_cents' });
      expect(await price(user)).toMatchObject({ actualPrice: 44900, isValidDiscount: true });
      await settings({ discount_amount: 100000 });
      expect((await price(user)).actualPrice).toBe(0);
      await settings({ discount_amount: null, discount_denomination: null, discount_expires: null });
      expect(await price(user)).toMatchObject({ actualPrice: 49900, discount: null, isValidDiscount: false });
    });

    it('needs a signed-in user', async () => {
      expect((await t.request({ method: 'GET', url: '/v2/subscriptions/price' })).statusCode).toBe(401);
    });
  });

  describe('subscribing', () => {
    it('a verified payment makes the account Advanced for one year, with the Advanced features on', async () => {
      const user = await signIn(t);
      const before = await profile(user);
      expect(before.tier.key).toBe('basic');
      expect(before.feature_flags.every((flag) => !flag.enabled)).toBe(true);

      const started = await subscribeOk(user);
      // No country on the account: no GST; the introductory 20 % is taken off.
      expect(started).toMatchObject({ subtotal: 39920, gst: 0, amount: 39920, currency: 'aud' });
      // Until the provider says the money moved, nothing changes.
      expect((await profile(user)).tier.key).toBe('basic');
      expect((await profile(user)).subscriptions).toEqual([]);

      await confirmInBrowser(t, started.stripe_payment_intent_client_secret, '4242424242424242');
      await webhooksDelivered(t);
      const after = await profile(user);
      expect(after.tier).toEqual({ key: 'premium', name: 'Advanced' });
      expect(after.feature_flags.every((flag) => flag.enabled)).toBe(true);
      expect(after.subscriptions).toHaveLength(1);
      const [subscription] = after.subscriptions;
      expect(subscription?.status).toBe('active');
      expect(subscription?.cancelled_at).toBeNull();
      const expires = new Date(subscription?.expires_at as string);
      expect(expires.getTime()).toBeGreaterThan(Date.now() + 364 * DAY);
      expect(expires.getTime()).toBeLessThan(Date.now() + 367 * DAY);
    });

    it('adds GST for an Australian account', async () => {
      const user = await signIn(t);
      await t.request({
        method: 'PATCH',
        url: '/v2/accounts/profile',
        token: user.token,
        payload: { data: { country: 'AU' } },
      });
      expect(await subscribeOk(user)).toMatchObject({ subtotal: 39920, gst: 3992, amount: 43912 });
    });

    it('asking again before paying answers the same payment', async () => {
      const user = await signIn(t);
      const first = await subscribeOk(user);
      const again = await subscribeOk(user);
      expect(again.payment_id).toBe(first.payment_id);
      expect(again.stripe_payment_intent_client_secret).toBe(first.stripe_payment_intent_client_secret);
    });

    it('an Advanced account cannot subscribe twice (409 with a clear message)', async () => {
      const user = await signIn(t);
      await subscribed(user);
      const response = await subscribe(user, 'prod_paddock_advanced_yearly');
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ detail: ALREADY_SUBSCRIBED_MESSAGE });
    });

    it('refuses an unknown plan and an empty body with 422', async () => {
      const user = await signIn(t);
      const unknown = await subscribe(user, 'prod_gold');
      expect(unknown.statusCode).toBe(422);
      expect(issuesOf(unknown)).toEqual([
        expect.objectContaining({ loc: ['body', 'stripe_product_id'], msg: UNKNOWN_PLAN_MESSAGE }),
      ]);
      const empty = await t.request({ method: 'POST', url: '/v2/subscriptions', token: user.token, payload: {} });
      expect(empty.statusCode).toBe(422);
    });

    it('a payment replaced because the price changed is cancelled at the provider: only the new one can be paid, once', async () => {
      const user = await signIn(t);
      const first = await subscribeOk(user);
      await settings({ base_price_cents: 59900 });
      try {
        const second = await subscribeOk(user);
        expect(second.payment_id).not.toBe(first.payment_id);
        expect(second.amount).toBe(47920);
        const stale = await confirmInBrowser(t, first.stripe_payment_intent_client_secret, '4242424242424242');
        expect(stale.statusCode).toBe(400);
        expect(stale.json()).toMatchObject({ error: { code: 'payment_intent_unexpected_state' } });
        await confirmInBrowser(t, second.stripe_payment_intent_client_secret, '4242424242424242');
        await webhooksDelivered(t);
        const after = await profile(user);
        expect(after.tier.key).toBe('premium');
        expect(after.subscriptions).toHaveLength(1);
        expect((await subscribe(user, 'prod_paddock_advanced_yearly')).statusCode).toBe(409);
      } finally {
        await settings({ base_price_cents: 49900 });
      }
    });

    it('a declined card leaves the account on Basic', async () => {
      const user = await signIn(t);
      const { stripe_payment_intent_client_secret: secret } = await subscribeOk(user);
      expect((await confirmInBrowser(t, secret, '4000000000000002')).statusCode).toBe(402);
      await webhooksDelivered(t);
      expect((await profile(user)).tier.key).toBe('basic');
    });
  });

  describe('the billing portal', () => {
    it('shows the plan; cancel at period end sets cancelled_at, resume clears it; the card can be updated', async () => {
      const user = await signIn(t);
      await subscribed(user);
      const path = await portalPage(user);
      expect(path).toMatch(/^\/test-provider\/portal\/bps_/);

      const page = await t.request({ method: 'GET', url: path });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-security-policy']).toContain("form-action 'self'");
      expect(page.body).toContain('Advanced (yearly)');
      expect(page.body).toContain('Renews on');
      expect(page.body).toContain('ending in 4242');
      expect(page.body).toContain('href="http://localhost:3000/settings#subscription-status"');

      const cancelled = await portalAction(path, { action: 'cancel' });
      expect(cancelled.body).toContain('Your plan has been cancelled.');
      expect(cancelled.body).toContain('Your plan will be cancelled on');
      const afterCancel = await profile(user);
      expect(afterCancel.subscriptions[0]?.cancelled_at).not.toBeNull();
      expect(afterCancel.tier.key).toBe('premium');

      const resumed = await portalAction(path, { action: 'resume' });
      expect(resumed.body).toContain('Your plan has been renewed.');
      expect((await profile(user)).subscriptions[0]?.cancelled_at).toBeNull();

      const card = await portalAction(path, {
        action: 'card',
        number: '5555 5555 5555 4444',
        expiry: '12/39',
        cvc: '123',
      });
      expect(card.body).toContain('Your card has been updated.');
      expect(card.body).toContain('ending in 4444');
      const declined = await portalAction(path, {
        action: 'card',
        number: '4000000000000002',
        expiry: '12/39',
        cvc: '123',
      });
      expect(declined.statusCode).toBe(422);
      expect(declined.body).toContain('Your card was declined.');
    });

    it('names the introductory first year and the renewal price, and lists the plan’s tax documents to download', async () => {
      const user = await signIn(t);
      const paid = await subscribed(user);
      await t.app.jobs.idle([TAX_DOCUMENT_JOB]);
      const path = await portalPage(user);
      const page = await t.request({ method: 'GET', url: path });
      expect(page.statusCode).toBe(200);
      const renewsOn = formatDate((paid.subscriptions[0]?.expires_at as string) ?? null);
      expect(page.body).toContain(
        `20% off your first year ($399.20 + GST), then $499.00 per year + GST from ${renewsOn}`,
      );
      expect(page.body).toContain('Invoices and receipts');
      const [document] = taxDocumentsResponseSchema.parse((await get(user, '/v2/documents')).json()).data;
      expect(document).toMatchObject({ purpose: 'subscription', kind: 'tax_receipt', pending: false });
      const link = `${path.split('/').pop()}/documents/${document?.id}`;
      expect(page.body).toContain(`href="${link}"`);
      expect(page.body).toContain(`Tax Receipt ${document?.invoice_number}`);

      const pdf = await t.request({ method: 'GET', url: `${path}/documents/${document?.id}` });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.headers['content-disposition']).toBe(`attachment; filename="${document?.file_name}"`);
      expect(pdfStrings(pdf.rawPayload)).toEqual(
        expect.arrayContaining(['Tax Receipt', 'ABN 51 824 753 556', `Tax invoice no. ${document?.invoice_number}`]),
      );

      // Another customer's portal cannot fetch it, nor an unknown or expired session.
      const other = await signIn(t);
      await subscribed(other);
      const otherPath = await portalPage(other);
      expect((await t.request({ method: 'GET', url: `${otherPath}/documents/${document?.id}` })).statusCode).toBe(404);
      expect(
        (await t.request({ method: 'GET', url: `/test-provider/portal/bps_unknown/documents/${document?.id}` }))
          .statusCode,
      ).toBe(404);
    });

    it('says the plain yearly price when the first year had no offer', async () => {
      await settings({ discount_amount: null, discount_denomination: null, discount_expires: null });
      try {
        const user = await signIn(t);
        await subscribed(user);
        const page = await t.request({ method: 'GET', url: await portalPage(user) });
        expect(page.body).toContain('$499.00 per year + GST');
        expect(page.body).not.toContain('first year');
      } finally {
        await settings({
          discount_amount: 20,
          discount_denomination: 'percent',
          discount_expires: new Date(Date.now() + 90 * DAY),
        });
      }
    });

    it('PATCH v2/subscriptions cancels at period end and resumes too (for providers whose portal cannot)', async () => {
      const user = await signIn(t);
      const patch = (cancel_at_period_end: unknown) =>
        t.request({ method: 'PATCH', url: '/v2/subscriptions', token: user.token, payload: { cancel_at_period_end } });
      const none = await patch(true);
      expect(none.statusCode).toBe(404);
      expect(none.json()).toEqual({ detail: NO_SUBSCRIPTION_MESSAGE });

      await subscribed(user);
      const cancelled = await patch(true);
      expect(cancelled.statusCode).toBe(200);
      const first = subscriptionChangeResponseSchema.parse(cancelled.json()).data.cancelled_at;
      expect(first).not.toBeNull();
      // Cancelling again keeps the first time.
      expect(subscriptionChangeResponseSchema.parse((await patch(true)).json()).data.cancelled_at).toBe(first);
      expect((await profile(user)).tier.key).toBe('premium');
      const resumed = await patch(false);
      expect(subscriptionChangeResponseSchema.parse(resumed.json()).data).toMatchObject({
        cancelled_at: null,
        status: 'active',
      });
      expect((await patch('yes')).statusCode).toBe(422);
    });

    it('a user without a subscription still gets a portal to save a card; an expired link is refused', async () => {
      const user = await signIn(t);
      const path = await portalPage(user);
      const page = await t.request({ method: 'GET', url: path });
      expect(page.body).toContain('You have no plan yet.');
      expect((await t.request({ method: 'GET', url: '/test-provider/portal/bps_unknown' })).statusCode).toBe(404);
    });

    it('returns only to the product’s own pages', async () => {
      const user = await signIn(t);
      const evil = await get(
        user,
        `/v2/subscriptions/portal?return_url=${encodeURIComponent('https://evil.example/')}`,
      );
      expect(evil.statusCode).toBe(422);
      const own = await get(
        user,
        `/v2/subscriptions/portal?return_url=${encodeURIComponent('http://localhost:3001/dashboard')}`,
      );
      expect(own.statusCode).toBe(200);
      const page = await t.request({
        method: 'GET',
        url: new URL(own.json<{ portal_url: string }>().portal_url).pathname,
      });
      expect(page.body).toContain('href="http://localhost:3001/dashboard"');
    });
  });

  describe('renewal and expiry (moved clock)', () => {
    const expiresOf = async (user: TestUser) => new Date((await profile(user)).subscriptions[0]?.expires_at as string);

    it('a cancelled subscription returns the account to Basic at expires_at, not before', async () => {
      const user = await signIn(t);
      await subscribed(user);
      await portalAction(await portalPage(user), { action: 'cancel' });
      const expires = await expiresOf(user);

      await moveClockTo(new Date(expires.getTime() - DAY));
      expect((await profile(user)).tier.key).toBe('premium');

      await moveClockTo(new Date(expires.getTime() + 1000));
      const after = await profile(user);
      expect(after.tier.key).toBe('basic');
      expect(after.feature_flags.every((flag) => !flag.enabled)).toBe(true);
      expect(after.subscriptions[0]).toMatchObject({ status: 'expired' });
      expect(after.subscriptions[0]?.cancelled_at).not.toBeNull();
      // Basic again: subscribing is possible again.
      expect((await subscribe(user, 'prod_paddock_advanced_yearly')).statusCode).toBe(200);
    });

    it('a renewed subscription is charged on the saved card before expires_at and stays Advanced a year longer', async () => {
      const user = await signIn(t);
      await subscribed(user);
      const expires = await expiresOf(user);

      await moveClockTo(new Date(expires.getTime() - 2 * DAY));
      const renewed = await expiresOf(user);
      expect(renewed.toISOString()).toBe(oneYearAfter(expires).toISOString());

      await moveClockTo(new Date(expires.getTime() + 1000));
      const after = await profile(user);
      expect(after.tier.key).toBe('premium');
      expect(after.subscriptions[0]).toMatchObject({ status: 'active', expires_at: renewed.toISOString() });
      // The renewal is charged at the full price (the introductory offer is for the first year).
      const payments = await t.app.db
        .selectFrom('payments')
        .select(['purpose', 'status', 'amount_cents'])
        .where('account_id', '=', after.account.id)
        .orderBy('created_on')
        .execute();
      expect(payments).toEqual([
        { purpose: 'subscription', status: 'paid', amount_cents: 39920 },
        { purpose: 'subscription_renewal', status: 'paid', amount_cents: 49900 },
      ]);
    });

    it('a refused renewal is retried daily: once the card on file is good again, the plan renews before expires_at', async () => {
      const user = await signIn(t);
      const paid = await subscribed(user);
      const setCard = (number: string) => setSavedCard(paid.account.id, number);
      await setCard('4000000000000002');
      const expires = await expiresOf(user);

      await moveClockTo(new Date(expires.getTime() - 3 * DAY + 1000));
      expect((await expiresOf(user)).toISOString()).toBe(expires.toISOString());
      // The customer puts a good card on file (as the billing portal does); the next daily retry charges it.
      await setCard('4242424242424242');
      await moveClockTo(new Date(expires.getTime() - 2 * DAY + 2000));
      expect((await expiresOf(user)).toISOString()).toBe(oneYearAfter(expires).toISOString());

      await moveClockTo(new Date(expires.getTime() + 1000));
      expect((await profile(user)).tier.key).toBe('premium');
      const renewals = await t.app.db
        .selectFrom('payments')
        .select('status')
        .where('account_id', '=', paid.account.id)
        .where('purpose', '=', 'subscription_renewal')
        .execute();
      expect(renewals.filter((payment) => payment.status === 'paid')).toHaveLength(1);
    });

    it('a renewal refused on every retry stops retrying at expires_at', async () => {
      const user = await signIn(t);
      const paid = await subscribed(user);
      await setSavedCard(paid.account.id, '4000000000000002');
      const expires = await expiresOf(user);
      for (const daysBefore of [3, 2, 1]) await moveClockTo(new Date(expires.getTime() - daysBefore * DAY + 1000));
      await moveClockTo(new Date(expires.getTime() + 1000));
      expect((await profile(user)).tier.key).toBe('basic');
      const pending = await t.app.db
        .selectFrom('jobs')
        .select('id')
        .where('kind', '=', RENEW_JOB)
        .where('state', '=', 'pending')
        .where(sql<string>`payload->>'subscription_id'`, '=', paid.subscriptions[0]?.id as string)
        .execute();
      expect(pending).toHaveLength(0);
    });

    it('an unpaid renewal (the saved card is declined) returns the account to Basic at expires_at', async () => {
      const user = await signIn(t);
      const paid = await subscribed(user);
      // The bank now declines the card on file.
      await setSavedCard(paid.account.id, '4000000000000002');
      const expires = await expiresOf(user);

      await moveClockTo(new Date(expires.getTime() - 2 * DAY));
      expect((await expiresOf(user)).toISOString()).toBe(expires.toISOString());
      expect((await profile(user)).tier.key).toBe('premium');

      await moveClockTo(new Date(expires.getTime() + 1000));
      expect((await profile(user)).tier.key).toBe('basic');
    });
  });
});
