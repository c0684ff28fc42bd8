import { expect, test, type Page } from '@playwright/test';
import { demo, signIn, uniqueEmail } from './support/auth';
import { signUpAndOnboard } from './support/onboard';

const farmsNav = (page: Page) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Farms' });
const rowOf = (page: Page, name: string) =>
  page.getByRole('row').filter({ has: page.getByRole('checkbox', { name: `Select ${name}` }) });

test('an owner creates, favourites, renames, shares, un-shares and deletes a farm; the viewer sees it read-only', async ({
  browser,
}) => {
  const ownerEmail = uniqueEmail('owner');
  const farmName = `Kurrajong Downs ${Date.now() % 100000}`;
  const renamed = `${farmName} East`;

  const owner = await (await browser.newContext()).newPage();
  await signUpAndOnboard(owner, ownerEmail);

  // Create: 'Draw on map' creates the farm and opens its map.
  await farmsNav(owner).click();
  await owner.getByRole('button', { name: 'Create Farm' }).first().click();
  const dialog = owner.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Farm management done right.' })).toBeVisible();
  await dialog.getByLabel('Name of farm').fill(farmName);
  await dialog.getByRole('button', { name: /Draw on map/ }).click();
  await expect(owner).toHaveURL(/\/farms\/[^/]+$/);

  // Listed, then favourited and found through the favourites filter.
  await farmsNav(owner).click();
  await expect(rowOf(owner, farmName)).toBeVisible();
  await expect(rowOf(owner, farmName)).toContainText('No Collaborator');
  const star = owner.getByRole('button', { name: `Favourite ${farmName}` });
  await star.click();
  await expect(star).toHaveAttribute('aria-pressed', 'true');
  await owner.goto('/farms');
  await expect(owner.getByRole('button', { name: `Favourite ${farmName}` })).toHaveAttribute('aria-pressed', 'true');
  await owner.evaluate(() => {
    window.history.pushState({ usr: { favourites: true }, key: 'fav', idx: 1 }, '', '/farms');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(owner.getByRole('button', { name: 'Remove Filter By Favourites' })).toBeVisible();
  await expect(rowOf(owner, farmName)).toBeVisible();

  // Rename on the details page.
  await owner.getByRole('link', { name: `Details of ${farmName}` }).click();
  await owner.getByRole('button', { name: 'Rename farm' }).click();
  await owner.getByLabel('Farm name').fill(renamed);
  await owner.getByRole('button', { name: 'Save' }).click();
  await expect(owner.getByText('Farm name updated!')).toBeVisible();
  await expect(owner.getByRole('heading', { name: renamed })).toBeVisible();

  // Share with the demo user as a viewer.
  await owner.getByRole('tab', { name: 'Collaborators' }).click();
  await owner.getByRole('button', { name: 'Invite Collaborator' }).click();
  const share = owner.getByRole('dialog');
  await share.getByLabel('Email addresses').fill(demo.email);
  await share.getByLabel('Email addresses').press('Space');
  await share.getByLabel('Permission').selectOption('viewer');
  await share.getByRole('button', { name: 'Share' }).click();
  await expect(owner.getByText('Farms shared successfully')).toBeVisible();
  await expect(owner.getByRole('row').filter({ hasText: demo.email })).toContainText(/viewer/i);

  // The viewer sees the farm, and nothing that would change it.
  const viewer = await (await browser.newContext()).newPage();
  await signIn(viewer, demo.email, demo.password, '/farms');
  await expect(viewer.getByRole('heading', { name: 'Farms & Fields', level: 1 })).toBeVisible();
  const sharedRow = rowOf(viewer, renamed);
  await expect(sharedRow).toBeVisible();
  await expect(viewer.getByRole('button', { name: `Favourite ${renamed}` })).toHaveCount(0);
  await expect(viewer.getByRole('button', { name: `Delete ${renamed}` })).toHaveCount(0);
  await expect(viewer.getByRole('button', { name: `Share ${renamed}` })).toHaveCount(0);
  await viewer.getByRole('link', { name: `Details of ${renamed}` }).click();
  await expect(viewer.getByRole('heading', { name: renamed })).toBeVisible();
  await expect(viewer.getByRole('button', { name: 'Rename farm' })).toHaveCount(0);
  await expect(viewer.getByRole('button', { name: 'Create Field' })).toHaveCount(0);

  // The owner removes the collaborator; the viewer no longer sees the farm.
  await owner.getByRole('button', { name: `Remove ${demo.email}` }).click();
  await expect(owner.getByText('You cannot undo this action')).toBeVisible();
  await owner.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(owner.getByText(`${demo.email} no longer has access`)).toBeVisible();
  await viewer.goto('/farms');
  await expect(viewer.getByRole('heading', { name: 'Farms & Fields', level: 1 })).toBeVisible();
  await expect(rowOf(viewer, renamed)).toHaveCount(0);

  // Delete by typing the exact name.
  await farmsNav(owner).click();
  await owner.getByRole('button', { name: `Delete ${renamed}` }).click();
  const del = owner.getByRole('alertdialog', { name: 'Delete Farm' });
  await expect(del).toContainText(
    'Deleting this farm also includes its corresponding fields. This action cannot be undone.',
  );
  await expect(del.getByRole('button', { name: 'Delete Farm' })).toBeDisabled();
  await del.getByRole('textbox').fill(farmName);
  await expect(del.getByRole('button', { name: 'Delete Farm' })).toBeDisabled();
  await del.getByRole('textbox').fill(renamed);
  await del.getByRole('button', { name: 'Delete Farm' }).click();
  await expect(owner.getByText('Farm deleted successfully!')).toBeVisible();
  await expect(rowOf(owner, renamed)).toHaveCount(0);
});
