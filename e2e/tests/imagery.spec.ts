import { expect, test, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { uniqueEmail } from './support/auth';
import { api, bearerOf, farmWithField, makeAdvanced } from './support/api';
import { signUpAndOnboard } from './support/onboard';

/** The most opaque pixel any of the map's canvases holds at the map's centre. */
const centreAlpha = (page: Page) =>
  page.getByTestId('farm-map').evaluate((element) => {
    const box = element.getBoundingClientRect();
    let alpha = 0;
    for (const canvas of element.querySelectorAll('canvas')) {
      const rect = canvas.getBoundingClientRect();
      const x = Math.round(((box.left + box.width / 2 - rect.left) * canvas.width) / rect.width);
      const y = Math.round(((box.top + box.height / 2 - rect.top) * canvas.height) / rect.height);
      const pixel = canvas.getContext('2d')?.getImageData(x, y, 1, 1).data;
      alpha = Math.max(alpha, pixel?.[3] ?? 0);
    }
    return alpha;
  });

/** Opens the map, checks the first-visit tutorial and skips it; the field opens on its newest clear date by itself. */
async function openFirstClearDate(page: Page, farmId: string) {
  const tile = page.waitForResponse(
    (response) =>
      /\/v2\/tiles\/standard_NDVI\/\d{4}-\d{2}-\d{2}\/\d+\/\d+\/\d+\.png/.test(response.url()) &&
      response.status() === 200,
  );
  await page.goto(`/farms/${farmId}`);
  const tutorial = page.getByRole('region', { name: 'Your fields' });
  await expect(tutorial).toContainText('Step 1 of');
  await tutorial.getByRole('button', { name: 'Skip tutorial' }).click();
  await expect(tutorial).toHaveCount(0);

  const settings = page.getByRole('region', { name: 'Map settings' });
  await expect(settings.getByRole('button', { name: /Layer:$/ })).toContainText('Standard Resolution');
  await expect(settings.getByRole('button', { name: /Calculation:$/ })).toContainText('NDVI');
  const dates = page.getByRole('list', { name: 'Imagery dates' });
  await expect(dates.getByRole('button').first()).toBeVisible({ timeout: 30_000 });
  const clear = dates.getByRole('button', { name: /Clear/ }).first();
  const label = (await clear.locator('span').first().textContent()) ?? '';
  // No click needed: the newest clear date is the one chosen.
  await expect(clear).toHaveAttribute('aria-pressed', 'true');
  expect((await tile).headers()['content-type']).toBe('image/png');
  await expect(page.getByRole('status').filter({ hasText: 'Loading imagery' })).toHaveCount(0, { timeout: 15_000 });
  return { label };
}

test('a Basic farmer sees dates, NDVI tiles and the legend, and cannot get NDRE', async ({ page }) => {
  const farmName = `Imagery Basic ${Date.now() % 100000}`;
  await signUpAndOnboard(page, uniqueEmail('imagery-basic'));
  const token = await bearerOf(page);
  const farmId = await farmWithField(page, token, farmName);

  await openFirstClearDate(page, farmId);
  // The imagery layer is drawn: the field's centre is opaque (the field's own fill is translucent).
  await expect.poll(() => centreAlpha(page), { timeout: 15_000 }).toBe(255);
  const legend = page.getByRole('region', { name: 'Legend' });
  await expect(legend).toContainText('NDVI (index)');
  await expect(legend).toContainText(/Min\s*0\.\d\d/);
  await expect(legend).toContainText(/Mean\s*0\.\d\d/);

  // With the field selected, the season chart opens a date of its own on the map.
  await page
    .getByRole('checkbox', { name: /Home Paddock/ })
    .first()
    .check();
  const chart = page.getByRole('region', { name: 'Season chart' }).getByRole('group', { name: /across the season$/ });
  const points = chart.getByRole('button', { name: /^NDVI [\d.]+ on \d+ \w+$/ });
  await expect(points.first()).toBeVisible({ timeout: 30_000 });
  const point = points.nth((await points.count()) - 2);
  const day = /on (\d+ \w+)$/.exec((await point.getAttribute('aria-label')) ?? '')?.[1] ?? '';
  // Captures days apart overlap on the chart, so the click lands where the point is drawn and the
  // chart opens the point nearest to it. The panel may still be settling (a scroll bar appearing
  // narrows the chart), so the point is measured again before each try.
  const dateButton = page
    .getByRole('list', { name: 'Imagery dates' })
    .getByRole('button', { name: new RegExp(`^${day}`) });
  await expect(async () => {
    await point.scrollIntoViewIfNeeded();
    const box = await point.boundingBox();
    if (!box) throw new Error('the point is not drawn');
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect(dateButton).toHaveAttribute('aria-pressed', 'true', { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await expect(point).toHaveAttribute('aria-pressed', 'true');

  // NDRE: locked in the menu, and refused by the API.
  const settings = page.getByRole('region', { name: 'Map settings' });
  await expect(settings).toContainText('Enable Advanced calculations');
  await settings.getByRole('button', { name: /Calculation:$/ }).click();
  const ndre = page.getByRole('option', { name: /NDRE/ });
  await expect(ndre).toHaveAttribute('aria-disabled', 'true');
  await expect(ndre.getByRole('img', { name: 'Advanced' })).toBeVisible();
  await ndre.click({ force: true });
  await page.keyboard.press('Escape');
  await expect(settings.getByRole('button', { name: /Calculation:$/ })).toContainText('NDVI');
  const fieldId = await page.request
    .get(`${api}/farms/${farmId}/fields`, { headers: { authorization: `Bearer ${token}` } })
    .then(async (response) => (await response.json()).features[0].id as string);
  const today = new Date().toISOString().slice(0, 10);
  const refused = await page.request.get(
    `${api}/algorithm/standard_NDRE/statistics.json?field_ids=${fieldId}&latest_capture_date=${today}`,
    {
      headers: { authorization: `Bearer ${token}` },
    },
  );
  expect(refused.status()).toBe(403);

  // No Export Map for Basic users: a banner instead.
  await settings.getByRole('button', { name: 'Actions' }).click();
  await expect(page.getByRole('menuitem', { name: 'Order High Resolution' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Export Map' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(settings.getByRole('note')).toContainText('Unlock with Advanced');

  // At phone width the panels start folded, and the timeline still opens a date.
  await page.setViewportSize({ width: 375, height: 780 });
  await page.reload();
  const folded = page
    .getByRole('region', { name: 'Map settings' })
    .getByRole('button', { name: 'Standard Resolution', exact: true });
  await expect(folded).toHaveAttribute('aria-expanded', 'false');
  const phoneDate = page.getByRole('list', { name: 'Imagery dates' }).getByRole('button', { name: /Clear/ }).first();
  await phoneDate.click();
  await expect(phoneDate).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('region', { name: 'Legend' })).toBeInViewport();
  await folded.click();
  await expect(
    page.getByRole('region', { name: 'Map settings' }).getByRole('button', { name: /Calculation:$/ }),
  ).toBeInViewport();
});

test('an Advanced farmer exports the map as a PDF', async ({ page }) => {
  const farmName = `Imagery Advanced ${Date.now() % 100000}`;
  const email = uniqueEmail('imagery-advanced');
  await signUpAndOnboard(page, email);
  await makeAdvanced(page, email, { 'algorithm:ndre': true });
  const token = await bearerOf(page);
  const farmId = await farmWithField(page, token, farmName);

  const { label } = await openFirstClearDate(page, farmId);
  const settings = page.getByRole('region', { name: 'Map settings' });
  await expect(settings.getByRole('note')).toHaveCount(0);
  await settings.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menuitem', { name: 'Export Map' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export Map' });
  await expect(dialog).toContainText(farmName);
  await expect(dialog).toContainText(label);

  const image = page.waitForResponse((response) => response.url().includes('/v2/algorithm/standard_NDVI/export.png'));
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download PDF' }).click();
  expect((await image).status()).toBe(200);
  const file = await (await download).path();
  const pdf = (await readFile(file)).toString('latin1');
  expect(pdf.startsWith('%PDF-')).toBe(true);
  expect(pdf).toContain(`(${farmName})`);
  expect(pdf).toContain(`(SR NDVI | ${label})`);
  await expect(dialog).toHaveCount(0);
});
