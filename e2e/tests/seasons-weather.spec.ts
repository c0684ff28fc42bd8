import { expect, test, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { uniqueEmail } from './support/auth';
import { api, bearerOf, farmWithField, makeAdvanced } from './support/api';
import { signUpAndOnboard } from './support/onboard';

const SHOTS = process.env.PADDOCK_SHOTS_DIR ?? '../test-results/seasons-weather';
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** Waits (through the API) until the farm's weather cell has been fetched by the refresh job. */
async function warmWeather(page: Page, token: string, farmId: string) {
  await expect
    .poll(
      async () => {
        const response = await page.request.get(`${api}/farms/${farmId}/weather`, {
          headers: { authorization: `Bearer ${token}` },
        });
        return (await response.json()).status as string;
      },
      { timeout: 30_000 },
    )
    .toBe('fresh');
}

async function fieldIdOf(page: Page, token: string, farmId: string): Promise<string> {
  const response = await page.request.get(`${api}/farms/${farmId}/fields`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return (await response.json()).features[0].id as string;
}

/** The chart's drawn parts: rain bars, temperature lines, frost dots and the curves' paths. */
async function expectSeasonChart(page: Page) {
  const chart = page.getByTestId('season-weather-chart');
  await expect(chart).toBeVisible({ timeout: 90_000 });
  await expect.poll(() => chart.getByTestId('rain-bars').locator('rect').count()).toBeGreaterThan(3);
  await expect.poll(() => chart.getByTestId('temperature').locator('line').count()).toBeGreaterThan(30);
  for (const curve of ['gdd-line', 'rain-cumulative', 'index-current', 'index-previous']) {
    await expect(chart.getByTestId(curve)).toHaveAttribute('d', /^M[\d.]+,[\d.]+ L/);
  }
  const figures = page.getByTestId('season-figures');
  await expect(figures).toContainText(/Rain since sowing\s*\d+ mm/);
  await expect(figures).toContainText(/Growing degree days\s*\d+ °C·d/);
  await expect(figures).toContainText(/Frost days\s*\d+/);
  await expect(figures).toContainText('Last season, same stage');
  await expect(page.getByTestId('season-weather')).toContainText('base 0 °C (McMaster & Wilhelm (1997)');
  await expect(page.getByTestId('season-weather')).toContainText('Weather: Simulated weather');
}

test('a farmer sets this season’s crop and sowing date, and reads rain, temperature and GDD beside NDVI and last season', async ({
  page,
}) => {
  // Sign-up, two map loads and the imagery series the first time: longer than one page's budget.
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const email = uniqueEmail('season');
  await signUpAndOnboard(page, email);
  await makeAdvanced(page, email, { 'algorithm:ndre': true });
  const token = await bearerOf(page);
  const farmName = `Seasons ${Date.now() % 100000}`;
  const farmId = await farmWithField(page, token, farmName);
  const fieldId = await fieldIdOf(page, token, farmId);
  const headers = { authorization: `Bearer ${token}` };

  // Last season, as records kept from last year (through the API).
  const last = await page.request.post(`${api}/fields/${fieldId}/seasons`, {
    headers,
    data: { crop: 'Barley', sowing_date: day(-430), harvest_date: day(-250), current: false },
  });
  expect(last.status()).toBe(201);
  // The farm's weather is fetched by a job, never by a request; once fetched it is served from the cache.
  await warmWeather(page, token, farmId);

  // This season: the field's seasons dialog in the farm's details.
  await page.goto(`/farms/${farmId}/details`);
  await page.getByRole('button', { name: 'Seasons of Home Paddock' }).click();
  const dialog = page.getByRole('dialog', { name: 'Seasons of Home Paddock' });
  await expect(dialog).toContainText('Barley');
  await dialog.getByRole('button', { name: 'Add this season' }).click();
  await dialog.getByLabel("This season's crop").selectOption('Wheat');
  await dialog.getByLabel('Variety (optional)').fill('Scepter');
  await dialog.getByLabel('Sowing date').fill(day(-75));
  await dialog.getByRole('button', { name: 'Add season' }).click();
  const seasons = dialog.getByRole('list', { name: 'Seasons, newest first' });
  await expect(seasons.getByRole('listitem').first()).toContainText('Wheat · Scepter');
  await expect(seasons.getByRole('listitem').first()).toContainText('This season');
  await page.screenshot({ path: `${SHOTS}/1440-seasons-dialog.png` });
  await dialog.getByRole('button', { name: 'Close' }).click();

  // The map: select the field; its season chart shows the weather under NDVI.
  await page.goto(`/farms/${farmId}`);
  const tutorial = page.getByRole('region', { name: 'Your fields' });
  await tutorial.getByRole('button', { name: 'Skip tutorial' }).click();
  await page
    .getByRole('checkbox', { name: /Home Paddock/ })
    .first()
    .check();
  await expectSeasonChart(page);
  await page.getByRole('region', { name: 'Season chart' }).screenshot({ path: `${SHOTS}/1440-season-chart.png` });
  await page.getByRole('radio', { name: 'Days after sowing' }).check();
  await expect(page.getByTestId('season-weather-chart')).toContainText(/Sown \d+ \w+ \d{4}/);
  await expect(page.getByTestId('season-weather-chart').getByTestId('index-previous')).toHaveAttribute('d', /^M/);
  await page
    .getByRole('region', { name: 'Season chart' })
    .screenshot({ path: `${SHOTS}/1440-season-chart-by-sowing.png` });
  await page.screenshot({ path: `${SHOTS}/1440-map.png` });

  // The season as CSV.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download season CSV' }).click();
  const csv = await readFile(await (await download).path(), 'utf8');
  expect(csv).toContain('date,tmin_c,tmax_c,rain_mm,rain_since_sowing_mm,et_mm,gdd_since_sowing');
  expect(csv).toContain(`\n${day(-75)},`);

  // The farm's weather: from the cache, on screen within a second of opening it.
  const answered = page.waitForResponse((response) => response.url().includes(`/v2/farms/${farmId}/weather`));
  await page.getByRole('button', { name: 'Farm weather' }).click();
  const panel = page.getByTestId('farm-weather');
  // On screen within a second of the click, answered from the cache (not a fetch from the source).
  await expect(panel.getByRole('heading', { name: 'Last 7 days' })).toBeVisible({ timeout: 1000 });
  const weatherAnswer = await answered;
  expect(weatherAnswer.request().timing().responseEnd).toBeLessThan(1000);
  expect((await weatherAnswer.json()).status).toBe('fresh');
  await expect(panel.getByRole('list', { name: 'Forecast for the next 7 days' }).getByRole('listitem')).toHaveCount(7);
  await expect(panel).toContainText('Last 30 days');
  await page.screenshot({ path: `${SHOTS}/1440-farm-weather.png` });
  await page.keyboard.press('Escape');

  // The PDF export carries the season's figures.
  const settings = page.getByRole('region', { name: 'Map settings' });
  await settings.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menuitem', { name: 'Export Map' }).click();
  const pdfDownload = page.waitForEvent('download');
  await page.getByRole('dialog', { name: 'Export Map' }).getByRole('button', { name: 'Download PDF' }).click();
  const pdf = (await readFile(await (await pdfDownload).path())).toString('latin1');
  expect(pdf).toContain('(Home Paddock: Wheat, sown');
  expect(pdf).toMatch(/Rain \d+ mm/);

  // At phone width: the chart (folded at first) and the farm's weather still read.
  await page.setViewportSize({ width: 375, height: 780 });
  await page.reload();
  // The field list is folded into a menu at phone width: select the field there, then fold it again.
  const fieldMenu = page.getByRole('button', { name: /field menu/ });
  await fieldMenu.click();
  await page
    .getByRole('checkbox', { name: /Home Paddock/ })
    .first()
    .check();
  await fieldMenu.click();
  const card = page.getByRole('region', { name: 'Season chart' });
  const toggle = card.getByRole('button', { name: /this season · Home Paddock/ });
  await expect(toggle).toBeVisible({ timeout: 30_000 });
  if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
  await expectSeasonChart(page);
  await card.screenshot({ path: `${SHOTS}/375-season-chart.png` });
  await page.screenshot({ path: `${SHOTS}/375-map.png`, fullPage: true });
  await page.getByRole('button', { name: 'Farm weather' }).click();
  await expect(page.getByTestId('farm-weather').getByRole('heading', { name: 'Last 7 days' })).toBeVisible({
    timeout: 1000,
  });
  await page.screenshot({ path: `${SHOTS}/375-farm-weather.png` });
});
