import { expect, test, type Page } from '@playwright/test';
import { fillAustralianAddress } from './support/checkout';
import { readFile } from 'node:fs/promises';
import { uniqueEmail } from './support/auth';
import { adminToken, api, bearerOf } from './support/api';
import { signUpAndOnboard } from './support/onboard';
import { isoDay, wizardToPaymentInformation } from './support/imagery-order';

// Spec 3 §2.7–2.10: high-resolution imagery orders through the wizard, paid by card or by invoice,
// their review with the tax document, /pay with a declined card, and a done order on the map.

const square = (x: number, y: number) => ({
  type: 'Polygon',
  coordinates: [
    [
      [x, y],
      [x + 0.012, y],
      [x + 0.012, y + 0.009],
      [x, y + 0.009],
      [x, y],
    ],
  ],
});

/** A farm of two paddocks near Wagga Wagga (about 100 ha each), made through the API. */
async function farmWithTwoFields(page: Page, token: string, farmName: string) {
  const headers = { authorization: `Bearer ${token}` };
  const farm = await page.request.post(`${api}/farms`, { headers, data: { data: { farm_name: farmName } } });
  expect(farm.status()).toBe(201);
  const farmId = (await farm.json()).id as string;
  const created = await page.request.post(`${api}/farms/${farmId}/fields`, {
    headers,
    data: {
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          geometry: square(147.36, -35.12),
          properties: { field_name: 'Home Paddock', field_crop_type: 'Wheat' },
        },
        {
          type: 'Feature',
          geometry: square(147.38, -35.12),
          properties: { field_name: 'Creek Paddock', field_crop_type: null },
        },
      ],
      bbox: [147.36, -35.12, 147.392, -35.111],
    },
  });
  expect(created.status()).toBe(201);
  const fields = (await (await page.request.get(`${api}/farms/${farmId}/fields`, { headers })).json()) as {
    features: { id: string }[];
  };
  return { farmId, fieldIds: fields.features.map((field) => field.id) };
}

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

/** Through the wizard to its payment step, where name and address are typed (a first purchase). */
async function orderThroughWizard(page: Page, farmName: string) {
  await wizardToPaymentInformation(page, farmName, ['Home Paddock', 'Creek Paddock']);
  await page.getByLabel('First name').fill('Owen');
  await page.getByLabel('Last name').fill('Grower');
  await page.getByLabel('Country').selectOption('AU');
  await fillAustralianAddress(page);
}

async function fillCard(page: Page, number: string) {
  const card = page.getByRole('region', { name: 'Card Details' });
  await expect(card.getByText('TEST MODE')).toBeVisible();
  await card.getByLabel('Cardholder name').fill('Owen Grower');
  await card.getByLabel('Card number').fill(number);
  await card.getByLabel('Expiry').fill(`12${String((new Date().getFullYear() + 2) % 100)}`);
  await card.getByLabel('CVC/CVV').fill('123');
  await page.getByText('I have read and agree to the terms and conditions.').click();
}

/** Opens the order's tax document from the review and downloads its PDF; returns the PDF's bytes. */
async function downloadDocument(page: Page, button: 'View Receipt' | 'View Invoice', title: string) {
  await page.getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog', { name: title });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('link', { name: 'Download PDF' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const bytes = await readFile((await download.path()) ?? '');
  await page.keyboard.press('Escape');
  return bytes;
}

test('80 cm imagery for two fields by card → review success → receipt PDF; done → high-res dates on the map', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const email = uniqueEmail('orders-card');
  await signUpAndOnboard(page, email);
  const token = await bearerOf(page);
  const farmName = `Order Farm ${Date.now() % 100000}`;
  const { farmId, fieldIds } = await farmWithTwoFields(page, token, farmName);

  await orderThroughWizard(page, farmName);
  await expect(page.getByRole('radio', { name: 'Invoice' })).toBeDisabled();
  await page.getByText('I have read and agree to the terms and conditions.').click();
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();

  await expect(page).toHaveURL(/\/pay\/[\w-]+$/);
  const orderId = /\/pay\/([\w-]+)$/.exec(page.url())?.[1] ?? '';
  await expect(page.getByText('Total (including GST)')).toBeVisible();
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: /^Pay AU\$/ }).click();

  await expect(page).toHaveURL(new RegExp(`/order-review/${orderId}/success$`), { timeout: 30_000 });
  await expect(page.getByText('Your order has been placed successfully. You will be contacted shortly.')).toBeVisible();
  await expect(page.getByRole('article', { name: farmName }).getByText('Home Paddock')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Outline of Creek Paddock' })).toBeVisible();
  await expect(page.getByText('Debit or Credit Card')).toBeVisible();
  // The provider's webhook marks it paid: then the document is the Tax Receipt.
  await expect(page.getByRole('button', { name: 'View Receipt' })).toBeVisible({ timeout: 30_000 });
  const receipt = await downloadDocument(page, 'View Receipt', 'Tax Receipt');
  expect(receipt.subarray(0, 5).toString()).toBe('%PDF-');

  // The orders list: New, no payment awaited.
  await page.goto('/order');
  const row = page.getByRole('row').filter({ hasText: orderId.slice(0, 8) });
  await expect(row.getByText('New')).toBeVisible();
  await expect(row.getByRole('link', { name: 'Awaiting Payment' })).toHaveCount(0);

  // At phone width the orders are cards and the review fits, without sideways scrolling.
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(row.getByText('New')).toBeVisible();
  await noSidewaysScroll(page);
  await page.screenshot({ path: '../test-results/orders-list-375.png', fullPage: true });
  await page.goto(`/order-review/${orderId}`);
  await expect(page.getByRole('button', { name: 'View Receipt' })).toBeVisible();
  await noSidewaysScroll(page);
  await page.screenshot({ path: '../test-results/review-375.png', fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.reload();
  await expect(page.getByRole('button', { name: 'View Receipt' })).toBeVisible();
  await page.screenshot({ path: '../test-results/review-1440.png', fullPage: true });

  // The operator captures the imagery: the order is done and the fields have high-res dates.
  const admin = { authorization: `Bearer ${await adminToken(page)}` };
  const captured = [isoDay(-3), isoDay(-1)];
  for (const status of ['processing', 'done'] as const) {
    const moved = await page.request.post(`${api}/admin/orders/${orderId}/status`, {
      headers: admin,
      data: status === 'done' ? { status, capture_dates: captured } : { status },
    });
    expect(moved.status()).toBe(200);
  }
  await page.goto('/order');
  await page.getByRole('tab', { name: 'Completed' }).click();
  await expect(
    page
      .getByRole('row')
      .filter({ hasText: orderId.slice(0, 8) })
      .getByText('Completed'),
  ).toBeVisible();

  await page.goto(`/farms/${farmId}`);
  const tutorial = page.getByRole('region', { name: 'Your fields' });
  await tutorial.getByRole('button', { name: 'Skip tutorial' }).click();
  const settings = page.getByRole('region', { name: 'Map settings' });
  await settings.getByRole('button', { name: /Layer:$/ }).click();
  await page.getByRole('option', { name: 'High Resolution' }).click();
  // The high-res dates are the field's own: select the ordered field.
  await page
    .getByRole('checkbox', { name: /Home Paddock/ })
    .first()
    .check();
  const dates = page.getByRole('list', { name: 'Imagery dates' });
  const day = (iso: string) =>
    new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-AU', { day: 'numeric', month: 'short', timeZone: 'UTC' });
  for (const iso of captured)
    await expect(dates.getByRole('button', { name: new RegExp(`^${day(iso)}`) })).toBeVisible({ timeout: 30_000 });
  expect(fieldIds).toHaveLength(2);
});

test('an invoice account submits an order → review → Tax Invoice', async ({ page }) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('orders-invoice');
  await signUpAndOnboard(page, email);
  const allowed = await page.request.patch(`${api}/admin/accounts/${encodeURIComponent(email)}`, {
    headers: { authorization: `Bearer ${await adminToken(page)}` },
    data: { payments: ['invoice'] },
  });
  expect(allowed.status()).toBe(200);
  const token = await bearerOf(page);
  const farmName = `Invoice Farm ${Date.now() % 100000}`;
  await farmWithTwoFields(page, token, farmName);

  await orderThroughWizard(page, farmName);
  await page.getByRole('radio', { name: 'Invoice' }).check();
  await page.getByText('I have read and agree to the terms and conditions.').click();
  await page.getByRole('button', { name: 'Submit Order' }).click();
  await expect(page).toHaveURL(/\/order-review\/[\w-]+\/success$/);
  await expect(page.getByText('Order placed successfully')).toBeVisible();
  await expect(page.getByText('Your order has been placed successfully. You will be contacted shortly.')).toBeVisible();
  await expect(page.getByText('Pending')).toBeVisible();
  const invoice = await downloadDocument(page, 'View Invoice', 'Tax Invoice');
  expect(invoice.subarray(0, 5).toString()).toBe('%PDF-');
});

test('a declined card on /pay shows the message; the unpaid order awaits payment', async ({ page }) => {
  test.setTimeout(180_000);
  await signUpAndOnboard(page, uniqueEmail('orders-declined'));
  const token = await bearerOf(page);
  const headers = { authorization: `Bearer ${token}` };
  const { fieldIds } = await farmWithTwoFields(page, token, `Declined Farm ${Date.now() % 100000}`);
  const products = (await (await page.request.get(`${api}/products`, { headers })).json()) as {
    data: { id: string; title: string }[];
  };
  const product = products.data.find((candidate) => candidate.title === '80 cm Resolution Imagery');
  const quoted = await page.request.post(`${api}/orders/quote`, {
    headers,
    data: { data: { product_id: product?.id, field_ids: fieldIds, number_of_captures: 3 } },
  });
  const quote = (await quoted.json()).data as {
    order_pricing: { subtotal: number };
    gst: number;
    order_total: number;
    total_product_unit: number;
  };
  const created = await page.request.post(`${api}/orders`, {
    headers,
    data: {
      data: {
        product_id: product?.id,
        start_capture_date: isoDay(7),
        end_capture_date: isoDay(200),
        field_ids: fieldIds,
        number_of_captures: 3,
        payment_method: 'stripe',
        total_product_unit: quote.total_product_unit,
        order_subtotal: quote.order_pricing.subtotal,
        gst: quote.gst,
        order_total: quote.order_total,
        first_name: 'Owen',
        last_name: 'Grower',
        street: '1 Long Paddock Rd',
        suburb: 'Wagga Wagga',
        state: 'NSW',
        post_code: '2650',
        country: 'AU',
      },
    },
  });
  expect(created.status()).toBe(201);
  const orderId = (await created.json()).data.id as string;

  await page.goto('/order');
  const row = page.getByRole('row').filter({ hasText: orderId.slice(0, 8) });
  await row.getByRole('link', { name: 'Awaiting Payment' }).click();
  await expect(page).toHaveURL(new RegExp(`/pay/${orderId}$`));
  await fillCard(page, '4000 0000 0000 0002');
  await page.getByRole('button', { name: /^Pay AU\$/ }).click();
  await expect(
    page.getByRole('alert').filter({
      hasText: 'Your card has been declined. Please check your card information and try it again.',
    }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: /^Pay AU\$/ })).toBeEnabled();
  await page.setViewportSize({ width: 375, height: 800 });
  await noSidewaysScroll(page);
  await page.screenshot({ path: '../test-results/pay-declined-375.png', fullPage: true });
});

test('the orders page, the wizard and the review at 375 px and 1440 px', async ({ page }) => {
  test.setTimeout(180_000);
  await signUpAndOnboard(page, uniqueEmail('orders-widths'));
  const token = await bearerOf(page);
  const farmName = `Width Farm ${Date.now() % 100000}`;
  await farmWithTwoFields(page, token, farmName);
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/order');
    await expect(page.getByRole('tab', { name: 'All Orders' })).toBeVisible();
    await noSidewaysScroll(page);
    await page.screenshot({ path: `../test-results/orders-${width}.png`, fullPage: true });
    await page.goto('/order/high-resolution-imagery');
    await page.getByRole('button', { name: 'Select Farm' }).click();
    await page
      .getByRole('dialog', { name: 'Select a Farm' })
      .getByRole('button', { name: `Select ${farmName}` })
      .click();
    await page.getByRole('checkbox', { name: /Home Paddock/ }).check();
    await noSidewaysScroll(page);
    await page.screenshot({ path: `../test-results/wizard-${width}.png`, fullPage: true });
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('radio', { name: /80 cm Resolution Imagery/ }).check();
    await noSidewaysScroll(page);
    await page.screenshot({ path: `../test-results/wizard-products-${width}.png`, fullPage: true });
  }
});
