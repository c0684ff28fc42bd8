import {
  orderCreateResponseSchema,
  orderPayResponseSchema,
  orderResponseSchema,
  orderStatusLabels,
  quoteResponseSchema,
  type OrderStatus,
} from '@paddock/shared/contracts';
import { sql } from 'kysely';
import { confirmInBrowser, farmWithFields, waitFor, webhooksDelivered } from '../../test/commerce';
import { signIn, type TestUser } from '../../test/farms';
import { availableBackends, startTestApp, type TestContext } from '../../test/harness';
import { FULFIL_JOB, orderToday } from './service';
import { fulfilmentStepAt } from './status';

jest.setTimeout(180_000);

describe('fulfilmentStepAt: the simulated fulfilment follows the capture window', () => {
  const window = { start: '2027-08-01', end: '2027-09-30' };
  const step = 15_000;

  it('starts capturing when the window opens (midnight in Western Australia), not minutes after payment', () => {
    const paid = new Date('2026-11-26T20:00:00Z');
    expect(fulfilmentStepAt('processing', window, paid, step).toISOString()).toBe('2027-07-31T16:00:00.000Z');
  });

  it('completes one processing step after the window has closed', () => {
    const capturing = new Date('2027-08-01T00:00:00Z');
    expect(fulfilmentStepAt('done', window, capturing, step).toISOString()).toBe('2027-09-30T16:00:15.000Z');
  });

  it('never schedules a step sooner than one step from now (a window already open or closed)', () => {
    const late = new Date('2027-10-05T03:00:00Z');
    expect(fulfilmentStepAt('processing', window, late, step).getTime()).toBe(late.getTime() + step);
    expect(fulfilmentStepAt('done', window, late, step).getTime()).toBe(late.getTime() + step);
  });
});

describe.each(availableBackends())('simulated fulfilment on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await startTestApp(kind, { SIMULATED_FULFILMENT: 'on', FULFILMENT_STEP_MS: '0', JOBS_POLL_MS: '50' });
  });
  afterAll(async () => t?.close());

  const statusOf = async (user: TestUser, id: string): Promise<OrderStatus> => {
    const order = await t.request({ method: 'GET', url: `/v2/orders/${id}`, token: user.token });
    return orderResponseSchema.parse(order.json()).data.status;
  };
  const nextStep = (id: string) =>
    t.app.db
      .selectFrom('jobs')
      .select(['run_at', sql<string>`payload->>'to'`.as('to')])
      .where('kind', '=', FULFIL_JOB)
      .where(sql`payload->>'order_id'`, '=', id)
      .where('state', '=', 'pending')
      .executeTakeFirst();
  /** The clock reaches the step's time: the job is due now. */
  const timePasses = (id: string) =>
    t.app.db
      .updateTable('jobs')
      .set({ run_at: new Date() })
      .where('kind', '=', FULFIL_JOB)
      .where(sql`payload->>'order_id'`, '=', id)
      .where('state', '=', 'pending')
      .execute();

  it('an order captured next August to September stays New until its window opens, captures during it, then completes with captures inside it', async () => {
    const user = await signIn(t);
    await t.app.db.updateTable('accounts').set({ country: 'AU' }).where('sub', '=', String(user.claims.sub)).execute();
    const farm = await farmWithFields(t, user, 1);
    const fieldIds = farm.fields.map((field) => field.id);
    const year = Number(orderToday().slice(0, 4)) + 1;
    const range = { start: `${year}-08-01`, end: `${year}-09-30` };
    const quoted = await t.request({
      method: 'POST',
      url: '/v2/orders/quote',
      token: user.token,
      payload: { data: { product_id: 'broadacre', field_ids: fieldIds, number_of_captures: 3 } },
    });
    expect(quoted.statusCode).toBe(200);
    const price = quoteResponseSchema.parse(quoted.json()).data;
    const response = await t.request({
      method: 'POST',
      url: '/v2/orders',
      token: user.token,
      payload: {
        data: {
          product_id: 'broadacre',
          start_capture_date: range.start,
          end_capture_date: range.end,
          field_ids: fieldIds,
          number_of_captures: 3,
          payment_method: 'stripe',
          total_product_unit: price.total_product_unit,
          order_subtotal: price.order_pricing.subtotal,
          gst: price.gst,
          order_total: price.order_total,
          first_name: 'Jo',
          last_name: 'Farmer',
          street: '1 Paddock Road',
          suburb: 'Clare',
          state: 'SA',
          post_code: '5453',
          country: 'AU',
        },
      },
    });
    expect(response.statusCode).toBe(201);
    const id = orderCreateResponseSchema.parse(response.json()).data.id;
    // Paid by card: the order is New (submitted) minutes later, as in the report.
    const pay = await t.request({ method: 'POST', url: `/v2/payments/${id}`, token: user.token });
    const intent = orderPayResponseSchema.parse(pay.json()).data;
    expect((await confirmInBrowser(t, intent.client_secret, '4242 4242 4242 4242')).statusCode).toBe(200);
    await webhooksDelivered(t);
    await waitFor(async () => (await statusOf(user, id)) === 'submitted');

    // Scheduled: still New, the next step waits for the window to open.
    const first = await nextStep(id);
    expect(first).toMatchObject({ to: 'processing' });
    expect(new Date(first!.run_at).toISOString()).toBe(new Date(`${range.start}T00:00:00+08:00`).toISOString());
    expect(orderStatusLabels[await statusOf(user, id)]).toBe('New');

    // The window opens: capturing, until the window has closed.
    await timePasses(id);
    await waitFor(async () => (await statusOf(user, id)) === 'processing');
    expect(orderStatusLabels['processing']).toBe('Capturing');
    await waitFor(async () => (await nextStep(id))?.to === 'done');
    const second = await nextStep(id);
    const dayAfter = new Date(Date.parse(`${range.end}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    expect(new Date(second!.run_at).toISOString()).toBe(new Date(`${dayAfter}T00:00:00+08:00`).toISOString());
    const none = await t.app.db
      .selectFrom('high_res_captures')
      .select('captured_on')
      .where('field_id', 'in', fieldIds)
      .execute();
    expect(none).toEqual([]);

    // The window has closed and the imagery is processed: completed, captures dated inside the window.
    await timePasses(id);
    await waitFor(async () => (await statusOf(user, id)) === 'done');
    const captures = await t.app.db
      .selectFrom('high_res_captures')
      .select(sql<string>`captured_on::text`.as('day'))
      .where('field_id', 'in', fieldIds)
      .execute();
    expect(captures.length).toBe(3);
    for (const { day } of captures) {
      expect(day >= range.start && day <= range.end).toBe(true);
    }
  });
});
