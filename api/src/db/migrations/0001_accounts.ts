import { sql, type Kysely } from 'kysely';

// Migrations see the database as it was when they were written, so they use Kysely<unknown>.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('accounts')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('sub', 'text', (col) => col.notNull().unique())
    .addColumn('login_email', 'text')
    .addColumn('email_verified', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('contact_email', 'text')
    .addColumn('first_name', 'text')
    .addColumn('last_name', 'text')
    .addColumn('phone_number', 'text')
    .addColumn('company', 'text')
    .addColumn('street', 'text')
    .addColumn('suburb', 'text')
    .addColumn('address1', 'text')
    .addColumn('address2', 'text')
    .addColumn('city', 'text')
    .addColumn('state', 'text')
    .addColumn('country', 'text')
    .addColumn('post_code', 'text')
    .addColumn('user_type', 'text')
    .addColumn('contact_saved_on', 'timestamptz')
    .addColumn('terms_accepted_version', 'text')
    .addColumn('tier', 'text', (col) =>
      col
        .notNull()
        .defaultTo('basic')
        .check(sql`tier in ('basic', 'premium')`),
    )
    .addColumn('feature_flags', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('payments', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('created_on', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_on', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  // Admin look-ups go by e-mail, case-insensitively.
  await db.schema
    .createIndex('accounts_login_email_idx')
    .on('accounts')
    .expression(sql`lower(login_email)`)
    .execute();
  await db.schema
    .createIndex('accounts_contact_email_idx')
    .on('accounts')
    .expression(sql`lower(contact_email)`)
    .execute();

  await db.schema
    .createTable('subscriptions')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('account_id', 'uuid', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('provider_ref', 'text')
    .addColumn('expires_at', 'timestamptz')
    .addColumn('cancelled_at', 'timestamptz')
    .addColumn('created_on', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_on', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('subscriptions_account_idx').on('subscriptions').column('account_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('subscriptions').execute();
  await db.schema.dropTable('accounts').execute();
}
