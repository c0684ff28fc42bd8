import { expect, test, type Page } from '@playwright/test';
import { WGS84_PRJ, writeShapefile, type ShapefileFeature } from '../../api/src/files/shapefile-writer';
import { quadrangleAreaM2 } from '../../shared/src/testing/geodesy';
import { uniqueEmail } from './support/auth';
import { signUpAndOnboard } from './support/onboard';

const farmsNav = (page: Page) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Farms' });
const rowOf = (page: Page, name: string) =>
  page.getByRole('row').filter({ has: page.getByRole('checkbox', { name: `Select ${name}` }) });

type Extent = [west: number, south: number, east: number, north: number];

/** Three paddocks near Wagga Wagga, as a farmer's GIS would export them. */
const paddocks: Array<{ name: string; crop: string; extent: Extent }> = [
  { name: 'North Paddock', crop: 'WHEAT', extent: [147.3, -35.12, 147.312, -35.11] },
  { name: 'Creek Flat', crop: 'canola', extent: [147.32, -35.12, 147.335, -35.105] },
  { name: 'Dam Block', crop: 'Quinoa', extent: [147.34, -35.13, 147.347, -35.121] },
];

const rectangle = ([west, south, east, north]: Extent): ShapefileFeature['geometry'] => ({
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
});

// The API's area on the WGS84 ellipsoid for a longitude/latitude rectangle (closed form; its geodesic
// edges differ from the parallels by well under 1 m² at this size).
const hectaresOf = ([west, south, east, north]: Extent) => quadrangleAreaM2(west, south, east, north) / 10_000;
const formatHectares = (hectares: number) =>
  new Intl.NumberFormat('en-AU', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(hectares);

function shapefileUpload() {
  const features = paddocks.map(({ name, crop, extent }) => ({
    geometry: rectangle(extent),
    properties: { PADDOCK: name, crop_name: crop },
  }));
  const parts = writeShapefile(features, { prj: WGS84_PRJ });
  return Object.entries(parts).map(([extension, buffer]) => ({
    name: `paddocks.${extension}`,
    mimeType: 'application/octet-stream',
    buffer,
  }));
}

test('a farmer imports a farm from a shapefile, names its fields from an attribute and finds it in the farm list', async ({
  page,
}) => {
  const farmName = `Wattle Creek ${Date.now() % 100000}`;
  const totalArea = formatHectares(paddocks.reduce((sum, paddock) => sum + hectaresOf(paddock.extent), 0));

  await signUpAndOnboard(page, uniqueEmail('importer'));
  await farmsNav(page).click();
  await page.getByRole('button', { name: 'Create Farm' }).first().click();
  const create = page.getByRole('dialog', { name: 'Farm management done right.' });
  await create.getByLabel('Name of farm').fill(farmName);
  await create.getByRole('button', { name: /Import farm from file/ }).click();

  // Upload File: the parts go through the dropzone's own file input.
  const wizard = page.getByRole('dialog', { name: 'Import farm from file' });
  const steps = wizard.getByRole('list', { name: 'Import steps' });
  await expect(steps.locator('[aria-current="step"]')).toHaveText('Upload File');
  await expect(wizard.getByRole('button', { name: 'Next' })).toBeDisabled();
  await wizard.getByLabel('Files to upload').setInputFiles(shapefileUpload());
  await expect(wizard.getByRole('list', { name: 'Chosen files' }).getByRole('listitem')).toHaveCount(4);
  await wizard.getByRole('button', { name: 'Next' }).click();

  // Match Fields: the converted fields are previewed; the PADDOCK attribute names them.
  await expect(steps.locator('[aria-current="step"]')).toHaveText('Match Fields', { timeout: 30_000 });
  const preview = wizard.getByRole('region', { name: 'Preview of the fields' });
  await expect(preview.getByRole('img', { name: 'Outline of the 3 fields' })).toBeVisible();
  await expect(preview).toContainText(`${totalArea} ha`);
  await expect(wizard.getByRole('list', { name: 'Fields to save' })).toContainText('field 1');
  await wizard.getByRole('button', { name: /Field Name/ }).click();
  await page.getByRole('option', { name: 'PADDOCK' }).click();
  const toSave = wizard.getByRole('list', { name: 'Fields to save' }).getByRole('listitem');
  await expect(toSave).toHaveText(['North PaddockWheat', 'Creek FlatCanola', 'Dam BlockOther']);

  // Save File.
  await wizard.getByRole('button', { name: 'Save' }).click();
  await expect(wizard.getByRole('heading', { name: 'Your files were saved' })).toBeVisible();
  await expect(steps.locator('[aria-current="step"]')).toHaveText('Save File');
  await wizard.getByRole('button', { name: 'Exit & Close' }).click();
  await expect(wizard).toHaveCount(0);

  // The farm list shows the new farm with its three fields and their total area.
  const row = rowOf(page, farmName);
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell').nth(3)).toHaveText('3');
  await expect(row.getByRole('cell').nth(4)).toHaveText(totalArea);
  await row.getByRole('button', { name: `Fields of ${farmName}` }).click();
  const fields = page.getByRole('list', { name: `Fields of ${farmName}` }).getByRole('listitem');
  await expect(fields).toHaveCount(3);
  for (const [index, paddock] of paddocks.entries()) {
    await expect(fields.nth(index)).toContainText(paddock.name);
    await expect(fields.nth(index)).toContainText(`${formatHectares(hectaresOf(paddock.extent))} ha`);
  }
  await expect(fields.nth(0)).toContainText('Wheat');
  await expect(fields.nth(2)).toContainText('Other');

  // A second farm from the same files: 'Proceed to Crop Management' opens its map.
  await page.getByRole('button', { name: 'Create Farm' }).first().click();
  await create.getByLabel('Name of farm').fill(`${farmName} South`);
  await create.getByRole('button', { name: /Import farm from file/ }).click();
  await wizard.getByLabel('Files to upload').setInputFiles(shapefileUpload());
  await wizard.getByRole('button', { name: 'Next' }).click();
  await wizard.getByRole('button', { name: 'Save' }).click();
  await wizard.getByRole('button', { name: 'Proceed to Crop Management' }).click();
  await expect(page).toHaveURL(/\/farms\/[^/]+$/);
  await expect(wizard).toHaveCount(0);
});
