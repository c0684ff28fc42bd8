import { expect, type Page } from '@playwright/test';
import { signUp } from './auth';

/** Signs a brand-new user up and through profile setup, ending on the dashboard. */
export async function signUpAndOnboard(page: Page, email: string, names = { first: 'Owen', last: 'Grower' }) {
  await signUp(page, email, 'a-strong-password');
  await expect(page).toHaveURL(/\/getting-started\/profile-setup$/);
  await page.getByLabel('First Name').fill(names.first);
  await page.getByLabel('Last Name').fill(names.last);
  await page.getByLabel('Occupation').selectOption('farmer');
  await page.getByText('I have read and agree to the terms and conditions.').click();
  await page.getByText('I have read and understand the information collection notice.').click();
  await page.getByRole('button', { name: 'Start using Paddock' }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 });
}
