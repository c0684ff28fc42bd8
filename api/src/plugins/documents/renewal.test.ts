import { taxDocumentsResponseSchema, type TaxDocument } from '@paddock/shared/contracts';
import {
  moveSubscriptionClockTo,
  paidSubscription,
  resetSubscriptionClock,
  subscriptionPrice,
} from '../../test/commerce';
import { signIn, type TestUser } from '../../test/farms';
import { availableBackends, startTestApp, type TestContext } from '../../test/harness';
import { pdfStrings } from '../../pdf/read-back';
import { TAX_DOCUMENT_JOB } from './service';

jest.setTimeout(180_000);

const DAY = 86_400_000;

/**
 * A renewal of the Advanced subscription is a purchase of its own (issue 25): the payment the renewal
 * job charges off-session gets its own Tax Receipt from the documents job, numbered next in the one
 * series, for the full price with GST, naming the yearly renewal.
 */
describe.each(availableBackends())('the tax document of a subscription renewal (%s)', (kind) => {
  let t: TestContext;

  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    resetSubscriptionClock();
    await t?.close();
  });

  /** The renewal's moment: its charge, its webhooks, then the documents job's work. */
  const moveClockTo = async (to: Date) => {
    await moveSubscriptionClockTo(t, to);
    await t.app.jobs.idle([TAX_DOCUMENT_JOB]);
  };

  async function documentsOf(user: TestUser): Promise<TaxDocument[]> {
    const response = await t.request({ method: 'GET', url: '/v2/documents', token: user.token });
    expect(response.statusCode).toBe(200);
    return taxDocumentsResponseSchema.parse(response.json()).data;
  }

  it('the renewal charge gets its own Tax Receipt: next number, full price with GST, the yearly renewal line', async () => {
    const user = await signIn(t);
    await t.app.db
      .updateTable('accounts')
      .set({ country: 'AU', first_name: 'Sam', last_name: 'Mallee', city: 'Kimba', state: 'SA', post_code: '5641' })
      .where('sub', '=', String(user.claims.sub))
      .execute();
    const price = await subscriptionPrice(t, user);
    const first = await paidSubscription(t, user);
    await t.app.jobs.idle([TAX_DOCUMENT_JOB]);
    expect((await documentsOf(user)).map((document) => document.purpose)).toEqual(['subscription']);

    const subscription = await t.app.db
      .selectFrom('subscriptions')
      .select(['id', 'expires_at'])
      .where('payment_id', '=', first.payment_id)
      .executeTakeFirstOrThrow();
    const expires = new Date(subscription.expires_at as Date);
    // The renewal job runs a few days before the period ends and charges the saved card off-session.
    await moveClockTo(new Date(expires.getTime() - DAY));
    const renewal = await t.app.db
      .selectFrom('payments')
      .selectAll()
      .where('purpose', '=', 'subscription_renewal')
      .where(
        'account_id',
        '=',
        (
          await t.app.db
            .selectFrom('subscriptions')
            .select('account_id')
            .where('id', '=', subscription.id)
            .executeTakeFirstOrThrow()
        ).account_id,
      )
      .executeTakeFirstOrThrow();
    expect(renewal).toMatchObject({ status: 'paid', amount_cents: price.basePrice + price.basePrice / 10 });

    const documents = await documentsOf(user);
    expect(documents.map((document) => [document.purpose, document.kind])).toEqual([
      ['subscription_renewal', 'tax_receipt'],
      ['subscription', 'tax_receipt'],
    ]);
    const [renewed, firstYear] = documents as [TaxDocument, TaxDocument];
    expect(renewed).toMatchObject({
      payment_id: renewal.id,
      total: renewal.amount_cents,
      gst: renewal.gst_cents,
      pending: false,
      title: 'Tax Receipt',
    });
    expect(Number(renewed.invoice_number.slice(4))).toBeGreaterThan(Number(firstYear.invoice_number.slice(4)));
    expect(renewed.invoice_number).not.toBe(firstYear.invoice_number);

    const pdf = await t.request({ method: 'GET', url: renewed.url as string, token: user.token });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfStrings(pdf.rawPayload);
    expect(text).toEqual(
      expect.arrayContaining(['Tax Receipt', 'ABN 51 824 753 556', 'Sam Mallee', 'GST (10%)', 'Total (incl. GST)']),
    );
    expect(text.some((line) => line.endsWith(' - yearly renewal'))).toBe(true);
    expect(text).toContain(`Subscription ${subscription.id}`);
    expect(text.some((line) => line.includes(renewed.invoice_number))).toBe(true);

    // The job renders each document once: running the renewal's moment again adds nothing.
    await moveClockTo(new Date(expires.getTime() - DAY / 2));
    expect(await documentsOf(user)).toHaveLength(2);
  });
});
