import { catalogResponseSchema, subscriptionPriceSchema, subscribeResponseSchema } from '@paddock/shared/contracts';
import { latToMercatorY, lonToMercatorX, MERCATOR_HALF_WORLD } from '../../imagery/geo';
import { confirmInBrowser, farmWithFields, webhooksDelivered } from '../../test/commerce';
import { signIn } from '../../test/farms';
import { availableBackends, startTestApp, type TestContext } from '../../test/harness';

jest.setTimeout(180_000);

function tileAt(lon: number, lat: number, z: number): string {
  const size = (2 * MERCATOR_HALF_WORLD) / 2 ** z;
  return `${z}/${Math.floor((lonToMercatorX(lon) + MERCATOR_HALF_WORLD) / size)}/${Math.floor((MERCATOR_HALF_WORLD - latToMercatorY(lat)) / size)}`;
}

describe.each(availableBackends())('NDVI tiles right after subscribing (%s)', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t?.close());

  it('answer 200 (or 403 for Basic multi-field) before, during and after the tier change, never 5xx', async () => {
    const user = await signIn(t);
    await t.app.db.updateTable('accounts').set({ country: 'AU' }).where('sub', '=', String(user.claims.sub)).execute();
    const farm = await farmWithFields(t, user, 2);
    const field = farm.fields[0]!;
    const catalog = await t.request({
      method: 'GET',
      url: `/v2/catalog?field_ids=${field.id}&layer=standard`,
      token: user.token,
    });
    expect(catalog.statusCode).toBe(200);
    const entry = catalogResponseSchema.parse(catalog.json()).features[0]?.properties.dates[0];
    const date = entry && 'date' in entry ? entry.date : '';
    const [lon, lat] = (field.geometry.coordinates[0] as number[][])[0] as [number, number];
    const tile = (ids: string[]) =>
      t.request({
        method: 'GET',
        url: `/v2/tiles/standard_NDVI/${date}/${tileAt(lon + 0.001, lat + 0.001, 16)}.png?${ids.map((id) => `field_ids=${id}`).join('&')}`,
        token: user.token,
      });
    const statuses: string[] = [];
    const record = async (ids: string[]) => {
      const response = await tile(ids);
      statuses.push(`${ids.length}:${response.statusCode}${response.statusCode >= 500 ? response.body : ''}`);
    };
    await record([field.id]);
    const price = subscriptionPriceSchema.parse(
      (await t.request({ method: 'GET', url: '/v2/subscriptions/price', token: user.token })).json(),
    );
    const sub = subscribeResponseSchema.parse(
      (
        await t.request({
          method: 'POST',
          url: '/v2/subscriptions',
          token: user.token,
          payload: { stripe_product_id: price.stripe_product_id },
        })
      ).json(),
    );
    await record([field.id]);
    // Basic: the multi-field tile is refused, and that answer's access lookup is cached for a few seconds.
    await Promise.all([record([field.id]), record(farm.fields.map((f) => f.id))]);
    expect(statuses.slice(-2).sort()).toEqual(['1:200', '2:403']);
    // Tiles keep coming while the card is confirmed and the webhook makes the account Advanced.
    const all = farm.fields.map((f) => f.id);
    const burst = () => Promise.all([record([field.id]), record(all), record([farm.fields[1]!.id])]);
    const confirmed = confirmInBrowser(t, sub.stripe_payment_intent_client_secret, '4242424242424242');
    await Promise.all([burst(), burst()]);
    expect((await confirmed).statusCode).toBe(200);
    await Promise.all([webhooksDelivered(t), burst()]);
    // Right after the tier change: every tile answers 200 at once (no stale access answer, no 5xx).
    const after = statuses.length;
    await Promise.all([burst(), burst()]);
    expect(statuses.slice(after)).toEqual(['1:200', '2:200', '1:200', '1:200', '2:200', '1:200']);
    expect(statuses.filter((s) => s.includes(':5'))).toEqual([]);
  });
});
