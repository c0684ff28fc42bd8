import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { uniqueEmail } from './support/auth';
import { bearerOf, farmWithField } from './support/api';
import { signUpAndOnboard } from './support/onboard';

// Issue 27, 'Phone first on the map': at 375 × 812 the map keeps at least half the screen in every
// mode (farm map with its layer panel, drawing, zoning), and touch words are used on a touch screen.

const PHONE = { width: 375, height: 812 };
const SHOTS = process.env.PADDOCK_SHOTS_DIR ?? '../test-results/phone-map';

/**
 * The share of the window where the map itself is what a finger touches: a 25 × 50 grid of points
 * over the whole window, each counted when the element on top there (`elementFromPoint`) is inside
 * the map element, i.e. the map's rect minus the nav, sheets, legend, timeline and panels over it.
 */
const mapShare = (page: Page) =>
  page.evaluate(() => {
    const map = document.querySelector('[data-testid="farm-map"]');
    if (!map) return 0;
    const columns = 25;
    const rows = 50;
    let onMap = 0;
    for (let row = 0; row < rows; row++) {
      for (let column = 0; column < columns; column++) {
        const x = ((column + 0.5) * window.innerWidth) / columns;
        const y = ((row + 0.5) * window.innerHeight) / rows;
        const top = document.elementFromPoint(x, y);
        if (top && map.contains(top)) onMap++;
      }
    }
    return onMap / (columns * rows);
  });

/** Saves a screenshot and returns the map's share of the screen (logged for the report). */
async function measure(page: Page, name: string): Promise<number> {
  mkdirSync(SHOTS, { recursive: true });
  // The settled screen: the passing 'Loading imagery…' chip is not what the farmer works with.
  await expect(page.getByText('Loading imagery…')).toHaveCount(0, { timeout: 30_000 });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
  const share = await mapShare(page);
  console.log(`[map share] ${name}: ${(share * 100).toFixed(1)} %`);
  return share;
}

/** The button is on screen and nothing covers or clips it: its centre is the button itself. */
async function expectUncovered(page: Page, button: ReturnType<Page['getByRole']>) {
  await expect(button).toBeInViewport({ ratio: 1 });
  const box = await button.boundingBox();
  const onTop = await page.evaluate(
    ({ x, y }) => document.elementFromPoint(x, y)?.closest('button')?.textContent ?? null,
    { x: (box?.x ?? 0) + (box?.width ?? 0) / 2, y: (box?.y ?? 0) + (box?.height ?? 0) / 2 },
  );
  expect(onTop).toBe(await button.textContent());
}

/** Opens zoning with the farm's field chosen and zones computed, so every step's buttons are shown. */
async function zoneTheField(page: Page, openFieldSheet: boolean) {
  // On a phone the map settings start folded: Actions is inside them.
  const settings = page.getByRole('region', { name: 'Map settings' });
  const toggle = settings.getByRole('button', { name: 'Standard Resolution', exact: true });
  if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
  await page.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menuitem', { name: 'Create Zones' }).click();
  const panel = page.getByRole('region', { name: 'Zoning', exact: true });
  await expect(panel).toBeVisible();
  // The field sheet may be folded on a phone: open it to choose the field.
  const show = page.getByRole('button', { name: 'Show field menu' });
  if (openFieldSheet && (await show.isVisible())) await show.click();
  await page
    .getByRole('complementary', { name: 'Field menu' })
    .getByRole('checkbox', { name: /Home Paddock/ })
    .check();
  const hide = page.getByRole('button', { name: 'Hide field menu' });
  if (openFieldSheet && (await hide.isVisible())) await hide.click();
  const date = panel.getByLabel('Date');
  await expect(date.locator('option')).not.toHaveCount(1, { timeout: 30_000 });
  const zonable = await date.locator('option:not([disabled]):not([value=""])').first().getAttribute('value');
  await date.selectOption(zonable as string);
  await panel.getByLabel('Number of zones').selectOption('3');
  await panel.getByLabel('Resolution').selectOption('25 m');
  await expect(panel.getByRole('table', { name: 'Zones' }).getByRole('row')).toHaveCount(4, { timeout: 60_000 });
  return panel;
}

/**
 * Every point of a 5 × 5 grid over the fields' box on screen (`data-fields-box`, written when the
 * view comes to rest) has the map itself on top: no panel, sheet, timeline or legend covers the farm.
 */
async function fieldsUncovered(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const map = document.querySelector<HTMLElement>('[data-testid="farm-map"]');
    const box = map?.dataset.fieldsBox?.split(' ').map(Number);
    if (!map || !box || box.length !== 4) return ['no fields box'];
    const rect = map.getBoundingClientRect();
    const [left, top, right, bottom] = box as [number, number, number, number];
    const covered: string[] = [];
    for (let i = 0; i <= 4; i++) {
      for (let j = 0; j <= 4; j++) {
        const x = rect.left + left + ((right - left) * i) / 4;
        const y = rect.top + top + ((bottom - top) * j) / 4;
        const onTop = document.elementFromPoint(x, y);
        if (!onTop || !map.contains(onTop))
          covered.push(
            `${Math.round(x)},${Math.round(y)}: ${onTop?.closest('[aria-label]')?.getAttribute('aria-label') ?? onTop?.tagName ?? 'outside the window'}`,
          );
      }
    }
    return covered;
  });
}

test.describe('desktop 1440 × 900', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("the zoning panel's Next stays in sight without scrolling", async ({ page }) => {
    await signUpAndOnboard(page, uniqueEmail('desk-zoning'));
    const farmId = await farmWithField(page, await bearerOf(page), `Desk Zoning ${Date.now() % 100000}`);
    await page.goto(`/farms/${farmId}`);
    await page.getByRole('region', { name: 'Your fields' }).getByRole('button', { name: 'Skip tutorial' }).click();
    await page.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'Create Zones' }).click();
    const panel = page.getByRole('region', { name: 'Zoning', exact: true });
    await expect(panel).toBeVisible();
    // With a field chosen the settings fill the panel: Next must still be in sight.
    await page
      .getByRole('complementary', { name: 'Field menu' })
      .getByRole('checkbox', { name: /Home Paddock/ })
      .check();
    await expect(panel.getByLabel('Number of zones')).toBeVisible();
    await expectUncovered(page, panel.getByRole('button', { name: 'Next' }));
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/desktop-zoning.png` });
  });

  test('a farm opens fitted into the part of the map the panels leave free; zoning keeps Next and Add to cart in sight', async ({
    page,
  }) => {
    // Signs up, opens the farm and computes zones on a machine others share.
    test.setTimeout(240_000);
    await signUpAndOnboard(page, uniqueEmail('desk-fit'));
    const farmId = await farmWithField(page, await bearerOf(page), `Desk Fit ${Date.now() % 100000}`);
    await page.goto(`/farms/${farmId}`);
    await page.getByRole('region', { name: 'Your fields' }).getByRole('button', { name: 'Skip tutorial' }).click();
    const map = page.getByTestId('farm-map');
    await expect(map).toHaveAttribute('data-fields-rendered', /[1-9]/, { timeout: 30_000 });
    // The timeline and legend arrive with the catalog; the map refits while they settle.
    await expect(page.getByRole('list', { name: 'Imagery dates' }).getByRole('button', { pressed: true })).toHaveCount(
      1,
      {
        timeout: 30_000,
      },
    );
    await expect.poll(() => fieldsUncovered(page), { timeout: 15_000 }).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/desktop-map.png` });

    const panel = await zoneTheField(page, false);
    await expectUncovered(page, panel.getByRole('button', { name: 'Next' }));
    await panel.getByRole('button', { name: 'Next' }).click();
    await expect(panel.getByRole('tab', { name: '2. Edit & Assign Rates' })).toHaveAttribute('aria-selected', 'true');
    await expectUncovered(page, panel.getByRole('button', { name: 'Add to cart' }));
    await page.screenshot({ path: `${SHOTS}/desktop-zoning-rates.png` });
  });
});

test.describe('phone 375 × 812', () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

  test('at 375 × 812 the farm map keeps at least half the screen; drawing too (with touch words); the layer panel is measured', async ({
    page,
  }) => {
    await signUpAndOnboard(page, uniqueEmail('phone-map'));
    const farmId = await farmWithField(page, await bearerOf(page), `Pocket Map ${Date.now() % 100000}`);

    await page.goto(`/farms/${farmId}`);
    const tutorial = page.getByRole('region', { name: 'Your fields' });
    await tutorial.getByRole('button', { name: 'Skip tutorial' }).click();
    await expect(tutorial).toHaveCount(0);
    await expect(page.getByTestId('farm-map')).toHaveAttribute('data-fields-rendered', /[1-9]/, { timeout: 30_000 });
    const dates = page.getByRole('list', { name: 'Imagery dates' });
    await expect(dates.getByRole('button', { pressed: true })).toHaveCount(1, { timeout: 30_000 });
    expect(await measure(page, 'farm-map')).toBeGreaterThanOrEqual(0.5);

    // The layer panel open.
    const settings = page.getByRole('region', { name: 'Map settings' });
    await settings.getByRole('button', { name: 'Standard Resolution', exact: true }).click();
    await expect(settings.getByRole('button', { name: /Calculation:$/ })).toBeVisible();
    expect(await measure(page, 'farm-map-layers')).toBeGreaterThanOrEqual(0.5);
    await settings.getByRole('button', { name: 'Standard Resolution', exact: true }).click();

    // Measuring an area: the measure tool's hints and readout leave the map at least half the screen.
    await page.getByRole('button', { name: 'Measure area' }).click();
    expect(await measure(page, 'measuring')).toBeGreaterThanOrEqual(0.5);
    await page.getByRole('button', { name: 'Measure area' }).click();

    // Drawing a new boundary: touch words and an on-screen Undo.
    // The field sheet starts folded on a phone: open it for Edit Fields.
    await page.getByRole('button', { name: 'Show field menu' }).click();
    await page.getByRole('button', { name: 'Edit Fields' }).click();
    await page.getByRole('toolbar', { name: 'Boundaries' }).getByRole('button', { name: 'Create' }).click();
    const editing = page.getByRole('region', { name: 'Editing' });
    await expect(editing).toContainText(
      'Tap the map to place each corner. Tap the first corner to close the boundary.',
    );
    await expect(editing).not.toContainText(/Click|Double-click|Backspace|Alt-click/);
    await expect(editing.getByRole('button', { name: 'Undo corner' })).toBeVisible();
    expect(await measure(page, 'drawing')).toBeGreaterThanOrEqual(0.5);
    await editing.getByRole('button', { name: 'Cancel' }).click();
  });

  test('at 375 × 812 zoning keeps at least half the screen for the map, with Next in sight', async ({ page }) => {
    await signUpAndOnboard(page, uniqueEmail('phone-zoning'));
    const farmId = await farmWithField(page, await bearerOf(page), `Pocket Zones ${Date.now() % 100000}`);
    await page.goto(`/farms/${farmId}`);
    await page.getByRole('region', { name: 'Your fields' }).getByRole('button', { name: 'Skip tutorial' }).click();
    await expect(page.getByTestId('farm-map')).toHaveAttribute('data-fields-rendered', /[1-9]/, { timeout: 30_000 });
    const panel = await zoneTheField(page, true);
    await expect(panel.getByRole('button', { name: 'Next' })).toBeVisible();
    expect(await measure(page, 'zoning')).toBeGreaterThanOrEqual(0.5);
  });
});
