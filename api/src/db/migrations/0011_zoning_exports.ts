import { sql, type Kysely } from 'kysely';

// Zoning exports (spec 2 §7 `GET /v2/zoning/download/{key}`): each zip is made once by a durable job
// (`zoning.export`) and kept behind the storage seam. A row per distinct content: `digest` is the
// SHA-256 of what the zip is made from (farm and field names and boundaries, zones, rates, unified), so
// new rates give a new export and the same request again finds the file already made. No foreign key
// to `zoning_orders`: that table comes with a later migration (0020); rows of a deleted order are
// removed with their files by the api.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table zoning_exports (
      id uuid primary key default gen_random_uuid(),
      order_id uuid not null,
      digest text not null unique,
      unified boolean not null,
      status text not null default 'pending' check (status in ('pending', 'ready')),
      storage_key text,
      file_name text,
      size_bytes integer,
      created_at timestamptz not null default now(),
      ready_at timestamptz,
      check (status = 'pending' or (storage_key is not null and file_name is not null and size_bytes is not null))
    )`.execute(db);
  await sql`create index zoning_exports_order_idx on zoning_exports (order_id, created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table zoning_exports`.execute(db);
}
