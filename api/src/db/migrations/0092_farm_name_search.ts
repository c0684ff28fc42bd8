import { sql, type Kysely } from 'kysely';

// The farm list's search (`lower(name) like '%term%'`, farms/service.ts) read every farm of the
// account: on a 1,000-farm account that scan was most of the database's work per page. A trigram
// index (pg_trgm, on PostgreSQL and on PGlite, whose thread loads it) finds the farms whose name
// holds the term, so a searched page costs what it holds (issue 32's farm-list figures).
//
// pg_trgm goes into `public` so that every schema's search path can drop its own tables without
// taking the extension with it (a schema dropped with cascade drops what it holds); where a
// database administrator has already put it elsewhere, the index names that schema's operator
// class. A server without the extension, or a role not allowed to create it, keeps the search as
// a scan: slower on large accounts, the same answers.

export async function up(db: Kysely<unknown>): Promise<void> {
  const available = await sql<{ ok: number }>`
    select 1 as ok from pg_available_extensions where name = 'pg_trgm'`.execute(db);
  if (available.rows.length === 0) return;
  await sql`savepoint farm_name_search`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm with schema public`.execute(db);
  } catch {
    await sql`rollback to savepoint farm_name_search`.execute(db);
    return;
  }
  await sql`release savepoint farm_name_search`.execute(db);
  const installed = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
    where e.extname = 'pg_trgm'`.execute(db);
  const schema = installed.rows[0]?.schema ?? 'public';
  await sql`create index farms_name_search_idx on farms using gin (lower(name) ${sql.id(schema)}.gin_trgm_ops) with (fastupdate = off)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists farms_name_search_idx`.execute(db);
}
