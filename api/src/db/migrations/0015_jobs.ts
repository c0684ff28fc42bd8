import { sql, type Kysely } from 'kysely';

// Durable jobs (src/jobs), events processed once whichever api process receives them
// (src/processed-events.ts) and throttles that hold across processes (src/throttle.ts).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('payload', 'jsonb', (col) => col.notNull())
    // Enqueueing the same key again is a no-op: one job per business event.
    .addColumn('dedupe_key', 'text', (col) => col.unique())
    .addColumn('state', 'text', (col) =>
      col
        .notNull()
        .defaultTo('pending')
        .check(sql`state in ('pending', 'running', 'done', 'failed')`),
    )
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (col) => col.notNull().defaultTo(5))
    .addColumn('run_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('locked_until', 'timestamptz')
    .addColumn('locked_by', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .execute();
  await sql`create index jobs_due on jobs (run_at, id) where state in ('pending', 'running')`.execute(db);

  await db.schema
    .createTable('processed_events')
    .addColumn('source', 'text', (col) => col.notNull())
    .addColumn('event_id', 'text', (col) => col.notNull())
    .addColumn('processed_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('processed_events_pkey', ['source', 'event_id'])
    .execute();

  await db.schema
    .createTable('throttle_hits')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('bucket', 'text', (col) => col.notNull())
    .addColumn('hit_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index throttle_hits_bucket on throttle_hits (bucket, hit_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('throttle_hits').execute();
  await db.schema.dropTable('processed_events').execute();
  await db.schema.dropTable('jobs').execute();
}
