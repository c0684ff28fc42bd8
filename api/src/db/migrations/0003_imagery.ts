import { sql, type Kysely } from 'kysely';

// Completed high-resolution (80 cm) captures per field. The orders plugin adds a row when an order is
// delivered; the high_res layer's catalog lists exactly these days.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('high_res_captures')
    .addColumn('field_id', 'uuid', (col) => col.notNull().references('fields.id').onDelete('cascade'))
    .addColumn('captured_on', 'date', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('high_res_captures_pkey', ['field_id', 'captured_on'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('high_res_captures').execute();
}
