import {
  cartResponseSchema,
  paymentResponseSchema,
  zoningOrdersResponseSchema,
  type CartItem,
} from '@paddock/shared/contracts';
import {
  addToCart,
  answerAuthentication,
  authenticationUrl,
  checkout,
  checkoutOk,
  confirmInBrowser,
  farmWithFields,
  intentIdOf,
  waitFor,
  webhooksDelivered,
  zoningPayload,
  type FarmWithFields,
} from '../../test/commerce';
import { issuesOf, share, signIn, type TestUser } from '../../test/farms';
import { availableBackends, startTestApp, type TestContext } from '../../test/harness';
import pg from 'pg';
import { priceCheckout } from './service';

const HECTARE_COST = 250; // cents per hectare, GST included

describe.each(availableBackends())('cart and checkout (%s)', (kind) => {
  let t: TestContext;

  beforeAll(async () => {
    t = await startTestApp(kind, { ZONING_HECTARE_COST_CENTS: String(HECTARE_COST) });
  });
  afterAll(async () => t?.close());

  const fieldAreas = async (ids: string[]) => {
    const rows = await t.app.db.selectFrom('fields').select(['id', 'area']).where('id', 'in', ids).execute();
    return rows.reduce((sum, row) => sum + row.area, 0);
  };
  const expectedPrice = async (ids: string[]) =>
    Math.ceil(Math.round((await fieldAreas(ids)) * 100) / 100) * HECTARE_COST;

  const cart = async (user: TestUser) => {
    const response = await t.request({ method: 'GET', url: '/v2/cart/', token: user.token });
    expect(response.statusCode).toBe(200);
    return cartResponseSchema.parse(response.json());
  };

  const setCountry = (user: TestUser, country: string | null) =>
    t.app.db.updateTable('accounts').set({ country }).where('sub', '=', String(user.claims.sub)).execute();
  const allowInvoice = (user: TestUser) =>
    t.app.db
      .updateTable('accounts')
      .set({ payments: JSON.stringify(['invoice']) })
      .where('sub', '=', String(user.claims.sub))
      .execute();

  const paymentOf = async (user: TestUser, id: string) => {
    const response = await t.request({ method: 'GET', url: `/v2/payments/${id}`, token: user.token });
    expect(response.statusCode).toBe(200);
    return paymentResponseSchema.parse(response.json()).data;
  };

  const ordersOf = async (user: TestUser, query: string) => {
    const response = await t.request({ method: 'GET', url: `/v2/zoning/orders?${query}`, token: user.token });
    expect(response.statusCode).toBe(200);
    return zoningOrdersResponseSchema.parse(response.json()).data;
  };

  /** A signed-in farmer with a farm of two fields and one zoning item in the cart. */
  async function farmerWithItem(): Promise<{ user: TestUser; farm: FarmWithFields; item: CartItem }> {
    const user = await signIn(t);
    const farm = await farmWithFields(t, user);
    const item = await addToCart(t, user, zoningPayload(farm.farmId, farm.fields));
    return { user, farm, item };
  }

  describe('adding and pricing', () => {
    it('prices an item from the fields the server measured: ceil(ha) × hectare_cost, whatever the client says about areas', async () => {
      const { farm, item } = await farmerWithItem();
      const ids = farm.fields.map((field) => field.id);
      expect(item.price).toBe(await expectedPrice(ids));
      expect(item.price % HECTARE_COST).toBe(0);
      expect(item.item_type).toBe('zoning');
      expect(item.details).toMatchObject({
        farm_id: farm.farmId,
        farm_name: 'Cart Farm',
        num_zones: 2,
        fields: ids,
      });
      expect(item.details.area).toBeCloseTo(await fieldAreas(ids), 2);
    });

    it('GET v2/cart/ lists the items with a total in cents; the GST part is 1/11 for fields in Australia, whatever the profile says', async () => {
      const { user, farm, item } = await farmerWithItem();
      const second = await addToCart(t, user, zoningPayload(farm.farmId, farm.fields.slice(0, 1)));
      await setCountry(user, 'NZ');
      const fromNz = await cart(user);
      expect(fromNz.data.map((entry) => entry.id)).toEqual([item.id, second.id]);
      expect(fromNz.total).toBe(item.price + second.price);
      // Paddocks near Wagga Wagga: the supply is in Australia, so GST is in the price for an NZ profile too.
      expect(fromNz.gst).toBe(Math.round(fromNz.total / 11));
      expect(fromNz.currency).toBe('aud');
      await setCountry(user, 'AU');
      expect((await cart(user)).gst).toBe(fromNz.gst);

      // Paddocks in New Zealand: no Australian GST, even for an AU profile.
      const kiwi = await farmWithFields(t, user, 1, 'Canterbury Farm', { lon: 172.0, lat: -43.6 });
      const abroad = await addToCart(t, user, zoningPayload(kiwi.farmId, kiwi.fields));
      const mixed = await cart(user);
      expect(mixed.total).toBe(item.price + second.price + abroad.price);
      expect(mixed.gst).toBe(fromNz.gst);
      const answer = await checkoutOk(t, user, [abroad.id]);
      expect(answer).toMatchObject({ amount: abroad.price, gst: 0 });
      const taxed = await checkoutOk(t, user, [item.id]);
      expect(taxed).toMatchObject({ amount: item.price, gst: Math.round(item.price / 11) });
    });

    it('a viewer cannot add zones of the farm (403), a stranger gets 404', async () => {
      const { user: owner, farm } = await farmerWithItem();
      const viewer = await signIn(t);
      const stranger = await signIn(t);
      expect((await share(t, owner, [farm.farmId], [viewer.email], 'viewer')).statusCode).toBe(200);
      const payload = zoningPayload(farm.farmId, farm.fields);
      const asViewer = await t.request({
        method: 'POST',
        url: '/v2/cart/add?item_type=zoning',
        token: viewer.token,
        payload,
      });
      expect(asViewer.statusCode).toBe(403);
      const asStranger = await t.request({
        method: 'POST',
        url: '/v2/cart/add?item_type=zoning',
        token: stranger.token,
        payload,
      });
      expect(asStranger.statusCode).toBe(404);
      expect(asStranger.json()).toEqual({ detail: 'Farm not found' });
    });

    it('an editor can add zones of a shared farm to their own cart', async () => {
      const { user: owner, farm } = await farmerWithItem();
      const editor = await signIn(t);
      await share(t, owner, [farm.farmId], [editor.email], 'editor');
      const item = await addToCart(t, editor, zoningPayload(farm.farmId, farm.fields));
      expect((await cart(editor)).data.map((entry) => entry.id)).toEqual([item.id]);
    });

    it('refuses fields of another farm, zones of other fields, and an unknown item type (422)', async () => {
      const { user, farm } = await farmerWithItem();
      const other = await farmWithFields(t, user, 1, 'Other Farm');
      const mixed = zoningPayload(farm.farmId, [...farm.fields, ...other.fields]);
      const wrongField = issuesOf(
        await t.request({ method: 'POST', url: '/v2/cart/add?item_type=zoning', token: user.token, payload: mixed }),
      );
      expect(wrongField[0]).toMatchObject({
        loc: ['body', 'fields', 2],
        msg: `Field ${other.fields[0]?.id} is not on this farm`,
      });

      const stack = await t.request({
        method: 'POST',
        url: '/v2/cart/add?item_type=stack',
        token: user.token,
        payload: zoningPayload(farm.farmId, farm.fields),
      });
      expect(issuesOf(stack)[0]?.loc).toEqual(['query', 'item_type']);
    });

    it('refuses a field of 800 ha or more (Zone area exceeded)', async () => {
      const user = await signIn(t);
      const farm = await farmWithFields(t, user, 1, 'Big Farm');
      await t.app.db
        .updateTable('fields')
        .set({ area: 800 })
        .where('id', '=', farm.fields[0]?.id as string)
        .execute();
      const issues = issuesOf(
        await t.request({
          method: 'POST',
          url: '/v2/cart/add?item_type=zoning',
          token: user.token,
          payload: zoningPayload(farm.farmId, farm.fields),
        }),
      );
      expect(issues[0]?.msg).toMatch(/^Zone area exceeded/);
    });

    it('GET v2/zoning/price answers the hectare cost in cents', async () => {
      const user = await signIn(t);
      const response = await t.request({ method: 'GET', url: '/v2/zoning/price', token: user.token });
      expect(response.json()).toEqual({ hectare_cost: HECTARE_COST });
    });
  });

  describe('removing', () => {
    it('DELETE one answers the spec message; DELETE all empties the cart', async () => {
      const { user, farm, item } = await farmerWithItem();
      await addToCart(t, user, zoningPayload(farm.farmId, farm.fields));
      const one = await t.request({ method: 'DELETE', url: `/v2/cart/${item.id}`, token: user.token });
      expect(one.statusCode).toBe(200);
      expect(one.json()).toEqual({ detail: 'Item removed successfully!' });
      expect((await cart(user)).data).toHaveLength(1);
      const all = await t.request({ method: 'DELETE', url: '/v2/cart/', token: user.token });
      expect(all.json()).toEqual({ detail: 'Your cart items were removed successfully' });
      expect((await cart(user)).data).toEqual([]);
    });

    it("another user's cart item is 404 and stays", async () => {
      const { user, item } = await farmerWithItem();
      const other = await signIn(t);
      const response = await t.request({ method: 'DELETE', url: `/v2/cart/${item.id}`, token: other.token });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'Cart item not found' });
      await t.request({ method: 'DELETE', url: '/v2/cart/', token: other.token });
      expect((await cart(user)).data.map((entry) => entry.id)).toEqual([item.id]);
    });
  });

  describe('card checkout', () => {
    it('4242: intent for the cart total → confirmed in the browser → the webhook marks it paid → paid zoning orders, cart empty', async () => {
      const { user, farm, item } = await farmerWithItem();
      await setCountry(user, 'AU');
      const answer = await checkoutOk(t, user, [item.id]);
      expect(answer.amount).toBe(item.price);
      expect(answer.gst).toBe(Math.round(item.price / 11));
      expect(answer.client_secret).toMatch(/^pi_.+_secret_/);
      expect(answer.invoice_number).toBeNull();

      const confirmed = await confirmInBrowser(t, answer.client_secret as string, '4242 4242 4242 4242');
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.json()).toMatchObject({ status: 'succeeded', amount: item.price });
      await webhooksDelivered(t);

      expect(await paymentOf(user, answer.payment_id)).toMatchObject({
        status: 'paid',
        intent_status: 'succeeded',
        method: 'card',
      });
      const orders = await ordersOf(user, `payment_id=${answer.payment_id}&status=paid`);
      expect(orders).toHaveLength(1);
      expect(orders[0]).toMatchObject({
        farm_id: farm.farmId,
        farm_name: 'Cart Farm',
        status: 'paid',
        num_zones: 2,
        fields: farm.fields.map((field) => field.id),
        price: item.price,
      });
      expect(orders[0]?.download_key).toEqual(expect.any(String));
      expect(JSON.parse(orders[0]?.zones as string)).toMatchObject({ type: 'FeatureCollection' });
      expect((await cart(user)).data).toEqual([]);
      expect(await ordersOf(user, `farm_id=${farm.farmId}&status=paid`)).toHaveLength(1);
    });

    it('the same items checked out again once paid (a second tab): the same payment, which cannot be charged twice', async () => {
      const { user, item } = await farmerWithItem();
      const first = await checkoutOk(t, user, [item.id]);
      expect((await confirmInBrowser(t, first.client_secret as string, '4242424242424242')).statusCode).toBe(200);
      await webhooksDelivered(t);
      expect((await cart(user)).data).toEqual([]);

      const again = await checkoutOk(t, user, [item.id]);
      expect(again).toEqual(first);
      const twice = await confirmInBrowser(t, again.client_secret as string, '4242424242424242');
      expect(twice.statusCode).toBe(400);
      expect(twice.json()).toMatchObject({ error: { code: 'payment_intent_unexpected_state' } });
      await webhooksDelivered(t);
      expect(await paymentOf(user, first.payment_id)).toMatchObject({ status: 'paid', amount: item.price });
      expect(await ordersOf(user, 'status=paid')).toHaveLength(1);

      // Another account asking for those item ids learns nothing of that payment.
      const stranger = await signIn(t);
      expect((await checkout(t, stranger, [item.id])).statusCode).toBe(404);
    });

    it('0002: the decline message, the payment stays open, the cart is kept and the same intent can be paid', async () => {
      const { user, item } = await farmerWithItem();
      const answer = await checkoutOk(t, user, [item.id]);
      const declined = await confirmInBrowser(t, answer.client_secret as string, '4000000000000002');
      expect(declined.statusCode).toBe(402);
      expect(declined.json()).toMatchObject({
        error: {
          type: 'card_error',
          code: 'card_declined',
          decline_code: 'generic_decline',
          message: 'Your card was declined.',
        },
      });
      await webhooksDelivered(t);
      expect(await paymentOf(user, answer.payment_id)).toMatchObject({
        status: 'open',
        intent_status: 'requires_payment_method',
        last_error: 'Your card was declined.',
      });
      expect((await cart(user)).data.map((entry) => entry.id)).toEqual([item.id]);

      const again = await checkoutOk(t, user, [item.id]);
      expect(again.payment_id).toBe(answer.payment_id);
      expect(again.client_secret).toBe(answer.client_secret);
      expect((await confirmInBrowser(t, again.client_secret as string, '4242424242424242')).statusCode).toBe(200);
      await webhooksDelivered(t);
      expect((await paymentOf(user, answer.payment_id)).status).toBe('paid');
    });

    it('3155: requires_action → the test authentication page → complete → back to the product → paid', async () => {
      const { user, item } = await farmerWithItem();
      const answer = await checkoutOk(t, user, [item.id]);
      const returnUrl = 'http://localhost:3000/payment';
      const pending = await confirmInBrowser(t, answer.client_secret as string, '4000002500003155', returnUrl);
      expect(pending.json()).toMatchObject({ status: 'requires_action', next_action: { type: 'redirect_to_url' } });
      const url = authenticationUrl(pending);
      expect(url.pathname).toBe(`/test-provider/authenticate/${intentIdOf(answer.client_secret as string)}`);

      const page = await t.request({ method: 'GET', url: `${url.pathname}${url.search}` });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('TEST MODE');
      expect(page.body).toContain('Complete authentication');
      expect(page.body).toContain('Fail authentication');
      expect((await paymentOf(user, answer.payment_id)).status).toBe('open');

      const done = await answerAuthentication(t, answer.client_secret as string, 'complete', returnUrl);
      expect(done.statusCode).toBe(303);
      const back = new URL(done.headers.location as string);
      expect(`${back.origin}${back.pathname}`).toBe(returnUrl);
      expect(back.searchParams.get('redirect_status')).toBe('succeeded');
      expect(back.searchParams.get('payment_intent')).toBe(intentIdOf(answer.client_secret as string));
      await webhooksDelivered(t);
      expect((await paymentOf(user, answer.payment_id)).status).toBe('paid');
    });

    it('3155 failed authentication returns with redirect_status=failed and the payment stays open', async () => {
      const { user, item } = await farmerWithItem();
      const answer = await checkoutOk(t, user, [item.id]);
      const pending = await confirmInBrowser(
        t,
        answer.client_secret as string,
        '4000002500003155',
        'http://localhost:3000/payment',
      );
      expect(pending.json()).toMatchObject({ status: 'requires_action' });
      const failed = await answerAuthentication(
        t,
        answer.client_secret as string,
        'fail',
        'http://localhost:3000/payment',
      );
      expect(new URL(failed.headers.location as string).searchParams.get('redirect_status')).toBe('failed');
      await webhooksDelivered(t);
      expect(await paymentOf(user, answer.payment_id)).toMatchObject({
        status: 'open',
        last_error:
          'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
      });
    });

    it('the authentication page never sends the payer to another site', async () => {
      const { user, item } = await farmerWithItem();
      const answer = await checkoutOk(t, user, [item.id]);
      await confirmInBrowser(t, answer.client_secret as string, '4000002500003155');
      const response = await answerAuthentication(
        t,
        answer.client_secret as string,
        'complete',
        'https://evil.example/steal',
      );
      expect(response.statusCode).toBe(200);
      expect(response.headers.location).toBeUndefined();
    });

    it('the browser cannot confirm with a wrong client secret, and a server key is needed to create intents', async () => {
      const { user, item } = await farmerWithItem();
      const answer = await checkoutOk(t, user, [item.id]);
      const wrong = await confirmInBrowser(
        t,
        `${intentIdOf(answer.client_secret as string)}_secret_wrong`,
        '4242424242424242',
      );
      expect(wrong.statusCode).toBe(404);
      const create = await t.request({
        method: 'POST',
        url: '/test-provider/v1/payment_intents',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'key=pk_test_paddock_embedded&amount=100&currency=aud',
      });
      expect(create.statusCode).toBe(401);
    });

    it('a cart item that changed after checkout gives up the open payment', async () => {
      const { user, farm, item } = await farmerWithItem();
      const second = await addToCart(t, user, zoningPayload(farm.farmId, farm.fields));
      const answer = await checkoutOk(t, user, [item.id, second.id]);
      expect(answer.amount).toBe(item.price + second.price);
      await t.request({ method: 'DELETE', url: `/v2/cart/${second.id}`, token: user.token });
      expect((await paymentOf(user, answer.payment_id)).status).toBe('canceled');
      const retry = await checkoutOk(t, user, [item.id]);
      expect(retry.payment_id).not.toBe(answer.payment_id);
      expect(retry.amount).toBe(item.price);
    });

    it("someone else's cart item cannot be checked out, and their payment and orders are 404", async () => {
      const { user, item } = await farmerWithItem();
      const other = await signIn(t);
      expect((await checkout(t, other, [item.id])).statusCode).toBe(404);
      const answer = await checkoutOk(t, user, [item.id]);
      await confirmInBrowser(t, answer.client_secret as string, '4242424242424242');
      await webhooksDelivered(t);
      const payment = await t.request({ method: 'GET', url: `/v2/payments/${answer.payment_id}`, token: other.token });
      expect(payment.statusCode).toBe(404);
      expect(payment.json()).toEqual({ detail: 'Payment not found' });
      const [order] = await ordersOf(user, `payment_id=${answer.payment_id}`);
      const asOther = await t.request({ method: 'GET', url: `/v2/zoning/order/${order?.id}`, token: other.token });
      expect(asOther.statusCode).toBe(404);
      expect(await ordersOf(other, `payment_id=${answer.payment_id}`)).toEqual([]);
      const own = await t.request({ method: 'GET', url: `/v2/zoning/order/${order?.id}`, token: user.token });
      expect(own.statusCode).toBe(200);
    });

    it('an empty cart_ids list is a 422', async () => {
      const user = await signIn(t);
      const response = await t.request({ method: 'POST', url: '/v2/cart/checkout?invoice=false', token: user.token });
      expect(issuesOf(response)[0]?.loc).toEqual(['query', 'cart_ids']);
    });
  });

  describe('invoice checkout', () => {
    it('is refused unless the account may pay by invoice', async () => {
      const { user, item } = await farmerWithItem();
      const response = await checkout(t, user, [item.id], true);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        detail: 'Paying by invoice is not available for your account. Please contact us.',
      });
      expect((await cart(user)).data).toHaveLength(1);
    });

    it('an invoice account gets its zones at once (delivered, invoice open); an operator still marks the invoice paid', async () => {
      const { user, item } = await farmerWithItem();
      await allowInvoice(user);
      const answer = await checkoutOk(t, user, [item.id], true);
      expect(answer.client_secret).toBeNull();
      expect(answer.invoice_number).toMatch(/^INV-\d+$/);
      expect(answer.amount).toBe(item.price);
      expect((await cart(user)).data).toEqual([]);
      expect(await paymentOf(user, answer.payment_id)).toMatchObject({ status: 'open', method: 'invoice' });
      // What the payment-success page asks for: the delivered orders of this payment, with a download key.
      const delivered = await ordersOf(user, `payment_id=${answer.payment_id}&status=paid`);
      expect(delivered).toHaveLength(1);
      expect(delivered[0]?.download_key).toEqual(expect.any(String));
      const download = await t.request({
        method: 'GET',
        url: `/v2/zoning/download/${delivered[0]?.download_key}`,
        token: user.token,
      });
      expect(download.statusCode).toBe(200);

      const notAdmin = await t.request({
        method: 'POST',
        url: `/v2/admin/payments/${answer.invoice_number}/mark_paid`,
        token: user.token,
      });
      expect(notAdmin.statusCode).toBe(403);

      const admin = await t.token({ sub: 'paddock-admin-cli', client_id: 'paddock-admin-cli', scope: 'paddock:admin' });
      const marked = await t.request({
        method: 'POST',
        url: `/v2/admin/payments/${answer.invoice_number}/mark_paid`,
        token: admin,
      });
      expect(marked.statusCode).toBe(200);
      expect(paymentResponseSchema.parse(marked.json()).data).toMatchObject({
        status: 'paid',
        invoice_number: answer.invoice_number,
      });
      const paid = await ordersOf(user, `payment_id=${answer.payment_id}&status=paid`);
      expect(paid).toHaveLength(1);
      expect(paid[0]?.download_key).toBe(delivered[0]?.download_key);

      const unknown = await t.request({ method: 'POST', url: '/v2/admin/payments/INV-999999/mark_paid', token: admin });
      expect(unknown.statusCode).toBe(404);
    });
  });

  if (kind === 'postgres') {
    /** A second connection to the test app's database and schema, beside the app's own pool. */
    const otherConnection = async (): Promise<pg.Client> => {
      const { database } = t.config;
      if (database.kind !== 'postgres') throw new Error('a PostgreSQL test app was expected');
      const client = new pg.Client({
        connectionString: database.url,
        ...(database.schema ? { options: `-c search_path=${database.schema}` } : {}),
      });
      await client.connect();
      return client;
    };

    it("a checkout of part of the cart locks the whole cart: giving up another set's payment never waits on a checkout of that set", async () => {
      const user = await signIn(t);
      const farm = await farmWithFields(t, user, 2);
      const a = await addToCart(t, user, zoningPayload(farm.farmId, farm.fields.slice(0, 1)));
      const b = await addToCart(t, user, zoningPayload(farm.farmId, farm.fields.slice(1, 2)));
      const neighbour = await signIn(t);
      const neighbourFarm = await farmWithFields(t, neighbour, 1);
      const theirs = await addToCart(t, neighbour, zoningPayload(neighbourFarm.farmId, neighbourFarm.fields));
      const account = await t.app.db
        .selectFrom('accounts')
        .selectAll()
        .where('sub', '=', String(user.claims.sub))
        .executeTakeFirstOrThrow();
      // Another connection, as a concurrent checkout of [a, b] or a removal would use.
      const other = await otherConnection();
      try {
        await t.app.db.transaction().execute(async (trx) => {
          await priceCheckout(trx, account, [a.id], HECTARE_COST);
          // b was not asked for, yet it is this checkout's until it ends (it may give up b's payment).
          await expect(
            other.query('select id from cart_items where id = $1 for update nowait', [b.id]),
          ).rejects.toMatchObject({ code: '55P03' });
          // Another account's cart is not held up by it.
          await expect(
            other.query('select id from cart_items where id = $1 for update nowait', [theirs.id]),
          ).resolves.toMatchObject({ rowCount: 1 });
        });
        // Once it has ended, the other connection takes b at once.
        await expect(
          other.query('select id from cart_items where id = $1 for update nowait', [b.id]),
        ).resolves.toMatchObject({ rowCount: 1 });
      } finally {
        await other.end();
      }
    });

    it("the payment's webhook locks its cart items before the payment, as a checkout does: the two never deadlock", async () => {
      const { user, item } = await farmerWithItem();
      const answer = await checkoutOk(t, user, [item.id]);
      // Another connection, holding the cart as a second checkout of it would.
      const other = await otherConnection();
      try {
        await other.query('begin');
        await other.query('select id from cart_items where id = $1 for update', [item.id]);
        const confirmed = confirmInBrowser(t, answer.client_secret as string, '4242 4242 4242 4242');
        // The success webhook arrives and waits for the cart.
        await waitFor(async () => {
          const { rows } = await other.query<{ waiting: number }>(
            `select count(*)::int as waiting from pg_stat_activity
             where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
          );
          return (rows[0]?.waiting ?? 0) > 0;
        });
        // Meanwhile it has not taken the payment: a checkout holding the cart could still take it.
        await expect(
          other.query('select id from payments where id = $1 for update nowait', [answer.payment_id]),
        ).resolves.toMatchObject({ rowCount: 1 });
        await other.query('rollback');
        expect((await confirmed).statusCode).toBe(200);
        await webhooksDelivered(t);
        expect(await paymentOf(user, answer.payment_id)).toMatchObject({ status: 'paid' });
        expect(await ordersOf(user, `payment_id=${answer.payment_id}&status=paid`)).toHaveLength(1);
      } finally {
        await other.end();
      }
    });
  }
});
