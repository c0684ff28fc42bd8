import { sql, type Kysely } from 'kysely';

// State of the embedded test payment provider (ARCHITECTURE §5): PaymentIntents with Stripe's
// semantics, idempotency keys, charges and the webhook outbox. Kept in the database so it holds
// across API processes and restarts, like the real provider's would.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table test_payment_intents (
      id text primary key,
      client_secret text not null unique,
      amount integer not null,
      currency text not null,
      status text not null,
      description text,
      metadata jsonb not null default '{}'::jsonb,
      payment_method jsonb,
      last_payment_error jsonb,
      next_action jsonb,
      latest_charge text,
      created bigint not null,
      canceled_at bigint,
      cancellation_reason text
    )`.execute(db);

  // One row per idempotency key: the first request's parameters and its answer.
  await sql`
    create table test_payment_requests (
      idempotency_key text primary key,
      operation text not null,
      params_hash text not null,
      status_code integer not null,
      response jsonb not null,
      created bigint not null
    )`.execute(db);

  await sql`
    create table test_payment_charges (
      id text primary key,
      payment_intent text not null references test_payment_intents (id),
      amount integer not null,
      created bigint not null
    )`.execute(db);
  await sql`create index test_payment_charges_intent_idx on test_payment_charges (payment_intent)`.execute(db);

  await sql`
    create table test_webhook_outbox (
      id text primary key,
      seq bigserial not null,
      type text not null,
      payload text not null,
      created bigint not null,
      attempts integer not null default 0,
      next_attempt_at timestamptz not null default now(),
      delivered_on timestamptz,
      last_error text
    )`.execute(db);
  await sql`create index test_webhook_outbox_due_idx on test_webhook_outbox (next_attempt_at) where delivered_on is null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table test_webhook_outbox`.execute(db);
  await sql`drop table test_payment_charges`.execute(db);
  await sql`drop table test_payment_requests`.execute(db);
  await sql`drop table test_payment_intents`.execute(db);
}
