import { expect, type Page } from '@playwright/test';
import { api, bearerOf, farmWithField } from './api';
import { fillCard, fillDetails, openCheckout, payButton } from './checkout';
import { signUpAndOnboard } from './onboard';

/**
 * A new farmer with a paid order of their paddock: zones computed by the api (2 by default), added to
 * the cart with rates (and, when given, a product and unit), paid with the test card 4242. Returns the
 * farm, the order and the zones answer the order was made from.
 */
export async function farmerWithPaidOrder(
  page: Page,
  email: string,
  order: { zones?: number; rates?: Record<string, number>; product?: string; unit?: string } = {},
) {
  const numZones = order.zones ?? 2;
  await signUpAndOnboard(page, email);
  const token = await bearerOf(page);
  const headers = { authorization: `Bearer ${token}` };
  const farmName = `Order Farm ${Date.now() % 100000}`;
  const farmId = await farmWithField(page, token, farmName);
  const fields = (await (await page.request.get(`${api}/farms/${farmId}/fields`, { headers })).json()) as {
    features: { id: string }[];
  };
  const fieldId = fields.features[0]?.id as string;
  const today = new Date().toISOString().slice(0, 10);
  const catalog = (await (
    await page.request.get(
      `${api}/catalog?field_ids=${fieldId}&layer_filter=standard&latest_date_utc=${today}&search_days=60`,
      { headers },
    )
  ).json()) as { features: { properties: { dates: { date: string; items: { cloud_percent: number }[] }[] } }[] };
  const dates = catalog.features[0]?.properties.dates ?? [];
  const clearest = [...dates].sort(
    (a, b) => (a.items[0]?.cloud_percent ?? 100) - (b.items[0]?.cloud_percent ?? 100),
  )[0];
  expect(clearest).toBeDefined();
  const date = clearest?.date as string;
  const zonesAnswer = await page.request.get(
    `${api}/zoning/zones?field_ids=${fieldId}&latest_capture_date=${date}&zones=${numZones}&resolution=2&algorithm=standard_NDVI`,
    { headers },
  );
  expect(zonesAnswer.status()).toBe(200);
  const zones = (await zonesAnswer.json()) as {
    zoned_image: { type: string; features: unknown[] };
    made_from?: { description: string; captures: { date: string; percent: number }[] };
  };
  const added = await page.request.post(`${api}/cart/add?item_type=zoning`, {
    headers,
    data: {
      algorithm: 'standard_NDVI',
      catalog_entry: date,
      num_zones: numZones,
      zone_resolution: 2,
      farm_id: farmId,
      fields: [fieldId],
      zones: {
        ...zones.zoned_image,
        rates: order.rates ?? { '1': 80, '2': 120 },
        ...(order.product ? { product: order.product } : {}),
        ...(order.unit ? { unit: order.unit } : {}),
        ...(zones.made_from ? { made_from: zones.made_from } : {}),
      },
    },
  });
  expect(added.status()).toBe(201);

  await openCheckout(page, farmName);
  await fillDetails(page);
  await fillCard(page, '4242 4242 4242 4242');
  await payButton(page).click();
  await expect(page.getByRole('heading', { name: 'Payment Received!' })).toBeVisible({ timeout: 30_000 });
  let orderId = '';
  await expect
    .poll(async () => {
      const orders = await page.request.get(`${api}/zoning/orders?farm_id=${farmId}&status=paid`, { headers });
      const list = ((await orders.json()) as { data: { id: string }[] }).data;
      orderId = list[0]?.id ?? '';
      return orderId;
    })
    .not.toBe('');
  return { farmId, farmName, orderId, fieldCount: zones.zoned_image.features.length, zones };
}
