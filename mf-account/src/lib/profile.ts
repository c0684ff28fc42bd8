import type { Account, ContactDetails, IdpUser } from '@paddock/shared/contracts';

const filled = (value: string | null | undefined): boolean => Boolean(value?.trim());

/** Spec 3 §2.2: the profile step is done once first name, last name and user type are all set. */
export function isProfileComplete(account: Pick<Account, 'first_name' | 'last_name' | 'user_type'>): boolean {
  return filled(account.first_name) && filled(account.last_name) && filled(account.user_type);
}

/** Spec 3 §2.5: first and last name, or the e-mail prefix when there is no name. */
export function greetingName(
  account: Pick<Account, 'first_name' | 'last_name' | 'email'>,
  user: Pick<IdpUser, 'email'>,
): string {
  const name = [account.first_name, account.last_name]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  if (name) return name;
  const email = account.email ?? user.email ?? '';
  return email.split('@')[0] ?? '';
}

/** What the profile form starts from: saved contact details first, then the account, then the sign-in. */
export function profileFormSource(
  details: ContactDetails | null | undefined,
  account: Account,
  user: IdpUser,
): ContactDetails {
  const source = details ?? account;
  return {
    first_name: source.first_name ?? '',
    last_name: source.last_name ?? '',
    email: source.email ?? account.email ?? user.email ?? '',
    user_type: source.user_type ?? '',
  };
}
