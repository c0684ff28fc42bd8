import { sql } from 'kysely';
import type { AccountRow } from '../../db/types';
import type { Db } from '../../db';
import { normaliseEmail } from '../../email/address';

/**
 * The e-mail through which an account holds farm memberships: its sign-in e-mail, only when the
 * identity provider says it is verified (anyone can sign up with someone else's address).
 */
export function farmAccessEmail(account: Pick<AccountRow, 'login_email' | 'email_verified'>): string | null {
  return account.email_verified && account.login_email ? normaliseEmail(account.login_email) : null;
}

/**
 * Binds farm invitations to the account holding their e-mail. Runs when an account is resolved from
 * a token, and only does work when the account's verified e-mail differs from the one last bound
 * (a new account, a changed or newly verified e-mail): memberships held through another e-mail are
 * released (back to pending), and pending invitations to the current one become active. An
 * invitation stays with an account while it still holds that verified e-mail.
 */
export async function syncFarmMemberships(db: Db, account: AccountRow): Promise<AccountRow> {
  const email = farmAccessEmail(account);
  if (email === account.farm_access_email) return account;
  return db.transaction().execute(async (trx) => {
    await trx
      .updateTable('farm_members')
      .set({ account_id: null, updated_on: sql<Date>`now()` })
      .where('account_id', '=', account.id)
      .$if(email !== null, (qb) => qb.where('email', '<>', email as string))
      .execute();
    if (email !== null) {
      await trx
        .updateTable('farm_members as m')
        .set({
          account_id: account.id,
          invitation_expires_on: null,
          invitation_token_hash: null,
          updated_on: sql<Date>`now()`,
        })
        .where('m.email', '=', email)
        .where((eb) =>
          eb.or([
            eb('m.account_id', 'is', null),
            // Bound to an account that no longer holds this verified e-mail.
            eb.not(
              eb.exists(
                eb
                  .selectFrom('accounts as a')
                  .select(sql`1`.as('one'))
                  .whereRef('a.id', '=', 'm.account_id')
                  .where('a.email_verified', '=', true)
                  .where(sql`lower(a.login_email)`, '=', email),
              ),
            ),
          ]),
        )
        // Never a member of one's own farm.
        .where('m.farm_id', 'not in', (eb) => eb.selectFrom('farms').select('id').where('owner_id', '=', account.id))
        // An expired invitation binds no one (the owner shares again to renew it).
        .where((eb) =>
          eb.or([eb('m.invitation_expires_on', 'is', null), eb('m.invitation_expires_on', '>', sql<Date>`now()`)]),
        )
        .execute();
    }
    return trx
      .updateTable('accounts')
      .set({ farm_access_email: email })
      .where('id', '=', account.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}
