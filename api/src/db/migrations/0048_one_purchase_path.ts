import { sql, type Kysely } from 'kysely';

// One purchase path (issue 24, ARCHITECTURE §4): every paid thing goes through `plugins/payments`.
// - `payments.purchase_key` names the thing bought (`cart:<account>`, `em_booking:<reservation>`,
//   `subscription:<account>`, `imagery_order:<order>`...): the database holds at most ONE open payment
//   per thing, so two requests can never both leave an open payment (and its intent) for it.
// - `purchase_signature` is what exactly was priced (items and amount): a repeat with the same one is
//   answered with the same payment; another one replaces it.
// - `customer_ref` / `setup_future_usage`: the intent's parameters are derived from the row alone, so
//   any process can (re)create the intent with the payment's idempotency key and get the same one.
// - `intent_closed`: a replaced payment whose intent is known to be closed at the provider (canceled
//   there, or never created); no new intent is created for a thing while an earlier one is not.
// - `payment_refunds`: a success that arrives for a canceled or superseded payment (or for a thing that
//   can no longer be delivered) is refunded through the provider, once, by a durable job.
// - `payment_events.outcome` / `note`: a verified event that was refused (currency, amount, purpose
//   or intent mismatch) is recorded with why.
// - Rapid-EM: one unpaid reservation (held or booked) per account.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table payments add column purchase_key text`.execute(db);
  await sql`alter table payments add column purchase_signature text`.execute(db);
  await sql`alter table payments add column customer_ref text`.execute(db);
  await sql`alter table payments add column setup_future_usage text`.execute(db);
  await sql`alter table payments add column intent_closed boolean not null default false`.execute(db);
  // Payments from before: at most one open per thing cannot be known, so they keep no key.
  await sql`
    create unique index payments_one_open_purchase on payments (purchase_key)
    where status = 'open' and purchase_key is not null`.execute(db);
  await sql`create index payments_purchase_key_idx on payments (purchase_key, status)`.execute(db);

  await sql`
    create table payment_refunds (
      payment_id uuid primary key references payments (id) on delete cascade,
      provider text not null,
      intent_ref text not null,
      amount_cents integer not null check (amount_cents >= 0),
      reason text not null,
      status text not null default 'pending' check (status in ('pending', 'succeeded', 'failed')),
      refund_ref text,
      last_error text,
      created_on timestamptz not null default now(),
      refunded_on timestamptz
    )`.execute(db);

  await sql`alter table payment_events add column outcome text`.execute(db);
  await sql`alter table payment_events add column note text`.execute(db);

  await sql`
    create table test_payment_refunds (
      id text primary key,
      payment_intent text not null,
      amount integer not null,
      reason text,
      metadata jsonb not null default '{}',
      created bigint not null
    )`.execute(db);
  await sql`create index test_payment_refunds_intent_idx on test_payment_refunds (payment_intent)`.execute(db);

  await sql`
    update em_reservations set status = 'expired'
    where status in ('held', 'booked')
      and id not in (
        select distinct on (account_id) id from em_reservations
        where status in ('held', 'booked')
        order by account_id, created_on desc, id desc
      )`.execute(db);
  await sql`
    create unique index em_reservations_one_unpaid on em_reservations (account_id)
    where status in ('held', 'booked')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index em_reservations_one_unpaid`.execute(db);
  await sql`drop table test_payment_refunds`.execute(db);
  await sql`alter table payment_events drop column note`.execute(db);
  await sql`alter table payment_events drop column outcome`.execute(db);
  await sql`drop table payment_refunds`.execute(db);
  await sql`drop index payments_purchase_key_idx`.execute(db);
  await sql`drop index payments_one_open_purchase`.execute(db);
  for (const column of ['intent_closed', 'setup_future_usage', 'customer_ref', 'purchase_signature', 'purchase_key'])
    await sql`alter table payments drop column ${sql.ref(column)}`.execute(db);
}
