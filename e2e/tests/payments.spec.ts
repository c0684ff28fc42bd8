import { expect, test, type Page } from '@playwright/test';
import { uniqueEmail } from './support/auth';
import { adminToken, api, bearerOf } from './support/api';
import { fillCard, fillDetails, openCheckout, payButton, zoningInCart } from './support/checkout';
import { signUpAndOnboard } from './support/onboard';

/** A new farmer with one zoning item (a farm of one paddock) in the cart; returns the farm's name. */
async function farmerWithCartItem(page: Page, email: string): Promise<string> {
  await signUpAndOnboard(page, email);
  return zoningInCart(page, await bearerOf(page), 'Pay Farm');
}

test.describe('checkout and payment', () => {
  test('4242 pays the cart and lands on /payment-success with the paid order', async ({ page }) => {
    const farmName = await farmerWithCartItem(page, uniqueEmail('pay-4242'));
    await openCheckout(page, farmName);
    await fillDetails(page);
    await fillCard(page, '4242 4242 4242 4242');
    await payButton(page).click();
    await expect(page).toHaveURL(/\/payment-success$/, { timeout: 20_000 });
    await expect(page.getByRole('heading', { name: 'Payment Received!' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText(farmName)).toBeVisible();
    await page.getByRole('button', { name: `Export ${farmName}` }).click();
    await expect(page.getByRole('menuitem', { name: 'Individual Fields (1 File)' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Entire Farm (1 File)' })).toBeVisible();
    await page.mouse.click(5, 5);
    await expect(page.getByRole('menu')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Cart, 0 items' })).toBeVisible();
  });

  test('a field enlarged after its zones were added: the checkout says so and leads back to create them again', async ({
    page,
  }) => {
    const farmName = await farmerWithCartItem(page, uniqueEmail('pay-stale'));
    const headers = { authorization: `Bearer ${await bearerOf(page)}` };
    const cart = (await (await page.request.get(`${api}/cart/`, { headers })).json()) as {
      data: { details: { farm_id: string; fields: string[] } }[];
    };
    const { farm_id: farmId, fields } = cart.data[0]?.details ?? { farm_id: '', fields: [] };
    // The paddock grows to the east after its zones went into the cart.
    const grown = await page.request.put(`${api}/fields/${fields[0]}`, {
      headers,
      data: {
        type: 'Feature',
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [147.36, -35.12],
              [147.39, -35.12],
              [147.39, -35.111],
              [147.36, -35.111],
              [147.36, -35.12],
            ],
          ],
        },
        properties: {},
      },
    });
    expect(grown.status()).toBe(200);

    await openCheckout(page, farmName);
    await fillDetails(page);
    await fillCard(page, '4242 4242 4242 4242');
    await payButton(page).click();
    const notice = page.getByRole('alert').filter({ hasText: 'Your cart needs a change before you pay' });
    await expect(notice).toContainText(`The fields of your zones on '${farmName}' have changed since you added them`);
    await expect(notice).toContainText('create their zones again');
    await expect(page.getByText('Something went wrong')).toHaveCount(0);
    await expect(payButton(page)).toBeEnabled();
    await notice.getByRole('button', { name: `Create the zones of ${farmName} again` }).click();
    await expect(page).toHaveURL(new RegExp(`/farms/${farmId}$`));
    await expect(page.getByRole('button', { name: 'Cart, 0 items' })).toBeVisible();
    expect((await (await page.request.get(`${api}/cart/`, { headers })).json()).data).toEqual([]);
  });

  test('/payment with an empty cart says so and leads back to the farms, at 375 px and 1440 px', async ({ page }) => {
    await signUpAndOnboard(page, uniqueEmail('pay-empty'));
    for (const width of [375, 1440]) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await page.goto('/payment');
      await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible({ timeout: 20_000 });
      await expect(page.getByText(/You have no items in your cart/)).toBeVisible();
      await expect(page.getByRole('button', { name: /^Pay / })).toHaveCount(0);
      await page.screenshot({ path: test.info().outputPath(`payment-empty-${width}.png`) });
    }
    await page.getByRole('button', { name: 'Go to your farms' }).click();
    await expect(page).toHaveURL(/\/farms$/);
  });

  test('0002 shows the decline message and the form can be used again', async ({ page }) => {
    const farmName = await farmerWithCartItem(page, uniqueEmail('pay-0002'));
    await openCheckout(page, farmName);
    await fillDetails(page);
    await fillCard(page, '4000 0000 0000 0002');
    await payButton(page).click();
    await expect(page.getByText('Your card was declined.')).toBeVisible();
    await expect(payButton(page)).toBeEnabled();
    await expect(page).toHaveURL(/\/payment$/);

    const card = page.getByRole('region', { name: 'Card Details' });
    await card.getByLabel('Card number').fill('4242 4242 4242 4242');
    await payButton(page).click();
    await expect(page.getByRole('heading', { name: 'Payment Received!' })).toBeVisible({ timeout: 20_000 });
  });

  test('3155 goes through the test authentication page and back to success', async ({ page }) => {
    const farmName = await farmerWithCartItem(page, uniqueEmail('pay-3155'));
    await openCheckout(page, farmName);
    await fillDetails(page);
    await fillCard(page, '4000 0025 0000 3155');
    await payButton(page).click();
    await expect(page.getByRole('heading', { name: 'Authenticate your payment' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('TEST MODE')).toBeVisible();
    await page.getByRole('button', { name: 'Complete authentication' }).click();
    await expect(page).toHaveURL(/\/payment-success$/, { timeout: 20_000 });
    await expect(page.getByRole('heading', { name: 'Payment Received!' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText(farmName)).toBeVisible();
  });

  // Issue 24 changed the rule: an invoice account's zones are delivered at once (credit terms), so the
  // success page lists the order with Export; the invoice stays open until an operator marks it paid.
  test('an invoice account gets its zones at once: the success page lists the order with Export', async ({ page }) => {
    const email = uniqueEmail('pay-invoice');
    const farmName = await farmerWithCartItem(page, email);
    const allowed = await page.request.patch(`${api}/admin/accounts/${encodeURIComponent(email)}`, {
      headers: { authorization: `Bearer ${await adminToken(page)}` },
      data: { payments: ['invoice'] },
    });
    expect(allowed.status()).toBe(200);
    await openCheckout(page, farmName);
    await fillDetails(page);
    await page.getByLabel('Invoice').check();
    await expect(page.getByRole('region', { name: 'Card Details' })).toBeHidden();
    await payButton(page).click();
    await expect(page).toHaveURL(/\/payment-success$/, { timeout: 20_000 });
    await expect(page.getByRole('heading', { name: 'Order placed!' })).toBeVisible();
    await expect(page.getByText(/Your invoice INV-\d+ is on its way\. To be paid within 14 days\./)).toBeVisible();
    await expect(page.getByText(farmName)).toBeVisible();
    await page.getByRole('button', { name: `Export ${farmName}` }).click();
    await expect(page.getByRole('menuitem', { name: 'Entire Farm (1 File)' })).toBeVisible();
    await page.keyboard.press('Escape');

    // Through the API: the order is delivered (paid) and its invoice is still open for accounting.
    const headers = { authorization: `Bearer ${await bearerOf(page)}` };
    const orders = (await (await page.request.get(`${api}/zoning/orders`, { headers })).json()) as {
      data: { status: string; payment_id: string }[];
    };
    expect(orders.data).toHaveLength(1);
    expect(orders.data[0]?.status).toBe('paid');
    const payment = await page.request.get(`${api}/payments/${orders.data[0]?.payment_id}`, { headers });
    expect((await payment.json()).data).toMatchObject({ method: 'invoice', status: 'open' });
  });

  test('two tabs of one farmer press Pay on the same cart at once: one payment, both tabs show it paid', async ({
    page,
  }) => {
    const farmName = await farmerWithCartItem(page, uniqueEmail('pay-twice'));
    const second = await page.context().newPage();
    for (const tab of [page, second]) {
      await openCheckout(tab, farmName);
      await fillDetails(tab);
      await fillCard(tab, '4242 4242 4242 4242');
    }
    await Promise.all([payButton(page).click(), payButton(second).click()]);

    const shownPayment = async (tab: Page) => {
      await expect(tab).toHaveURL(/\/payment-success$/, { timeout: 30_000 });
      await expect(tab.getByRole('heading', { name: 'Payment Received!' })).toBeVisible({ timeout: 20_000 });
      await expect(tab.getByText(farmName)).toBeVisible();
      // The payment the page was handed (React Router keeps navigation state in history.state.usr).
      return tab.evaluate(() => (window.history.state as { usr?: { paymentId?: string } }).usr?.paymentId);
    };
    const [firstId, secondId] = await Promise.all([shownPayment(page), shownPayment(second)]);
    expect(firstId).toBeTruthy();
    expect(secondId).toBe(firstId);

    // Through the API: one zoning order, paid by that one payment, charged once.
    const headers = { authorization: `Bearer ${await bearerOf(page)}` };
    const orders = (await (await page.request.get(`${api}/zoning/orders`, { headers })).json()) as {
      data: { status: string; payment_id: string; price: number }[];
    };
    expect(orders.data).toHaveLength(1);
    expect(orders.data[0]).toMatchObject({ status: 'paid', payment_id: firstId });
    const payment = (await (await page.request.get(`${api}/payments/${firstId}`, { headers })).json()).data as {
      status: string;
      amount: number;
    };
    expect(payment).toMatchObject({ status: 'paid', amount: orders.data[0]?.price });
    await second.close();
  });
});
