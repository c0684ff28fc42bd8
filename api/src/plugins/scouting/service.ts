import {
  FIELD_NOT_ON_FARM_MESSAGE,
  FOLLOW_UP_MEMBER_MESSAGE,
  IDEMPOTENCY_REUSED_MESSAGE,
  scoutingNoteContentSchema,
  type CreateScoutingNote,
  type ScoutingNote,
  type ScoutingNoteContent,
  type ScoutingNotesQuery,
  type ScoutingPhoto,
  type ScoutingPerson,
  type ScoutingRevision,
  scoutingNotesQuerySchema,
} from '@paddock/shared/contracts';
import { sql } from 'kysely';
import type { Db, Trx } from '../../db';
import type { AccountRow } from '../../db/types';
import { conflict, HttpError, UnprocessableError } from '../../errors';
import { isVisibleFarm, requireFarmRoleOf } from '../farms/access';
import { notifyFollowUp } from '../notifications/api';
import { requireNoteRole } from './note-access';
import { photosOfNotes } from './photos';
import type { ReportData } from './report';

/**
 * Scouting notes (issue 31): rules and SQL. Every write is keyed by the device (`idempotency_key`),
 * so a retried send answers what the first one did; every edit is a revision and the note shows the
 * latest by the device's clock, then by arrival. Viewers read, editors write (farms access module).
 */

const isoTimestamp = (value: Date | string): string => new Date(value).toISOString();

/** The field is on the farm and the follow-up's assignee can see the farm; else a worded 422. */
async function checkContent(db: Db, farmId: string, content: ScoutingNoteContent): Promise<void> {
  if (content.field_id) {
    const field = await db
      .selectFrom('fields')
      .select('id')
      .where('id', '=', content.field_id)
      .where('farm_id', '=', farmId)
      .executeTakeFirst();
    if (!field) {
      throw new UnprocessableError([
        { loc: ['body', 'note', 'field_id'], msg: FIELD_NOT_ON_FARM_MESSAGE, type: 'value_error' },
      ]);
    }
  }
  if (content.follow_up) {
    try {
      await requireFarmRoleOf(db, content.follow_up.assignee_id, farmId, 'viewer');
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      throw new UnprocessableError([
        { loc: ['body', 'note', 'follow_up', 'assignee_id'], msg: FOLLOW_UP_MEMBER_MESSAGE, type: 'value_error' },
      ]);
    }
  }
}

/** Shows the latest revision (device clock, then arrival) on the note row; inside the note's lock. */
async function showLatest(trx: Trx, noteId: string): Promise<void> {
  const latest = await trx
    .selectFrom('scouting_note_revisions')
    .select(['id', 'content'])
    .where('note_id', '=', noteId)
    .orderBy('client_updated_on', 'desc')
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  const content = scoutingNoteContentSchema.parse(latest.content);
  const { count } = await trx
    .selectFrom('scouting_note_revisions')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('note_id', '=', noteId)
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('scouting_notes')
    .set({
      content: JSON.stringify(content),
      shown_revision_id: latest.id,
      field_id: content.field_id,
      category: content.category,
      observed_on: content.observed_on,
      follow_up_assignee_id: content.follow_up?.assignee_id ?? null,
      revisions: Number(count),
      updated_on: sql`now()`,
    })
    .where('id', '=', noteId)
    .execute();
}

/**
 * Tells the person the shown revision gives an open follow-up to, unless they wrote it themselves;
 * once per person and note (the notifications plugin keeps it so), so an unrelated edit tells no one.
 */
async function tellAssignee(trx: Trx, noteId: string, writerId: string): Promise<void> {
  const note = await trx
    .selectFrom('scouting_notes')
    .select(['follow_up_assignee_id', 'content'])
    .where('id', '=', noteId)
    .executeTakeFirstOrThrow();
  const followUp = scoutingNoteContentSchema.parse(note.content).follow_up;
  if (!note.follow_up_assignee_id || !followUp || followUp.done || note.follow_up_assignee_id === writerId) return;
  await notifyFollowUp(trx, noteId, note.follow_up_assignee_id);
}

export interface WriteResult {
  note: ScoutingNote;
  /** False when the key had been used for this very write before (a retry): nothing changed. */
  created: boolean;
}

/** POST a note to a farm (editors). The same key again answers the same note, unchanged. */
export async function createNote(
  db: Db,
  account: AccountRow,
  input: { farmId: string; body: CreateScoutingNote },
): Promise<WriteResult> {
  await requireFarmRoleOf(db, account.id, input.farmId, 'editor');
  const content = scoutingNoteContentSchema.parse(input.body.note);
  const existing = await db
    .selectFrom('scouting_notes')
    .select(['id', 'farm_id'])
    .where('idempotency_key', '=', input.body.idempotency_key)
    .executeTakeFirst();
  if (existing) return replayedNote(db, account, existing, input.farmId);
  await checkContent(db, input.farmId, content);
  const noteId = await db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('scouting_notes')
      .values({
        farm_id: input.farmId,
        idempotency_key: input.body.idempotency_key,
        author_id: account.id,
        field_id: content.field_id,
        category: content.category,
        observed_on: content.observed_on,
        follow_up_assignee_id: content.follow_up?.assignee_id ?? null,
        content: JSON.stringify(content),
      })
      .onConflict((oc) => oc.column('idempotency_key').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) return null;
    await trx
      .insertInto('scouting_note_revisions')
      .values({
        note_id: inserted.id,
        idempotency_key: input.body.idempotency_key,
        author_id: account.id,
        client_updated_on: input.body.client_updated_on,
        content: JSON.stringify(content),
      })
      .execute();
    await showLatest(trx, inserted.id);
    await tellAssignee(trx, inserted.id, account.id);
    return inserted.id;
  });
  if (!noteId) {
    // Another send of the same key won the race: answer its note.
    const winner = await db
      .selectFrom('scouting_notes')
      .select(['id', 'farm_id'])
      .where('idempotency_key', '=', input.body.idempotency_key)
      .executeTakeFirstOrThrow();
    return replayedNote(db, account, winner, input.farmId);
  }
  return { note: await getNote(db, account, noteId), created: true };
}

async function replayedNote(
  db: Db,
  account: AccountRow,
  existing: { id: string; farm_id: string },
  farmId: string,
): Promise<WriteResult> {
  if (existing.farm_id !== farmId) throw conflict(IDEMPOTENCY_REUSED_MESSAGE);
  return { note: await getNote(db, account, existing.id), created: false };
}

/** PUT an edit (editors): a new revision; the note shows the latest by device clock, then arrival. */
export async function reviseNote(
  db: Db,
  account: AccountRow,
  input: { noteId: string; body: CreateScoutingNote },
): Promise<WriteResult> {
  const { farmId } = await requireNoteRole(db, account, input.noteId, 'editor');
  const content = scoutingNoteContentSchema.parse(input.body.note);
  const key = input.body.idempotency_key;
  const used = await db
    .selectFrom('scouting_note_revisions')
    .select('note_id')
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
  if (used) {
    if (used.note_id !== input.noteId) throw conflict(IDEMPOTENCY_REUSED_MESSAGE);
    return { note: await getNote(db, account, input.noteId), created: false };
  }
  await checkContent(db, farmId, content);
  const created = await db.transaction().execute(async (trx) => {
    // One writer at a time per note, so the shown revision is decided over every committed one.
    await trx.selectFrom('scouting_notes').select('id').where('id', '=', input.noteId).forUpdate().execute();
    const inserted = await trx
      .insertInto('scouting_note_revisions')
      .values({
        note_id: input.noteId,
        idempotency_key: key,
        author_id: account.id,
        client_updated_on: input.body.client_updated_on,
        content: JSON.stringify(content),
      })
      .onConflict((oc) => oc.column('idempotency_key').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) {
      await showLatest(trx, input.noteId);
      await tellAssignee(trx, input.noteId, account.id);
    }
    return inserted !== undefined;
  });
  return { note: await getNote(db, account, input.noteId), created };
}

const noteColumns = [
  'n.id',
  'n.farm_id',
  'n.author_id',
  'n.content',
  'n.revisions',
  'n.created_on',
  'n.updated_on',
] as const;

const authorName = sql<string | null>`nullif(trim(concat_ws(' ', a.first_name, a.last_name)), '')`;

type NoteRow = {
  id: string;
  farm_id: string;
  author_id: string | null;
  content: unknown;
  revisions: number;
  created_on: Date;
  updated_on: Date;
  author_name: string | null;
};

async function toNotes(db: Db, rows: readonly NoteRow[]): Promise<ScoutingNote[]> {
  const photos = await photosOfNotes(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    farm_id: row.farm_id,
    author_id: row.author_id,
    author_name: row.author_name,
    created_on: isoTimestamp(row.created_on),
    updated_on: isoTimestamp(row.updated_on),
    revisions: row.revisions,
    photos: photos.get(row.id) ?? ([] as ScoutingPhoto[]),
    note: scoutingNoteContentSchema.parse(row.content),
  }));
}

/** One note (viewers). */
export async function getNote(db: Db, account: AccountRow, noteId: string): Promise<ScoutingNote> {
  await requireNoteRole(db, account, noteId, 'viewer');
  const row = await db
    .selectFrom('scouting_notes as n')
    .leftJoin('accounts as a', 'a.id', 'n.author_id')
    .select(noteColumns)
    .select(authorName.as('author_name'))
    .where('n.id', '=', noteId)
    .executeTakeFirstOrThrow();
  const [note] = await toNotes(db, [row]);
  return note as ScoutingNote;
}

/** Every revision of a note, the shown one first (viewers). */
export async function noteHistory(db: Db, account: AccountRow, noteId: string): Promise<ScoutingRevision[]> {
  await requireNoteRole(db, account, noteId, 'viewer');
  const rows = await db
    .selectFrom('scouting_note_revisions as r')
    .leftJoin('accounts as a', 'a.id', 'r.author_id')
    .select(['r.id', 'r.author_id', 'r.client_updated_on', 'r.received_on', 'r.content'])
    .select(authorName.as('author_name'))
    .where('r.note_id', '=', noteId)
    .orderBy('r.client_updated_on', 'desc')
    .orderBy('r.seq', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    author_id: row.author_id,
    author_name: row.author_name,
    client_updated_on: isoTimestamp(row.client_updated_on),
    received_on: isoTimestamp(row.received_on),
    note: scoutingNoteContentSchema.parse(row.content),
  }));
}

/** A farm's notes, newest day seen first, filtered by field, categories and days (viewers). */
export async function listNotes(
  db: Db,
  account: AccountRow,
  input: { farmId: string; query: ScoutingNotesQuery },
): Promise<ScoutingNote[]> {
  await requireFarmRoleOf(db, account.id, input.farmId, 'viewer');
  const query = scoutingNotesQuerySchema.parse(input.query);
  let select = db
    .selectFrom('scouting_notes as n')
    .leftJoin('accounts as a', 'a.id', 'n.author_id')
    .select(noteColumns)
    .select(authorName.as('author_name'))
    .where('n.farm_id', '=', input.farmId);
  if (query.field_id) select = select.where('n.field_id', '=', query.field_id);
  if (query.category && query.category.length > 0) select = select.where('n.category', 'in', query.category);
  if (query.from) select = select.where('n.observed_on', '>=', query.from);
  if (query.to) select = select.where('n.observed_on', '<=', query.to);
  const rows = await select.orderBy('n.observed_on', 'desc').orderBy('n.created_on', 'desc').execute();
  return toNotes(db, rows);
}

/** Notes whose follow-up is given to the caller and not done, on farms they can still see. */
export async function listFollowUps(db: Db, account: AccountRow): Promise<ScoutingNote[]> {
  const rows = await db
    .selectFrom('scouting_notes as n')
    .leftJoin('accounts as a', 'a.id', 'n.author_id')
    .select(noteColumns)
    .select(authorName.as('author_name'))
    .where('n.follow_up_assignee_id', '=', account.id)
    .where(sql<boolean>`coalesce((n.content -> 'follow_up' ->> 'done')::boolean, false) = false`)
    .innerJoin('farms as f', 'f.id', 'n.farm_id')
    .where(isVisibleFarm(account.id))
    .orderBy('n.observed_on', 'desc')
    .execute();
  return toNotes(db, rows);
}

/** What a report needs: the farm's notes for the days asked, its name, field names and people (viewers). */
export async function reportData(
  db: Db,
  account: AccountRow,
  input: { farmId: string; from?: string; to?: string },
): Promise<ReportData> {
  const { farm } = await requireFarmRoleOf(db, account.id, input.farmId, 'viewer');
  const notes = await listNotes(db, account, { farmId: input.farmId, query: { from: input.from, to: input.to } });
  const fields = await db.selectFrom('fields').select(['id', 'name']).where('farm_id', '=', input.farmId).execute();
  const assignees = [...new Set(notes.flatMap((note) => note.note.follow_up?.assignee_id ?? []))];
  const people =
    assignees.length === 0
      ? []
      : await db
          .selectFrom('accounts as a')
          .select(['a.id', authorName.as('name'), 'a.login_email'])
          .where('a.id', 'in', assignees)
          .execute();
  return {
    farmName: farm.name,
    fieldNames: new Map(fields.map((field) => [field.id, field.name])),
    people: new Map(people.map((person) => [person.id, person.name ?? person.login_email ?? ''])),
    notes,
  };
}

/** Who a follow-up on this farm can go to: the owner and the members with an account (viewers ask). */
export async function farmPeople(db: Db, account: AccountRow, farmId: string): Promise<ScoutingPerson[]> {
  const { farm } = await requireFarmRoleOf(db, account.id, farmId, 'viewer');
  const people = await db
    .selectFrom('accounts as a')
    .leftJoin('farm_members as m', (join) => join.onRef('m.account_id', '=', 'a.id').on('m.farm_id', '=', farmId))
    .select(['a.id', 'a.login_email', 'm.permission'])
    .select(authorName.as('name'))
    .where((eb) => eb.or([eb('a.id', '=', farm.owner_id), eb('m.farm_id', '=', farmId)]))
    .orderBy('a.id')
    .execute();
  return people
    .map((person) => ({
      account_id: person.id,
      name: person.name ?? person.login_email ?? 'Someone',
      role: person.id === farm.owner_id ? ('owner' as const) : (person.permission ?? 'viewer'),
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
