import { expect, test } from '@playwright/test';
import { uniqueEmail } from './support/auth';
import { bearerOf, farmWithField } from './support/api';
import { signUpAndOnboard } from './support/onboard';

test('a farmer zones a field into 3 zones, sets rates and finds the zones in the cart', async ({ page }) => {
  const farmName = `Zoned Farm ${Date.now() % 100000}`;
  await signUpAndOnboard(page, uniqueEmail('zoning'));
  const token = await bearerOf(page);
  const farmId = await farmWithField(page, token, farmName);

  await page.goto(`/farms/${farmId}`);
  const tutorial = page.getByRole('region', { name: 'Your fields' });
  await tutorial.getByRole('button', { name: 'Skip tutorial' }).click();
  await page.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menuitem', { name: 'Create Zones' }).click();

  const menu = page.getByRole('complementary', { name: 'Field menu' });
  await expect(menu.getByRole('heading', { level: 1 })).toHaveText('Zoning');
  await expect(menu.getByPlaceholder('Search for field name...')).toBeVisible();
  await menu.getByRole('checkbox', { name: 'Home Paddock' }).check();

  const panel = page.getByRole('region', { name: 'Zoning', exact: true });
  await expect(panel.getByRole('tab', { name: '1. Map Settings' })).toHaveAttribute('aria-selected', 'true');
  await expect(panel.getByRole('button', { name: 'Next' })).toBeDisabled();
  const date = panel.getByLabel('Date');
  await expect(date.locator('option')).not.toHaveCount(1, { timeout: 30_000 });
  await date.selectOption({ index: 1 });
  await panel.getByLabel('Number of zones').selectOption('3');
  const zones = page.waitForResponse((response) => response.url().includes('/v2/zoning/zones'));
  await panel.getByLabel('Resolution').selectOption('25 m');
  expect((await zones).status()).toBe(200);

  const legend = panel.getByRole('table', { name: 'Zones' });
  await expect(legend.getByRole('row')).toHaveCount(4, { timeout: 60_000 });
  await expect(panel).toContainText(/Zone quality: \d+%/);

  await panel.getByRole('button', { name: 'Next' }).click();
  await expect(panel.getByRole('tab', { name: '2. Edit & Assign Rates' })).toHaveAttribute('aria-selected', 'true');
  await panel.getByLabel('Product name').fill('Urea');
  await panel.getByLabel('Rate of zone 1').fill('100');
  await panel.getByLabel('Rate of zone 2').fill('abc');
  await expect(panel.getByLabel('Rate of zone 2')).toHaveValue('');
  await panel.getByLabel('Rate of zone 3').fill('50.5');
  await expect(panel).toContainText(/Total product \(Urea\): [\d,.]+ L/);

  const added = page.waitForResponse((response) => response.url().includes('/v2/cart/add?item_type=zoning'));
  await panel.getByRole('button', { name: 'Add to cart' }).click();
  expect((await added).status()).toBe(201);

  const cart = page.getByRole('dialog', { name: 'Your cart' });
  await expect(cart.getByText('VRT Zoning')).toBeVisible();
  await expect(cart.getByText(farmName)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cart, 1 items' })).toBeVisible();
});
