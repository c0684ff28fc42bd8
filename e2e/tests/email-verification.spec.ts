import { expect, test } from '@playwright/test';
import { signUp, uniqueEmail } from './support/auth';
import { urls } from '../../scripts/lib/stack.mjs';

interface MailboxMessage {
  to: string;
  link?: string;
  text?: string;
  html?: string;
}

/** Finds the verification link the idp wrote to its dev mailbox for this address. */
async function verificationLinkFor(email: string): Promise<string> {
  const response = await fetch(`${urls.idp}/dev/mailbox.json`);
  const { messages } = (await response.json()) as { messages: MailboxMessage[] };
  const message = messages.find((m) => m.to === email);
  const link = message?.link ?? /https?:\/\/\S+verify-email\?ticket=[\w-]+/.exec(message?.text ?? '')?.[0];
  if (!link) throw new Error(`no verification e-mail for ${email}`);
  return link;
}

test('a new user verifies the e-mail address from the getting-started page', async ({ page }) => {
  const email = uniqueEmail('verify');
  await signUp(page, email, 'a-strong-password');
  await expect(page).toHaveURL(/\/getting-started\/profile-setup$/);

  await page.goto('/getting-started');
  const verifyCard = page.getByRole('article', { name: 'Verify your email address' });
  await expect(verifyCard.getByText('Completed')).toHaveCount(0);
  await verifyCard.getByRole('button', { name: 'Verify email' }).click();
  await page.getByRole('button', { name: 'Send verification email' }).click();
  await expect(page.getByText('Email Verification sent')).toBeVisible();

  await expect.poll(() => verificationLinkFor(email).catch(() => '')).toContain('verify-email');
  const link = await verificationLinkFor(email);
  const verifyTab = await page.context().newPage();
  await verifyTab.goto(link);
  await expect(verifyTab.getByText(/verified/i).first()).toBeVisible();
  await verifyTab.close();

  await page.getByRole('button', { name: "I've verified it" }).click();
  await expect(page.getByText(/is verified/)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(verifyCard.getByText('Completed')).toBeVisible();

  // Verified but terms not yet accepted: the farms page now sends the user to the terms page.
  await page.goto('/farms');
  await expect(page).toHaveURL(/\/getting-started\/terms-and-conditions$/);
  const start = page.getByRole('button', { name: 'Start using Paddock' });
  await expect(start).toBeDisabled();
  await page.getByText('I have read and agree to the terms and conditions.').click();
  await page.getByText('I have read and understand the information collection notice.').click();
  await start.click();
  await expect(page.getByText('Profile successfully saved! Redirecting to Dashboard...')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 });
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
});
