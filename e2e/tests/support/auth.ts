import { expect, type Page } from '@playwright/test';

export const demo = { email: 'demo@paddock.example', password: 'paddock-demo' };

export const uniqueEmail = (prefix: string) => `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** Opens a private page and signs in on the identity provider's page. */
export async function signIn(page: Page, email = demo.email, password = demo.password, path = '/') {
  await page.goto(path);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
}

export async function signUp(page: Page, email: string, password: string) {
  await page.goto('/');
  await page.getByRole('link', { name: 'Sign up' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
}
