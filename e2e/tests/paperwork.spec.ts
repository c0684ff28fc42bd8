import { expect, test } from '@playwright/test';
import { uniqueEmail } from './support/auth';
import { bearerOf } from './support/api';
import { fillCard, fillCardNumber, fillDetails, openCheckout, payButton, zoningInCart } from './support/checkout';
import { signUpAndOnboard } from './support/onboard';

// Issue 25: details typed once, and a tax document for the purchase, previewed under the pages' CSP.

test.describe('purchases a farmer can account for', () => {
  test('the second purchase types nothing but the card; the receipt previews at 1440 and 375 px', async ({
    page,
  }, testInfo) => {
    const framingRefused: string[] = [];
    page.on('console', (message) => {
      if (/violates the following Content Security Policy/.test(message.text())) framingRefused.push(message.text());
    });
    await signUpAndOnboard(page, uniqueEmail('paperwork'));
    const token = await bearerOf(page);

    // First purchase: everything typed, the consent tick left on.
    const first = await zoningInCart(page, token, 'First Farm');
    await openCheckout(page, first);
    await expect(page.getByRole('checkbox', { name: /Save my name, phone, company and address/ })).toBeChecked();
    await fillDetails(page);
    await fillCard(page, '4242 4242 4242 4242');
    await payButton(page).click();
    await expect(page.getByRole('heading', { name: 'Payment Received!' })).toBeVisible({ timeout: 20_000 });

    // Second purchase: the form is filled from the profile; only the card is typed.
    const second = await zoningInCart(page, token, 'Second Farm');
    await openCheckout(page, second);
    const billing = page.getByRole('region', { name: 'Billing Details' });
    await expect(billing.getByLabel('Street address')).toHaveValue('1 Long Paddock Rd');
    await expect(billing.getByLabel('State', { exact: true })).toHaveValue('NSW');
    await expect(billing.getByLabel('Postcode', { exact: true })).toHaveValue('2650');
    await expect(page.getByRole('region', { name: 'Contact Details' }).getByLabel('Mobile number')).not.toHaveValue('');
    await expect(page.getByRole('region', { name: 'Card Details' }).getByLabel('Cardholder name')).toHaveValue(
      'Owen Grower',
    );
    await fillCardNumber(page, '4242 4242 4242 4242');
    await page.getByText('I have read and agree to the').click();
    await payButton(page).click();
    await expect(page.getByRole('heading', { name: 'Payment Received!' })).toBeVisible({ timeout: 20_000 });

    // Its Tax Receipt, previewed in the page (the PDF's blob: frame is allowed, nothing else).
    await page.getByRole('button', { name: 'Tax Receipt' }).click();
    const dialog = page.getByRole('dialog', { name: 'Tax Receipt' });
    await expect(dialog.getByRole('link', { name: 'Download PDF' })).toBeVisible({ timeout: 20_000 });
    const frame = dialog.locator('iframe[title="Tax Receipt"]');
    await expect(frame).toHaveAttribute('src', /^blob:/);
    // Chromium's PDF viewer loads inside the frame (a refused frame is an error page instead).
    await expect
      .poll(() => page.frames().some((candidate) => candidate.url().startsWith('chrome-extension://')), {
        timeout: 15_000,
      })
      .toBe(true);
    expect(framingRefused).toEqual([]);
    for (const width of [1440, 375]) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await expect(frame).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`tax-receipt-${width}.png`) });
    }
  });
});
