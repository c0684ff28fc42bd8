import { expect, test, type Page } from '@playwright/test';
import { fillAustralianAddress } from './support/checkout';
import { uniqueEmail } from './support/auth';
import { api, bearerOf, farmWithField } from './support/api';
import { signUpAndOnboard } from './support/onboard';
import { urls } from '../../scripts/lib/stack.mjs';

/** No sideways scroll at the page's current width. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test('a Basic user subscribes with 4242 from /advanced and the whole product turns Advanced', async ({ page }) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('advanced');
  await signUpAndOnboard(page, email);
  const token = await bearerOf(page);
  const farmId = await farmWithField(page, token, `Advanced Farm ${Date.now() % 100000}`);

  await page.goto('/advanced');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Basic plan, get Advanced' })).toBeVisible();
  await page.getByRole('button', { name: 'Get Advanced' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Subscribe to Advanced' });
  await expect(dialog.getByText('Billed Now')).toBeVisible();
  await expect(dialog.getByText(/^AU\$[\d,]+\.\d\d$/)).toBeVisible();
  await expect(dialog.getByLabel('Country')).toHaveValue('AU');
  await fillAustralianAddress(dialog);
  await dialog.getByLabel('Cardholder name').fill('Owen Grower');
  await dialog.getByLabel('Card number').fill('4242 4242 4242 4242');
  await dialog.getByLabel('Expiry').fill(`12${String((new Date().getFullYear() + 2) % 100)}`);
  await dialog.getByLabel('CVC/CVV').fill('123');
  await dialog.getByRole('button', { name: 'Subscribe & Checkout' }).click();

  const success = page.getByRole('dialog', { name: 'You are now on Advanced' });
  await expect(success).toBeVisible({ timeout: 45_000 });
  // The host's nav follows the profile-changed event at once, without a reload.
  await expect(nav.getByRole('link', { name: 'Advanced plan' })).toBeVisible();
  await success.getByRole('button', { name: 'Back to Advanced' }).click();
  await expect(page.getByRole('button', { name: "You're already using advanced" }).first()).toBeDisabled();

  // The dashboard shows the expiry and 'Manage Subscription'.
  await success.waitFor({ state: 'hidden' });
  await page.goto('/dashboard');
  const plan = page.getByRole('region', { name: 'Advanced plan' });
  await expect(plan.getByText('Expires')).toBeVisible();
  await expect(plan.getByRole('definition')).toContainText(String(new Date().getFullYear() + 1));
  await expect(plan.getByRole('button', { name: 'Manage Subscription' })).toBeEnabled();

  // On the map, NDRE is selectable now.
  await page.goto(`/farms/${farmId}`);
  const tutorial = page.getByRole('region', { name: 'Your fields' });
  await tutorial.getByRole('button', { name: 'Skip tutorial' }).click();
  const settings = page.getByRole('region', { name: 'Map settings' });
  await settings.getByRole('button', { name: /Calculation:$/ }).click();
  const ndre = page.getByRole('option', { name: /NDRE/ });
  await expect(ndre).not.toHaveAttribute('aria-disabled', 'true');
  await ndre.click();
  await expect(settings.getByRole('button', { name: /Calculation:$/ })).toContainText('NDRE');
});

test("a user with no farms sees 'Let's grow together'; Create New opens the farm form", async ({ page }) => {
  await signUpAndOnboard(page, uniqueEmail('grow'));
  const grow = page.getByRole('region', { name: "Let's grow together" });
  await expect(grow).toBeVisible();
  await expect(page.getByRole('link', { name: '0 Upcoming bookings' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create a farm to start the tutorial' })).toHaveAttribute(
    'href',
    '/farms',
  );
  await grow.getByRole('button', { name: 'Create New' }).click();
  await expect(page).toHaveURL(/\/farms$/);
});

test("the dashboard's totals come from one call, and its tutorial link runs the map's tour", async ({ page }) => {
  test.setTimeout(120_000);
  await signUpAndOnboard(page, uniqueEmail('totals'));
  const token = await bearerOf(page);
  const farmId = await farmWithField(page, token, `Totals Farm ${Date.now() % 100000}`);
  const farmResponse = await page.request.get(`${api}/farms/${farmId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const farm = (await farmResponse.json()) as { properties: { farm_area: number } };

  const totalsCalls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.endsWith('/v2/farms/totals')) totalsCalls.push(request.url());
  });
  await page.goto('/dashboard');
  const summary = page.getByRole('region', { name: 'Summary' });
  await expect(summary.getByText('Total farms').locator('+ dd')).toHaveText('1');
  await expect(summary.getByText('Total fields').locator('+ dd')).toHaveText('1');
  await expect(summary.getByText('Total hectares').locator('+ dd')).toContainText(
    String(Math.floor(farm.properties.farm_area)),
  );
  expect(totalsCalls).toHaveLength(1);

  // The tour was turned off on the map; the dashboard's link runs it all the same.
  await page.goto(`/farms/${farmId}`);
  const tour = page.getByRole('region', { name: 'Your fields' });
  await tour.getByRole('button', { name: 'Skip tutorial' }).click();
  await expect(tour).toHaveCount(0);
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Start the map tutorial' }).click();
  await expect(page).toHaveURL(new RegExp(`/farms/${farmId}$`));
  await expect(tour).toContainText('Step 1 of');
});

test('settings: Edit, Save and the saved profile after a reload', async ({ page }) => {
  await signUpAndOnboard(page, uniqueEmail('settings'));
  await page.goto('/settings#profile');
  const profile = page.getByRole('region', { name: 'Profile' });
  const first = profile.getByLabel('First Name');
  await expect(first).toHaveValue('Owen');
  await expect(first).toBeDisabled();
  await profile.getByRole('button', { name: 'Edit' }).click();
  await first.fill('Olive');
  await profile.getByLabel('Phone number').fill('0412 345 678');
  await profile.getByLabel('Country').selectOption('AU');
  await profile.getByLabel('Postcode', { exact: true }).fill('2650');
  await profile.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Profile successfully updated')).toBeVisible();
  await expect(first).toBeDisabled();
  await page.reload();
  await expect(profile.getByLabel('First Name')).toHaveValue('Olive');
  await expect(profile.getByLabel('Postcode', { exact: true })).toHaveValue('2650');
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Welcome, Olive Grower' })).toBeVisible();
});

test('settings: Change Email Address, the link from the mailbox, and the new address after a reload', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('changing');
  const moved = uniqueEmail('changed');
  await signUpAndOnboard(page, email);
  await page.goto('/settings#email-address');
  const section = page.getByRole('region', { name: 'Email Settings' });
  await expect(section.getByText(email)).toBeVisible();

  await section.getByRole('button', { name: 'Change Email Address' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change Email Address' });
  await dialog.getByLabel('New email address').fill(moved);
  await dialog.getByRole('button', { name: 'Change Email Address' }).click();
  await expect(page.getByText('Email successfully updated')).toBeVisible();

  // The page reloads by itself; the change waits for the link sent to the new address.
  await expect(section.getByRole('status')).toContainText(`Changing to ${moved}`);
  await expect(section).toContainText(`You sign in with ${email}`);

  const linkFor = async () => {
    const response = await page.request.get(`${urls.idp}/dev/mailbox.json`);
    const { messages } = (await response.json()) as { messages: { to: string; link?: string }[] };
    return messages.find((message) => message.to === moved)?.link ?? '';
  };
  await expect.poll(linkFor).toContain('verify-email');
  const verifyTab = await page.context().newPage();
  await verifyTab.goto(await linkFor());
  await expect(verifyTab.getByText('Your email address is verified')).toBeVisible();
  await verifyTab.close();

  // The browser still holds its old token (localStorage); a reload shows the new address all the same.
  await page.reload();
  await expect(section).toContainText(`You sign in with ${moved} (verified).`);
  await expect(section.getByRole('status')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Profile' }).getByLabel('Email')).toHaveValue(moved);
});

test('the account pages fit a 375 px phone and a 1440 px desktop', async ({ page }) => {
  test.setTimeout(180_000);
  await signUpAndOnboard(page, uniqueEmail('widths'));
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of [
      '/dashboard',
      '/settings',
      '/store',
      '/store/high-resolution-imagery',
      '/advanced',
      '/products-and-guides',
    ]) {
      await page.goto(path);
      await expect(page.locator('h1').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectNoSidewaysScroll(page);
      await page.screenshot({
        path: test.info().outputPath(`${path.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'home'}-${width}.png`),
        fullPage: true,
      });
    }
  }
  await page.goto('/advanced/subscribe');
  await expect(page.getByRole('dialog', { name: 'Subscribe to Advanced' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: test.info().outputPath('advanced-subscribe-1440.png') });
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: test.info().outputPath('advanced-subscribe-375.png') });
});
