import { sql, type Kysely } from 'kysely';

// Change alerts and notifications (issue 30). Per farm alert settings; per field the last capture the
// scan looked at and the last clear one; one change alert per field and capture (the unique key makes
// a job delivered twice, in any process, insert it once); notifications are rows of their own, one
// per alert and person, with read and e-mailed state; each person's e-mail digest preference.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table farm_alert_settings (
      farm_id uuid primary key references farms (id) on delete cascade,
      enabled boolean not null,
      mean_drop double precision not null,
      percent_down double precision not null,
      max_cloud_percent double precision not null,
      audiences text[] not null,
      updated_on timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table field_alert_checks (
      field_id uuid primary key references fields (id) on delete cascade,
      checked_through date not null,
      last_clear_date date,
      updated_on timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table change_alerts (
      id uuid primary key default gen_random_uuid(),
      field_id uuid not null references fields (id) on delete cascade,
      farm_id uuid not null references farms (id) on delete cascade,
      algorithm text not null,
      earlier_date date not null,
      later_date date not null,
      mean_change double precision not null,
      percent_down double precision not null,
      created_on timestamptz not null default now(),
      unique (field_id, later_date)
    )`.execute(db);
  await sql`
    create table notifications (
      id uuid primary key default gen_random_uuid(),
      account_id uuid not null references accounts (id) on delete cascade,
      alert_id uuid not null references change_alerts (id) on delete cascade,
      read_on timestamptz,
      emailed_on timestamptz,
      created_on timestamptz not null default now(),
      unique (account_id, alert_id)
    )`.execute(db);
  await sql`create index notifications_unread on notifications (account_id, created_on desc)`.execute(db);
  await sql`
    create table notification_preferences (
      account_id uuid primary key references accounts (id) on delete cascade,
      email_digest boolean not null,
      updated_on timestamptz not null default now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table notification_preferences`.execute(db);
  await sql`drop table notifications`.execute(db);
  await sql`drop table change_alerts`.execute(db);
  await sql`drop table field_alert_checks`.execute(db);
  await sql`drop table farm_alert_settings`.execute(db);
}
