import { expect, test, type Page } from '@playwright/test';
import { uniqueEmail } from './support/auth';
import { adminToken, api, bearerOf, farmWithField } from './support/api';
import { signUpAndOnboard } from './support/onboard';

/** A new farmer with one zoning item (a farm of one paddock) in the cart; returns the farm's name. */
async function farmerWithCartItem(page: Page, email: string): Promise<string> {
  await signUpAndOnboard(page, email);
  const token = await bearerOf(page);
  const farmName = `Pay Farm ${Date.now() % 100000}`;
  const farmId = await farmWithField(page, token, farmName);
  const headers = { authorization: `Bearer ${token}` };
  const fields = (await (await page.request.get(`${api}/farms/${farmId}/fields`, { headers })).json()) as {
    features: { id: string; geometry: unknown }[];
  };
  const added = await page.request.post(`${api}/cart/add?item_type=zoning`, {
    headers,
    data: {
      algorithm: 'standard_NDVI',
      catalog_entry: '2026-11-04',
      num_zones: 2,
      zone_resolution: 2,
      farm_id: farmId,
      fields: fields.features.map((field) => field.id),
      zones: {
        type: 'FeatureCollection',
        features: fields.features.map((field) => ({
          type: 'Feature',
          geometry: field.geometry,
          properties: { zone: 1, field_id: field.id },
        })),
      },
    },
  });
  expect(added.status()).toBe(201);
  return farmName;
}

/** From the nav's cart button through the cart modal to /payment, past the country dialog. */
async function openCheckout(page: Page, farmName: string) {
  await page.goto('/farms');
  const cartButton = page.getByRole('button', { name: 'Cart, 1 items' });
  await expect(cartButton).toBeVisible();
  await cartButton.click();
  const cart = page.getByRole('dialog', { name: 'Your cart' });
  await expect(cart.getByText('VRT Zoning')).toBeVisible();
  await expect(cart.getByText(farmName)).toBeVisible();
  await expect(cart.getByText('Total price including taxes')).toBeVisible();
  await cart.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/payment$/);
  await expect(page.getByRole('heading', { name: 'Final step, make the payment.' })).toBeVisible();
  const country = page.getByRole('dialog', { name: 'Country required' });
  if (await country.isVisible()) {
    await expect(country.getByRole('button', { name: 'Save as my country' })).toBeDisabled();
    await country.getByLabel('Country').selectOption('AU');
    await country.getByRole('button', { name: 'Save as my country' }).click();
    await expect(country).toBeHidden();
  }
}

async function fillDetails(page: Page) {
  const contact = page.getByRole('region', { name: 'Contact Details' });
  await contact.getByLabel('Full name').fill('Owen Grower');
  await contact.getByLabel('Mobile number').fill('0412 345 678');
  const billing = page.getByRole('region', { name: 'Billing Details' });
  await billing.getByLabel('Full name').fill('Owen Grower');
  await billing.getByLabel('Country').selectOption('AU');
  await billing.getByLabel('Street address').fill('1 Long Paddock Rd');
  await billing.getByLabel('State or province').fill('NSW');
  await billing.getByLabel('City').fill('Wagga Wagga');
  await billing.getByLabel('Zip code').fill('2650');
  await page.getByText('I have read and agree to the').click();
}

async function fillCard(page: Page, number: string) {
  const card = page.getByRole('region', { name: 'Card Details' });
  await expect(card.getByText('TEST MODE')).toBeVisible();
  await card.getByLabel('Cardholder name').fill('Owen Grower');
  await card.getByLabel('Card number').fill(number);
  await card.getByLabel('Expiry').fill(`12${String((new Date().getFullYear() + 2) % 100)}`);
  await card.getByLabel('CVC/CVV').fill('123');
}

const payButton = (page: Page) => page.getByRole('button', { name: /^Pay AU\$/ });

test.describe('checkout and payment', () => {
  test('4242 pays the cart and lands on /payment-success with the paid order', async ({ page }) => {
    const farmName = await farmerWithCartItem(page, uniqueEmail('pay-4242'));
    await openCheckout(page, farmName);
    await fillDetails(page);
    await fillCard(page, '4242 4242 4242 4242');
    await payButton(page).click();
    await expect(page).toHaveURL(/\/payment-success$/, { timeout: 20_000 });
    await expect(page.getByRole('heading', { name: 'Payment Received!' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText(farmName)).toBeVisible();
    await page.getByRole('button', { name: `Export ${farmName}` }).click();
    await expect(page.getByRole('menuitem', { name: 'Individual Fields (1 File)' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Entire Farm (1 File)' })).toBeVisible();
    await page.mouse.click(5, 5);
    await expect(page.getByRole('menu')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Cart, 0 items' })).toBeVisible();
  });

  test('0002 shows the decline message and the form can be used again', async ({ page }) => {
    const farmName = await farmerWithCartItem(page, uniqueEmail('pay-0002'));
    await openCheckout(page, farmName);
    await fillDetails(page);
    await fillCard(page, '4000 0000 0000 0002');
    await payButton(page).click();
    await expect(page.getByText('Your card was declined.')).toBeVisible();
    await expect(payButton(page)).toBeEnabled();
    await expect(page).toHaveURL(/\/payment$/);

    const card = page.getByRole('region', { name: 'Card Details' });
    await card.getByLabel('Card number').fill('4242 4242 4242 4242');
    await payButton(page).click();
    await expect(page.getByRole('heading', { name: 'Payment Received!' })).toBeVisible({ timeout: 20_000 });
  });

  test('3155 goes through the test authentication page and back to success', async ({ page }) => {
    const farmName = await farmerWithCartItem(page, uniqueEmail('pay-3155'));
    await openCheckout(page, farmName);
    await fillDetails(page);
    await fillCard(page, '4000 0025 0000 3155');
    await payButton(page).click();
    await expect(page.getByRole('heading', { name: 'Authenticate your payment' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('TEST MODE')).toBeVisible();
    await page.getByRole('button', { name: 'Complete authentication' }).click();
    await expect(page).toHaveURL(/\/payment-success$/, { timeout: 20_000 });
    await expect(page.getByRole('heading', { name: 'Payment Received!' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText(farmName)).toBeVisible();
  });

  test('an account allowed to pay by invoice places the order unpaid with an invoice', async ({ page }) => {
    const email = uniqueEmail('pay-invoice');
    const farmName = await farmerWithCartItem(page, email);
    const allowed = await page.request.patch(`${api}/admin/accounts/${encodeURIComponent(email)}`, {
      headers: { authorization: `Bearer ${await adminToken(page)}` },
      data: { payments: ['invoice'] },
    });
    expect(allowed.status()).toBe(200);
    await openCheckout(page, farmName);
    await fillDetails(page);
    await page.getByLabel('Invoice').check();
    await expect(page.getByRole('region', { name: 'Card Details' })).toBeHidden();
    await payButton(page).click();
    await expect(page).toHaveURL(/\/payment-success$/, { timeout: 20_000 });
    await expect(page.getByRole('heading', { name: 'Order placed!' })).toBeVisible();
    await expect(page.getByText(/Your invoice INV-\d+ is on its way/)).toBeVisible();
  });
});
