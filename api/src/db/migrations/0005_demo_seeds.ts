import { sql, type Kysely } from 'kysely';

// Accounts whose demo content was seeded (issue 10 §9): seeded once, on the first start that finds
// the demo account without this row, so a demo farm the user deleted does not come back.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('demo_seeds')
    .addColumn('account_id', 'uuid', (col) => col.primaryKey().references('accounts.id').onDelete('cascade'))
    .addColumn('seeded_on', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('demo_seeds').execute();
}
