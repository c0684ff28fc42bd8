import {
  DATES_TAKEN_MESSAGE,
  PAST_DATES_MESSAGE,
  RESERVATION_EXPIRED_MESSAGE,
  RESERVATION_HOLD_MINUTES,
  RESERVATION_NOT_FOUND,
  type Booking,
  type EmMachine,
  type EmPrice,
  type ReserveResponse,
  bookingPayloadSchema,
} from '@paddock/shared/contracts';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { AccountRow } from '../../db/types';
import { HttpError, notFound, UnprocessableError } from '../../errors';
import { withGst } from '../../payments/money';
import { isUuid } from '../farms/access';
import {
  closeGivenUpIntents,
  giveUpPurchase,
  payByCard,
  type PaymentRow,
  type PurchaseDeps,
  registerPaymentPurpose,
} from '../payments/api';
import type { Db, Trx } from '../../db';

/** The purpose of payments made for Rapid-EM bookings. */
export const BOOKING_PURPOSE = 'em_booking';
export const MACHINE_NOT_FOUND = 'Machine not found';
export const BOOKING_NOT_FOUND = 'Booking not found';
export const ALREADY_BOOKED = 'This reservation is already booked and paid.';
/** Holds one account may create in an hour (all processes together: counted in the database). */
export const RESERVATIONS_PER_HOUR = 10;
export const TOO_MANY_RESERVATIONS = `You have reserved machines ${RESERVATIONS_PER_HOUR} times in the last hour. Please wait a while before reserving again.`;

/** The thing a booking payment buys: the reservation. */
export const bookingPurchaseKey = (reservationId: string) => `em_booking:${reservationId}`;

/**
 * "Today" for the no-past-dates rule: the calendar day in Western Australia, the westernmost (latest)
 * Australian time zone, so a day that is still today anywhere in Australia is never refused. The
 * machines are shipped within Australia only.
 */
export const BOOKING_TIME_ZONE = 'Australia/Perth';

export function bookingToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: BOOKING_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** PostgreSQL's exclusion_violation: the constraint refused an overlapping reservation. */
const isExclusionViolation = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23P01';

export async function emPrice(db: Db | Trx): Promise<EmPrice> {
  const row = await db.selectFrom('em_settings').select(['minimum_fee_cents', 'tax_rate']).executeTakeFirstOrThrow();
  return { minimum_fee: row.minimum_fee_cents, tax_rate: Number(row.tax_rate) };
}

/**
 * Every machine with the days it is taken from today on: confirmed bookings and holds that have not
 * run out (a hold past its time no longer counts, even before a reservation marks it expired).
 */
export async function listMachines(db: Db | Trx): Promise<EmMachine[]> {
  const today = bookingToday();
  const machines = await db
    .selectFrom('em_machines')
    .select(['id', 'name'])
    .where('active', '=', true)
    .orderBy('position')
    .orderBy('id')
    .execute();
  const taken = await db
    .selectFrom('em_reservations')
    .select(['machine_id', sql<string>`start_date::text`.as('start_date'), sql<string>`end_date::text`.as('end_date')])
    .where('end_date', '>=', today)
    .where((eb) =>
      eb.or([
        eb('status', '=', 'confirmed'),
        eb.and([eb('status', 'in', ['held', 'booked']), eb('expires_on', '>', sql<Date>`now()`)]),
      ]),
    )
    .orderBy('start_date')
    .execute();
  return machines.map((machine) => ({
    machine_id: machine.id,
    name: machine.name,
    reserved_dates: taken
      .filter((row) => row.machine_id === machine.id)
      .map((row) => ({ start_date: row.start_date, end_date: row.end_date })),
  }));
}

export class DatesTakenError extends Error {
  constructor() {
    super(DATES_TAKEN_MESSAGE);
    this.name = 'DatesTakenError';
  }
}

/**
 * Holds a machine for the days (dates already validated: ISO, end ≥ start + 2). In one transaction:
 * the caller's other unbooked holds are let go, holds of this machine over these days that ran out
 * are set 'expired', and the new hold is inserted. Whether the days are free is decided by the
 * exclusion constraint alone, so two concurrent requests can never both hold overlapping days;
 * the loser gets `DatesTakenError`.
 */
export async function reserve(
  deps: PurchaseDeps,
  account: AccountRow,
  request: { machine_id: string; start_date: string; end_date: string },
): Promise<ReserveResponse> {
  const { db } = deps;
  if (request.start_date < bookingToday())
    throw new UnprocessableError([{ loc: ['body', 'start_date'], msg: PAST_DATES_MESSAGE, type: 'value_error' }]);
  const machine = await db
    .selectFrom('em_machines')
    .select('id')
    .where('id', '=', request.machine_id)
    .where('active', '=', true)
    .executeTakeFirst();
  if (!machine)
    throw new UnprocessableError([{ loc: ['body', 'machine_id'], msg: MACHINE_NOT_FOUND, type: 'value_error' }]);
  for (let attempt = 1; ; attempt += 1) {
    try {
      const { answer, replaced } = await holdDays(db, account, request);
      // The replaced reservation's open payment: its intent is cancelled at the provider (best effort:
      // a success that still arrives is refunded).
      for (const key of replaced)
        await closeGivenUpIntents(deps, key).catch((error) =>
          deps.log.warn({ err: error, key }, 'a replaced booking payment stays to be cancelled'),
        );
      return answer;
    } catch (error) {
      if (isExclusionViolation(error)) throw new DatesTakenError();
      // Two reservations expiring each other's stale holds in opposite order: PostgreSQL picks one
      // to abort; it simply runs again.
      if (isDeadlock(error) && attempt < 5) continue;
      throw error;
    }
  }
}

const isDeadlock = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '40P01';

/**
 * The hold itself, in one transaction with the account's row locked (so one account's reservations run
 * one at a time): at most RESERVATIONS_PER_HOUR new holds an hour (429), the account's unpaid
 * reservation (held, or booked with its payment open) is let go and its payment given up — one unpaid
 * reservation per account, which a unique index also holds — ran-out holds of these days are set
 * expired, and the new hold is inserted for 15 minutes.
 */
async function holdDays(
  db: Db,
  account: AccountRow,
  request: { machine_id: string; start_date: string; end_date: string },
): Promise<{ answer: ReserveResponse; replaced: string[] }> {
  const { row, replaced } = await db.transaction().execute(async (trx) => {
    await trx.selectFrom('accounts').select('id').where('id', '=', account.id).forUpdate().execute();
    const recent = await trx
      .selectFrom('em_reservations')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('account_id', '=', account.id)
      .where('created_on', '>', sql<Date>`now() - interval '1 hour'`)
      .executeTakeFirstOrThrow();
    if (recent.n >= RESERVATIONS_PER_HOUR) throw new HttpError(429, TOO_MANY_RESERVATIONS, { 'retry-after': '3600' });
    const unpaid = await trx
      .selectFrom('em_reservations')
      .select('id')
      .where('account_id', '=', account.id)
      .where('status', 'in', ['held', 'booked'])
      .execute();
    const replaced: string[] = [];
    for (const old of unpaid) {
      const key = bookingPurchaseKey(old.id);
      if (await giveUpPurchase(trx, key, 'Replaced by a new reservation')) replaced.push(key);
    }
    await trx
      .updateTable('em_reservations')
      .set({ status: 'expired' })
      .where('account_id', '=', account.id)
      .where('status', 'in', ['held', 'booked'])
      .execute();
    await trx
      .updateTable('em_reservations')
      .set({ status: 'expired' })
      .where('machine_id', '=', request.machine_id)
      .where('status', 'in', ['held', 'booked'])
      .where('expires_on', '<=', sql<Date>`now()`)
      .where(
        sql<boolean>`daterange(start_date, end_date, '[]') && daterange(${request.start_date}::date, ${request.end_date}::date, '[]')`,
      )
      .execute();
    const row = await trx
      .insertInto('em_reservations')
      .values({
        account_id: account.id,
        machine_id: request.machine_id,
        start_date: request.start_date,
        end_date: request.end_date,
        status: 'held',
        expires_on: sql<Date>`now() + make_interval(mins => ${RESERVATION_HOLD_MINUTES})`,
      })
      .returning(['id', 'expires_on'])
      .executeTakeFirstOrThrow();
    return { row, replaced };
  });
  return {
    answer: { reservation_id: row.id, expires_on: new Date(row.expires_on as Date).toISOString() },
    replaced,
  };
}

function lockOwnReservation(trx: Trx, id: string, accountId: string) {
  return trx
    .selectFrom('em_reservations')
    .selectAll()
    .select(sql<boolean>`expires_on is not null and expires_on <= now()`.as('ran_out'))
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * Books a held reservation through the purchase seam: the address is stored, and a card payment for
 * the upfront fee + GST (every booking: the machines work in Australia only, so the supply is always
 * in Australia) is answered — the same one while it is open. The hold is NOT extended: it lapses 15
 * minutes after it was made, however often this is asked. Only the provider's verified webhook
 * confirms the booking (`registerBookingPurpose`).
 */
export async function book(
  deps: PurchaseDeps,
  account: AccountRow,
  payload: z.output<typeof bookingPayloadSchema>,
): Promise<{ payment: PaymentRow; subtotal: number; gst: number }> {
  if (!isUuid(payload.reservation_id)) throw notFound(RESERVATION_NOT_FOUND);
  let money = { subtotal: 0, gst: 0, total: 0 };
  const payment = await payByCard(deps, {
    accountId: account.id,
    purpose: BOOKING_PURPOSE,
    async price(trx) {
      const row = await lockOwnReservation(trx, payload.reservation_id, account.id);
      if (!row) throw notFound(RESERVATION_NOT_FOUND);
      if (row.status === 'confirmed') throw new HttpError(409, ALREADY_BOOKED);
      if (row.status === 'expired' || row.ran_out) throw new HttpError(409, RESERVATION_EXPIRED_MESSAGE);
      const price = await emPrice(trx);
      money = withGst(price.minimum_fee, true, price.tax_rate);
      await trx
        .updateTable('em_reservations')
        .set({
          first_name: payload.first_name,
          last_name: payload.last_name,
          company_name: payload.company_name,
          address1: payload.address1,
          address2: payload.address2,
          city: payload.city,
          state: payload.state,
          country: payload.country,
          post_code: payload.post_code,
        })
        .where('id', '=', row.id)
        .execute();
      return {
        key: bookingPurchaseKey(row.id),
        signature: `${money.total}`,
        amountCents: money.total,
        gstCents: money.gst,
        async attach(tx, created) {
          await tx
            .updateTable('em_reservations')
            .set({
              status: 'booked',
              payment_id: created.id,
              amount_cents: money.total,
              booked_on: sql<Date>`coalesce(booked_on, now())`,
            })
            .where('id', '=', row.id)
            .execute();
        },
      };
    },
  });
  return { payment, subtotal: money.subtotal, gst: money.gst };
}

/** What a paid or given-up booking payment does to its reservation. */
export function registerBookingPurpose(): void {
  registerPaymentPurpose(BOOKING_PURPOSE, {
    async onPaid(trx, payment) {
      const row = await trx
        .selectFrom('em_reservations')
        .select(['id', 'status'])
        .where('payment_id', '=', payment.id)
        .forUpdate()
        .executeTakeFirst();
      if (!row || row.status === 'confirmed') return;
      if (row.status !== 'expired') {
        await trx
          .updateTable('em_reservations')
          .set({ status: 'confirmed', expires_on: null })
          .where('id', '=', row.id)
          .execute();
        return;
      }
      // Paid after the hold ran out and was let go: confirm it if its days are still free (the
      // constraint decides); otherwise the money goes back (the seam refunds it).
      await sql`savepoint em_reconfirm`.execute(trx);
      try {
        await trx
          .updateTable('em_reservations')
          .set({ status: 'confirmed', expires_on: null })
          .where('id', '=', row.id)
          .execute();
        await sql`release savepoint em_reconfirm`.execute(trx);
      } catch (error) {
        if (!isExclusionViolation(error)) throw error;
        await sql`rollback to savepoint em_reconfirm`.execute(trx);
        return { refund: 'The reservation had expired and its days were taken by another customer' };
      }
    },
    async onCanceled(trx, payment) {
      // The payment was given up (provider unreachable): the reservation is a plain hold again.
      await trx
        .updateTable('em_reservations')
        .set({ status: 'held', payment_id: null })
        .where('payment_id', '=', payment.id)
        .where('status', '=', 'booked')
        .execute();
    },
  });
}

/** The status a booking shows: a booking whose hold ran out unpaid is 'expired'. */
function shownStatus(row: { status: string; ran_out: boolean }): Booking['status'] {
  if (row.status === 'confirmed') return 'confirmed';
  if (row.status === 'expired' || row.ran_out) return 'expired';
  return 'booked';
}

function bookingRows(db: Db) {
  return db
    .selectFrom('em_reservations')
    .select([
      'id',
      'machine_id',
      sql<string>`start_date::text`.as('start_date'),
      sql<string>`end_date::text`.as('end_date'),
      'address1',
      'address2',
      'city',
      'state',
      'country',
      'status',
      'amount_cents',
      'created_on',
      sql<boolean>`status <> 'confirmed' and expires_on is not null and expires_on <= now()`.as('ran_out'),
    ])
    .where('booked_on', 'is not', null);
}

function toBooking(row: Awaited<ReturnType<ReturnType<typeof bookingRows>['execute']>>[number]): Booking {
  return {
    id: row.id,
    machine_id: row.machine_id,
    start_date: row.start_date,
    end_date: row.end_date,
    address1: row.address1 ?? '',
    address2: row.address2 ?? '',
    city: row.city ?? '',
    state: row.state ?? '',
    country: row.country ?? '',
    status: shownStatus(row),
    amount: row.amount_cents ?? 0,
    created_on: new Date(row.created_on).toISOString(),
  };
}

/** The caller's bookings (reservations that reached the book call), newest first, one page. */
export async function listBookings(db: Db, accountId: string, skip: number, limit: number) {
  const rows = await bookingRows(db)
    .select(sql<number>`count(*) over ()`.as('total'))
    .where('account_id', '=', accountId)
    .orderBy('created_on', 'desc')
    .orderBy('id', 'desc')
    .offset(skip)
    .limit(limit)
    .execute();
  let total = rows.length ? Number(rows[0]?.total) : 0;
  if (!rows.length && skip > 0) {
    const counted = await db
      .selectFrom('em_reservations')
      .select(sql<number>`count(*)`.as('n'))
      .where('account_id', '=', accountId)
      .where('booked_on', 'is not', null)
      .executeTakeFirstOrThrow();
    total = Number(counted.n);
  }
  return {
    data: rows.map(toBooking),
    pages: { total_pages: Math.ceil(total / limit), total_count: total, skip, limit },
  };
}

/** One of the caller's bookings; anyone else's is a 404. */
export async function getBooking(db: Db, accountId: string, id: string): Promise<Booking> {
  if (!isUuid(id)) throw notFound(BOOKING_NOT_FOUND);
  const row = await bookingRows(db).where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(BOOKING_NOT_FOUND);
  return toBooking(row);
}
