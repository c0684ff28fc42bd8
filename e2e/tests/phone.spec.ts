import { expect, test, type Page } from '@playwright/test';
import { uniqueEmail } from './support/auth';
import { bearerOf, farmWithField } from './support/api';
import { signUpAndOnboard } from './support/onboard';

// The main flows at a 375 × 812 phone and at a 1440 × 900 desktop (issue 10 items 3, 4, 5, 8).

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1440, height: 900 };

/** How far the page reaches past the window, sideways and down (0 when nothing scrolls that way). */
const overflow = (page: Page) =>
  page.evaluate(() => ({
    x: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    y: document.documentElement.scrollHeight - document.documentElement.clientHeight,
  }));

/** The element's box lies inside the window. */
async function expectInsideWindow(page: Page, locator: ReturnType<Page['locator']>) {
  const box = await locator.boundingBox();
  const size = page.viewportSize();
  expect(box).not.toBeNull();
  expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(size?.width ?? 0);
}

async function skipTutorial(page: Page) {
  const tutorial = page.getByRole('region', { name: 'Your fields' });
  await expect(tutorial).toContainText('Step 1 of');
  await tutorial.getByRole('button', { name: 'Skip tutorial' }).click();
  await expect(tutorial).toHaveCount(0);
}

test.describe('on a 375 px phone', () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

  test('a farmer with a farm creates another one, and nothing on the main screens scrolls sideways', async ({
    page,
  }) => {
    await signUpAndOnboard(page, uniqueEmail('phone'));
    const token = await bearerOf(page);
    const farmId = await farmWithField(page, token, `Phone Farm ${Date.now() % 100000}`);

    // The farms list is a list of cards that fits the screen.
    await page.goto('/farms');
    const details = page.getByRole('link', { name: /^Details of Phone Farm/ });
    await expect(details).toBeVisible();
    await expectInsideWindow(page, details);
    expect((await overflow(page)).x).toBe(0);

    // Create Farm opens a sheet that fits the screen, and it creates the farm.
    await page.getByRole('button', { name: 'Create Farm' }).first().click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'Farm management done right.' })).toBeInViewport();
    await expectInsideWindow(page, dialog);
    const name = `Pocket Farm ${Date.now() % 100000}`;
    await dialog.getByLabel('Name of farm').fill(name);
    await dialog.getByRole('button', { name: /Draw on map/ }).click();
    await expect(page).toHaveURL(/\/farms\/[^/]+$/);
    await page.goto('/farms');
    await expect(page.getByRole('link', { name: `Details of ${name}` })).toBeVisible();

    // Farm details: the field's actions are on screen.
    await page.goto(`/farms/${farmId}/details`);
    const edit = page.getByRole('region', { name: 'Fields' }).getByRole('button').first();
    await expect(edit).toBeVisible();
    await expectInsideWindow(page, edit);
    expect((await overflow(page)).x).toBe(0);

    // The map: the settings panel and the field menu do not overlap, and nothing scrolls sideways.
    await page.goto(`/farms/${farmId}`);
    await skipTutorial(page);
    const settings = page.getByRole('region', { name: 'Map settings' });
    await expect(settings).toBeVisible();
    await settings.getByRole('button', { name: 'Standard Resolution', exact: true }).click();
    await expect(settings.getByRole('button', { name: /Calculation:$/ })).toBeVisible();
    const sheet = page.getByRole('complementary', { name: 'Field menu' });
    const [panelBox, sheetBox] = [await settings.boundingBox(), await sheet.boundingBox()];
    expect((panelBox?.y ?? 0) + (panelBox?.height ?? 0)).toBeLessThanOrEqual(sheetBox?.y ?? 0);
    expect((await overflow(page)).x).toBe(0);

    for (const path of ['/dashboard', '/order', '/settings']) {
      await page.goto(path);
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect({ path, x: (await overflow(page)).x }).toEqual({ path, x: 0 });
    }
  });
});

test.describe('on a desktop', () => {
  test.use({ viewport: DESKTOP });

  test('a field opens on its latest clear date without a click, and the absolute / relative switch changes the legend', async ({
    page,
  }) => {
    await signUpAndOnboard(page, uniqueEmail('first-look'));
    const token = await bearerOf(page);
    const farmId = await farmWithField(page, token, `First Look ${Date.now() % 100000}`);

    const tile = page.waitForResponse(
      (response) =>
        /\/v2\/tiles\/standard_NDVI\/\d{4}-\d{2}-\d{2}\/\d+\/\d+\/\d+\.png\?.*color_stretch=fixed/.test(
          response.url(),
        ) && response.status() === 200,
    );
    await page.goto(`/farms/${farmId}`);
    // No click on a date: the newest clear capture is chosen and its tiles load.
    const dates = page.getByRole('list', { name: 'Imagery dates' });
    const chosen = dates.getByRole('button', { pressed: true });
    await expect(chosen).toHaveCount(1, { timeout: 30_000 });
    await expect(chosen).toContainText('Clear');
    const firstClear = dates.getByRole('button', { name: /Clear/ }).first();
    expect(await chosen.textContent()).toBe(await firstClear.textContent());
    expect((await tile).headers()['content-type']).toBe('image/png');
    await skipTutorial(page);

    const legend = page.getByRole('region', { name: 'Legend' });
    await expect(legend.getByRole('radio', { name: 'Absolute' })).toBeChecked();
    const absolute = legend.getByRole('list', { name: /^Scale from/ });
    await expect(absolute).toHaveAttribute('aria-label', 'Scale from 0.00 to 1.00 index');
    await expect(absolute).toHaveText('0.000.250.500.751.00');

    const relativeTile = page.waitForResponse(
      (response) => /\/v2\/tiles\/standard_NDVI\/.*color_stretch=dynamic/.test(response.url()) && response.ok(),
    );
    await legend.getByRole('radio', { name: 'Relative' }).click();
    await expect(legend.getByRole('radio', { name: 'Relative' })).toBeChecked();
    await expect(legend.getByRole('list', { name: /^Scale from/ })).not.toHaveAttribute(
      'aria-label',
      'Scale from 0.00 to 1.00 index',
    );
    await relativeTile;

    // The tutorial stays away after a reload once skipped; the page fits the window exactly.
    await page.reload();
    await expect(page.getByRole('region', { name: 'Legend' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('region', { name: 'Your fields' })).toHaveCount(0);
    expect(await overflow(page)).toEqual({ x: 0, y: 0 });
  });

  test('/payment does not highlight Orders in the nav', async ({ page }) => {
    await signUpAndOnboard(page, uniqueEmail('nav'));
    await page.goto('/payment');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Orders' })).not.toHaveAttribute('aria-current', 'page');
    await page.goto('/order');
    await expect(nav.getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page');
  });
});
