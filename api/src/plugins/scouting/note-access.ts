import { NOTE_NOT_FOUND, type FarmRole } from '@paddock/shared/contracts';
import type { Db } from '../../db';
import type { AccountRow } from '../../db/types';
import { notFound } from '../../errors';
import { isUuid, requireFarmRoleOf } from '../farms/access';

/** The caller's role on the note's farm (404 'Note not found' for a non-member or an unknown id). */
export async function requireNoteRole(
  db: Db,
  account: AccountRow,
  noteId: string,
  minRole: FarmRole,
): Promise<{ farmId: string; role: FarmRole }> {
  const row = isUuid(noteId)
    ? await db.selectFrom('scouting_notes').select('farm_id').where('id', '=', noteId).executeTakeFirst()
    : undefined;
  if (!row) throw notFound(NOTE_NOT_FOUND);
  const { role } = await requireFarmRoleOf(db, account.id, row.farm_id, minRole, { notFound: NOTE_NOT_FOUND });
  return { farmId: row.farm_id, role };
}
