import { expect, test } from '@playwright/test';
import { signIn } from './support/auth';
import { setFrontEnd } from './support/control';
import { urls } from '../../scripts/lib/stack.mjs';

const nav = (page: import('@playwright/test').Page) => page.getByRole('navigation', { name: 'Main' });

test('the demo user signs in and every nav link mounts its area', async ({ page }) => {
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

  await nav(page).getByRole('link', { name: 'Farms' }).click();
  await expect(page).toHaveURL(/\/farms$/);
  await expect(page.getByRole('heading', { name: 'Farms & Fields', level: 1 })).toBeVisible();

  await nav(page).getByRole('link', { name: 'Orders' }).click();
  await expect(page).toHaveURL(/\/order$/);
  await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Farms & Fields' })).toHaveCount(0);

  await nav(page).getByRole('link', { name: 'Store' }).click();
  await expect(page.getByRole('heading', { name: 'Store', level: 1 })).toBeVisible();

  await nav(page).getByRole('link', { name: 'Home' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
});

test('the add, cart and profile menus do what they say', async ({ page }) => {
  await signIn(page);
  await nav(page).getByRole('button', { name: 'Add' }).click();
  await expect(page.getByRole('menuitem')).toHaveText([
    'Create New Farm',
    'Order High-Resolution Imagery',
    'Book Rapid-EM',
  ]);
  await page.getByRole('menuitem', { name: 'Order High-Resolution Imagery' }).click();
  await expect(page).toHaveURL(/\/order\/high-resolution-imagery$/);
  await expect(page.getByRole('heading', { name: 'High Resolution Ordering', level: 1 })).toBeVisible();

  await nav(page).getByRole('button', { name: 'Add' }).click();
  await page.getByRole('menuitem', { name: 'Book Rapid-EM' }).click();
  await expect(page).toHaveURL(/\/rapid-em-booking$/);

  const cartOpened = page.evaluate(
    () =>
      new Promise<boolean>((resolve) => {
        window.addEventListener('paddock:cart-open', () => resolve(true), { once: true });
      }),
  );
  await nav(page).getByRole('button', { name: /^Cart/ }).click();
  expect(await cartOpened).toBe(true);
  // The cart modal (mf_commerce/cart, mounted for the whole product) answers the event.
  const cart = page.getByRole('dialog', { name: 'Your cart' });
  await expect(cart).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(cart).toBeHidden();

  await nav(page).getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Profile Settings' }).click();
  await expect(page).toHaveURL(/\/settings#profile$/);
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
});

test('the mobile menu mirrors the four links', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signIn(page);
  await expect(nav(page).getByRole('link', { name: 'Farms' })).toBeHidden();
  await nav(page).getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('menuitem')).toHaveText(['Home', 'Farms', 'Orders', 'Store']);
  await page.getByRole('menuitem', { name: 'Orders' }).click();
  await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
});

test("an unknown path shows 'Error 404' and 'Return to Home' goes to /farms", async ({ page }) => {
  await signIn(page, undefined, undefined, '/no/such/page');
  await expect(page).toHaveURL(/\/no\/such\/page$/);
  await expect(page.getByRole('heading', { name: 'Error 404' })).toBeVisible();
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/farms$/);
  await expect(page.getByRole('heading', { name: 'Farms & Fields', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Error 404' })).toHaveCount(0);
});

test('with one remote down the shell and the other areas keep working', async ({ page }) => {
  await signIn(page);
  await setFrontEnd('mf_commerce', 'stop');
  try {
    await nav(page).getByRole('link', { name: 'Orders' }).click();
    await expect(page.getByRole('heading', { name: 'Orders and payments is not available right now' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();

    await nav(page).getByRole('link', { name: 'Farms' }).click();
    await expect(page.getByRole('heading', { name: 'Farms & Fields', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: /not available right now/ })).toHaveCount(0);

    await nav(page).getByRole('link', { name: 'Orders' }).click();
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  } finally {
    await setFrontEnd('mf_commerce', 'start');
  }
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
});

test('Log Out returns to the origin and private routes then require sign-in', async ({ page }) => {
  await signIn(page);
  const backAtOrigin = page.waitForRequest(
    (request) => request.isNavigationRequest() && request.url() === `${urls.host}/`,
  );
  await nav(page).getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Log Out' }).click();
  await backAtOrigin;
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();

  await page.goto('/farms');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
});
