import { adminAccountPatchSchema } from '@paddock/shared/contracts';
import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import type { AccountRow, Database } from '../../db/types';

/** The admin body: the shared contract plus the payment methods an account may use (e.g. "invoice"). */
export const adminAccountRequestSchema = adminAccountPatchSchema.extend({
  payments: z.array(z.string().trim().min(1).max(40)).max(10).optional(),
});
export type AdminAccountRequest = z.infer<typeof adminAccountRequestSchema>;

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
