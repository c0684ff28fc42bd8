import { mkdirSync } from 'node:fs';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { uniqueEmail } from './support/auth';
import { bearerOf, farmWithField, shareAsViewer } from './support/api';
import { signUpAndOnboard } from './support/onboard';

const SHOTS = process.env.PADDOCK_SHOTS_DIR ?? '../test-results/shots';
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 375, height: 812 };

async function member(browser: Browser, label: string) {
  const page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  const email = uniqueEmail(label);
  await signUpAndOnboard(page, email);
  return { page, email, token: await bearerOf(page) };
}

/** Opens a map link; a new account is shown the map tutorial first, which it skips. */
async function openMap(page: Page, path: string) {
  await page.goto(path);
  // The map remote's first mount on a loaded 2-core CI machine: 16 s seen with two browsers busy.
  await expect(page.getByTestId('farm-map')).toBeVisible({ timeout: 30_000 });
  const skip = page.getByRole('button', { name: 'Skip tutorial' });
  await expect(skip.or(page.getByRole('button', { name: 'Compare dates' })).first()).toBeVisible({ timeout: 30_000 });
  if (await skip.isVisible()) await skip.click();
}

/** A side's date choice in the compare panel. */
const dateOf = (panel: Locator, side: 'Left' | 'Right') =>
  panel.getByRole('group', { name: side, exact: true }).getByLabel('Date', { exact: true });

/** A screenshot once the map's tiles have come (no request for a while). */
async function shot(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: `${SHOTS}/compare-${name}.png` });
}

/** The share of the viewport the farm map shows that no panel covers (the compare panel overlays the map). */
const mapShare = (page: Page) =>
  page.evaluate(() => {
    const map = document.querySelector('[data-testid="farm-map"]')?.getBoundingClientRect();
    const panel = document.querySelector('[data-testid="compare-panel"]')?.getBoundingClientRect();
    if (!map) return 0;
    const top = Math.max(map.top, 0);
    const bottom = Math.min(map.bottom, window.innerHeight, panel ? panel.top : Infinity);
    return (
      (Math.max(0, bottom - top) * Math.min(map.width, window.innerWidth)) / (window.innerWidth * window.innerHeight)
    );
  });

/**
 * Issue 30, done means: open a farm, compare two dates by swipe and side by side, share the link with a
 * viewer who sees the same comparison; at 1440 and 375 px.
 */
test('two dates compared by swipe and side by side; the link shows a viewer the same comparison', async ({
  browser,
}) => {
  // Two accounts, a share and the map for each: about a minute on a quiet machine, and past the
  // default 90 s on a loaded 2-core one (it timed out there at the last landed commit too).
  test.setTimeout(180_000);
  mkdirSync(SHOTS, { recursive: true });
  const [owner, viewer] = [await member(browser, 'compare-owner'), await member(browser, 'compare-viewer')];
  const farmId = await farmWithField(owner.page, owner.token, `Riverina ${Date.now() % 100000}`);
  await shareAsViewer(owner, farmId, viewer);

  // The owner opens the farm; the field shows its newest clear date, and compares it with the one before.
  const page = owner.page;
  await openMap(page, `/farms/${farmId}`);
  await page.getByRole('button', { name: 'Compare dates' }).click();
  const panel = page.getByRole('region', { name: 'Compare', exact: true });
  await expect(page).toHaveURL(/[?&]compare=standard_NDVI%40\d{4}-\d{2}-\d{2}%2Cstandard_NDVI%40/);
  const [leftDate, rightDate] = [dateOf(panel, 'Left'), dateOf(panel, 'Right')];
  const dates: [string, string] = [await leftDate.inputValue(), await rightDate.inputValue()];
  expect(dates[0] < dates[1]).toBe(true);

  // Swipe: the handle on the map and the panel's slider are one; the keyboard moves both.
  await expect(panel.getByRole('radio', { name: 'Swipe' })).toHaveAttribute('aria-checked', 'true');
  const slider = panel.getByRole('slider', { name: 'Swipe handle', exact: true });
  const handle = page.locator('.ol-swipe');
  await expect(handle).toBeVisible();
  const map = (await page.getByTestId('farm-map').boundingBox()) as {
    x: number;
    y: number;
    width: number;
    height: number;
  };
  const handleAt = async () => {
    const box = await handle.boundingBox();
    return Math.round((((box?.x ?? 0) + (box?.width ?? 0) / 2 - map.x) / map.width) * 100);
  };
  await slider.focus();
  await slider.press('End');
  for (let i = 0; i < 8; i += 1) await slider.press('ArrowLeft');
  await expect(slider).toHaveAttribute('aria-valuetext', '60 % left side');
  await expect.poll(handleAt).toBe(60);
  // Dragging the handle moves the slider.
  const knob = page.getByRole('slider', { name: 'Swipe handle on the map' });
  const grip = (await knob.boundingBox()) as { x: number; y: number; width: number; height: number };
  await page.mouse.move(grip.x + grip.width / 2, grip.y + grip.height / 2);
  await page.mouse.down();
  await page.mouse.move(map.x + map.width * 0.45, grip.y + grip.height / 2, { steps: 5 });
  await page.mouse.up();
  await expect(slider).toHaveAttribute('aria-valuetext', '45 % left side');
  // The handle's own arrow keys move it, and the slider with it.
  await knob.press('ArrowRight');
  await expect(slider).toHaveAttribute('aria-valuetext', '50 % left side');
  await expect.poll(handleAt).toBe(50);
  // The statistics of both dates and of the change, with the change's legend.
  const figures = panel.getByRole('table', { name: 'Statistics of both dates and the change' });
  await expect(figures.getByRole('row', { name: /^Change/ })).toBeVisible({ timeout: 30_000 });
  await expect(panel.getByRole('figure', { name: 'Change legend' })).toContainText('no change');
  await shot(page, 'swipe-1440');

  // Side by side: the right date in a second map beside the first.
  await panel.getByRole('radio', { name: 'Side by side' }).click();
  await expect(page.getByRole('region', { name: 'Right side of the comparison' })).toBeVisible();
  await expect(page).toHaveURL(/[?&]view=side/);
  await expect(handle).toHaveCount(0);
  await shot(page, 'side-1440');

  // The link: the viewer opens it and sees the same comparison.
  const link = page.url();
  const seen = viewer.page;
  await openMap(seen, link.replace(/^https?:\/\/[^/]+/, ''));
  const theirs = seen.getByRole('region', { name: 'Compare', exact: true });
  // Side by side, the choices are folded away until asked for.
  await theirs.getByRole('button', { name: 'Dates and figures' }).click();
  await expect(dateOf(theirs, 'Left')).toHaveValue(dates[0]);
  await expect(dateOf(theirs, 'Right')).toHaveValue(dates[1]);
  await expect(theirs.getByRole('radio', { name: 'Side by side' })).toHaveAttribute('aria-checked', 'true');
  await expect(seen.getByRole('region', { name: 'Right side of the comparison' })).toBeVisible();
  await expect(theirs.getByRole('row', { name: /^Change/ })).toBeVisible({ timeout: 30_000 });
  await shot(seen, 'viewer-side-1440');

  // On a phone: the same link; the panel leaves at least half the screen to the map, and a toggle
  // between the two dates works by touch.
  await seen.setViewportSize(PHONE);
  await seen.reload();
  await expect(theirs).toBeVisible();
  await expect.poll(() => mapShare(seen)).toBeGreaterThanOrEqual(0.5);
  await shot(seen, 'viewer-side-375');
  await theirs.getByRole('radio', { name: 'Swipe' }).click();
  await expect(seen.locator('.ol-swipe')).toBeVisible();
  // The toggle between the two dates: the whole map shows one, then the other.
  const toggle = theirs.getByRole('group', { name: 'Show the whole map as' });
  await toggle.getByRole('button', { name: /^Left:/ }).click();
  await expect(toggle.getByRole('button', { name: /^Left:/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(seen.getByRole('slider', { name: 'Swipe handle on the map' })).toHaveAttribute('aria-valuenow', '100');
  await toggle.getByRole('button', { name: /^Right:/ }).click();
  await expect(seen.getByRole('slider', { name: 'Swipe handle on the map' })).toHaveAttribute('aria-valuenow', '0');
  await toggle.getByRole('button', { name: /^Left:/ }).click();
  await expect.poll(() => mapShare(seen)).toBeGreaterThanOrEqual(0.5);
  await shot(seen, 'viewer-swipe-375');
});
