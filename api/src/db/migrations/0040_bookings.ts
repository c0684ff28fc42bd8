import { sql, type Kysely } from 'kysely';

// Rapid-EM booking (spec 3 §3, §4, §9): the machines and the price are seeded settings; a reservation
// holds a machine for a range of calendar days. The database itself refuses two active reservations of
// one machine whose days overlap (an exclusion constraint over the inclusive date range; btree_gist
// gives `=` on the machine id in a GiST index). Only active rows take part: 'held' (reserved),
// 'booked' (payment open) and 'confirmed' (paid). A hold past `expires_on` is set 'expired' by the
// next reservation that needs its days, in the same transaction as that reservation's insert.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists btree_gist`.execute(db);

  await sql`
    create table em_machines (
      id text primary key,
      name text not null,
      position integer not null default 0,
      active boolean not null default true
    )`.execute(db);
  await sql`
    insert into em_machines (id, name, position) values
      ('EM-01', 'Rapid-EM machine 1', 1),
      ('EM-02', 'Rapid-EM machine 2', 2),
      ('EM-03', 'Rapid-EM machine 3', 3)`.execute(db);

  // One row: the upfront hire fee (cents, before GST) and the GST rate in percent.
  await sql`
    create table em_settings (
      id boolean primary key default true check (id),
      minimum_fee_cents integer not null check (minimum_fee_cents >= 0),
      tax_rate numeric(5, 2) not null check (tax_rate >= 0)
    )`.execute(db);
  await sql`insert into em_settings (minimum_fee_cents, tax_rate) values (100000, 10)`.execute(db);

  await sql`
    create table em_reservations (
      id uuid primary key default gen_random_uuid(),
      account_id uuid not null references accounts (id) on delete cascade,
      machine_id text not null references em_machines (id),
      start_date date not null,
      end_date date not null,
      status text not null default 'held' check (status in ('held', 'booked', 'confirmed', 'expired')),
      expires_on timestamptz,
      first_name text,
      last_name text,
      company_name text,
      address1 text,
      address2 text,
      city text,
      state text,
      country text,
      post_code text,
      payment_id uuid references payments (id) on delete set null,
      amount_cents integer check (amount_cents >= 0),
      booked_on timestamptz,
      created_on timestamptz not null default now(),
      check (end_date >= start_date),
      check (status = 'confirmed' or status = 'expired' or expires_on is not null),
      constraint em_reservations_no_overlap exclude using gist (
        machine_id with =,
        daterange(start_date, end_date, '[]') with &&
      ) where (status in ('held', 'booked', 'confirmed'))
    )`.execute(db);
  await sql`create index em_reservations_account_idx on em_reservations (account_id, created_on)`.execute(db);
  await sql`create index em_reservations_payment_idx on em_reservations (payment_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table em_reservations`.execute(db);
  await sql`drop table em_settings`.execute(db);
  await sql`drop table em_machines`.execute(db);
}
