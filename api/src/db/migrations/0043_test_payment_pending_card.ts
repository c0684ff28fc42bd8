import { sql, type Kysely } from 'kysely';

// The embedded test payment provider keeps a card confirmed for later payments (setup_future_usage)
// once the payment succeeds; a card that needs 3-D Secure succeeds only after the payer authenticates,
// so the card waits here, beside its intent, until then (never shown on the wire).

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table test_payment_intents add column card_to_save jsonb`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table test_payment_intents drop column card_to_save`.execute(db);
}
