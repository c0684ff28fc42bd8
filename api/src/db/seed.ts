import { TERMS_VERSION } from '@paddock/shared/contracts';
import type { Kysely } from 'kysely';
import { seedDemoFarm } from './demo-farm';
import type { Database } from './types';

export const DEMO_EMAIL = 'demo@paddock.example';

/**
 * Makes sure the demo user has an account that has already been through onboarding, so signing in
 * as the demo user lands straight in the product, with a farm of a dozen paddocks seeded once (issue
 * 10 §9; `demo-farm.ts`). An existing demo account is left as it is, its farm seeded if it never was.
 */
export async function seedDemoAccount(db: Kysely<Database>, demoSub: string): Promise<void> {
  await db
    .insertInto('accounts')
    .values({
      sub: demoSub,
      login_email: DEMO_EMAIL,
      email_verified: true,
      contact_email: DEMO_EMAIL,
      first_name: 'Demo',
      last_name: 'Farmer',
      user_type: 'farmer',
      contact_saved_on: new Date(),
      terms_accepted_version: TERMS_VERSION,
    })
    .onConflict((oc) => oc.column('sub').doNothing())
    .execute();
  const account = await db.selectFrom('accounts').select('id').where('sub', '=', demoSub).executeTakeFirst();
  if (account) await seedDemoFarm(db, account.id);
}
