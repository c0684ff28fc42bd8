import { TERMS_VERSION } from '@paddock/shared/contracts';
import type { Kysely } from 'kysely';
import type { Database } from './types';

export const DEMO_EMAIL = 'demo@paddock.example';

/**
 * Makes sure the demo user has an account that has already been through onboarding, so signing in
 * as the demo user lands straight in the product. An existing demo account is left as it is.
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
}
