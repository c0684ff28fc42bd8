import { expect, test, type Page } from '@playwright/test';
import { uniqueEmail } from './support/auth';
import { bearerOf, farmWithField } from './support/api';
import { signUpAndOnboard } from './support/onboard';

/**
 * Issue 26 on the composed system, at a phone's width and on a desktop: the zoning dates carry their
 * cloud, locked calculations say 'Get Advanced', and productivity zones over seasons come with what they
 * were made of, each zone's stability and the stability layer's key.
 */
async function zoningPanel(page: Page, phone: boolean) {
  const farmName = `Seasons Farm ${Date.now() % 100000}`;
  await signUpAndOnboard(page, uniqueEmail('zoning-seasons'));
  const farmId = await farmWithField(page, await bearerOf(page), farmName);
  await page.goto(`/farms/${farmId}`);
  await page.getByRole('region', { name: 'Your fields' }).getByRole('button', { name: 'Skip tutorial' }).click();
  // At a phone's width the map settings fold away behind their heading.
  const settings = page.getByRole('region', { name: 'Map settings' });
  const toggle = settings.getByRole('button', { name: 'Standard Resolution', exact: true });
  if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
  await page.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menuitem', { name: 'Create Zones' }).click();
  const menu = page.getByRole('complementary', { name: 'Field menu' });
  // At a phone's width the field sheet starts folded, keeping the map in view: open it to choose.
  if (phone) await menu.getByRole('button', { name: 'Show field menu' }).click();
  await menu.getByRole('checkbox', { name: 'Home Paddock' }).check();
  return page.getByRole('region', { name: 'Zoning', exact: true });
}

for (const viewport of [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1366, height: 900 },
]) {
  test(`productivity zones over seasons, with their stability (${viewport.name})`, async ({ page }, info) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const panel = await zoningPanel(page, viewport.name === 'phone');
    // One date: every date says its cloud; the calculations Basic lacks are locked.
    const date = panel.getByLabel('Date', { exact: true });
    await expect(date.locator('option')).not.toHaveCount(1, { timeout: 30_000 });
    await expect(date.locator('option').nth(1)).toHaveText(/ · (Clear|Partly cloudy|Cloudy) · \d+ %/);
    await expect(panel.getByLabel('Calculation').locator('option', { hasText: 'NDRE' })).toBeDisabled();
    await expect(panel.getByRole('link', { name: 'Get Advanced' })).toBeVisible();

    await panel.getByRole('radio', { name: 'Seasons' }).check();
    await expect(panel.getByLabel('Date', { exact: true })).toHaveCount(0);
    await panel.getByLabel('Number of zones').selectOption('3');
    const zones = page.waitForResponse((response) => response.url().includes('/v2/zoning/zones'));
    await panel.getByLabel('Resolution').selectOption('25 m');
    expect((await zones).status()).toBe(200);
    const legend = panel.getByRole('table', { name: 'Zones' });
    await expect(legend.getByRole('columnheader', { name: 'Stable' })).toBeVisible({ timeout: 60_000 });
    await expect(panel).toContainText(/Productivity: standard_NDVI over seasons \d{4}, \d{4}, \d{4}/);
    await panel.getByText('What is zone quality?').click();
    await expect(panel).toContainText('variance reduction');
    await panel.getByRole('checkbox', { name: 'Show zone stability on the map' }).check();
    await expect(panel.getByRole('list', { name: 'Stability layer' })).toContainText('Same zone every season');
    await page.screenshot({ path: info.outputPath(`zoning-seasons-${viewport.name}.png`), fullPage: false });
    // Nothing sticks out sideways at a phone's width.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}
