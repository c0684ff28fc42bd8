import { expect, type Locator, type Page } from '@playwright/test';
import { api, farmWithField } from './api';

// Checkout through the UI: the cart modal, /payment's details and the test provider's card form.

/** From the nav's cart button through the cart modal to /payment, past the country dialog. */
export async function openCheckout(page: Page, farmName: string) {
  await page.goto('/farms');
  const cartButton = page.getByRole('button', { name: 'Cart, 1 item' });
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

/** An Australian address in the shared address fields: Street address, Suburb or town, State (a choice), Postcode. */
export async function fillAustralianAddress(scope: Page | Locator) {
  await scope.getByLabel('Street address').fill('1 Long Paddock Rd');
  await scope.getByLabel('Suburb or town').fill('Wagga Wagga');
  await scope.getByLabel('State', { exact: true }).selectOption('NSW');
  await scope.getByLabel('Postcode', { exact: true }).fill('2650');
}

export async function fillDetails(page: Page) {
  const contact = page.getByRole('region', { name: 'Contact Details' });
  await contact.getByLabel('Full name').fill('Owen Grower');
  await contact.getByLabel('Mobile number').fill('0412 345 678');
  const billing = page.getByRole('region', { name: 'Billing Details' });
  await billing.getByLabel('Full name').fill('Owen Grower');
  await billing.getByLabel('Country').selectOption('AU');
  await fillAustralianAddress(billing);
  await page.getByText('I have read and agree to the').click();
}

export async function fillCard(page: Page, number: string) {
  const card = page.getByRole('region', { name: 'Card Details' });
  await expect(card.getByText('TEST MODE')).toBeVisible();
  await card.getByLabel('Cardholder name').fill('Owen Grower');
  await fillCardNumber(page, number);
}

/** The card alone (number, expiry, CVC): what a returning buyer types. */
export async function fillCardNumber(page: Page, number: string) {
  const card = page.getByRole('region', { name: 'Card Details' });
  await card.getByLabel('Card number').fill(number);
  await card.getByLabel('Expiry').fill(`12${String((new Date().getFullYear() + 2) % 100)}`);
  await card.getByLabel('CVC/CVV').fill('123');
}

export const payButton = (page: Page) => page.getByRole('button', { name: /^Pay AU\$/ });

/** Puts one zoning item (a farm of one paddock) in the signed-in farmer's cart; returns the farm's name. */
export async function zoningInCart(page: Page, token: string, label: string): Promise<string> {
  const farmName = `${label} ${Date.now() % 100000}`;
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
