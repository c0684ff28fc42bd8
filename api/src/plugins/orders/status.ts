import { ORDER_NOT_FOUND, orderDocumentKind, orderStatusLabels, type OrderStatus } from '@paddock/shared/contracts';
import { sql } from 'kysely';
import { HttpError, notFound } from '../../errors';
import { isUuid } from '../farms/access';
import { giveUpPayment, registerPaymentPurpose } from '../payments/api';
import { scheduleDocument } from './document-job';
import { addDays, daysBetween, FULFIL_JOB, ORDER_PURPOSE, orderToday, type OrdersDeps } from './service';
import type { Trx } from '../../db';

const MOVES: Record<'processing' | 'done' | 'cancelled', readonly OrderStatus[]> = {
  processing: ['submitted', 'purchased'],
  done: ['processing'],
  cancelled: ['pending'],
};

/**
 * The days a done order's captures are dated: `n` days spread evenly over the capture range, never
 * after `today` once the range has begun (imagery of days to come does not exist yet); a range that
 * has not begun keeps its own days (the high_res layer shows each day once it has come).
 */
export function captureDays(start: string, end: string, n: number, today: string): string[] {
  const last = start <= today && end > today ? today : end;
  const span = Math.max(0, daysBetween(start, last));
  if (n <= 1) return [last];
  const days = Array.from({ length: n }, (_, i) => addDays(start, Math.round((i * span) / (n - 1))));
  return [...new Set(days)];
}

/**
 * Moves an order on, in `trx` (409 when the move is not allowed from its status). Done records the
 * captures of the ordered fields (those that still exist) in `high_res_captures`, on `captureDates`
 * when an operator gives them (ISO days), else on `captureDays`. Cancelling gives up an open payment.
 */
export async function moveOrder(
  trx: Trx,
  orderId: string,
  target: 'processing' | 'done' | 'cancelled',
  deps: OrdersDeps,
  captureDates?: readonly string[],
): Promise<void> {
  if (!isUuid(orderId)) throw notFound(ORDER_NOT_FOUND);
  const order = await trx
    .selectFrom('imagery_orders')
    .select([
      'id',
      'status',
      'payment_id',
      'field_ids',
      'number_of_captures',
      sql<string>`start_capture_date::text`.as('start_capture_date'),
      sql<string>`end_capture_date::text`.as('end_capture_date'),
    ])
    .where('id', '=', orderId)
    .forUpdate()
    .executeTakeFirst();
  if (!order) throw notFound(ORDER_NOT_FOUND);
  if (order.status === target) return;
  if (!MOVES[target].includes(order.status))
    throw new HttpError(
      409,
      `An order that is ${orderStatusLabels[order.status]} cannot become ${orderStatusLabels[target]}.`,
    );
  await trx
    .updateTable('imagery_orders')
    .set({ status: target, updated_on: sql<Date>`now()` })
    .where('id', '=', order.id)
    .execute();
  if (target === 'cancelled') {
    // Its open payment is given up; the caller cancels the intent at the provider after commit.
    if (order.payment_id) await giveUpPayment(trx, order.payment_id, 'The order was cancelled');
  } else if (target === 'processing') {
    await scheduleFulfilment(trx, order.id, 'done', deps);
  } else {
    const days = captureDates?.length
      ? [...new Set(captureDates)]
      : captureDays(order.start_capture_date, order.end_capture_date, order.number_of_captures, orderToday());
    const existing = order.field_ids.length
      ? await trx.selectFrom('fields').select('id').where('id', 'in', order.field_ids).execute()
      : [];
    const rows = existing.flatMap((field) => days.map((day) => ({ field_id: field.id, captured_on: day })));
    if (rows.length)
      await trx
        .insertInto('high_res_captures')
        .values(rows)
        .onConflict((oc) => oc.columns(['field_id', 'captured_on']).doNothing())
        .execute();
  }
  await scheduleDocument(trx, order.id, orderDocumentKind(target), deps);
}

/** Midnight starting `day` in Western Australia (UTC+8, no daylight saving), the zone of `orderToday`. */
const australianDayStart = (day: string): number => Date.parse(`${day}T00:00:00+08:00`);

/**
 * When the simulated fulfilment takes its next step, following the capture window (issue 27): a paid
 * order is scheduled (New) until its window opens, then capturing until it has closed, then processed
 * for one FULFILMENT_STEP_MS and completed, its captures dated inside the window. Never sooner than
 * one step from `now` (an order whose window is open already starts capturing a step after payment).
 */
export function fulfilmentStepAt(
  to: 'processing' | 'done',
  window: { start: string; end: string },
  now: Date,
  stepMs: number,
): Date {
  const opens = australianDayStart(window.start);
  const processed = australianDayStart(addDays(window.end, 1)) + stepMs;
  return new Date(Math.max(now.getTime() + stepMs, to === 'processing' ? opens : processed));
}

/** With SIMULATED_FULFILMENT on: the order's next step, when its capture window says (`fulfilmentStepAt`). */
export async function scheduleFulfilment(
  trx: Trx,
  orderId: string,
  to: 'processing' | 'done',
  deps: OrdersDeps,
): Promise<void> {
  if (!deps.config.simulatedFulfilment) return;
  const window = await trx
    .selectFrom('imagery_orders')
    .select([sql<string>`start_capture_date::text`.as('start'), sql<string>`end_capture_date::text`.as('end')])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  await deps.jobs.enqueue(
    trx,
    FULFIL_JOB,
    { order_id: orderId, to },
    {
      runAt: fulfilmentStepAt(to, window, new Date(), deps.config.fulfilmentStepMs),
      dedupeKey: `${FULFIL_JOB}:${orderId}:${to}`,
    },
  );
}

/** Registers the simulated fulfilment's job kind (a step an operator already took is skipped). */
export function registerFulfilmentJob(deps: OrdersDeps): void {
  deps.jobs.register<{ order_id: string; to: 'processing' | 'done' }>(FULFIL_JOB, {
    parse: (payload) => {
      const value = payload as { order_id?: unknown; to?: unknown };
      if (typeof value.order_id !== 'string' || (value.to !== 'processing' && value.to !== 'done'))
        throw new Error('not a fulfilment step');
      return { order_id: value.order_id, to: value.to };
    },
    async handle(payload, context) {
      await context.complete(async (trx) => {
        const row = await trx
          .selectFrom('imagery_orders')
          .select('status')
          .where('id', '=', payload.order_id)
          .executeTakeFirst();
        if (!row || !MOVES[payload.to].includes(row.status)) return;
        await moveOrder(trx, payload.order_id, payload.to, deps);
      });
    },
  });
}

/** What a paid or given-up order payment does (registered once per process). */
export function registerOrderPurpose(deps: OrdersDeps): void {
  registerPaymentPurpose(ORDER_PURPOSE, {
    async onPaid(trx, payment) {
      const order = await trx
        .selectFrom('imagery_orders')
        .select(['id', 'status'])
        .where('payment_id', '=', payment.id)
        .forUpdate()
        .executeTakeFirst();
      if (!order) return;
      if (order.status !== 'pending') {
        if (order.status === 'cancelled') {
          deps.log.error({ order: order.id, payment: payment.id }, 'a cancelled imagery order was paid: refunding it');
          return { refund: 'The order was cancelled' };
        }
        return;
      }
      await trx
        .updateTable('imagery_orders')
        .set({ status: 'submitted', updated_on: sql<Date>`now()` })
        .where('id', '=', order.id)
        .execute();
      await scheduleDocument(trx, order.id, 'tax_receipt', deps);
      await scheduleFulfilment(trx, order.id, 'processing', deps);
    },
  });
}
