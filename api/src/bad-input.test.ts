import {
  earliestOrderEnd,
  earliestOrderStart,
  lastDayAhead,
  quoteResponseSchema,
  TOO_FAR_AHEAD_MESSAGE,
  type OrderCreatePayload,
} from '@paddock/shared/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { orderToday } from './plugins/orders/api';
import { farmWithFields } from './test/commerce';
import { signIn, type TestUser } from './test/farms';
import { availableBackends, startTestApp, type TestContext } from './test/harness';

/**
 * Issue 24, 'Bad input on money routes': impossible calendar dates, dates too far ahead and absurdly
 * nested JSON answer 4xx `{detail}` in plain words, never a 500.
 */

jest.setTimeout(120_000);

const IMPOSSIBLE = ['2026-13-01', '2027-00-10', '2026-02-30', '2026-01-32'];
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The messages of a 422 (fails on another status: a 500 is what this file guards against). */
function messages(response: LightMyRequestResponse): string[] {
  expect({ status: response.statusCode, body: response.body }).toEqual({ status: 422, body: expect.any(String) });
  const { detail } = response.json<{ detail: { msg: string }[] }>();
  return detail.map((entry) => entry.msg);
}

describe.each(availableBackends())('bad input on money routes (%s)', (kind) => {
  let t: TestContext;
  let user: TestUser;
  let fieldIds: string[];

  beforeAll(async () => {
    t = await startTestApp(kind);
    user = await signIn(t);
    await t.app.db.updateTable('accounts').set({ country: 'AU' }).where('sub', '=', String(user.claims.sub)).execute();
    fieldIds = (await farmWithFields(t, user, 1, 'Dates Farm')).fields.map((field) => field.id);
  });
  afterAll(async () => t?.close());

  const orderPayload = async (start: string, end: string): Promise<OrderCreatePayload> => {
    const quoted = await t.request({
      method: 'POST',
      url: '/v2/orders/quote',
      token: user.token,
      payload: { data: { product_id: 'high-res-80cm', field_ids: fieldIds, number_of_captures: 3 } },
    });
    expect(quoted.statusCode).toBe(200);
    const priced = quoteResponseSchema.parse(quoted.json()).data;
    return {
      product_id: 'high-res-80cm',
      start_capture_date: start,
      end_capture_date: end,
      field_ids: fieldIds,
      number_of_captures: 3,
      payment_method: 'invoice',
      total_product_unit: priced.total_product_unit,
      order_subtotal: priced.order_pricing.subtotal,
      gst: priced.gst,
      order_total: priced.order_total,
      first_name: 'Jo',
      last_name: 'Farmer',
      email: 'jo@example.com',
      street: '1 Paddock Road',
      suburb: 'Wagga Wagga',
      state: 'NSW',
      post_code: '2650',
      country: 'AU',
    };
  };
  const placeOrder = (data: OrderCreatePayload) =>
    t.request({ method: 'POST', url: '/v2/orders', token: user.token, payload: { data } });
  const reserve = (start_date: string, end_date: string) =>
    t.request({
      method: 'POST',
      url: '/v2/sensors/em/reserve',
      token: user.token,
      payload: { machine_id: 'EM-01', start_date, end_date },
    });

  it('an impossible date on an order, a reservation or a date query is a 422 that says so', async () => {
    const start = earliestOrderStart(orderToday());
    const end = earliestOrderEnd(start, 3);
    for (const bad of IMPOSSIBLE) {
      const expected = expect.stringMatching(
        new RegExp(`^${bad} is not a date: (there is no month|that month has no day)`),
      );
      expect(messages(await placeOrder(await orderPayload(bad, end)))).toContainEqual(expected);
      expect(messages(await placeOrder(await orderPayload(start, bad)))).toContainEqual(expected);
      expect(messages(await reserve(bad, '2027-05-10'))).toContainEqual(expected);
      expect(messages(await reserve('2027-05-01', bad))).toContainEqual(expected);
      const catalog = await t.request({
        method: 'GET',
        url: `/v2/catalog?field_ids=${fieldIds[0]}&layer_filter=standard&latest_date_utc=${bad}`,
        token: user.token,
      });
      expect(messages(catalog)).toContainEqual(expected);
      const catalogTime = await t.request({
        method: 'GET',
        url: `/v2/catalog?field_ids=${fieldIds[0]}&layer_filter=standard&latest_date_utc=${bad}T10:00:00Z`,
        token: user.token,
      });
      expect(messages(catalogTime)).toContainEqual(expected);
      const zones = await t.request({
        method: 'GET',
        url: `/v2/zoning/zones?field_ids=${fieldIds[0]}&latest_capture_date=${bad}&zones=3&resolution=2&algorithm=standard_NDVI`,
        token: user.token,
      });
      expect(messages(zones)).toContainEqual(expected);
    }
  });

  it('an order or a reservation more than two years ahead is refused', async () => {
    const today = orderToday();
    const far = addDays(lastDayAhead(today), 2);
    expect(messages(await placeOrder(await orderPayload(far, earliestOrderEnd(far, 3))))).toContain(
      TOO_FAR_AHEAD_MESSAGE,
    );
    expect(messages(await reserve(far, addDays(far, 4)))).toContain(TOO_FAR_AHEAD_MESSAGE);
    // Within two years is taken as before.
    const near = addDays(today, 400);
    const reserved = await reserve(near, addDays(near, 3));
    expect(reserved.statusCode).toBe(200);
  });

  it('JSON nested 20,000 levels deep (or 300,000 in a large body) is a 422, not a 500', async () => {
    const message = 'The request is nested too deeply: at most 100 levels of arrays and objects are accepted';
    for (const depth of [20_000, 300_000]) {
      const payload = `{"data": ${'['.repeat(depth)}${']'.repeat(depth)}}`;
      for (const [method, url] of [
        ['POST', '/v2/orders'],
        ['POST', '/v2/sensors/em/reserve'],
        ['POST', '/v2/cart/add?item_type=zoning'],
        ['PATCH', '/v2/accounts/profile'],
      ] as const) {
        const response = await t.request({
          method,
          url,
          token: user.token,
          headers: { 'content-type': 'application/json' },
          payload,
        });
        expect({ url, depth, status: response.statusCode, body: response.json() }).toEqual({
          url,
          depth,
          status: 422,
          body: { detail: [{ loc: ['body'], msg: message, type: expect.any(String) }] },
        });
      }
    }
  });
});
