import type { Account, IdpUser, Profile } from '@paddock/shared/contracts';

/** A profile as the API sends it; `account` overrides only what a test cares about. */
export function makeProfile(account: Partial<Account> = {}, rest: Partial<Omit<Profile, 'account'>> = {}): Profile {
  return {
    account: {
      id: 'acc-1',
      first_name: null,
      last_name: null,
      email: 'jane.farmer@example.com',
      user_type: null,
      email_verified: false,
      terms_accepted_version: null,
      created_on: '2024-01-01T00:00:00.000Z',
      updated_on: '2024-01-01T00:00:00.000Z',
      ...account,
    },
    tier: { key: 'basic', name: 'Basic' },
    feature_flags: [],
    payments: [],
    subscriptions: [],
    ...rest,
  };
}

export const makeUser = (user: Partial<IdpUser> = {}): IdpUser => ({
  sub: 'auth0|jane',
  email: 'jane.farmer@example.com',
  email_verified: false,
  ...user,
});
