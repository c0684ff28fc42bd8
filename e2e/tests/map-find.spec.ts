import { expect, test, type Locator, type Page } from '@playwright/test';
import { api, bearerOf } from './support/api';
import { signIn, uniqueEmail } from './support/auth';
import { signUpAndOnboard } from './support/onboard';

// Issue 10 §1, §2, §9: a base map and place search to find a paddock by, markers for fields too
// small to see, and a demo account that shows the product. At desktop and phone sizes.

const sizes = [
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
  { name: 'phone', viewport: { width: 375, height: 812 } },
] as const;

const square = (lon: number, lat: number, size = 0.01) => ({
  type: 'Polygon',
  coordinates: [
    [
      [lon, lat],
      [lon + size, lat],
      [lon + size, lat + size],
      [lon, lat + size],
      [lon, lat],
    ],
  ],
});

/** Pixel positions on the map, relative to its centre. */
async function mapPoint(map: Locator, dx: number, dy: number): Promise<[number, number]> {
  const box = await map.boundingBox();
  if (!box) throw new Error('the map is not on screen');
  return [box.x + box.width / 2 + dx, box.y + box.height / 2 + dy];
}

async function createFarmToDraw(page: Page, farmName: string) {
  await page.goto('/farms');
  await page.getByRole('button', { name: 'Create Farm' }).first().click();
  await page.getByRole('dialog').getByLabel('Name of farm').fill(farmName);
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Draw on map/ })
    .click();
  await expect(page).toHaveURL(/\/farms\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1, name: farmName })).toBeVisible();
}

for (const size of sizes) {
  test.describe(`finding paddocks (${size.name})`, () => {
    test.use({ viewport: size.viewport });

    test('find a locality by name and draw a field there on the satellite base map', async ({ page }) => {
      await signUpAndOnboard(page, uniqueEmail(`find-${size.name}`));
      const farmName = `Wimmera Find ${Date.now() % 100000}`;
      await createFarmToDraw(page, farmName);
      const map = page.getByTestId('farm-map');
      await expect(map).toHaveAttribute('data-fields-rendered', '0');
      // Zoomed out over Australia, before any base map tile, the map names the capitals (issue 27 §2).
      await expect(map).toHaveAttribute('data-orientation-places', /(^|\|)Adelaide(\||$)/);
      await expect(map).toHaveAttribute('data-orientation-places', /(^|\|)Melbourne(\||$)/);
      await page.screenshot({ path: `../test-results/orientation/australia-${size.viewport.width}.png` });

      // The search box takes a town's name and lists it, keyboard and all.
      const search = page.getByRole('combobox', { name: 'Search fields and places on the map' });
      // While drawing, the search and the Boundaries toolbar are both there and neither covers the other.
      const toolbar = page.getByRole('toolbar', { name: 'Boundaries' });
      await expect(search).toBeVisible();
      await expect(toolbar).toBeVisible();
      const [searchBox, toolbarBox] = [await search.boundingBox(), await toolbar.boundingBox()];
      if (!searchBox || !toolbarBox) throw new Error('the search or the toolbar is not on screen');
      const apart =
        searchBox.x + searchBox.width <= toolbarBox.x ||
        toolbarBox.x + toolbarBox.width <= searchBox.x ||
        searchBox.y + searchBox.height <= toolbarBox.y ||
        toolbarBox.y + toolbarBox.height <= searchBox.y;
      expect(apart).toBe(true);
      expect(toolbarBox.x + toolbarBox.width).toBeLessThanOrEqual(size.viewport.width);
      await search.fill('Horsham');
      const option = page.getByRole('option', { name: /Horsham VIC 3400/ });
      await expect(option).toBeVisible();
      const basemapTile = page.waitForResponse(
        (response) => response.url().includes('/v2/basemap/tiles/') && response.status() === 200,
      );
      await search.press('ArrowDown');
      await search.press('Enter');
      // The map goes there, and the satellite base map draws under it.
      await basemapTile;
      await expect(page.getByText(/Sentinel-2/).first()).toBeVisible();
      // The simulated background says it is demo imagery, on the map itself.
      await expect(page.getByText(/^Demo imagery/).first()).toBeVisible();
      // The move animates; the corners are placed where it comes to rest, at a locality's zoom.
      await expect(map).toHaveAttribute('data-view-zoom', '14');
      // Over the satellite background the map names the town and its neighbours (issue 27 §2).
      await expect(map).toHaveAttribute('data-orientation-places', /(^|\|)Horsham(\||$)/);
      await page.screenshot({ path: `../test-results/orientation/farm-${size.viewport.width}.png` });

      // On a phone the field sheet covers the map's lower half: the corners go where the map shows.
      const [top, bottom] = size.name === 'phone' ? [-80, -20] : [-40, 40];
      const corners = [
        await mapPoint(map, -60, top),
        await mapPoint(map, 60, top),
        await mapPoint(map, 60, bottom),
        await mapPoint(map, -60, bottom),
      ];
      for (const [x, y] of corners) await page.mouse.click(x, y);
      await page.mouse.click(...corners[0]!);
      await page.getByRole('button', { name: 'Finish Editing' }).click();
      const panel = page.getByRole('region', { name: 'Field Details' });
      await page.getByRole('combobox', { name: 'Crop Type' }).click();
      await page.getByRole('option', { name: 'Wheat', exact: true }).click();
      await panel.getByRole('button', { name: 'Save Field' }).click();
      await expect(page.getByText('Field created successfully!')).toBeVisible();

      // The field is where the town is.
      const farmId = new URL(page.url()).pathname.split('/').pop() as string;
      const token = await bearerOf(page);
      const farm = await page.request.get(`${api}/farms/${farmId}`, { headers: { authorization: `Bearer ${token}` } });
      expect((await farm.json()).properties.location).toBe('near Horsham, VIC');
    });

    test('a farm with two paddocks far apart shows both as markers', async ({ page }) => {
      await signUpAndOnboard(page, uniqueEmail(`markers-${size.name}`));
      const token = await bearerOf(page);
      const headers = { authorization: `Bearer ${token}` };
      const made = await page.request.post(`${api}/farms`, { headers, data: { data: { farm_name: 'Far Apart' } } });
      const farmId = (await made.json()).id as string;
      const fields = await page.request.post(`${api}/farms/${farmId}/fields`, {
        headers,
        data: {
          type: 'FeatureCollection',
          features: [
            { type: 'Feature', geometry: square(142.2, -36.7), properties: { field_name: 'Horsham block' } },
            { type: 'Feature', geometry: square(149.8, -29.5), properties: { field_name: 'Moree block' } },
          ],
        },
      });
      expect(fields.status()).toBe(201);
      await page.goto(`/farms/${farmId}`);
      const map = page.getByTestId('farm-map');
      await expect(map).toHaveAttribute('data-fields-rendered', '2');
      // Fitted to both, each paddock is a pixel or two: both show as markers, not one cluster.
      await expect(map).toHaveAttribute('data-field-markers', '2');
    });

    test('the demo user finds a demo farm of a dozen paddocks', async ({ page }) => {
      await signIn(page, undefined, undefined, '/farms');
      await expect(page.getByText('Wimmera Downs').first()).toBeVisible();
      const token = await bearerOf(page);
      const list = await page.request.get(`${api}/farms?search_query=Wimmera`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const farm = ((await list.json()).features as { id: string; properties: { farm_name: string } }[]).find(
        (f) => f.properties.farm_name === 'Wimmera Downs',
      );
      expect(farm).toBeDefined();
      await page.goto(`/farms/${farm?.id}`);
      await expect(page.getByTestId('farm-map')).toHaveAttribute('data-fields-rendered', '12');
    });
  });
}
