import { sql, type Kysely } from 'kysely';

// The Advanced subscription (spec 3 §1, §3, §9; issue 16). Its price is a setting (one row, seeded
// here, changed without a deploy), never a constant in code. A subscription row is 'pending' while its
// first payment is open, 'active' once a verified webhook paid it (expires_at one year on, extended by
// each paid renewal), 'expired' when expires_at passed cancelled or unpaid, 'abandoned' when its first
// payment was given up. The database refuses two live ('pending' or 'active') subscriptions of one
// account. Each account has at most one customer at each payment provider (saved card, billing portal).

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table subscription_settings (
      id boolean primary key default true check (id),
      product_ref text not null,
      plan_name text not null,
      base_price_cents integer not null check (base_price_cents >= 0),
      tax_rate numeric(5, 2) not null check (tax_rate >= 0),
      discount_amount numeric(12, 2) check (discount_amount >= 0),
      discount_denomination text check (discount_denomination in ('aud_cents', 'percent')),
      discount_expires timestamptz,
      -- how many days before expires_at the yearly renewal is charged
      renewal_lead_days integer not null default 3 check (renewal_lead_days >= 0),
      updated_on timestamptz not null default now(),
      check ((discount_amount is null) = (discount_denomination is null)),
      check (discount_denomination <> 'percent' or discount_amount <= 100)
    )`.execute(db);
  // A$499 a year before GST, with an introductory 20 % off for the first 90 days after installation.
  await sql`
    insert into subscription_settings
      (product_ref, plan_name, base_price_cents, tax_rate, discount_amount, discount_denomination, discount_expires)
    values ('prod_paddock_advanced_yearly', 'Advanced (yearly)', 49900, 10, 20, 'percent', now() + interval '90 days')
  `.execute(db);

  await sql`alter table subscriptions add column payment_id uuid references payments (id)`.execute(db);
  await sql`alter table subscriptions add column renewal_payment_id uuid references payments (id)`.execute(db);
  await sql`alter table subscriptions add column customer_ref text`.execute(db);
  await sql`alter table subscriptions add column started_on timestamptz`.execute(db);
  await sql`
    create unique index subscriptions_one_live_idx on subscriptions (account_id)
    where status in ('pending', 'active')`.execute(db);

  await sql`
    create table payment_customers (
      account_id uuid not null references accounts (id) on delete cascade,
      provider text not null,
      customer_ref text not null,
      created_on timestamptz not null default now(),
      primary key (account_id, provider)
    )`.execute(db);

  // The embedded test provider's customers (saved card) and billing-portal sessions.
  await sql`
    create table test_customers (
      id text primary key,
      email text,
      metadata jsonb not null default '{}'::jsonb,
      default_payment_method text,
      card jsonb,
      created bigint not null
    )`.execute(db);
  await sql`
    create table test_portal_sessions (
      id text primary key,
      customer text not null references test_customers (id),
      return_url text not null,
      created bigint not null,
      expires bigint not null
    )`.execute(db);
  await sql`alter table test_payment_intents add column customer text`.execute(db);
  await sql`alter table test_payment_intents add column setup_future_usage text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table test_payment_intents drop column setup_future_usage`.execute(db);
  await sql`alter table test_payment_intents drop column customer`.execute(db);
  await sql`drop table test_portal_sessions`.execute(db);
  await sql`drop table test_customers`.execute(db);
  await sql`drop table payment_customers`.execute(db);
  await sql`drop index subscriptions_one_live_idx`.execute(db);
  for (const column of ['started_on', 'customer_ref', 'renewal_payment_id', 'payment_id'])
    await sql`alter table subscriptions drop column ${sql.ref(column)}`.execute(db);
  await sql`drop table subscription_settings`.execute(db);
}
