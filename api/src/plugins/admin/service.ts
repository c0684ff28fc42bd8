import type { AdminAccountRequest } from '@paddock/shared/contracts';
import { sql, type Kysely } from 'kysely';
import type { AccountRow, Database } from '../../db/types';

/** Sets the tier, merges feature flags and replaces the payment methods given (others kept). */
export async function changeAccount(
  db: Kysely<Database>,
  accountId: string,
  { tier, feature_flags, payments }: AdminAccountRequest,
): Promise<AccountRow> {
  return db
    .updateTable('accounts')
    .set({
      ...(tier !== undefined ? { tier } : {}),
      ...(feature_flags !== undefined
        ? { feature_flags: sql<string>`feature_flags || ${JSON.stringify(feature_flags)}::jsonb` }
        : {}),
      ...(payments !== undefined ? { payments: JSON.stringify([...new Set(payments)]) } : {}),
      updated_on: sql<Date>`now()`,
    })
    .where('id', '=', accountId)
    .returningAll()
    .executeTakeFirstOrThrow();
}
