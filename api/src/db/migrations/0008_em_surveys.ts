import { sql, type Kysely } from 'kysely';

// Rapid-EM surveys per field (issue 10 item 7): a survey window is the days the machine drove the
// paddock. The sensor_em layer's catalog lists exactly a field's windows, so a field that was never
// surveyed has no EM data. Bookings or an operator add rows once a survey is delivered.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('em_surveys')
    .addColumn('field_id', 'uuid', (col) => col.notNull().references('fields.id').onDelete('cascade'))
    .addColumn('start_date', 'date', (col) => col.notNull())
    .addColumn('end_date', 'date', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('em_surveys_pkey', ['field_id', 'start_date'])
    .addCheckConstraint('em_surveys_window', sql`end_date >= start_date`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('em_surveys').execute();
}
