import { sql, type Kysely } from 'kysely';

// Follow-ups in notifications (issue 31): a notification is of a change alert or of a scouting
// note's follow-up given to the person. One per person and note, so an edit of the note that keeps
// the follow-up with them does not tell them again.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table notifications alter column alert_id drop not null`.execute(db);
  await sql`
    alter table notifications
      add column scouting_note_id uuid references scouting_notes (id) on delete cascade`.execute(db);
  await sql`
    alter table notifications
      add constraint notifications_one_subject check ((alert_id is null) <> (scouting_note_id is null))`.execute(db);
  await sql`
    alter table notifications
      add constraint notifications_account_note unique (account_id, scouting_note_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from notifications where scouting_note_id is not null`.execute(db);
  await sql`alter table notifications drop constraint notifications_account_note`.execute(db);
  await sql`alter table notifications drop constraint notifications_one_subject`.execute(db);
  await sql`alter table notifications drop column scouting_note_id`.execute(db);
  await sql`alter table notifications alter column alert_id set not null`.execute(db);
}
