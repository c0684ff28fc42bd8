import {
  earliestOrderEnd,
  earliestOrderStart,
  orderCreateResponseSchema,
  orderResponseSchema,
  quoteResponseSchema,
} from '@paddock/shared/contracts';
import { sql, type Kysely } from 'kysely';
import { up as backfillDocumentJobs } from '../../db/migrations/0042_order_document_backfill';
import { farmWithFields, waitFor } from '../../test/commerce';
import { signIn, type TestUser } from '../../test/farms';
import { availableBackends, startTestApp, type TestContext } from '../../test/harness';
import { pdfStrings } from '../../pdf/read-back';
import { DOCUMENT_JOB, orderToday } from './service';

// The machine running these is shared: starting an app on a fresh database can take a while.
jest.setTimeout(180_000);

/**
 * Tax documents are rendered by the `imagery_order.document` job, never by a read. This app runs no
 * job by itself (JOBS_CONCURRENCY=0, as an api process that only enqueues), so each test decides when
 * the runner works: `t.app.jobs.idle()` runs the due jobs here, exactly as a running process would.
 */
describe.each(availableBackends())('tax documents as durable jobs (%s)', (kind) => {
  let t: TestContext;

  beforeAll(async () => {
    t = await startTestApp(kind, { JOBS_CONCURRENCY: '0' });
  });
  afterAll(async () => t?.close());

  const runDocumentJobs = () => t.app.jobs.idle([DOCUMENT_JOB]);

  /** An invoice order of 80 cm imagery for two fields, placed by an Australian invoice account. */
  async function placeInvoiceOrder(): Promise<{ user: TestUser; orderId: string }> {
    const user = await signIn(t);
    await t.app.db
      .updateTable('accounts')
      .set({ country: 'AU', payments: JSON.stringify(['invoice']) })
      .where('sub', '=', String(user.claims.sub))
      .execute();
    const farm = await farmWithFields(t, user, 2);
    const fieldIds = farm.fields.map((field) => field.id);
    const quoted = await t.request({
      method: 'POST',
      url: '/v2/orders/quote',
      token: user.token,
      payload: { data: { product_id: 'high-res-80cm', field_ids: fieldIds, number_of_captures: 3 } },
    });
    const priced = quoteResponseSchema.parse(quoted.json()).data;
    const start = earliestOrderStart(orderToday());
    const placed = await t.request({
      method: 'POST',
      url: '/v2/orders',
      token: user.token,
      payload: {
        data: {
          product_id: 'high-res-80cm',
          start_capture_date: start,
          end_capture_date: earliestOrderEnd(start, 3),
          field_ids: fieldIds,
          number_of_captures: 3,
          payment_method: 'invoice',
          total_product_unit: priced.total_product_unit,
          order_subtotal: priced.order_pricing.subtotal,
          gst: priced.gst,
          order_total: priced.order_total,
          first_name: 'Jo',
          last_name: 'Farmer',
          street: '1 Paddock Road',
          suburb: 'Wagga Wagga',
          state: 'NSW',
          post_code: '2650',
          country: 'AU',
        },
      },
    });
    if (placed.statusCode !== 201) throw new Error(`order failed: ${placed.statusCode} ${placed.body}`);
    return { user, orderId: orderCreateResponseSchema.parse(placed.json()).data.id };
  }

  const getOrder = async (user: TestUser, id: string) => {
    const response = await t.request({ method: 'GET', url: `/v2/orders/${id}`, token: user.token });
    expect(response.statusCode).toBe(200);
    return orderResponseSchema.parse(response.json());
  };
  const storedDocuments = (orderId: string) =>
    t.app.db
      .selectFrom('order_documents')
      .select(['id', 'kind', 'invoice_number', 'pdf'])
      .where('order_id', '=', orderId)
      .execute();
  const invoiceCounter = async () =>
    (await t.app.db.selectFrom('order_invoice_counter').select('last_number').executeTakeFirstOrThrow()).last_number;
  const documentJobs = (orderId: string) =>
    t.app.db
      .selectFrom('jobs')
      .select(['id', 'state', 'attempts', 'last_error'])
      .where('kind', '=', DOCUMENT_JOB)
      .where(sql<string>`payload->>'order_id'`, '=', orderId)
      .orderBy('id')
      .execute();

  it('the order detail says the document is being prepared, never renders it, then shows it once the job ran', async () => {
    const { user, orderId } = await placeInvoiceOrder();
    for (let read = 0; read < 2; read += 1) {
      const { data } = await getOrder(user, orderId);
      expect(data).toMatchObject({ status: 'pending', document: null, documents: [], document_pending: true });
    }
    expect(await storedDocuments(orderId)).toHaveLength(0);

    await runDocumentJobs();
    const { data, payment } = await getOrder(user, orderId);
    expect(data.document_pending).toBe(false);
    expect(data.document).toMatchObject({
      kind: 'tax_invoice',
      title: 'Tax Invoice',
      invoice_number: payment?.invoice_number,
    });
    const pdf = await t.request({ method: 'GET', url: data.document?.url as string, token: user.token });
    expect(pdf.statusCode).toBe(200);
    expect(pdfStrings(pdf.rawPayload)).toContain(`Tax invoice no. ${payment?.invoice_number}`);
  });

  it('migration 0042 asks once for the document of an order placed before documents were jobs', async () => {
    const { user, orderId } = await placeInvoiceOrder();
    // What such an order looks like: no document job, no document.
    await t.app.db
      .deleteFrom('jobs')
      .where('kind', '=', DOCUMENT_JOB)
      .where(sql<string>`payload->>'order_id'`, '=', orderId)
      .execute();
    expect((await getOrder(user, orderId)).data).toMatchObject({ document: null, document_pending: false });

    await backfillDocumentJobs(t.app.db as unknown as Kysely<unknown>);
    await backfillDocumentJobs(t.app.db as unknown as Kysely<unknown>);
    expect((await documentJobs(orderId)).map((job) => job.state)).toEqual(['pending']);
    expect((await getOrder(user, orderId)).data).toMatchObject({ document: null, document_pending: true });
    await runDocumentJobs();
    expect((await getOrder(user, orderId)).data.document).toMatchObject({ kind: 'tax_invoice', title: 'Tax Invoice' });
  });

  it('a job run twice stores one document and takes no invoice number', async () => {
    const { user, orderId } = await placeInvoiceOrder();
    const counter = await invoiceCounter();
    // The same business event delivered twice (no dedupe key, so both jobs exist), then once more later.
    await t.app.jobs.enqueue(t.app.db, DOCUMENT_JOB, { order_id: orderId, kind: 'tax_invoice' });
    await runDocumentJobs();
    const first = await storedDocuments(orderId);
    expect(first).toHaveLength(1);
    await t.app.jobs.enqueue(t.app.db, DOCUMENT_JOB, { order_id: orderId, kind: 'tax_invoice' });
    await runDocumentJobs();

    const stored = await storedDocuments(orderId);
    expect(stored.map((row) => row.id)).toEqual(first.map((row) => row.id));
    expect(Buffer.compare(Buffer.from(stored[0]!.pdf), Buffer.from(first[0]!.pdf))).toBe(0);
    expect((await documentJobs(orderId)).map((job) => job.state)).toEqual(['done', 'done', 'done']);
    expect(await invoiceCounter()).toBe(counter);
    const { payment } = await getOrder(user, orderId);
    expect(stored[0]?.invoice_number).toBe(payment?.invoice_number);
  });

  it('a job that fails mid-way (its write refused) is retried with back-off and stores exactly one document', async () => {
    const { user, orderId } = await placeInvoiceOrder();
    const counter = await invoiceCounter();
    // The first document write of this order fails after the PDF was rendered, as a crash before the
    // commit would: a sequence counts the tries (sequences are not rolled back with the transaction).
    await sql`create sequence document_write_tries`.execute(t.app.db);
    await sql
      .raw(
        `create function fail_first_document_write() returns trigger language plpgsql as $$
         begin
           if new.order_id = '${orderId}' and nextval('document_write_tries') = 1 then
             raise exception 'simulated crash while storing the document';
           end if;
           return new;
         end $$`,
      )
      .execute(t.app.db);
    await sql`create trigger fail_first_document_write before insert on order_documents
      for each row execute function fail_first_document_write()`.execute(t.app.db);
    try {
      await runDocumentJobs();
      const [failed] = await documentJobs(orderId);
      expect(failed).toMatchObject({ state: 'pending', attempts: 1 });
      expect(failed?.last_error).toContain('simulated crash');
      expect(await storedDocuments(orderId)).toHaveLength(0);
      expect((await getOrder(user, orderId)).data).toMatchObject({ document: null, document_pending: true });

      // The retry is due after its back-off (about 2 s); the runner runs it then.
      await waitFor(async () => {
        await runDocumentJobs();
        return (await storedDocuments(orderId)).length > 0;
      });
    } finally {
      await sql`drop trigger fail_first_document_write on order_documents`.execute(t.app.db);
      await sql`drop function fail_first_document_write()`.execute(t.app.db);
      await sql`drop sequence document_write_tries`.execute(t.app.db);
    }
    expect(await storedDocuments(orderId)).toHaveLength(1);
    expect(await documentJobs(orderId)).toMatchObject([{ state: 'done', attempts: 2 }]);
    expect(await invoiceCounter()).toBe(counter);
    expect((await getOrder(user, orderId)).data).toMatchObject({
      document: { kind: 'tax_invoice' },
      document_pending: false,
    });
  });

  it('a job whose worker was killed mid-way is claimed again when its lease runs out and stores one document', async () => {
    const { user, orderId } = await placeInvoiceOrder();
    // A process claimed the job and died before committing: the row stays `running` under its lease,
    // which has now run out (the lease is moved into the past instead of waiting 30 s for it).
    await t.app.db
      .updateTable('jobs')
      .set({
        state: 'running',
        attempts: 1,
        locked_by: 'a-process-that-died',
        locked_until: sql<Date>`now() - interval '1 second'`,
      })
      .where('kind', '=', DOCUMENT_JOB)
      .where(sql<string>`payload->>'order_id'`, '=', orderId)
      .execute();
    expect((await getOrder(user, orderId)).data).toMatchObject({ document: null, document_pending: true });

    await runDocumentJobs();
    expect(await storedDocuments(orderId)).toHaveLength(1);
    expect(await documentJobs(orderId)).toMatchObject([{ state: 'done', attempts: 2 }]);
    expect((await getOrder(user, orderId)).data.document?.kind).toBe('tax_invoice');
  });

  it('paying an invoice asks for the receipt in the same transaction; the invoice stays as issued', async () => {
    const { user, orderId } = await placeInvoiceOrder();
    await runDocumentJobs();
    const invoice = (await getOrder(user, orderId)).data.document;
    const admin = await t.token({ sub: 'paddock-admin-cli', client_id: 'paddock-admin-cli', scope: 'paddock:admin' });
    const { payment } = await getOrder(user, orderId);
    const marked = await t.request({
      method: 'POST',
      url: `/v2/admin/payments/${payment?.invoice_number}/mark_paid`,
      token: admin,
    });
    expect(marked.statusCode).toBe(200);
    const paid = (await getOrder(user, orderId)).data;
    expect(paid).toMatchObject({ status: 'submitted', document: null, document_pending: true });
    expect(paid.documents).toEqual([invoice]);

    await runDocumentJobs();
    const receipt = (await getOrder(user, orderId)).data;
    expect(receipt.document).toMatchObject({ kind: 'tax_receipt', invoice_number: payment?.invoice_number });
    expect(receipt.documents.map((document) => document.kind)).toEqual(['tax_invoice', 'tax_receipt']);
    expect(receipt.documents[0]).toEqual(invoice);
  });
});
