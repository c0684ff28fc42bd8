import { sql, type Kysely } from 'kysely';

// A zoning export's stored file goes with its row. Rows go with their order (which goes with its farm
// or account), and every row deleted for any reason asks for its file's removal by a durable job
// (`zoning.export.remove_file`), queued in the deleting transaction: a file is removed if and only if
// its row's deletion committed, also when a farm is deleted by another domain's code.
// Rows whose order was deleted before this migration are removed here, and their files with them.

/** The job kind plugins/zoning/exports registers (a migration keeps its own copy: it never changes). */
const REMOVE_FILE_JOB = 'zoning.export.remove_file';

export async function up(db: Kysely<unknown>): Promise<void> {
  // The job's wake-up channel is the runner's (`paddock_jobs_<schema>`, see db/index channelName);
  // without it the file is removed at the runner's next poll.
  await sql`
    create function zoning_export_file_removal() returns trigger language plpgsql as $$
    begin
      insert into jobs (kind, payload, dedupe_key)
        values (${sql.lit(REMOVE_FILE_JOB)}, jsonb_build_object('key', old.storage_key),
                ${sql.lit(`${REMOVE_FILE_JOB}:`)} || old.storage_key)
        on conflict (dedupe_key) do nothing;
      perform pg_notify(left('paddock_jobs_' || current_schema(), 63), ${sql.lit(REMOVE_FILE_JOB)});
      return old;
    end
    $$`.execute(db);
  await sql`
    create trigger zoning_export_file_removal after delete on zoning_exports
    for each row when (old.storage_key is not null) execute function zoning_export_file_removal()`.execute(db);
  await sql`delete from zoning_exports e where not exists (select 1 from zoning_orders o where o.id = e.order_id)`.execute(
    db,
  );
  await sql`
    alter table zoning_exports add constraint zoning_exports_order_fk
    foreign key (order_id) references zoning_orders (id) on delete cascade`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table zoning_exports drop constraint zoning_exports_order_fk`.execute(db);
  await sql`drop trigger zoning_export_file_removal on zoning_exports`.execute(db);
  await sql`drop function zoning_export_file_removal()`.execute(db);
}
