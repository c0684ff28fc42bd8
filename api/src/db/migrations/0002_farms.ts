import { sql, type Kysely } from 'kysely';

// Farms, fields, sharing and favourites (spec 1 §3, §7). Geometry is GeoJSON in jsonb with its bbox
// in plain columns and its area in hectares, computed by the api (no PostGIS).

export async function up(db: Kysely<unknown>): Promise<void> {
  // The verified e-mail whose farm invitations were last bound to this account (null: none yet).
  await db.schema.alterTable('accounts').addColumn('farm_access_email', 'text').execute();

  await db.schema
    .createTable('farms')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('owner_id', 'uuid', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    // Kept true by the api in the same transaction as every change to the farm's fields.
    .addColumn('number_of_fields', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('farm_area', 'double precision', (col) => col.notNull().defaultTo(0))
    .addColumn('min_lon', 'double precision')
    .addColumn('min_lat', 'double precision')
    .addColumn('max_lon', 'double precision')
    .addColumn('max_lat', 'double precision')
    .addColumn('location', 'text')
    // Made by the seed command (which replaces only these when run again).
    .addColumn('seeded', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('created_on', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_on', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  // The list pages the caller's farms by each sort (id breaks ties); owner_id leads every one of them.
  await db.schema
    .createIndex('farms_owner_updated_idx')
    .on('farms')
    .columns(['owner_id', 'updated_on', 'id'])
    .execute();
  await db.schema
    .createIndex('farms_owner_name_idx')
    .on('farms')
    .expression(sql`owner_id, lower(name), id`)
    .execute();
  await db.schema
    .createIndex('farms_owner_fields_idx')
    .on('farms')
    .columns(['owner_id', 'number_of_fields', 'id'])
    .execute();
  await db.schema.createIndex('farms_owner_area_idx').on('farms').columns(['owner_id', 'farm_area', 'id']).execute();

  await db.schema
    .createTable('fields')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('farm_id', 'uuid', (col) => col.notNull().references('farms.id').onDelete('cascade'))
    // Insertion order: a farm's fields are listed in the order they were added (or imported).
    .addColumn('seq', 'bigint', (col) => col.notNull().generatedAlwaysAsIdentity())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('crop_type', 'text')
    .addColumn('geometry', 'jsonb', (col) => col.notNull())
    .addColumn('area', 'double precision', (col) => col.notNull())
    .addColumn('min_lon', 'double precision', (col) => col.notNull())
    .addColumn('min_lat', 'double precision', (col) => col.notNull())
    .addColumn('max_lon', 'double precision', (col) => col.notNull())
    .addColumn('max_lat', 'double precision', (col) => col.notNull())
    .addColumn('created_on', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_on', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('fields_farm_idx').on('fields').columns(['farm_id', 'seq']).execute();

  // Collaborators and pending invitations, by lower-cased e-mail. account_id is set while an account
  // with that verified e-mail exists (status 'active'), null while the invitation is pending.
  await db.schema
    .createTable('farm_members')
    .addColumn('farm_id', 'uuid', (col) => col.notNull().references('farms.id').onDelete('cascade'))
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('permission', 'text', (col) => col.notNull().check(sql`permission in ('editor', 'viewer')`))
    .addColumn('account_id', 'uuid', (col) => col.references('accounts.id').onDelete('set null'))
    .addColumn('created_on', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_on', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('farm_members_pk', ['farm_id', 'email'])
    .execute();
  await db.schema
    .createIndex('farm_members_account_idx')
    .on('farm_members')
    .columns(['account_id', 'farm_id'])
    .execute();
  await db.schema.createIndex('farm_members_email_idx').on('farm_members').column('email').execute();

  // Favourites are per user.
  await db.schema
    .createTable('farm_favourites')
    .addColumn('account_id', 'uuid', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('farm_id', 'uuid', (col) => col.notNull().references('farms.id').onDelete('cascade'))
    .addColumn('created_on', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('farm_favourites_pk', ['account_id', 'farm_id'])
    .execute();
  await db.schema.createIndex('farm_favourites_farm_idx').on('farm_favourites').column('farm_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('farm_favourites').execute();
  await db.schema.dropTable('farm_members').execute();
  await db.schema.dropTable('fields').execute();
  await db.schema.dropTable('farms').execute();
  await db.schema.alterTable('accounts').dropColumn('farm_access_email').execute();
}
