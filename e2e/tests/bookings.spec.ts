import { expect, test, type Page } from '@playwright/test';
import { fillAustralianAddress } from './support/checkout';
import { uniqueEmail } from './support/auth';
import { signUpAndOnboard } from './support/onboard';
import { nextButton, openBooking, pickDays } from './support/booking';

const TAKEN = 'Your desired dates have been booked by another customer. Try selecting different dates.';

test.describe('Rapid-EM booking', () => {
  test('books 3 days with 4242, shows the success screen and lists the booking under Orders', async ({ page }) => {
    await signUpAndOnboard(page, uniqueEmail('em-book'));
    await openBooking(page, 'EM-01');
    const next = nextButton(page);
    await expect(next).toBeDisabled();
    await pickDays(page, 10, 12);
    await expect(page.getByText('3 days selected')).toBeVisible();
    await next.click();

    await expect(page.getByRole('heading', { name: 'Review your booking' })).toBeVisible();
    const proceed = page.getByRole('button', { name: 'Proceed' });
    await expect(proceed).toBeDisabled();
    await page.getByText('I have read and agree to the terms and conditions.').click();
    await proceed.click();

    await expect(page.getByRole('heading', { name: 'Payment' })).toBeVisible();
    await expect(page.getByLabel('Country').first()).toBeDisabled();
    await page.getByLabel('First name').fill('Owen');
    await page.getByLabel('Last name').fill('Grower');
    await fillAustralianAddress(page);
    const card = page.getByRole('region', { name: 'Card Details' });
    await expect(card.getByText('TEST MODE')).toBeVisible();
    await card.getByLabel('Cardholder name').fill('Owen Grower');
    await card.getByLabel('Card number').fill('4242 4242 4242 4242');
    await card.getByLabel('Expiry').fill(`12${String((new Date().getFullYear() + 2) % 100)}`);
    await card.getByLabel('CVC/CVV').fill('123');
    await page.getByRole('button', { name: /^Pay AU\$/ }).click();

    await expect(page).toHaveURL(/\/rapid-em-booking\/success(\?payment=[\w-]+)?$/, { timeout: 20_000 });
    await expect(
      page.getByRole('heading', { name: 'HOORAY! You have successfully booked an EM Machine!' }),
    ).toBeVisible();

    await page.goto('/order');
    await page.getByRole('tab', { name: 'Rapid-EM Bookings' }).click();
    const table = page.getByRole('table', { name: 'Rapid-EM bookings' });
    await expect(table.getByRole('cell', { name: 'EM-01' })).toBeVisible();
    await expect(table.getByText('Wagga Wagga', { exact: false })).toBeVisible();
    // Confirmed once the provider's webhook arrives.
    await expect(async () => {
      await page.reload();
      await page.getByRole('tab', { name: 'Rapid-EM Bookings' }).click();
      await expect(page.getByRole('table', { name: 'Rapid-EM bookings' }).getByText('confirmed')).toBeVisible({
        timeout: 2_000,
      });
    }).toPass({ timeout: 20_000 });
  });

  test('a 2-day selection is refused with the message', async ({ page }) => {
    await signUpAndOnboard(page, uniqueEmail('em-short'));
    // On a 375 px phone: the calendar and the step's button fit the screen.
    await page.setViewportSize({ width: 375, height: 740 });
    await openBooking(page, 'EM-03');
    const box = await page.getByRole('application', { name: /Booking dates/ }).boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
    const next = await nextButton(page).boundingBox();
    expect(next && next.x + next.width <= 375).toBe(true);
    await pickDays(page, 14, 15);
    await expect(page.getByText('2 days selected')).toBeVisible();
    await nextButton(page).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Please select at least 3 days for booking a machine.' }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Choose a machine and your dates' })).toBeVisible();
  });

  test('two customers racing for the same dates: one gets them, the other is told they are booked', async ({
    browser,
  }) => {
    const contexts = await Promise.all([browser.newContext(), browser.newContext()]);
    const [first, second] = await Promise.all(contexts.map((context) => context.newPage()));
    if (!first || !second) throw new Error('no pages');
    await signUpAndOnboard(first, uniqueEmail('em-race-a'));
    await signUpAndOnboard(second, uniqueEmail('em-race-b'));
    for (const page of [first, second]) {
      await openBooking(page, 'EM-02');
      await pickDays(page, 20, 23);
    }
    await Promise.all([first, second].map((page) => nextButton(page).click()));

    const outcome = async (page: Page) => {
      const review = page.getByRole('heading', { name: 'Review your booking' });
      const taken = page.getByText(TAKEN);
      await expect(review.or(taken)).toBeVisible();
      return (await review.isVisible()) ? 'reserved' : 'taken';
    };
    const outcomes = await Promise.all([outcome(first), outcome(second)]);
    expect([...outcomes].sort()).toEqual(['reserved', 'taken']);
    const loser = outcomes[0] === 'taken' ? first : second;
    // The machines were reloaded: the days are shown as taken and the selection is cleared.
    await expect(loser.getByText('No days selected')).toBeVisible();
    await Promise.all(contexts.map((context) => context.close()));
  });
});
