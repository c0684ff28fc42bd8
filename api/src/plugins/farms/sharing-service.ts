import type { CollaboratorPermission, ValidationIssue } from '@paddock/shared/contracts';
import { sql } from 'kysely';
import type { AccountRow, FarmRow } from '../../db/types';
import { UnprocessableError } from '../../errors';
import type { JobRunner } from '../../jobs/runner';
import { inviteByEmail, type InvitationSettings } from './invitations';
import { normaliseEmail } from '../../email/address';
import type { Db } from '../../db';

export const SHARE_WITH_YOURSELF = "You can't share a farm with yourself";
/** Membership rows per INSERT (4 parameters each). */
const UPSERT_BATCH = 2000;

export interface Invitation {
  permission: CollaboratorPermission;
  /** Where the e-mail first appears in the request, to name it in errors. */
  index: number;
}

/** The invitations of a share request by normalised e-mail; the last permission given to an e-mail wins. */
export function invitationsOf(
  entries: readonly { email: string; permission: CollaboratorPermission }[],
): Map<string, Invitation> {
  const invites = new Map<string, Invitation>();
  entries.forEach(({ email, permission }, index) => {
    const key = normaliseEmail(email);
    invites.set(key, { permission, index: invites.get(key)?.index ?? index });
  });
  return invites;
}

/**
 * Invites the e-mails to the farms (again = change the permission). An e-mail held (verified) by an
 * account gives that account access now; any other stays a pending invitation. Each address gets one
 * invitation e-mail (a job enqueued in the same transaction; a pending invitation's link is new and
 * the older one stops working). 422 when one of the e-mails is the sharer's own. One transaction.
 */
export async function shareFarms(
  db: Db,
  sharer: AccountRow,
  farmIds: readonly string[],
  invites: ReadonlyMap<string, Invitation>,
  mail: { jobs: JobRunner; settings: InvitationSettings },
): Promise<void> {
  // Accounts holding the invited e-mails, verified (the most recently active one per e-mail).
  const emails = [...invites.keys()];
  const holders = await db
    .selectFrom('accounts')
    .select(['id', sql<string>`lower(login_email)`.as('email')])
    .where(sql`lower(login_email)`, 'in', emails)
    .where('email_verified', '=', true)
    .orderBy('updated_on', 'desc')
    .execute();
  const holderOf = new Map<string, string>();
  for (const holder of holders) if (!holderOf.has(holder.email)) holderOf.set(holder.email, holder.id);

  const own = new Set([sharer.login_email, sharer.contact_email].filter((email) => email !== null).map(normaliseEmail));
  const selfIssues: ValidationIssue[] = [...invites]
    .filter(([email]) => own.has(email) || holderOf.get(email) === sharer.id)
    .map(([, { index }]) => ({
      loc: ['body', 'data', 'account_permission', index, 'email'],
      msg: SHARE_WITH_YOURSELF,
      type: 'value_error',
    }));
  if (selfIssues.length > 0) throw new UnprocessableError(selfIssues);

  const rows = farmIds.flatMap((farmId) =>
    [...invites].map(([email, { permission }]) => ({
      farm_id: farmId,
      email,
      permission,
      account_id: holderOf.get(email) ?? null,
    })),
  );
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < rows.length; start += UPSERT_BATCH) {
      await trx
        .insertInto('farm_members')
        .values(rows.slice(start, start + UPSERT_BATCH))
        .onConflict((oc) =>
          oc.columns(['farm_id', 'email']).doUpdateSet({
            permission: (eb) => eb.ref('excluded.permission'),
            account_id: sql`coalesce(farm_members.account_id, excluded.account_id)`,
            updated_on: sql<Date>`now()`,
          }),
        )
        .execute();
    }
    for (const [email, { permission }] of invites) {
      await inviteByEmail(trx, mail.jobs, mail.settings, { sharer, email, farmIds, permission });
    }
  });
}

/**
 * Takes a collaborator's (or a pending invitation's) access to the farm away, with their favourite of
 * it, so a later invitation starts afresh. The removed e-mail as stored, or undefined when there was none.
 */
export async function removeCollaborator(db: Db, farm: FarmRow, email: string): Promise<string | undefined> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .deleteFrom('farm_members')
      .where('farm_id', '=', farm.id)
      .where('email', '=', normaliseEmail(email))
      .returning(['email', 'account_id'])
      .executeTakeFirst();
    if (row?.account_id) {
      await trx
        .deleteFrom('farm_favourites')
        .where('farm_id', '=', farm.id)
        .where('account_id', '=', row.account_id)
        .execute();
    }
    return row?.email;
  });
}
