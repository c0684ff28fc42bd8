import { expect, test } from '@playwright/test';
import { signUp, uniqueEmail } from './support/auth';

test('a new user signs up, sets up the profile, accepts the terms and reaches the dashboard', async ({ page }) => {
  const email = uniqueEmail('new-farmer');
  await signUp(page, email, 'a-strong-password');

  await expect(page).toHaveURL(/\/getting-started\/profile-setup$/);
  const start = page.getByRole('button', { name: 'Start using Paddock' });
  await expect(start).toBeDisabled();

  await page.getByLabel('First Name').fill('Ada');
  await page.getByLabel('Last Name').fill('Paddock');
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.getByLabel('Occupation').selectOption('agronomist');
  // The agreements are switches: the visible label is what a person clicks.
  await page.getByText('I have read and agree to the terms and conditions.').click();
  await expect(start).toBeDisabled();
  await page.getByText('I have read and understand the information collection notice.').click();
  await expect(start).toBeEnabled();
  await start.click();

  await expect(page.getByText('Profile successfully saved! Redirecting to Dashboard...')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 });
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByText(/Ada Paddock/)).toBeVisible();

  // The terms are now accepted, so the farms page no longer sends the user back to onboarding.
  await page.goto('/farms');
  await expect(page.getByRole('heading', { name: 'Farms & Fields', level: 1 })).toBeVisible();
});
