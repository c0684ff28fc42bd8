import { expect, test, type Page } from '@playwright/test';
import { urls } from '../../scripts/lib/stack.mjs';
import { api, bearerOf } from './support/api';
import { signIn, uniqueEmail } from './support/auth';
import { signUpAndOnboard } from './support/onboard';

// The subscription and e-mail calls through the composed system (gateway, api, idp, the test payment
// provider), without the account pages: the pages' own flows are in the account specs.

const TEST_PUBLISHABLE_KEY = 'pk_test_paddock_embedded';

async function profileOf(page: Page, token: string) {
  const response = await page.request.get(`${api}/accounts/profile`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return (await response.json()).data as {
    account: { email: string; pending_email?: string | null };
    tier: { key: string };
    subscriptions: { status: string; expires_at: string | null; cancelled_at: string | null }[];
  };
}

/** What the browser's test payments client does: confirm the intent with a card. */
async function confirmCard(page: Page, clientSecret: string, number: string) {
  const intent = clientSecret.split('_secret_')[0];
  const response = await page.request.post(`${urls.api}/test-provider/v1/payment_intents/${intent}/confirm`, {
    form: {
      key: TEST_PUBLISHABLE_KEY,
      client_secret: clientSecret,
      'payment_method_data[type]': 'card',
      'payment_method_data[card][number]': number,
      'payment_method_data[card][exp_month]': '12',
      'payment_method_data[card][exp_year]': String(new Date().getUTCFullYear() + 3),
      'payment_method_data[card][cvc]': '123',
    },
  });
  expect(response.status()).toBe(200);
}

test('a Basic user subscribes with 4242, then cancels and resumes in the billing portal', async ({ page }) => {
  await signUpAndOnboard(page, uniqueEmail('advanced'));
  const token = await bearerOf(page);
  const headers = { authorization: `Bearer ${token}` };

  const price = await (await page.request.get(`${api}/subscriptions/price`, { headers })).json();
  expect(price).toMatchObject({ basePrice: expect.any(Number), isValidDiscount: expect.any(Boolean) });
  const started = await page.request.post(`${api}/subscriptions`, {
    headers,
    data: { stripe_product_id: price.stripe_product_id },
  });
  expect(started.status()).toBe(200);
  await confirmCard(page, (await started.json()).stripe_payment_intent_client_secret, '4242424242424242');

  await expect.poll(async () => (await profileOf(page, token)).tier.key).toBe('premium');
  const again = await page.request.post(`${api}/subscriptions`, {
    headers,
    data: { stripe_product_id: price.stripe_product_id },
  });
  expect(again.status()).toBe(409);
  expect(await again.json()).toEqual({ detail: "You're already using advanced" });

  const portal = await page.request.get(`${api}/subscriptions/portal`, { headers });
  expect(portal.status()).toBe(200);
  await page.goto((await portal.json()).portal_url);
  await expect(page.getByRole('heading', { name: 'Billing' })).toBeVisible();
  await expect(page.getByText('ending in 4242')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel plan' }).click();
  await expect(page.getByRole('status')).toHaveText('Your plan has been cancelled.');
  expect((await profileOf(page, token)).subscriptions[0]?.cancelled_at).not.toBeNull();
  await page.getByRole('button', { name: 'Renew plan' }).click();
  await expect(page.getByRole('status')).toHaveText('Your plan has been renewed.');
  expect((await profileOf(page, token)).subscriptions[0]?.cancelled_at).toBeNull();

  await page.getByRole('link', { name: 'Return to Paddock' }).click();
  await expect(page).toHaveURL(/\/settings#subscription-status$/);
});

test('an e-mail change goes through the idp: verification link, then the account has the new address', async ({
  page,
}) => {
  const email = uniqueEmail('moving');
  const moved = uniqueEmail('moved');
  await signUpAndOnboard(page, email);
  const token = await bearerOf(page);

  const changed = await page.request.patch(`${api}/accounts/email`, {
    headers: { authorization: `Bearer ${token}` },
    data: { email: moved },
  });
  expect(changed.status()).toBe(200);
  expect(await changed.json()).toEqual({ email: moved, email_verified: false, verification_sent: true });

  const linkFor = async () => {
    const { messages } = await (await page.request.get(`${urls.idp}/dev/mailbox.json`)).json();
    return (messages as { to: string; link: string }[]).find((message) => message.to === moved)?.link ?? '';
  };
  await expect.poll(linkFor).toContain('verify-email');
  const link = await linkFor();
  const verifyTab = await page.context().newPage();
  await verifyTab.goto(link);
  await expect(verifyTab.getByText('Your email address is verified')).toBeVisible();
  await verifyTab.close();

  // The old address no longer signs in; the new one does, and the account has it, verified.
  await page.context().clearCookies();
  await page.evaluate(() => window.localStorage.clear());
  await signIn(page, moved, 'a-strong-password', '/farms');
  const fresh = await bearerOf(page);
  const after = await profileOf(page, fresh);
  expect(after.account.email).toBe(moved);
  expect(after.account.pending_email).toBeNull();
});
