import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { uniqueEmail } from './support/auth';
import { api, bearerOf, farmWithField } from './support/api';
import { signUpAndOnboard } from './support/onboard';
import { farmerWithPaidOrder } from './support/zoning';

/** Opens the farm's map in zoning mode (Actions → Create Zones), past the tutorial. */
async function startZoning(page: Page, farmId: string) {
  await page.goto(`/farms/${farmId}`);
  const tutorial = page.getByRole('region', { name: 'Your fields' });
  await tutorial.getByRole('button', { name: 'Skip tutorial' }).click();
  await page.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menuitem', { name: 'Create Zones' }).click();
  const menu = page.getByRole('complementary', { name: 'Field menu' });
  await expect(menu.getByRole('heading', { level: 1 })).toHaveText('Zoning');
  return menu;
}

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
  // The newest date that can be zoned (a date more than half under cloud is listed but disabled).
  const zonable = await date.locator('option:not([disabled]):not([value=""])').first().getAttribute('value');
  await date.selectOption(zonable as string);
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
  await expect(page.getByRole('button', { name: 'Cart, 1 item' })).toBeVisible();
});

test('a field of 800 ha or more cannot be chosen for zoning', async ({ page }) => {
  await signUpAndOnboard(page, uniqueEmail('zoning-large'));
  const token = await bearerOf(page);
  const headers = { authorization: `Bearer ${token}` };
  const farmId = await farmWithField(page, token, `Large Farm ${Date.now() % 100000}`);
  // About 3.3 km by 3 km: some 900 ha.
  const [west, south] = [147.4, -35.2];
  const [east, north] = [west + 0.0365, south + 0.027];
  const big = await page.request.post(`${api}/farms/${farmId}/fields`, {
    headers,
    data: {
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          geometry: {
            type: 'Polygon',
            coordinates: [
              [
                [west, south],
                [east, south],
                [east, north],
                [west, north],
                [west, south],
              ],
            ],
          },
          properties: { field_name: 'Big Plain', field_crop_type: 'Wheat' },
        },
      ],
    },
  });
  expect(big.status()).toBe(201);
  const area = ((await big.json()) as { features: { properties: { area: number } }[] }).features[0]?.properties.area;
  expect(area).toBeGreaterThanOrEqual(800);

  const menu = await startZoning(page, farmId);
  const large = menu.getByRole('checkbox', { name: /Big Plain/ });
  await expect(large).toBeDisabled();
  await expect(menu.getByText('Area must be below 800 ha to zone this field')).toBeVisible();
  await expect(menu.getByRole('checkbox', { name: /Home Paddock/ })).toBeEnabled();
  // The server holds the same line.
  const fields = (await (await page.request.get(`${api}/farms/${farmId}/fields`, { headers })).json()) as {
    features: { id: string; properties: { field_name: string } }[];
  };
  const bigId = fields.features.find((field) => field.properties.field_name === 'Big Plain')?.id;
  const refused = await page.request.get(
    `${api}/zoning/zones?field_ids=${bigId}&latest_capture_date=2025-09-07&zones=3&resolution=4&algorithm=standard_NDVI`,
    { headers },
  );
  expect(refused.status()).toBe(422);
  expect(JSON.stringify(await refused.json())).toContain('Zone area exceeded');
});

test('a paid order opened by ?zone= shows its zones; Edit Rates → Export Files gives a zip with a shapefile and TASKDATA.XML', async ({
  page,
}) => {
  const { farmId, orderId } = await farmerWithPaidOrder(page, uniqueEmail('zoning-order'));

  await page.goto(`/farms/${farmId}?zone=${orderId}`);
  const panel = page.getByRole('region', { name: 'Edit Rates' });
  const rates = panel.getByRole('table', { name: 'Rates' });
  await expect(rates.getByRole('row')).toHaveCount(3, { timeout: 30_000 });
  await expect(rates.getByRole('row', { name: /Zone 1/ })).toBeVisible();
  await expect(rates.getByRole('row', { name: /Zone 2/ })).toBeVisible();
  await expect(panel.getByLabel('Rate of zone 1')).toHaveValue('80');
  await expect(panel.getByLabel('Rate of zone 2')).toHaveValue('120');
  // The order's field is selected on the map's field list.
  await expect(page.getByRole('checkbox', { name: /Home Paddock/ })).toBeChecked();

  const exportFiles = panel.getByRole('button', { name: 'Export Files' });
  await expect(exportFiles).toBeDisabled();
  await panel.getByLabel('Rate of zone 2').fill('135.5');
  await expect(exportFiles).toBeEnabled();
  const updated = page.waitForResponse((response) => response.url().includes('/v2/zoning/update'));
  await exportFiles.click();
  expect((await updated).status()).toBe(200);

  const downloads = panel.getByRole('group', { name: 'Downloads' });
  const download = page.waitForEvent('download');
  await downloads.getByRole('button', { name: 'Download files per field' }).click();
  const file = join(mkdtempSync(join(tmpdir(), 'paddock-zoning-')), 'zones.zip');
  await (await download).saveAs(file);
  const entries = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).split('\n').filter(Boolean);
  expect(entries.some((name) => name.toLowerCase().endsWith('.shp'))).toBe(true);
  expect(entries.some((name) => name.endsWith('TASKDATA.XML'))).toBe(true);
  const taskdata = entries.find((name) => name.endsWith('TASKDATA.XML')) as string;
  const xml = execFileSync('unzip', ['-p', file, taskdata], { encoding: 'utf8' });
  // The new rate of zone 2 is the prescription's process data (ISOXML: mg/m², 135.5 kg/ha = 13550).
  expect(xml).toContain('<ISO11783_TaskData');
  expect(xml).toMatch(/<TZN A="2" B="Zone 2">\s*<PDV A="[0-9A-F]+" B="13550"/);
});

test('an unknown order in ?zone= leads to /404', async ({ page }) => {
  await signUpAndOnboard(page, uniqueEmail('zoning-404'));
  const token = await bearerOf(page);
  const farmId = await farmWithField(page, token, `Lost Farm ${Date.now() % 100000}`);
  await page.goto(`/farms/${farmId}?zone=no-such-order`);
  await expect(page).toHaveURL(/\/404$/, { timeout: 30_000 });
});
