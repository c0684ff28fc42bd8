import { sql, type Kysely } from 'kysely';

// Scouting notes (issue 31). A note is written on a device, often offline, and sent when there is
// signal: every write carries the device's key (a UUID), unique here, so a retried send is the same
// note, revision or photo. Every edit is a revision (two devices editing one note keep both); the
// note row holds the revision shown — the latest by the device's clock, then by arrival — with the
// columns its filters use. Photos arrive in chunks: `received` bytes so far, stored through the
// storage seam as parts until the last one, then as one file.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table scouting_notes (
      id uuid primary key default gen_random_uuid(),
      farm_id uuid not null references farms (id) on delete cascade,
      idempotency_key uuid not null unique,
      author_id uuid references accounts (id) on delete set null,
      field_id uuid references fields (id) on delete set null,
      category text not null,
      observed_on date not null,
      follow_up_assignee_id uuid references accounts (id) on delete set null,
      content jsonb not null,
      shown_revision_id uuid,
      revisions integer not null default 1,
      created_on timestamptz not null default now(),
      updated_on timestamptz not null default now()
    )`.execute(db);
  await sql`create index scouting_notes_farm_day on scouting_notes (farm_id, observed_on desc)`.execute(db);
  await sql`create index scouting_notes_follow_up on scouting_notes (follow_up_assignee_id) where follow_up_assignee_id is not null`.execute(
    db,
  );

  await sql`
    create table scouting_note_revisions (
      id uuid primary key default gen_random_uuid(),
      seq bigint generated always as identity,
      note_id uuid not null references scouting_notes (id) on delete cascade,
      idempotency_key uuid not null unique,
      author_id uuid references accounts (id) on delete set null,
      client_updated_on timestamptz not null,
      content jsonb not null,
      received_on timestamptz not null default now()
    )`.execute(db);
  await sql`create index scouting_note_revisions_note on scouting_note_revisions (note_id, client_updated_on desc, seq desc)`.execute(
    db,
  );

  await sql`
    create table scouting_photos (
      id uuid primary key default gen_random_uuid(),
      note_id uuid not null references scouting_notes (id) on delete cascade,
      idempotency_key uuid not null unique,
      author_id uuid references accounts (id) on delete set null,
      content_type text not null,
      size integer not null check (size > 0),
      received integer not null default 0 check (received >= 0 and received <= size),
      parts integer not null default 0,
      width integer,
      height integer,
      complete boolean not null default false,
      created_on timestamptz not null default now()
    )`.execute(db);
  await sql`create index scouting_photos_note on scouting_photos (note_id, created_on)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table scouting_photos`.execute(db);
  await sql`drop table scouting_note_revisions`.execute(db);
  await sql`drop table scouting_notes`.execute(db);
}
