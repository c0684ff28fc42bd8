import { expect, type Page } from '@playwright/test';

// The high-resolution imagery order wizard (spec 3 §2.8) through the UI, up to its payment step.

export const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
const ddmmyyyy = (iso: string) => `${iso.slice(8, 10)}${iso.slice(5, 7)}${iso.slice(0, 4)}`;

export async function typeDate(page: Page, label: string, iso: string) {
  await page.getByRole('group', { name: label }).getByRole('spinbutton').first().click();
  await page.keyboard.type(ddmmyyyy(iso));
}

/**
 * Through the wizard: the farm from the picker, the named fields, 80 cm (3 captures), dates a week
 * on for 200 days, the summary; ends on 'Payment Information' with nothing typed there.
 */
export async function wizardToPaymentInformation(page: Page, farmName: string, fieldNames: string[]) {
  await page.goto('/order');
  await expect(page.getByRole('tab', { name: 'High Resolution Imagery Orders', selected: true })).toBeVisible();
  await page.getByRole('button', { name: 'Order High Resolution Imagery' }).click();
  await expect(page).toHaveURL(/\/order\/high-resolution-imagery$/);
  await expect(page.getByRole('list', { name: 'Order progress' })).toBeVisible();

  await page.getByRole('button', { name: 'Select Farm' }).click();
  const picker = page.getByRole('dialog', { name: 'Select a Farm' });
  await picker.getByRole('searchbox', { name: 'Search farms' }).fill(farmName);
  await picker.getByRole('button', { name: `Select ${farmName}` }).click();
  await expect(picker).toBeHidden();
  for (const name of fieldNames) await page.getByRole('checkbox', { name: new RegExp(name) }).check();
  await expect(page.getByText(`${fieldNames.length} of ${fieldNames.length} fields selected`)).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();

  await page.getByRole('radio', { name: /80 cm Resolution Imagery/ }).check();
  await expect(page.getByRole('combobox', { name: 'Number of captures' })).toHaveValue('3');
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByRole('note')).toContainText(/A minimum of \d+(\.\d+)? months applies to this product\./);
  await typeDate(page, 'Start date', isoDay(7));
  await typeDate(page, 'End date', isoDay(7 + 200));
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByRole('heading', { name: 'Order Confirmation' })).toBeVisible();
  await expect(page.getByText('Total (excluding GST)')).toBeVisible();
  await expect(page.getByText(/Prices exclude GST/)).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Payment Information' })).toBeVisible();
}
