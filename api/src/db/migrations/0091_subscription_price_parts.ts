import { sql, type Kysely } from 'kysely';

// The first year's price as it was sold (issue 25 follow-up): the list price and the first-year
// discount taken off it, both in cents before GST, so the tax receipt repeats the discount the
// checkout and the billing portal showed, whatever the offer is by the time it is rendered.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table subscriptions
      add column list_price_cents integer check (list_price_cents >= 0),
      add column discount_cents integer check (discount_cents >= 0)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table subscriptions drop column list_price_cents, drop column discount_cents`.execute(db);
}
