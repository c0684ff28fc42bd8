import { sql, type Kysely } from 'kysely';

// Subjects whose Paddock account was deleted: their tokens are refused (401) instead of silently
// creating a new account (issue 18.6). Kept without personal data: the subject only.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('deleted_accounts')
    .addColumn('sub', 'text', (col) => col.primaryKey())
    .addColumn('deleted_on', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('deleted_accounts').execute();
}
