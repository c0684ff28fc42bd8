import { expect, type Page } from '@playwright/test';

// The Rapid-EM booking (spec 3 §2.11) through the UI: the machine and the dates of next month.

/** A day of next month (the calendar's second visible month), as the calendar names it. */
export function nextMonthDay(day: number): RegExp {
  const now = new Date();
  const date = new Date(now.getFullYear(), now.getMonth() + 1, day);
  const month = date.toLocaleString('en-US', { month: 'long' });
  return new RegExp(`${month} ${day}, ${date.getFullYear()}`);
}

/** The step's Next (the calendar has its own, screen-reader-only 'Next' month button). */
export const nextButton = (page: Page) => page.getByText('Next', { exact: true });

export async function openBooking(page: Page, machine: string) {
  await page.goto('/rapid-em-booking');
  await expect(page.getByRole('heading', { name: 'Rapid-EM Booking' })).toBeVisible();
  await expect(page.getByRole('note').filter({ hasText: 'outside Australia' })).toBeVisible();
  await page.getByRole('radio', { name: new RegExp(machine) }).check();
}

export async function pickDays(page: Page, first: number, last: number) {
  const calendar = page.getByRole('application', { name: /Booking dates/ });
  await calendar.getByRole('button', { name: nextMonthDay(first) }).click();
  await calendar.getByRole('button', { name: nextMonthDay(last) }).click();
}

/** From the machine and its days (next month) through the review to the payment step. */
export async function bookingToPayment(page: Page, machine: string, first: number, last: number) {
  await openBooking(page, machine);
  await pickDays(page, first, last);
  await expect(page.getByText(`${last - first + 1} days selected`)).toBeVisible();
  await nextButton(page).click();
  await expect(page.getByRole('heading', { name: 'Review your booking' })).toBeVisible();
  await page.getByText('I have read and agree to the terms and conditions.').click();
  await page.getByRole('button', { name: 'Proceed' }).click();
  await expect(page.getByRole('heading', { name: 'Payment' })).toBeVisible();
}
