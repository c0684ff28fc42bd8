import { sql, type Kysely } from 'kysely';

// Payments, their provider events, the cart and the zoning orders it turns into (spec 2 §3, §7;
// ARCHITECTURE §4 'Money', §5 payments). Money is integer cents in AUD.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table payments (
      id uuid primary key default gen_random_uuid(),
      account_id uuid not null references accounts (id) on delete cascade,
      -- what is paid for: 'cart' today; orders, bookings and subscriptions add theirs
      purpose text not null,
      method text not null check (method in ('card', 'invoice')),
      provider text,
      provider_ref text unique,
      client_secret text,
      -- ours: open (not paid yet), paid, canceled
      status text not null default 'open' check (status in ('open', 'paid', 'canceled')),
      -- the provider's PaymentIntent status, as its latest event says
      intent_status text,
      intent_event_created bigint,
      amount_cents integer not null check (amount_cents >= 0),
      gst_cents integer not null default 0 check (gst_cents >= 0 and gst_cents <= amount_cents),
      currency text not null default 'aud' check (currency = 'aud'),
      invoice_number text unique,
      last_error text,
      created_on timestamptz not null default now(),
      updated_on timestamptz not null default now(),
      paid_on timestamptz,
      check ((method = 'invoice') = (invoice_number is not null))
    )`.execute(db);
  await sql`create index payments_account_idx on payments (account_id, created_on)`.execute(db);
  await sql`create sequence invoice_number_seq start 1001`.execute(db);

  // Every provider event taken in, by the provider's event id: a delivery of an id already here is a replay.
  await sql`
    create table payment_events (
      id text primary key,
      provider text not null,
      type text not null,
      payment_ref text,
      event_created bigint not null,
      received_on timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table cart_items (
      id uuid primary key default gen_random_uuid(),
      account_id uuid not null references accounts (id) on delete cascade,
      item_type text not null check (item_type in ('zoning', 'stack')),
      farm_id uuid not null references farms (id) on delete cascade,
      details jsonb not null,
      area_ha double precision not null check (area_ha >= 0),
      price_cents integer not null check (price_cents >= 0),
      -- the open card payment the item is being paid by (kept in the cart until it is paid)
      payment_id uuid references payments (id) on delete set null,
      created_on timestamptz not null default now()
    )`.execute(db);
  await sql`create index cart_items_account_idx on cart_items (account_id, created_on)`.execute(db);
  await sql`create index cart_items_payment_idx on cart_items (payment_id)`.execute(db);

  await sql`
    create table zoning_orders (
      id uuid primary key default gen_random_uuid(),
      account_id uuid not null references accounts (id) on delete cascade,
      farm_id uuid not null references farms (id) on delete cascade,
      payment_id uuid not null references payments (id) on delete cascade,
      -- the cart item it came from: a payment turns each item into one order, once
      cart_item_id uuid not null unique,
      status text not null check (status in ('pending', 'paid')),
      algorithm text not null,
      catalog_entry text not null,
      num_zones integer not null,
      zone_resolution integer not null,
      fields jsonb not null,
      zones jsonb not null,
      area_ha double precision not null,
      price_cents integer not null check (price_cents >= 0),
      download_key text unique,
      created_on timestamptz not null default now(),
      paid_on timestamptz
    )`.execute(db);
  await sql`create index zoning_orders_account_idx on zoning_orders (account_id, created_on)`.execute(db);
  await sql`create index zoning_orders_payment_idx on zoning_orders (payment_id)`.execute(db);
  await sql`create index zoning_orders_farm_idx on zoning_orders (farm_id, status)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table zoning_orders`.execute(db);
  await sql`drop table cart_items`.execute(db);
  await sql`drop table payment_events`.execute(db);
  await sql`drop sequence invoice_number_seq`.execute(db);
  await sql`drop table payments`.execute(db);
}
