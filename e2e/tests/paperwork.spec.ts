import { expect, test, type Page } from '@playwright/test';
import { uniqueEmail } from './support/auth';
import { api, bearerOf } from './support/api';
import { bookingToPayment } from './support/booking';
import { fillCard, fillCardNumber, fillDetails, openCheckout, payButton, zoningInCart } from './support/checkout';
import {
  cspRefusals,
  downloadPdf,
  expectPreviewed,
  expectTaxDocument,
  pdfText,
  shootPreview,
} from './support/documents';
import { wizardToPaymentInformation } from './support/imagery-order';
import { signUpAndOnboard } from './support/onboard';

// Issue 25, done means: a farmer who buys zones, orders imagery, books Rapid-EM and subscribes finds
// four tax documents, each previewed (the PDF in its blob: frame, no CSP refusal) and downloaded, from
// Orders and from where each purchase was made; every PDF is read back (pdftotext); the previews are
// looked at as pictures at 1440 and 375 px. The second purchase types nothing but the card.

const BUYER = 'Owen Grower';
const COMPANY = 'Mallee Grain Co';
const ADDRESS = { street: '1 Long Paddock Rd', town: 'Wagga Wagga', state: 'NSW', postcode: '2650' };

interface Documents {
  data: { purpose: string; invoice_number: string; title: string; booking_id: string | null; payment_id: string }[];
}

/** The address block of the shared address fields, as prefilled from the contact profile. */
async function expectAddressPrefilled(scope: Page | ReturnType<Page['locator']>) {
  await expect(scope.getByLabel('Street address')).toHaveValue(ADDRESS.street);
  await expect(scope.getByLabel('Suburb or town')).toHaveValue(ADDRESS.town);
  await expect(scope.getByLabel('State', { exact: true })).toHaveValue(ADDRESS.state);
  await expect(scope.getByLabel('Postcode', { exact: true })).toHaveValue(ADDRESS.postcode);
}

/** The card alone in a form whose cardholder is already filled in. */
async function typeOnlyTheCard(scope: Page | ReturnType<Page['locator']>, number: string) {
  const card = scope.getByRole('region', { name: 'Card Details' });
  await expect(card.getByLabel('Cardholder name')).toHaveValue(BUYER);
  await card.getByLabel('Card number').fill(number);
  await card.getByLabel('Expiry').fill(`12${String((new Date().getFullYear() + 2) % 100)}`);
  await card.getByLabel('CVC/CVV').fill('123');
}

test('one farmer buys zones, imagery, a Rapid-EM booking and Advanced: four tax documents, each previewed, downloaded and read back', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const refused = cspRefusals(page);
  await signUpAndOnboard(page, uniqueEmail('paperwork'));
  const token = await bearerOf(page);
  const headers = { authorization: `Bearer ${token}` };
  const documents = async () =>
    ((await (await page.request.get(`${api}/documents`, { headers })).json()) as Documents).data;
  const numberOf = async (purpose: string) =>
    (await documents()).find((doc) => doc.purpose === purpose)?.invoice_number ?? '';

  // 1. Zones, the first purchase: everything typed once, the consent tick left on.
  const farmName = await zoningInCart(page, token, 'Paper Farm');
  await openCheckout(page, farmName);
  await expect(page.getByRole('checkbox', { name: /Save my name, phone, company and address/ })).toBeChecked();
  await fillDetails(page);
  await page.getByRole('region', { name: 'Billing Details' }).getByLabel('Company name (optional)').fill(COMPANY);
  await fillCard(page, '4242 4242 4242 4242');
  await payButton(page).click();
  await expect(page.getByRole('heading', { name: 'Payment Received!' })).toBeVisible({ timeout: 20_000 });
  // Where it was bought: the payment success page's Tax Receipt.
  await page.getByRole('button', { name: 'Tax Receipt' }).click();
  let dialog = page.getByRole('dialog', { name: 'Tax Receipt' });
  await shootPreview(page, dialog, 'Tax Receipt', 'receipt-zoning');
  const zoningPdf = await downloadPdf(page, dialog);
  await page.keyboard.press('Escape');
  await expect.poll(() => numberOf('cart')).not.toBe('');
  const zoningNumber = await numberOf('cart');
  expect(zoningPdf.fileName).toMatch(/\.pdf$/);
  expectTaxDocument(zoningPdf.text, {
    title: 'Tax Receipt',
    number: zoningNumber,
    buyer: BUYER,
    lines: [new RegExp(`VRT zoning - ${farmName}`), new RegExp(COMPANY), /Wagga Wagga NSW 2650/],
  });

  // 2. Imagery through the wizard: its payment step is filled from the profile, /pay asks for the card only.
  await wizardToPaymentInformation(page, farmName, ['Home Paddock']);
  await expect(page.getByLabel('First name')).toHaveValue('Owen');
  await expect(page.getByLabel('Last name')).toHaveValue('Grower');
  await expect(page.getByLabel('Email')).not.toHaveValue('');
  await expect(page.getByLabel('Company name (optional)')).toHaveValue(COMPANY);
  await expectAddressPrefilled(page);
  await page.getByText('I have read and agree to the terms and conditions.').click();
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await expect(page).toHaveURL(/\/pay\/[\w-]+$/);
  const orderId = /\/pay\/([\w-]+)$/.exec(page.url())?.[1] ?? '';
  await typeOnlyTheCard(page, '4242 4242 4242 4242');
  await page.getByText('I have read and agree to the terms and conditions.').click();
  await page.getByRole('button', { name: /^Pay AU\$/ }).click();
  await expect(page).toHaveURL(new RegExp(`/order-review/${orderId}/success$`), { timeout: 30_000 });
  // Where it was bought: the order review's receipt (once the provider's webhook marked it paid).
  await expect(page.getByRole('button', { name: 'View Receipt' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'View Receipt' }).click();
  dialog = page.getByRole('dialog', { name: 'Tax Receipt' });
  await shootPreview(page, dialog, 'Tax Receipt', 'receipt-imagery');
  const imageryPdf = await downloadPdf(page, dialog);
  await page.keyboard.press('Escape');
  const order = (await (await page.request.get(`${api}/orders/${orderId}`, { headers })).json()) as {
    data: { documents: { kind: string; invoice_number: string }[] };
  };
  const imageryNumber = order.data.documents.find((doc) => doc.kind === 'tax_receipt')?.invoice_number ?? '';
  expect(imageryNumber).not.toBe('');
  expectTaxDocument(imageryPdf.text, {
    title: 'Tax Receipt',
    number: imageryNumber,
    buyer: BUYER,
    lines: [/80 cm Resolution Imagery/, new RegExp(COMPANY), /Wagga Wagga NSW 2650/],
  });

  // 3. A Rapid-EM booking: name, company and address filled in; the card needs 3-D Secure and comes back.
  await bookingToPayment(page, 'EM-03', 24, 26);
  await expect(page.getByLabel('First name')).toHaveValue('Owen');
  await expect(page.getByLabel('Last name')).toHaveValue('Grower');
  await expect(page.getByLabel('Company name (optional)')).toHaveValue(COMPANY);
  await expectAddressPrefilled(page);
  await typeOnlyTheCard(page, '4000 0025 0000 3155');
  await page.getByRole('button', { name: /^Pay AU\$/ }).click();
  await expect(page.getByRole('heading', { name: 'Authenticate your payment' })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Complete authentication' }).click();
  await expect(page).toHaveURL(/\/rapid-em-booking\/success\?payment=[\w-]+$/, { timeout: 20_000 });
  await expect(
    page.getByRole('heading', { name: 'HOORAY! You have successfully booked an EM Machine!' }),
  ).toBeVisible();
  // Where it was booked: the success screen's Tax Receipt.
  await page.getByRole('button', { name: 'Tax Receipt' }).click();
  dialog = page.getByRole('dialog', { name: 'Tax Receipt' });
  await shootPreview(page, dialog, 'Tax Receipt', 'receipt-booking');
  const bookingPdf = await downloadPdf(page, dialog);
  await page.keyboard.press('Escape');
  const bookingNumber = await numberOf('em_booking');
  expectTaxDocument(bookingPdf.text, {
    title: 'Tax Receipt',
    number: bookingNumber,
    buyer: BUYER,
    lines: [/Rapid-EM soil sensor booking - /, new RegExp(COMPANY), /Wagga Wagga NSW 2650/],
  });

  // 4. Advanced: the address filled in, the card typed; the first year's offer is named.
  await page.goto('/advanced');
  await page.getByRole('button', { name: 'Get Advanced' }).first().click();
  const subscribe = page.getByRole('dialog', { name: 'Subscribe to Advanced' });
  await expectAddressPrefilled(subscribe);
  await expect(subscribe.getByText(/first year/)).toBeVisible();
  await typeOnlyTheCard(subscribe, '4242 4242 4242 4242');
  await subscribe.getByRole('button', { name: 'Subscribe & Checkout' }).click();
  const subscribed = page.getByRole('dialog', { name: 'You are now on Advanced' });
  await expect(subscribed).toBeVisible({ timeout: 45_000 });
  await subscribed.getByRole('button', { name: 'Back to Advanced' }).click();
  await expect.poll(() => numberOf('subscription')).not.toBe('');
  const subscriptionNumber = await numberOf('subscription');
  // Where its billing is shown: Settings previews it, the billing portal hands out the PDF.
  await page.goto('/settings#subscription-status');
  await page.getByRole('button', { name: `Tax Receipt ${subscriptionNumber}` }).click();
  dialog = page.getByRole('dialog', { name: 'Tax Receipt' });
  await shootPreview(page, dialog, 'Tax Receipt', 'receipt-subscription');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Manage Subscription' }).click();
  await expect(page.getByRole('heading', { name: 'Billing' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(/first year/)).toBeVisible();
  const [portalDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: `Download PDF of Tax Receipt ${subscriptionNumber}` }).click(),
  ]);
  expectTaxDocument(pdfText((await portalDownload.path()) ?? ''), {
    title: 'Tax Receipt',
    number: subscriptionNumber,
    buyer: BUYER,
    lines: [/ - first year/],
  });
  await page.getByRole('link', { name: 'Return to Paddock' }).click();
  await expect(page).toHaveURL(/\/settings#subscription-status$/);

  // Four documents in one series, each a Tax Receipt.
  const numbers = [zoningNumber, imageryNumber, bookingNumber, subscriptionNumber];
  const serial = numbers.map((number) => Number(number.replace(/\D/g, '')));
  expect(serial).toEqual([...serial].sort((a, b) => a - b));
  expect(new Set(numbers).size).toBe(4);
  test.info().annotations.push({ type: 'tax documents', description: numbers.join(', ') });

  // Settings holds what was typed once.
  await page.goto('/settings#profile');
  const profile = page.getByRole('region', { name: 'Profile' });
  await expect(profile.getByLabel('Phone number')).not.toHaveValue('');
  await expect(profile.getByLabel('Company')).toHaveValue(COMPANY);
  await expect(profile.getByLabel('Postcode', { exact: true })).toHaveValue(ADDRESS.postcode);

  // From Orders: the imagery order's review, the zoning order and the booking, each previewed.
  await page.goto('/order');
  await page.getByRole('link', { name: `View order ${orderId.slice(0, 8)}` }).click();
  await page.getByRole('button', { name: 'View Receipt' }).click();
  dialog = page.getByRole('dialog', { name: 'Tax Receipt' });
  await expectPreviewed(page, dialog, 'Tax Receipt');
  await expect(dialog.getByRole('link', { name: 'Download PDF' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.goto('/order');
  await page.getByRole('tab', { name: 'VRT Zoning Orders' }).click();
  await page.getByRole('button', { name: `Tax Receipt of ${farmName}` }).click();
  dialog = page.getByRole('dialog', { name: 'Tax Receipt' });
  await expectPreviewed(page, dialog, 'Tax Receipt');
  expect((await downloadPdf(page, dialog)).text).toContain(zoningNumber);
  await page.keyboard.press('Escape');
  await page.getByRole('tab', { name: 'Rapid-EM Bookings' }).click();
  const bookingId = (await documents()).find((doc) => doc.purpose === 'em_booking')?.booking_id ?? '';
  await page.getByRole('button', { name: `Tax Receipt of booking ${bookingId.slice(0, 8)}` }).click();
  dialog = page.getByRole('dialog', { name: 'Tax Receipt' });
  await expectPreviewed(page, dialog, 'Tax Receipt');
  expect((await downloadPdf(page, dialog)).text).toContain(bookingNumber);
  await page.keyboard.press('Escape');

  // The next zoning checkout is filled in too: name, phone, company and address; only the card is typed.
  const again = await zoningInCart(page, token, 'Second Farm');
  await openCheckout(page, again);
  await expect(page.getByRole('region', { name: 'Contact Details' }).getByLabel('Full name')).toHaveValue(BUYER);
  await expect(page.getByRole('region', { name: 'Contact Details' }).getByLabel('Mobile number')).not.toHaveValue('');
  const billing = page.getByRole('region', { name: 'Billing Details' });
  await expect(billing.getByLabel('Full name')).toHaveValue(BUYER);
  await expect(billing.getByLabel('Company name (optional)')).toHaveValue(COMPANY);
  await expectAddressPrefilled(billing);
  await expect(page.getByRole('region', { name: 'Card Details' }).getByLabel('Cardholder name')).toHaveValue(BUYER);
  await fillCardNumber(page, '4242 4242 4242 4242');
  await page.getByText('I have read and agree to the').click();
  await payButton(page).click();
  await expect(page.getByRole('heading', { name: 'Payment Received!' })).toBeVisible({ timeout: 20_000 });

  expect(refused).toEqual([]);
});
