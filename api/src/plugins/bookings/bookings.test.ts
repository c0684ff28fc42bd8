import {
  BOOKING_MIN_DAYS_MESSAGE,
  bookingsResponseSchema,
  bookResponseSchema,
  DATES_TAKEN_MESSAGE,
  emMachinesResponseSchema,
  PAST_DATES_MESSAGE,
  RESERVATION_EXPIRED_MESSAGE,
  reserveConflictSchema,
  reserveResponseSchema,
  type BookingPayload,
} from '@paddock/shared/contracts';
import { sql } from 'kysely';
import { TestPaymentProvider } from '../../payments/test-provider';
import { confirmInBrowser, intentIdOf, waitFor, webhooksDelivered } from '../../test/commerce';
import { issuesOf, signIn, type TestUser } from '../../test/farms';
import { availableBackends, startTestApp, type TestContext } from '../../test/harness';
import { bookingToday } from './service';

/** An ISO day `n` days after today (in the booking time zone). */
const day = (n: number): string => {
  const today = new Date(`${bookingToday()}T00:00:00Z`);
  return new Date(today.getTime() + n * 86_400_000).toISOString().slice(0, 10);
};

const address = (reservation_id: string): BookingPayload => ({
  reservation_id,
  first_name: 'Jo',
  last_name: 'Farmer',
  company_name: 'Farmer Pty Ltd',
  address1: '1 Paddock Road',
  address2: '',
  city: 'Wagga Wagga',
  state: 'NSW',
  country: 'AU',
  post_code: '2650',
});

describe.each(availableBackends())('Rapid-EM bookings (%s)', (kind) => {
  let t: TestContext;

  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t?.close());

  // Each test uses its own window of days so tests do not meet each other's reservations.
  let window = 10;
  const nextWindow = () => {
    window += 40;
    return window;
  };

  const reserve = (user: TestUser, machine_id: string, start_date: string | number, end_date: string | number) =>
    t.request({
      method: 'POST',
      url: '/v2/sensors/em/reserve',
      token: user.token,
      payload: { machine_id, start_date, end_date },
    });
  const reserveOk = async (user: TestUser, machine: string, start: string, end: string) => {
    const response = await reserve(user, machine, start, end);
    expect(response.statusCode).toBe(200);
    return reserveResponseSchema.parse(response.json()).reservation_id;
  };
  const machines = async (user: TestUser) => {
    const response = await t.request({ method: 'GET', url: '/v2/sensors/em/machines', token: user.token });
    expect(response.statusCode).toBe(200);
    return emMachinesResponseSchema.parse(response.json());
  };
  const bookOk = async (user: TestUser, reservationId: string) => {
    const response = await t.request({
      method: 'POST',
      url: '/v2/sensors/em/book',
      token: user.token,
      payload: address(reservationId),
    });
    expect(response.statusCode).toBe(200);
    return bookResponseSchema.parse(response.json());
  };
  const bookings = async (user: TestUser, query = '') => {
    const response = await t.request({ method: 'GET', url: `/v2/sensors/em/bookings${query}`, token: user.token });
    expect(response.statusCode).toBe(200);
    return bookingsResponseSchema.parse(response.json());
  };
  const setCountry = (user: TestUser, country: string | null) =>
    t.app.db.updateTable('accounts').set({ country }).where('sub', '=', String(user.claims.sub)).execute();

  it('lists the seeded machines and price', async () => {
    const user = await signIn(t);
    const list = await machines(user);
    expect(list.map((machine) => machine.machine_id)).toEqual(['EM-01', 'EM-02', 'EM-03']);
    const price = await t.request({ method: 'GET', url: '/v2/sensors/em/price', token: user.token });
    expect(price.json()).toEqual({ minimum_fee: 100_000, tax_rate: 10 });
    expect((await t.request({ method: 'GET', url: '/v2/sensors/em/price' })).statusCode).toBe(401);
  });

  it('refuses overlapping days of one machine with the message and fresh reserved days; another machine is free', async () => {
    const w = nextWindow();
    const first = await signIn(t);
    const second = await signIn(t);
    await reserveOk(first, 'EM-01', day(w), day(w + 4));
    const clash = await reserve(second, 'EM-01', day(w + 4), day(w + 8));
    expect(clash.statusCode).toBe(409);
    const body = reserveConflictSchema.parse(clash.json());
    expect(body.detail).toBe(DATES_TAKEN_MESSAGE);
    expect(body.machines.find((machine) => machine.machine_id === 'EM-01')?.reserved_dates).toContainEqual({
      start_date: day(w),
      end_date: day(w + 4),
    });
    await reserveOk(second, 'EM-02', day(w + 4), day(w + 8));
  });

  it('the database itself refuses an overlapping active reservation (exclusion constraint)', async () => {
    const w = nextWindow();
    const user = await signIn(t);
    await reserveOk(user, 'EM-03', day(w), day(w + 2));
    const account = await t.app.db
      .selectFrom('accounts')
      .select('id')
      .where('sub', '=', String(user.claims.sub))
      .executeTakeFirstOrThrow();
    await expect(
      t.app.db
        .insertInto('em_reservations')
        .values({
          account_id: account.id,
          machine_id: 'EM-03',
          start_date: day(w + 2),
          end_date: day(w + 5),
          status: 'confirmed',
        })
        .execute(),
    ).rejects.toMatchObject({ code: '23P01' });
  });

  it('allows adjacent ranges (end inclusive: the next one starts the day after)', async () => {
    const w = nextWindow();
    const first = await signIn(t);
    const second = await signIn(t);
    await reserveOk(first, 'EM-01', day(w), day(w + 2));
    await reserveOk(second, 'EM-01', day(w + 3), day(w + 5));
    const taken = (await machines(first)).find((machine) => machine.machine_id === 'EM-01')?.reserved_dates;
    expect(taken).toEqual(
      expect.arrayContaining([
        { start_date: day(w), end_date: day(w + 2) },
        { start_date: day(w + 3), end_date: day(w + 5) },
      ]),
    );
  });

  it('accepts a UTC-midnight timestamp as that calendar day', async () => {
    const w = nextWindow();
    const user = await signIn(t);
    await reserveOk(user, 'EM-02', day(w), day(w + 2));
    const other = await signIn(t);
    const clash = await reserve(
      other,
      'EM-02',
      Date.parse(`${day(w + 2)}T00:00:00Z`),
      Date.parse(`${day(w + 5)}T00:00:00Z`),
    );
    expect(clash.statusCode).toBe(409);
  });

  it('a hold that ran out frees its days; its owner can no longer book it', async () => {
    const w = nextWindow();
    const first = await signIn(t);
    const second = await signIn(t);
    const stale = await reserveOk(first, 'EM-01', day(w), day(w + 3));
    await t.app.db
      .updateTable('em_reservations')
      .set({ expires_on: sql<Date>`now() - interval '1 minute'` })
      .where('id', '=', stale)
      .execute();
    const emMachine = (await machines(second)).find((machine) => machine.machine_id === 'EM-01');
    expect(emMachine?.reserved_dates).not.toContainEqual({ start_date: day(w), end_date: day(w + 3) });
    await reserveOk(second, 'EM-01', day(w + 1), day(w + 4));
    const late = await t.request({
      method: 'POST',
      url: '/v2/sensors/em/book',
      token: first.token,
      payload: address(stale),
    });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ detail: RESERVATION_EXPIRED_MESSAGE });
  });

  it('reserving again lets go of the caller’s earlier unbooked hold', async () => {
    const w = nextWindow();
    const user = await signIn(t);
    await reserveOk(user, 'EM-03', day(w), day(w + 2));
    await reserveOk(user, 'EM-03', day(w + 1), day(w + 3));
    const taken = (await machines(user)).find((machine) => machine.machine_id === 'EM-03')?.reserved_dates;
    expect(taken).not.toContainEqual({ start_date: day(w), end_date: day(w + 2) });
    expect(taken).toContainEqual({ start_date: day(w + 1), end_date: day(w + 3) });
  });

  it('needs at least 3 days inclusive, no past days, a known machine', async () => {
    const w = nextWindow();
    const user = await signIn(t);
    const twoDays = issuesOf(await reserve(user, 'EM-01', day(w), day(w + 1)));
    expect(twoDays).toEqual([expect.objectContaining({ msg: BOOKING_MIN_DAYS_MESSAGE, loc: ['body', 'end_date'] })]);
    const backwards = issuesOf(await reserve(user, 'EM-01', day(w + 5), day(w)));
    expect(backwards).toEqual([expect.objectContaining({ msg: BOOKING_MIN_DAYS_MESSAGE })]);
    const past = issuesOf(await reserve(user, 'EM-01', day(-1), day(w)));
    expect(past).toEqual([expect.objectContaining({ msg: PAST_DATES_MESSAGE, loc: ['body', 'start_date'] })]);
    const unknown = issuesOf(await reserve(user, 'EM-99', day(w), day(w + 3)));
    expect(unknown).toEqual([expect.objectContaining({ msg: 'Machine not found' })]);
    const notADate = await reserve(user, 'EM-01', '2026-02-30', day(w));
    expect(notADate.statusCode).toBe(422);
    await reserveOk(user, 'EM-01', day(0), day(2));
  });

  it('book: the upfront fee plus GST (every booking: the machines work in Australia); only the webhook confirms it', async () => {
    const w = nextWindow();
    const foreign = await signIn(t);
    await setCountry(foreign, 'NZ');
    const abroad = await bookOk(foreign, await reserveOk(foreign, 'EM-02', day(w), day(w + 2)));
    expect(abroad).toMatchObject({ subtotal: 100_000, gst: 10_000, amount: 110_000 });

    const farmer = await signIn(t);
    await setCountry(farmer, 'AU');
    const reservation = await reserveOk(farmer, 'EM-02', day(w + 3), day(w + 6));
    const answer = await bookOk(farmer, reservation);
    expect(answer).toMatchObject({ subtotal: 100_000, gst: 10_000, amount: 110_000, currency: 'aud' });
    // Booking again while the payment is open answers the same payment.
    expect((await bookOk(farmer, reservation)).client_secret).toBe(answer.client_secret);

    const attempted = await bookings(farmer);
    expect(attempted.data).toEqual([
      expect.objectContaining({
        id: reservation,
        status: 'booked',
        machine_id: 'EM-02',
        start_date: day(w + 3),
        end_date: day(w + 6),
        city: 'Wagga Wagga',
        amount: 110_000,
      }),
    ]);

    const declined = await confirmInBrowser(t, answer.client_secret, '4000000000000002');
    expect(declined.statusCode).toBe(402);
    await webhooksDelivered(t);
    expect((await bookings(farmer)).data[0]?.status).toBe('booked');

    expect((await confirmInBrowser(t, answer.client_secret, '4242424242424242')).statusCode).toBe(200);
    await webhooksDelivered(t);
    expect((await bookings(farmer)).data[0]?.status).toBe('confirmed');
    const again = await t.request({
      method: 'POST',
      url: '/v2/sensors/em/book',
      token: farmer.token,
      payload: address(reservation),
    });
    expect(again.statusCode).toBe(409);
    // Paid: the days stay reserved.
    const taken = (await machines(farmer)).find((machine) => machine.machine_id === 'EM-02')?.reserved_dates;
    expect(taken).toContainEqual({ start_date: day(w + 3), end_date: day(w + 6) });
  });

  it('paid after its hold ran out: confirmed when the days are still free, never over someone else’s hold', async () => {
    const w = nextWindow();
    const expire = (id: string) =>
      t.app.db
        .updateTable('em_reservations')
        .set({ expires_on: sql<Date>`now() - interval '1 minute'` })
        .where('id', '=', id)
        .execute();

    const late = await signIn(t);
    const free = await reserveOk(late, 'EM-01', day(w), day(w + 2));
    const freeAnswer = await bookOk(late, free);
    await expire(free);
    expect((await confirmInBrowser(t, freeAnswer.client_secret, '4242424242424242')).statusCode).toBe(200);
    await webhooksDelivered(t);
    expect((await bookings(late)).data.find((booking) => booking.id === free)?.status).toBe('confirmed');

    const slow = await signIn(t);
    const other = await signIn(t);
    const lost = await reserveOk(slow, 'EM-02', day(w), day(w + 2));
    const lostAnswer = await bookOk(slow, lost);
    await expire(lost);
    await reserveOk(other, 'EM-02', day(w + 1), day(w + 3));
    expect((await confirmInBrowser(t, lostAnswer.client_secret, '4242424242424242')).statusCode).toBe(200);
    await webhooksDelivered(t);
    expect((await bookings(slow)).data.find((booking) => booking.id === lost)?.status).toBe('expired');
    // Never delivered: the payment is given up and its money refunded through the provider, once.
    const payment = await t.request({ method: 'GET', url: `/v2/payments/${lostAnswer.payment_id}`, token: slow.token });
    expect(payment.json()).toMatchObject({ data: { status: 'canceled' } });
    const engine = (t.app.payments as TestPaymentProvider).engine;
    const intent = intentIdOf(lostAnswer.client_secret);
    await waitFor(async () => (await engine.refundedAmountOf(intent)) === lostAnswer.amount);
    const refund = await t.app.db
      .selectFrom('payment_refunds')
      .select(['status', 'amount_cents'])
      .where('payment_id', '=', lostAnswer.payment_id)
      .executeTakeFirstOrThrow();
    expect(refund).toEqual({ status: 'succeeded', amount_cents: lostAnswer.amount });
    const taken = (await machines(other)).find((machine) => machine.machine_id === 'EM-02')?.reserved_dates;
    expect(taken?.filter((range) => range.start_date <= day(w + 3) && range.end_date >= day(w))).toEqual([
      { start_date: day(w + 1), end_date: day(w + 3) },
    ]);
  });

  it('another account’s reservation or booking is a 404; shipping is within Australia', async () => {
    const w = nextWindow();
    const owner = await signIn(t);
    const stranger = await signIn(t);
    const reservation = await reserveOk(owner, 'EM-03', day(w), day(w + 2));
    const theirs = await t.request({
      method: 'POST',
      url: '/v2/sensors/em/book',
      token: stranger.token,
      payload: address(reservation),
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ detail: 'Reservation not found' });
    await bookOk(owner, reservation);
    const peek = await t.request({
      method: 'GET',
      url: `/v2/sensors/em/bookings/${reservation}`,
      token: stranger.token,
    });
    expect(peek.statusCode).toBe(404);
    expect((await bookings(stranger)).data).toEqual([]);
    const mine = await t.request({ method: 'GET', url: `/v2/sensors/em/bookings/${reservation}`, token: owner.token });
    expect(mine.statusCode).toBe(200);

    const abroad = await t.request({
      method: 'POST',
      url: '/v2/sensors/em/book',
      token: owner.token,
      payload: { ...address(reservation), country: 'NZ' },
    });
    expect(abroad.statusCode).toBe(422);
  });

  it('pages the bookings, newest first', async () => {
    const w = nextWindow();
    const user = await signIn(t);
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const id = await reserveOk(user, `EM-0${i + 1}`, day(w), day(w + 2));
      await bookOk(user, id);
      ids.push(id);
    }
    const first = await bookings(user, '?skip=0&limit=2');
    expect(first.pages).toEqual({ total_pages: 2, total_count: 3, skip: 0, limit: 2 });
    expect(first.data.map((booking) => booking.id)).toEqual([ids[2], ids[1]]);
    const second = await bookings(user, '?skip=2&limit=2');
    expect(second.data.map((booking) => booking.id)).toEqual([ids[0]]);
    const beyond = await bookings(user, '?skip=10&limit=2');
    expect(beyond.pages.total_count).toBe(3);
  });

  it('of many concurrent reservations of overlapping days exactly one wins', async () => {
    const w = nextWindow();
    const users = await Promise.all(Array.from({ length: 8 }, () => signIn(t)));
    const answers = await Promise.all(
      users.map((user, i) => reserve(user, 'EM-01', day(w + (i % 3)), day(w + 3 + (i % 3)))),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    const refused = answers.filter((answer) => answer.statusCode === 409);
    expect(refused).toHaveLength(7);
    for (const answer of refused) expect(answer.json<{ detail: string }>().detail).toBe(DATES_TAKEN_MESSAGE);
  });
});
