import type { FieldSeason, FieldSeasonCreate, FieldSeasonUpdate } from '@paddock/shared/contracts';
import { sql } from 'kysely';
import type { Db, Trx } from '../../db';
import type { AccountRow } from '../../db/types';
import { notFound, UnprocessableError } from '../../errors';
import { normaliseCropType } from '../farms/api';

/**
 * Seasons of a field: rules and SQL. The caller has checked the account's role on the field's farm
 * (viewers read, editors write) through `plugins/farms/access.ts`; the services take the account so
 * every write says who made it the same way as the other domains.
 */

export const SEASON_NOT_FOUND = 'Season not found';

const seasonColumns = [
  'id',
  'field_id',
  'crop',
  'variety',
  sql<string | null>`sowing_date::text`.as('sowing_date'),
  sql<string | null>`harvest_date::text`.as('harvest_date'),
  'notes',
  'is_current',
] as const;

interface SeasonRow {
  id: string;
  field_id: string;
  crop: string | null;
  variety: string | null;
  sowing_date: string | null;
  harvest_date: string | null;
  notes: string | null;
  is_current: boolean;
}

const toSeason = (row: SeasonRow): FieldSeason => ({
  id: row.id,
  field_id: row.field_id,
  crop: row.crop,
  variety: row.variety,
  sowing_date: row.sowing_date,
  harvest_date: row.harvest_date,
  notes: row.notes,
  current: row.is_current,
});

/** The field's seasons: the current one first, then by sowing date, newest first (unsown last). */
export async function listSeasons(db: Db, _account: AccountRow, input: { fieldId: string }): Promise<FieldSeason[]> {
  const rows = await db
    .selectFrom('field_seasons')
    .select(seasonColumns)
    .where('field_id', '=', input.fieldId)
    .orderBy('is_current', 'desc')
    .orderBy(sql`sowing_date desc nulls last`)
    .orderBy('created_on', 'desc')
    .execute();
  return rows.map(toSeason);
}

/** The current season of each field asked for (fields with none are left out). */
export async function currentSeasons(db: Db, fieldIds: readonly string[]): Promise<Map<string, FieldSeason>> {
  if (fieldIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('field_seasons')
    .select(seasonColumns)
    .where('field_id', 'in', [...fieldIds])
    .where('is_current', '=', true)
    .execute();
  return new Map(rows.map((row) => [row.field_id, toSeason(row)]));
}

/**
 * The season before `season` of the same field: the latest one sown before it (or, for an unsown
 * season, the latest sown one that is not it).
 */
export async function previousSeason(db: Db, season: FieldSeason): Promise<FieldSeason | null> {
  let query = db
    .selectFrom('field_seasons')
    .select(seasonColumns)
    .where('field_id', '=', season.field_id)
    .where('id', '!=', season.id)
    .where('sowing_date', 'is not', null);
  if (season.sowing_date) query = query.where('sowing_date', '<', season.sowing_date);
  const row = await query.orderBy('sowing_date', 'desc').limit(1).executeTakeFirst();
  return row ? toSeason(row) : null;
}

function checkDates(sowing: string | null, harvest: string | null): void {
  if (sowing && harvest && harvest < sowing) {
    throw new UnprocessableError([
      {
        loc: ['body', 'harvest_date'],
        msg: 'The harvest date must be on or after the sowing date',
        type: 'value_error',
      },
    ]);
  }
}

/** One current season per field: the old one steps down in the transaction that names a new one. */
async function stepDownCurrent(trx: Trx, fieldId: string): Promise<void> {
  await trx
    .updateTable('field_seasons')
    .set({ is_current: false, updated_on: sql<Date>`now()` })
    .where('field_id', '=', fieldId)
    .where('is_current', '=', true)
    .execute();
}

/** Adds a season; it becomes the current one unless `current: false` (the field's crop type follows). */
export async function addSeason(
  db: Db,
  _account: AccountRow,
  input: { fieldId: string; season: FieldSeasonCreate },
): Promise<FieldSeason> {
  const { season } = input;
  const sowing = season.sowing_date ?? null;
  const harvest = season.harvest_date ?? null;
  checkDates(sowing, harvest);
  const makeCurrent = season.current ?? true;
  return db.transaction().execute(async (trx) => {
    if (makeCurrent) await stepDownCurrent(trx, input.fieldId);
    const row = await trx
      .insertInto('field_seasons')
      .values({
        field_id: input.fieldId,
        crop: normaliseCropType(season.crop),
        variety: season.variety ?? null,
        sowing_date: sowing,
        harvest_date: harvest,
        notes: season.notes ?? null,
        is_current: makeCurrent,
      })
      .returning(seasonColumns)
      .executeTakeFirstOrThrow();
    return toSeason(row);
  });
}

/** Changes a season of the field (404 when it is another field's); `current: true` makes it the current one. */
export async function updateSeason(
  db: Db,
  _account: AccountRow,
  input: { fieldId: string; seasonId: string; changes: FieldSeasonUpdate },
): Promise<FieldSeason> {
  const { changes } = input;
  return db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom('field_seasons')
      .select(seasonColumns)
      .where('id', '=', input.seasonId)
      .where('field_id', '=', input.fieldId)
      .forUpdate()
      .executeTakeFirst();
    if (!existing) throw notFound(SEASON_NOT_FOUND);
    const sowing = changes.sowing_date === undefined ? existing.sowing_date : changes.sowing_date;
    const harvest = changes.harvest_date === undefined ? existing.harvest_date : changes.harvest_date;
    checkDates(sowing, harvest);
    if (changes.current === true && !existing.is_current) await stepDownCurrent(trx, input.fieldId);
    const row = await trx
      .updateTable('field_seasons')
      .set({
        ...(changes.crop !== undefined ? { crop: normaliseCropType(changes.crop) } : {}),
        ...(changes.variety !== undefined ? { variety: changes.variety } : {}),
        ...(changes.notes !== undefined ? { notes: changes.notes } : {}),
        sowing_date: sowing,
        harvest_date: harvest,
        ...(changes.current !== undefined ? { is_current: changes.current } : {}),
        updated_on: sql<Date>`now()`,
      })
      .where('id', '=', input.seasonId)
      .returning(seasonColumns)
      .executeTakeFirstOrThrow();
    return toSeason(row);
  });
}

/** Removes a season of the field; removing the current one clears the field's crop type. */
export async function deleteSeason(
  db: Db,
  _account: AccountRow,
  input: { fieldId: string; seasonId: string },
): Promise<void> {
  const deleted = await db
    .deleteFrom('field_seasons')
    .where('id', '=', input.seasonId)
    .where('field_id', '=', input.fieldId)
    .executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) throw notFound(SEASON_NOT_FOUND);
}
