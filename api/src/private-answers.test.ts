import { subscriptionPortalResponseSchema } from '@paddock/shared/contracts';
import { CUSTOMER_DELETE_JOB } from './plugins/payments/api';
import { addToCart, farmWithFields, zoningPayload } from './test/commerce';
import { signIn } from './test/farms';
import { availableBackends, startTestApp, type TestContext } from './test/harness';

/**
 * Issue 24: an authenticated answer is never kept by a cache (`Cache-Control: private, no-store`),
 * map tiles keep their deliberate private caching with an ETag, and a deleted account's billing-portal
 * links stop working.
 */

jest.setTimeout(120_000);

describe.each(availableBackends())('private answers (%s)', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t?.close());

  it('every authenticated answer, errors included, says no-store unless its route chose its own caching', async () => {
    const user = await signIn(t);
    const farm = await farmWithFields(t, user, 1, 'Cache Farm');
    const item = await addToCart(t, user, zoningPayload(farm.farmId, farm.fields));
    const answers = {
      profile: await t.request({ method: 'GET', url: '/v2/accounts/profile', token: user.token }),
      farms: await t.request({ method: 'GET', url: '/v2/farms', token: user.token }),
      cart: await t.request({ method: 'GET', url: '/v2/cart/', token: user.token }),
      removed: await t.request({ method: 'DELETE', url: `/v2/cart/${item.id}`, token: user.token }),
      payments: await t.request({ method: 'GET', url: '/v2/subscriptions/price', token: user.token }),
      notFound: await t.request({ method: 'GET', url: '/v2/zoning/order/not-an-order', token: user.token }),
      invalid: await t.request({
        method: 'POST',
        url: '/v2/cart/add?item_type=zoning',
        token: user.token,
        payload: {},
      }),
      unauthenticated: await t.request({ method: 'GET', url: '/v2/accounts/profile' }),
    };
    const statuses = Object.fromEntries(Object.entries(answers).map(([name, answer]) => [name, answer.statusCode]));
    expect(statuses).toEqual({
      profile: 200,
      farms: 200,
      cart: 200,
      removed: 200,
      payments: 200,
      notFound: 404,
      invalid: 422,
      unauthenticated: 401,
    });
    for (const [name, answer] of Object.entries(answers)) {
      expect({ name, cacheControl: answer.headers['cache-control'] }).toEqual({
        name,
        cacheControl: 'private, no-store',
      });
    }
    // The health check is not an account's data: it is left alone.
    expect((await t.request({ method: 'GET', url: '/health' })).headers['cache-control']).toBeUndefined();
  });

  it('map tiles keep their private max-age and ETag, and a 304 says the same (imagery fetched by the hundred while panning)', async () => {
    const user = await signIn(t);
    const farm = await farmWithFields(t, user, 1, 'Tile Farm');
    // The embedded base map around the farm (Wagga Wagga, zoom 14).
    const url = `/v2/basemap/tiles/14/15091/9893.png?farm_id=${farm.farmId}`;
    const tile = await t.request({ method: 'GET', url, token: user.token });
    expect(tile.statusCode).toBe(200);
    expect(tile.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    const etag = String(tile.headers.etag);
    const again = await t.request({ method: 'GET', url, token: user.token, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.headers['cache-control']).toBe(tile.headers['cache-control']);
  });

  it("a deleted account's billing-portal links stop working", async () => {
    const user = await signIn(t);
    const portal = await t.request({ method: 'GET', url: '/v2/subscriptions/portal', token: user.token });
    expect(portal.statusCode).toBe(200);
    const path = new URL(subscriptionPortalResponseSchema.parse(portal.json()).portal_url).pathname;
    const before = await t.request({ method: 'GET', url: path });
    expect(before.statusCode).toBe(200);
    expect(before.body).toContain('Update card');
    const { customer } = await t.app.db
      .selectFrom('test_portal_sessions')
      .select('customer')
      .where('id', '=', path.split('/').pop() as string)
      .executeTakeFirstOrThrow();

    const deleted = await t.request({ method: 'DELETE', url: '/v2/accounts/profile', token: user.token });
    expect(deleted.statusCode).toBe(204);
    const after = await t.request({ method: 'GET', url: path });
    expect(after.statusCode).toBe(404);
    expect(after.body).toContain('This billing link has expired.');
    const card = await t.request({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        action: 'card',
        number: '4242424242424242',
        expiry: '12/30',
        cvc: '123',
      }).toString(),
    });
    expect(card.statusCode).toBe(404);

    // And the customer itself (with any saved card) is deleted at the provider after the commit.
    await t.app.jobs.idle([CUSTOMER_DELETE_JOB]);
    expect(await t.app.db.selectFrom('test_customers').select('id').where('id', '=', customer).execute()).toEqual([]);
  });
});
