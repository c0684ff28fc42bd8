import {
  catalogResponseSchema,
  earliestOrderEnd,
  earliestOrderStart,
  fixedCaptureRange,
  INVOICE_NOT_ALLOWED,
  ORDER_PRICE_CHANGED,
  orderCreateResponseSchema,
  orderPayResponseSchema,
  orderResponseSchema,
  ordersResponseSchema,
  productsResponseSchema,
  productTitles,
  quoteResponseSchema,
  type CatalogCaptureEntry,
  type OrderCreatePayload,
  type Quote,
} from '@paddock/shared/contracts';
import { sql, type Kysely } from 'kysely';
import { migrateToLatest } from '../../db/migrate';
import { confirmInBrowser, documentsIssued, farmWithFields, webhooksDelivered } from '../../test/commerce';
import { addFields, createFarm, fieldFeature, issuesOf, signIn, square, WAGGA, type TestUser } from '../../test/farms';
import { availableBackends, startTestApp, type TestContext } from '../../test/harness';
import { pdfStrings } from '../../pdf/read-back';
import { START_TOO_SOON, nextInvoiceNumber, orderToday } from './service';

// The machine running these is shared: starting an app on a fresh database can take a while.
jest.setTimeout(180_000);

const adminClaims = { sub: 'paddock-admin-cli', client_id: 'paddock-admin-cli', scope: 'paddock:admin' };
const messagesOf = (response: Parameters<typeof issuesOf>[0]): string[] => issuesOf(response).map((entry) => entry.msg);
const money = (cents: number) =>
  new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' }).format(cents / 100);

describe.each(availableBackends())('imagery orders (%s)', (kind) => {
  let t: TestContext;
  let admin: string;

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await t.token(adminClaims);
  });
  afterAll(async () => t?.close());

  const setAccount = (user: TestUser, values: { country?: string | null; payments?: string[] }) =>
    t.app.db
      .updateTable('accounts')
      .set({
        ...(values.country !== undefined ? { country: values.country } : {}),
        ...(values.payments ? { payments: JSON.stringify(values.payments) } : {}),
      })
      .where('sub', '=', String(user.claims.sub))
      .execute();

  /** A signed-in Australian farmer with a farm of two ~101 ha fields. */
  const farmer = async (payments: string[] = []) => {
    const user = await signIn(t);
    await setAccount(user, { country: 'AU', payments });
    const farm = await farmWithFields(t, user, 2, 'Kurrajong Downs');
    return { user, farm, fieldIds: farm.fields.map((field) => field.id) };
  };

  const quote = (user: TestUser, data: { product_id: string; field_ids: string[]; number_of_captures?: number }) =>
    t.request({ method: 'POST', url: '/v2/orders/quote', token: user.token, payload: { data } });
  const quoteOk = async (
    user: TestUser,
    data: { product_id: string; field_ids: string[]; number_of_captures?: number },
  ) => {
    const response = await quote(user, data);
    expect(response.statusCode).toBe(200);
    return quoteResponseSchema.parse(response.json()).data;
  };

  const start = () => earliestOrderStart(orderToday());
  const payload = (fieldIds: string[], priced: Quote, over: Partial<OrderCreatePayload> = {}): OrderCreatePayload => ({
    product_id: 'high-res-80cm',
    start_capture_date: start(),
    end_capture_date: earliestOrderEnd(start(), 3),
    field_ids: fieldIds,
    number_of_captures: 3,
    payment_method: 'invoice',
    total_product_unit: priced.total_product_unit,
    order_subtotal: priced.order_pricing.subtotal,
    gst: priced.gst,
    order_total: priced.order_total,
    first_name: 'Jo',
    last_name: 'Farmer',
    email: 'jo@example.com',
    street: '1 Paddock Road',
    suburb: 'Wagga Wagga',
    state: 'NSW',
    post_code: '2650',
    country: 'AU',
    ...over,
  });
  const place = (user: TestUser, body: OrderCreatePayload) =>
    t.request({ method: 'POST', url: '/v2/orders', token: user.token, payload: { data: body } });
  const placeOk = async (user: TestUser, body: OrderCreatePayload) => {
    const response = await place(user, body);
    if (response.statusCode !== 201) throw new Error(`order failed: ${response.statusCode} ${response.body}`);
    return orderCreateResponseSchema.parse(response.json()).data;
  };
  const getOrder = async (user: TestUser, id: string) => {
    const response = await t.request({ method: 'GET', url: `/v2/orders/${id}`, token: user.token });
    expect(response.statusCode).toBe(200);
    return orderResponseSchema.parse(response.json());
  };
  const pdfOf = async (user: TestUser, url: string) => {
    const response = await t.request({ method: 'GET', url, token: user.token });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    return response.rawPayload;
  };
  const move = (id: string, status: string, extra: object = {}) =>
    t.request({
      method: 'POST',
      url: `/v2/admin/orders/${id}/status`,
      token: admin,
      payload: { status, ...extra },
    });

  it('lists the seven products in catalogue order; the 2.5m product is free with a fixed range', async () => {
    const user = await signIn(t);
    const response = await t.request({ method: 'GET', url: '/v2/products', token: user.token });
    expect(response.statusCode).toBe(200);
    const products = productsResponseSchema.parse(response.json()).data;
    expect(products.map((product) => product.title)).toEqual([...productTitles]);
    for (const product of products) {
      expect(product.details.description).not.toBe('');
      expect(product.details.suggestion.length).toBeGreaterThan(0);
      for (const entry of product.config.captures) expect(entry.unit_price_currency).toBe('aud');
    }
    const rice = products.find((product) => product.title === '2.5m Resolution Imagery');
    expect(rice?.config.free).toBe(true);
    expect(rice?.config.captures.every((entry) => entry.unit_price === 0 && entry.min_price === 0)).toBe(true);
    expect(rice?.config.fixed_range).toEqual({ start: '11-15', end: '01-15' });
    const eighty = products.find((product) => product.id === 'high-res-80cm');
    expect(eighty?.config.default_number_of_captures).toBe(3);
    expect(eighty?.config.captures.map((entry) => entry.number_of_captures)).toContain(3);
    expect((await t.request({ method: 'GET', url: '/v2/products' })).statusCode).toBe(401);
  });

  it('quotes from the server’s own areas: per-hectare price, the minimum area rule and GST by where the fields are', async () => {
    const { user, farm, fieldIds } = await farmer();
    const hectares = Math.round(farm.fields.reduce((sum, field) => sum + field.area, 0) * 100) / 100;
    const eighty = await quoteOk(user, { product_id: 'high-res-80cm', field_ids: fieldIds, number_of_captures: 3 });
    expect(eighty.total_product_unit).toBe(hectares);
    expect(eighty.order_pricing.subtotal).toBe(Math.round(hectares * 1500));
    expect(eighty.gst).toBe(Math.round(eighty.order_pricing.subtotal / 10));
    expect(eighty.order_total).toBe(eighty.order_pricing.subtotal + eighty.gst);
    expect(eighty.minimum_hectare_requirements_pricing).toBe(false);

    // Broadacre: 500 ha at least, so two ~101 ha fields are charged as 500 ha and flagged.
    const broadacre = await quoteOk(user, { product_id: 'broadacre', field_ids: fieldIds, number_of_captures: 3 });
    expect(broadacre.billable_hectares).toBe(500);
    expect(broadacre.order_pricing.subtotal).toBe(500 * 450);
    expect(broadacre.minimum_hectare_requirements_pricing).toBe(true);

    // Place of supply: an NZ profile ordering imagery of these Australian paddocks still pays GST...
    await setAccount(user, { country: 'NZ' });
    const fromNz = await quoteOk(user, { product_id: 'high-res-80cm', field_ids: fieldIds });
    expect(fromNz.gst).toBe(Math.round(fromNz.order_pricing.subtotal / 10));
    // ...and paddocks in New Zealand carry none, whatever the profile says.
    await setAccount(user, { country: 'AU' });
    const kiwi = await farmWithFields(t, user, 1, 'Canterbury Farm', { lon: 172.0, lat: -43.6 });
    const abroad = await quoteOk(user, { product_id: 'high-res-80cm', field_ids: kiwi.fields.map((f) => f.id) });
    expect(abroad.gst).toBe(0);
    expect(abroad.order_total).toBe(abroad.order_pricing.subtotal);

    const golf = await quoteOk(user, { product_id: 'golf-park', field_ids: fieldIds });
    expect(golf).toMatchObject({ number_of_captures: 12, order_pricing: { subtotal: 480_000 } });
    expect(golf.minimum_hectare_requirements_pricing).toBe(false);

    const rice = await quoteOk(user, { product_id: 'rice-2-5m', field_ids: fieldIds });
    expect(rice).toMatchObject({ order_pricing: { subtotal: 0 }, gst: 0, order_total: 0 });
    expect(rice.minimum_hectare_requirements_pricing).toBe(false);

    const unknown = await quote(user, { product_id: 'nope', field_ids: fieldIds });
    expect(unknown.statusCode).toBe(422);
    expect(messagesOf(unknown)).toContain('Product not found');
    const captures = await quote(user, { product_id: 'broadacre', field_ids: fieldIds, number_of_captures: 7 });
    expect(captures.statusCode).toBe(422);
    const stranger = await signIn(t);
    expect((await quote(stranger, { product_id: 'high-res-80cm', field_ids: fieldIds })).statusCode).toBe(404);
    expect((await quote(user, { product_id: 'high-res-80cm', field_ids: [] })).statusCode).toBe(422);
  });

  it('an invoice order is pending with a stored Tax Invoice until an operator marks it paid; then a Tax Receipt', async () => {
    const { user, fieldIds } = await farmer();
    const priced = await quoteOk(user, { product_id: 'high-res-80cm', field_ids: fieldIds, number_of_captures: 3 });

    const refused = await place(user, payload(fieldIds, priced));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: INVOICE_NOT_ALLOWED });

    await setAccount(user, { payments: ['invoice'] });
    const order = await placeOk(user, payload(fieldIds, priced));
    expect(order).toMatchObject({
      status: 'pending',
      payment_method: 'invoice',
      order_subtotal: priced.order_pricing.subtotal,
      gst: priced.gst,
      order_total: priced.order_total,
      awaiting_payment: false,
      specification: { config: { number_of_captures: 3 }, field_ids: fieldIds },
    });
    expect(order.fields.map((field) => field.farm_name)).toEqual(['Kurrajong Downs', 'Kurrajong Downs']);
    expect(order.fields[0]?.geometry.type).toBe('Polygon');
    await documentsIssued(t);
    const { data, payment } = await getOrder(user, order.id);
    expect(data.document).toMatchObject({ kind: 'tax_invoice', title: 'Tax Invoice', paper: 'legal' });
    expect(data.document_pending).toBe(false);
    expect(payment).toMatchObject({
      method: 'invoice',
      status: 'open',
      invoice_number: data.document?.invoice_number,
    });
    expect(payment?.updated_on).toEqual(expect.any(String));

    const invoicePdf = await pdfOf(user, data.document?.url as string);
    const text = pdfStrings(invoicePdf);
    expect(text).toContain('Tax Invoice');
    expect(text).toContain(`Tax invoice no. ${payment?.invoice_number}`);
    expect(text).toContain('ABN 51 824 753 556');
    expect(text[text.indexOf('GST (10%)') + 1]).toBe(money(priced.gst));
    expect(text[text.indexOf('Total (incl. GST)') + 1]).toBe(money(priced.order_total));
    expect(text.join('\n')).toContain('To be paid within 14 days');
    expect(text).toContain('Bank deposit details');

    const marked = await t.request({
      method: 'POST',
      url: `/v2/admin/payments/${payment?.invoice_number}/mark_paid`,
      token: admin,
    });
    expect(marked.statusCode).toBe(200);
    await documentsIssued(t);
    const paid = await getOrder(user, order.id);
    expect(paid.data.status).toBe('submitted');
    expect(paid.payment?.status).toBe('paid');
    expect(paid.data.document).toMatchObject({ kind: 'tax_receipt', title: 'Tax Receipt', paper: 'a4' });
    expect(paid.data.documents.map((document) => document.kind)).toEqual(['tax_invoice', 'tax_receipt']);
    const receipt = pdfStrings(await pdfOf(user, paid.data.document?.url as string));
    expect(receipt).toContain('Tax Receipt');
    expect(receipt[receipt.indexOf('Amount paid') + 1]).toBe(money(priced.order_total));
    // The invoice, once issued, never changes.
    expect(Buffer.compare(await pdfOf(user, data.document?.url as string), invoicePdf)).toBe(0);
  });

  it('refuses amounts the server did not compute (422) and dates the rules forbid', async () => {
    const { user, fieldIds } = await farmer(['invoice']);
    const priced = await quoteOk(user, { product_id: 'high-res-80cm', field_ids: fieldIds, number_of_captures: 3 });
    const cheaper = await place(user, payload(fieldIds, priced, { order_total: priced.order_total - 100 }));
    expect(cheaper.statusCode).toBe(422);
    expect(messagesOf(cheaper)).toContain(ORDER_PRICE_CHANGED);
    const lessGst = await place(
      user,
      payload(fieldIds, priced, { gst: 0, order_total: priced.order_pricing.subtotal }),
    );
    expect(messagesOf(lessGst)).toContain(ORDER_PRICE_CHANGED);

    const soon = earliestOrderStart(orderToday());
    const tooSoon = new Date(Date.parse(`${soon}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const early = await place(
      user,
      payload(fieldIds, priced, { start_capture_date: tooSoon, end_capture_date: earliestOrderEnd(tooSoon, 3) }),
    );
    expect(early.statusCode).toBe(422);
    expect(messagesOf(early)).toContain(START_TOO_SOON);
    const short = await place(
      user,
      payload(fieldIds, priced, {
        end_capture_date: new Date(Date.parse(`${earliestOrderEnd(soon, 3)}T00:00:00Z`) - 86_400_000)
          .toISOString()
          .slice(0, 10),
      }),
    );
    expect(short.statusCode).toBe(422);
    expect(messagesOf(short)).toContain('A minimum of 3 months applies to this product.');
    const list = ordersResponseSchema.parse(
      (await t.request({ method: 'GET', url: '/v2/orders', token: user.token })).json(),
    );
    expect(list.pages.total_count).toBe(0);
  });

  it('a card order is paid through the payments seam: the verified webhook submits it and issues the receipt', async () => {
    const { user, fieldIds } = await farmer();
    const priced = await quoteOk(user, { product_id: 'high-res-80cm', field_ids: fieldIds, number_of_captures: 3 });
    const order = await placeOk(user, payload(fieldIds, priced, { payment_method: 'stripe' }));
    expect(order).toMatchObject({ status: 'pending', payment_method: 'stripe', awaiting_payment: true });

    const pay = () => t.request({ method: 'POST', url: `/v2/payments/${order.id}`, token: user.token });
    const first = await pay();
    expect(first.statusCode).toBe(200);
    const intent = orderPayResponseSchema.parse(first.json()).data;
    expect(intent).toMatchObject({ amount: priced.order_total, gst: priced.gst, currency: 'aud' });
    // The same intent while it can still be paid.
    expect(orderPayResponseSchema.parse((await pay()).json()).data.client_secret).toBe(intent.client_secret);

    const declined = await confirmInBrowser(t, intent.client_secret, '4000 0000 0000 0002');
    expect(declined.statusCode).toBe(402);
    await webhooksDelivered(t);
    expect((await getOrder(user, order.id)).data.status).toBe('pending');

    const confirmed = await confirmInBrowser(t, intent.client_secret, '4242 4242 4242 4242');
    expect(confirmed.statusCode).toBe(200);
    await webhooksDelivered(t);
    await documentsIssued(t);
    const paid = await getOrder(user, order.id);
    expect(paid.data).toMatchObject({ status: 'submitted', awaiting_payment: false, payment_status: 'paid' });
    expect(paid.data.document?.kind).toBe('tax_receipt');
    const receipt = pdfStrings(await pdfOf(user, paid.data.document?.url as string));
    expect(receipt).toContain('Payment method: Debit or Credit Card');
    expect(receipt[receipt.indexOf('GST (10%)') + 1]).toBe(money(priced.gst));

    const again = await pay();
    expect(again.statusCode).toBe(409);
  });

  it("another user's order, documents and payment are 404, like unknown ids", async () => {
    const { user, fieldIds } = await farmer(['invoice']);
    const priced = await quoteOk(user, { product_id: 'high-res-80cm', field_ids: fieldIds, number_of_captures: 3 });
    const order = await placeOk(user, payload(fieldIds, priced, { payment_method: 'stripe' }));
    await documentsIssued(t);
    const { document } = (await getOrder(user, order.id)).data;
    const stranger = await signIn(t);
    for (const [method, url] of [
      ['GET', `/v2/orders/${order.id}`],
      ['GET', document?.url as string],
      ['POST', `/v2/payments/${order.id}`],
      ['GET', '/v2/orders/00000000-0000-4000-8000-000000000000'],
      ['GET', '/v2/orders/not-a-uuid'],
    ] as const) {
      const response = await t.request({ method, url, token: stranger.token });
      expect(response.statusCode).toBe(404);
    }
    const theirs = ordersResponseSchema.parse(
      (await t.request({ method: 'GET', url: '/v2/orders', token: stranger.token })).json(),
    );
    expect(theirs.orders).toEqual([]);
    // An invoice order cannot be paid by card.
    const invoiceOrder = await placeOk(user, payload(fieldIds, priced));
    expect(
      (await t.request({ method: 'POST', url: `/v2/payments/${invoiceOrder.id}`, token: user.token })).statusCode,
    ).toBe(409);
  });

  it('lists orders newest first with pages.total_count, filtered by repeated statuses', async () => {
    const { user, fieldIds } = await farmer(['invoice']);
    const priced = await quoteOk(user, { product_id: 'high-res-80cm', field_ids: fieldIds, number_of_captures: 3 });
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) ids.push((await placeOk(user, payload(fieldIds, priced))).id);
    const paidInvoice = (await getOrder(user, ids[0] as string)).payment?.invoice_number;
    await t.request({ method: 'POST', url: `/v2/admin/payments/${paidInvoice}/mark_paid`, token: admin });
    const list = async (query: string) => {
      const response = await t.request({ method: 'GET', url: `/v2/orders${query}`, token: user.token });
      expect(response.statusCode).toBe(200);
      return ordersResponseSchema.parse(response.json());
    };
    const all = await list('?skip=0&limit=2');
    expect(all.orders.map((order) => order.id)).toEqual([ids[2], ids[1]]);
    expect(all.pages).toMatchObject({ total_count: 3, total_pages: 2, limit: 2 });
    const counts = await list('?statuses=processing&statuses=submitted');
    expect(counts.pages.total_count).toBe(1);
    expect((await list('?statuses=pending')).orders.map((order) => order.id)).toEqual([ids[2], ids[1]]);
    expect((await list('?skip=5')).pages.total_count).toBe(3);
    expect((await t.request({ method: 'GET', url: '/v2/orders?statuses=lost', token: user.token })).statusCode).toBe(
      422,
    );
  });

  it('the free 2.5m product needs no payment method: submitted at once with a receipt, in its fixed range', async () => {
    const { user, fieldIds } = await farmer();
    const priced = await quoteOk(user, { product_id: 'rice-2-5m', field_ids: fieldIds, number_of_captures: 1 });
    const range = fixedCaptureRange({ start: '11-15', end: '01-15' }, orderToday());
    const body = payload(fieldIds, priced, {
      product_id: 'rice-2-5m',
      number_of_captures: 1,
      start_capture_date: range.start,
      end_capture_date: range.end,
    });
    const byCard = await place(user, { ...body, payment_method: 'stripe' });
    expect(byCard.statusCode).toBe(422);
    const wrongRange = await place(user, {
      ...body,
      start_capture_date: start(),
      end_capture_date: earliestOrderEnd(start(), 3),
    });
    expect(wrongRange.statusCode).toBe(422);
    const abroad = await place(user, { ...body, country: 'NZ' });
    expect(abroad.statusCode).toBe(422);
    const order = await placeOk(user, body);
    expect(order).toMatchObject({ status: 'submitted', order_total: 0, gst: 0, payment_method: 'invoice' });
    await documentsIssued(t);
    const { document } = (await getOrder(user, order.id)).data;
    expect(document?.kind).toBe('tax_receipt');
    const text = pdfStrings(await pdfOf(user, document?.url as string));
    expect(text[text.indexOf('Total (incl. GST)') + 1]).toBe('$0.00');
  });

  it('an operator moves a paid order to processing and done; done records 80 cm captures within the range', async () => {
    const { user, fieldIds } = await farmer(['invoice']);
    const priced = await quoteOk(user, { product_id: 'high-res-80cm', field_ids: fieldIds, number_of_captures: 3 });
    const order = await placeOk(user, payload(fieldIds, priced));

    const stranger = await signIn(t);
    const notAdmin = await t.request({
      method: 'POST',
      url: `/v2/admin/orders/${order.id}/status`,
      token: stranger.token,
      payload: { status: 'processing' },
    });
    expect(notAdmin.statusCode).toBe(403);
    expect((await move(order.id, 'processing')).statusCode).toBe(409);

    const invoice = (await getOrder(user, order.id)).payment?.invoice_number;
    await t.request({ method: 'POST', url: `/v2/admin/payments/${invoice}/mark_paid`, token: admin });
    await documentsIssued(t);
    const processing = await move(order.id, 'processing');
    expect(processing.statusCode).toBe(200);
    expect(orderResponseSchema.parse(processing.json()).data.status).toBe('processing');
    expect((await move(order.id, 'cancelled')).statusCode).toBe(409);
    const done = await move(order.id, 'done');
    expect(done.statusCode).toBe(200);
    expect(orderResponseSchema.parse(done.json()).data).toMatchObject({
      status: 'done',
      document: { kind: 'tax_receipt' },
    });

    const captures = await t.app.db
      .selectFrom('high_res_captures')
      .select(['field_id', sql<string>`captured_on::text`.as('day')])
      .where('field_id', 'in', fieldIds)
      .execute();
    const { start_capture_date: from, end_capture_date: to } = order;
    for (const id of fieldIds) {
      const days = captures.filter((row) => row.field_id === id).map((row) => row.day);
      expect(days).toHaveLength(3);
      for (const day of days) expect(day >= from && day <= to).toBe(true);
    }

    // An operator may record the days the imagery was actually captured; a pending order may be cancelled.
    const other = await placeOk(user, payload(fieldIds, priced));
    const cancelled = await move(other.id, 'cancelled');
    expect(cancelled.statusCode).toBe(200);
    await documentsIssued(t);
    const view = await getOrder(user, other.id);
    expect(view.data.status).toBe('cancelled');
    expect(view.data.document?.kind).toBe('tax_invoice');
    expect(view.payment?.status).toBe('canceled');
    expect((await move('00000000-0000-4000-8000-000000000000', 'done')).statusCode).toBe(404);

    // A cancelled card order can no longer be paid: its intent is cancelled at the provider too.
    const card = await placeOk(user, payload(fieldIds, priced, { payment_method: 'stripe' }));
    const secret = orderPayResponseSchema.parse(
      (await t.request({ method: 'POST', url: `/v2/payments/${card.id}`, token: user.token })).json(),
    ).data.client_secret;
    expect((await move(card.id, 'cancelled')).statusCode).toBe(200);
    const late = await confirmInBrowser(t, secret, '4242 4242 4242 4242');
    expect(late.statusCode).not.toBe(200);
    await webhooksDelivered(t);
    expect((await getOrder(user, card.id)).data.status).toBe('cancelled');
    expect((await t.request({ method: 'POST', url: `/v2/payments/${card.id}`, token: user.token })).statusCode).toBe(
      409,
    );
  });

  it('an operator can give the capture days; the high_res layer lists them for that field', async () => {
    const user = await signIn(t);
    await setAccount(user, { country: 'AU' });
    const farm = await createFarm(t, user, 'Rice Farm');
    const created = await addFields(t, user, farm.id, fieldFeature('Bay 1', square(WAGGA.lon + 0.1, WAGGA.lat)));
    const fieldIds = created.features.map((feature) => feature.id);
    const priced = await quoteOk(user, { product_id: 'rice-2-5m', field_ids: fieldIds, number_of_captures: 1 });
    const range = fixedCaptureRange({ start: '11-15', end: '01-15' }, orderToday());
    const order = await placeOk(
      user,
      payload(fieldIds, priced, {
        product_id: 'rice-2-5m',
        number_of_captures: 1,
        start_capture_date: range.start,
        end_capture_date: range.end,
      }),
    );
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    expect((await move(order.id, 'processing')).statusCode).toBe(200);
    expect((await move(order.id, 'done', { capture_dates: [yesterday] })).statusCode).toBe(200);
    const rows = await t.app.db
      .selectFrom('high_res_captures')
      .select(sql<string>`captured_on::text`.as('day'))
      .where('field_id', '=', fieldIds[0] as string)
      .execute();
    expect(rows.map((row) => row.day)).toEqual([yesterday]);
    // The field's high_res layer on the map lists the day.
    const catalog = await t.request({
      method: 'GET',
      url: `/v2/catalog?field_ids=${fieldIds[0]}&layer_filter=high_res`,
      token: user.token,
    });
    expect(catalog.statusCode).toBe(200);
    const dates = (catalogResponseSchema.parse(catalog.json()).features[0]?.properties.dates ??
      []) as CatalogCaptureEntry[];
    expect(dates.map((entry) => entry.date)).toEqual([yesterday]);
  });

  it('gives invoice numbers without gaps under concurrency, even when transactions roll back', async () => {
    const before = (await t.app.db.selectFrom('order_invoice_counter').select('last_number').executeTakeFirstOrThrow())
      .last_number;
    const attempts = Array.from({ length: 12 }, (_, i) =>
      t.app.db
        .transaction()
        .execute(async (trx) => {
          const number = await nextInvoiceNumber(trx);
          if (i % 3 === 0) throw new Error('rolled back');
          return number;
        })
        .catch(() => null),
    );
    const kept = (await Promise.all(attempts)).filter((value): value is string => value !== null);
    expect(kept).toHaveLength(8);
    const numbers = kept.map((value) => Number(value.replace('HRI-', ''))).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 8 }, (_, i) => before + 1 + i));

    // Orders placed at once get distinct, consecutive numbers too.
    const { user, fieldIds } = await farmer(['invoice']);
    const priced = await quoteOk(user, { product_id: 'high-res-80cm', field_ids: fieldIds, number_of_captures: 3 });
    const placed = await Promise.all(Array.from({ length: 6 }, () => placeOk(user, payload(fieldIds, priced))));
    await documentsIssued(t);
    const documents = await Promise.all(placed.map(async (order) => (await getOrder(user, order.id)).data.document));
    const orderNumbers = documents
      .map((document) => Number((document?.invoice_number as string).replace('HRI-', '')))
      .sort((a, b) => a - b);
    const first = orderNumbers[0] as number;
    expect(orderNumbers).toEqual(Array.from({ length: 6 }, (_, i) => first + i));
  });

  it('migration 0022 runs on a database that already ran 0040 (numbers are handed out per area)', async () => {
    const db = t.app.db as unknown as Kysely<unknown>;
    await sql`drop table order_documents, imagery_orders, order_invoice_counter, products`.execute(db);
    await sql`delete from kysely_migration where name = '0022_orders'`.execute(db);
    const result = await migrateToLatest(db);
    expect(result.results?.map((entry) => [entry.migrationName, entry.status])).toEqual([['0022_orders', 'Success']]);
    const user = await signIn(t);
    const products = await t.request({ method: 'GET', url: '/v2/products', token: user.token });
    expect(productsResponseSchema.parse(products.json()).data).toHaveLength(7);
  });
});

// The simulated fulfilment (statuses that follow the capture window) is tested in fulfilment.test.ts.
