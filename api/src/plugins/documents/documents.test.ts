import {
  bookResponseSchema,
  reserveResponseSchema,
  subscriptionPriceSchema,
  taxDocumentsResponseSchema,
  type TaxDocument,
} from '@paddock/shared/contracts';
import {
  addToCart,
  checkoutOk,
  confirmInBrowser,
  farmWithFields,
  paidSubscription,
  paidZoningOrder,
  webhooksDelivered,
  zoningPayload,
} from '../../test/commerce';
import { signIn, type TestUser } from '../../test/farms';
import { availableBackends, startTestApp, type TestContext } from '../../test/harness';
import { bookingToday } from '../bookings/api';
import { pdfStrings } from '../../pdf/read-back';
import { TAX_DOCUMENT_JOB } from './service';

jest.setTimeout(180_000);

const ABN = 'ABN 51 824 753 556';

/**
 * A tax document for every purchase that is not an imagery order: zoning (card and invoice terms),
 * a Rapid-EM booking and the Advanced subscription. Asked for in the transaction that marks the
 * payment paid (or opens it on invoice terms), numbered in the one series, rendered once by the job.
 */
describe.each(availableBackends())('tax documents of every purchase (%s)', (kind) => {
  let t: TestContext;

  beforeAll(async () => {
    t = await startTestApp(kind, { JOBS_CONCURRENCY: '0' });
  });
  afterAll(async () => t?.close());

  const rendered = () => t.app.jobs.idle([TAX_DOCUMENT_JOB]);

  async function australian(): Promise<TestUser> {
    const user = await signIn(t);
    await t.app.db
      .updateTable('accounts')
      .set({
        country: 'AU',
        first_name: 'Sam',
        last_name: 'Mallee',
        address1: '12 Railway Tce',
        city: 'Kimba',
        state: 'SA',
        post_code: '5641',
      })
      .where('sub', '=', String(user.claims.sub))
      .execute();
    return user;
  }

  async function documentsOf(user: TestUser, paymentId?: string): Promise<TaxDocument[]> {
    const query = paymentId ? `?payment_id=${paymentId}` : '';
    const response = await t.request({ method: 'GET', url: `/v2/documents${query}`, token: user.token });
    expect(response.statusCode).toBe(200);
    return taxDocumentsResponseSchema.parse(response.json()).data;
  }

  async function pdfText(user: TestUser, document: TaxDocument): Promise<string[]> {
    const response = await t.request({ method: 'GET', url: document.url as string, token: user.token });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`inline; filename="${document.file_name}"`);
    return pdfStrings(response.rawPayload);
  }

  const counter = async () =>
    (await t.app.db.selectFrom('order_invoice_counter').select('last_number').executeTakeFirstOrThrow()).last_number;

  it('zoning by card: a Tax Receipt with the ABN, the buyer, each zoning line, the GST and the total in AUD', async () => {
    const user = await australian();
    const farm = await farmWithFields(t, user, 2, 'Kimba North');
    const order = await paidZoningOrder(t, user, zoningPayload(farm.farmId, farm.fields));
    // Orders lists what was bought: the fields by name.
    expect(order.field_names).toEqual(['Paddock 1', 'Paddock 2']);
    await rendered();
    const [document] = await documentsOf(user, order.payment_id);
    expect(document).toMatchObject({
      kind: 'tax_receipt',
      title: 'Tax Receipt',
      purpose: 'cart',
      pending: false,
      url: `/v2/documents/${document?.id}`,
    });
    expect(document?.invoice_number).toMatch(/^HRI-\d{6}$/);
    const text = await pdfText(user, document as TaxDocument);
    expect(text).toEqual(
      expect.arrayContaining([
        'Tax Receipt',
        ABN,
        `Tax invoice no. ${document?.invoice_number}`,
        'Sam Mallee',
        '12 Railway Tce',
        'Kimba SA 5641',
        'VRT zoning - Kimba North',
        'GST (10%)',
        'Amount (incl. GST)',
      ]),
    );
    const money = (cents: number) =>
      new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' }).format(cents / 100);
    expect(text).toContain(money(document?.total as number));
    expect(text).toContain(money(document?.gst as number));
    expect(document?.gst).toBe(Math.round((document?.total as number) / 11));
    expect(text.some((line) => line.includes('Australian dollars (AUD)'))).toBe(true);

    // Rendered once: the job run again stores nothing new, and another account cannot read it.
    await rendered();
    expect(await documentsOf(user)).toHaveLength(1);
    const stranger = await signIn(t);
    expect((await t.request({ method: 'GET', url: document?.url as string, token: stranger.token })).statusCode).toBe(
      404,
    );
    expect(await documentsOf(stranger, order.payment_id)).toEqual([]);
  });

  it("zoning on invoice terms: a Tax Invoice 'To be paid within 14 days', then a Tax Receipt with the same number once paid", async () => {
    const user = await australian();
    await t.app.db
      .updateTable('accounts')
      .set({ payments: JSON.stringify(['invoice']) })
      .where('sub', '=', String(user.claims.sub))
      .execute();
    const farm = await farmWithFields(t, user, 1, 'Invoice Farm');
    const item = await addToCart(t, user, zoningPayload(farm.farmId, farm.fields));
    const before = await counter();
    const answer = await checkoutOk(t, user, [item.id], true);
    expect(await counter()).toBe(before + 1);
    // Asked for with the payment, rendered by the job: until then it says so and has no file.
    const [asked] = await documentsOf(user, answer.payment_id);
    expect(asked).toMatchObject({ kind: 'tax_invoice', pending: true, url: null });
    await rendered();
    const [invoice] = await documentsOf(user, answer.payment_id);
    expect(invoice).toMatchObject({ kind: 'tax_invoice', title: 'Tax Invoice', pending: false });
    const text = await pdfText(user, invoice as TaxDocument);
    expect(text).toEqual(expect.arrayContaining(['Tax Invoice', ABN, 'Amount due', 'GST (10%)']));
    expect(text.some((line) => line.startsWith('To be paid within 14 days'))).toBe(true);
    expect(text).toContain(answer.invoice_number);

    const admin = await t.token({ sub: 'paddock-admin-cli', client_id: 'paddock-admin-cli', scope: 'paddock:admin' });
    const marked = await t.request({
      method: 'POST',
      url: `/v2/admin/payments/${answer.invoice_number}/mark_paid`,
      token: admin,
    });
    expect(marked.statusCode).toBe(200);
    await rendered();
    const documents = await documentsOf(user, answer.payment_id);
    expect(documents.map((document) => [document.kind, document.invoice_number])).toEqual(
      expect.arrayContaining([
        ['tax_invoice', invoice?.invoice_number],
        ['tax_receipt', invoice?.invoice_number],
      ]),
    );
    expect(await counter()).toBe(before + 1);
  });

  it('a Rapid-EM booking and the Advanced subscription each get theirs; the numbers follow one another without gaps', async () => {
    const user = await australian();
    const start = new Date(`${bookingToday()}T00:00:00Z`);
    const day = (n: number) => new Date(start.getTime() + n * 86_400_000).toISOString().slice(0, 10);
    const reserved = await t.request({
      method: 'POST',
      url: '/v2/sensors/em/reserve',
      token: user.token,
      payload: {
        machine_id: 'EM-03',
        start_date: day(300 + (kind === 'pglite' ? 0 : 10)),
        end_date: day(304 + (kind === 'pglite' ? 0 : 10)),
      },
    });
    expect(reserved.statusCode).toBe(200);
    const booked = await t.request({
      method: 'POST',
      url: '/v2/sensors/em/book',
      token: user.token,
      payload: {
        reservation_id: reserveResponseSchema.parse(reserved.json()).reservation_id,
        first_name: 'Sam',
        last_name: 'Mallee',
        company_name: 'Mallee Grain',
        address1: '12 Railway Tce',
        address2: '',
        city: 'Kimba',
        state: 'SA',
        country: 'AU',
        post_code: '5641',
      },
    });
    expect(booked.statusCode).toBe(200);
    const booking = bookResponseSchema.parse(booked.json());
    expect((await confirmInBrowser(t, booking.client_secret, '4242 4242 4242 4242')).statusCode).toBe(200);
    await webhooksDelivered(t);

    // What the checkout showed: the list price and the first-year offer (the default settings have one).
    const offered = subscriptionPriceSchema.parse(
      (await t.request({ method: 'GET', url: '/v2/subscriptions/price', token: user.token })).json(),
    );
    expect(offered.isValidDiscount).toBe(true);
    const subscription = await paidSubscription(t, user);
    await rendered();

    const [bookingReceipt] = await documentsOf(user, booking.payment_id);
    const [subscriptionReceipt] = await documentsOf(user, subscription.payment_id);
    expect(bookingReceipt).toMatchObject({
      kind: 'tax_receipt',
      purpose: 'em_booking',
      total: booking.amount,
      booking_id: reserveResponseSchema.parse(reserved.json()).reservation_id,
    });
    expect(subscriptionReceipt).toMatchObject({
      kind: 'tax_receipt',
      purpose: 'subscription',
      total: subscription.amount,
    });
    const number = (document: TaxDocument | undefined) => Number(document?.invoice_number.slice(4));
    expect(number(subscriptionReceipt)).toBe(number(bookingReceipt) + 1);

    const bookingText = await pdfText(user, bookingReceipt as TaxDocument);
    expect(bookingText).toEqual(
      expect.arrayContaining(['Tax Receipt', ABN, 'Sam Mallee', 'Mallee Grain', 'Kimba SA 5641', 'GST (10%)']),
    );
    expect(bookingText.some((line) => line.startsWith('Rapid-EM soil sensor booking - '))).toBe(true);
    const subscriptionText = await pdfText(user, subscriptionReceipt as TaxDocument);
    expect(subscriptionText).toEqual(expect.arrayContaining(['Tax Receipt', ABN, 'GST (10%)', 'Total (incl. GST)']));
    expect(subscriptionText.some((line) => line.endsWith(' - first year'))).toBe(true);
    // The receipt repeats the first-year discount the checkout showed.
    const aud = (cents: number) =>
      new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' }).format(cents / 100);
    expect(subscriptionText.join(' ')).toContain(
      `List price ${aud(offered.basePrice)} less the first-year discount of ${aud(offered.basePrice - offered.actualPrice)} (before GST)`,
    );
  });

  it("a purchase without GST (an account outside Australia subscribing) says 'GST-free'", async () => {
    const user = await signIn(t);
    await t.app.db
      .updateTable('accounts')
      .set({ country: 'NZ', first_name: 'Kiri', last_name: 'Farmer' })
      .where('sub', '=', String(user.claims.sub))
      .execute();
    const subscribed = await paidSubscription(t, user);
    expect(subscribed.gst).toBe(0);
    await rendered();
    const [receipt] = await documentsOf(user, subscribed.payment_id);
    const text = await pdfText(user, receipt as TaxDocument);
    expect(text).toEqual(
      expect.arrayContaining(['Tax Receipt', ABN, 'GST-free', 'Amount (GST-free)', 'Kiri Farmer', 'New Zealand']),
    );
    expect(text).not.toContain('GST (10%)');
  });
});
