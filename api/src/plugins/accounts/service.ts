import {
  userTypes,
  type Account,
  type ContactDetails,
  type Profile,
  type Subscription,
  type UserType,
  type ProfilePatch,
} from '@paddock/shared/contracts';
import { sql } from 'kysely';
import type { AuthUser } from '../../auth';
import { unauthorized } from '../../auth/jwt';
import type { AccountRow, AccountUpdate, SubscriptionRow } from '../../db/types';
import { IdentityAdminError, type IdentityAdmin } from '../../identity';
import type { JobRunner } from '../../jobs/runner';
import { farmAccessEmail, syncFarmMemberships } from '../farms/api';
import { endAccountCustomers } from '../payments/api';
import { featureFlagsFor, TIER_NAMES } from './feature-flags';
import type { Db } from '../../db';
import { statementByShape } from '../../db/statements';

/** Contact fields of the API and the account column each one is stored in. */
export const CONTACT_COLUMNS = {
  first_name: 'first_name',
  last_name: 'last_name',
  email: 'contact_email',
  phone_number: 'phone_number',
  company: 'company',
  street: 'street',
  suburb: 'suburb',
  address1: 'address1',
  address2: 'address2',
  city: 'city',
  state: 'state',
  country: 'country',
  post_code: 'post_code',
  user_type: 'user_type',
} as const satisfies Record<keyof ContactDetails, keyof AccountRow>;

const contactKeys = Object.keys(CONTACT_COLUMNS) as (keyof ContactDetails)[];

/**
 * The caller's account (the token's `sub`), created on first use. The sign-in e-mail and its
 * verification state are refreshed from every token that carries them; farm invitations to a newly
 * verified (or changed) e-mail are bound to the account then (see `syncFarmMemberships`).
 */
export async function ensureAccount(db: Db, user: AuthUser): Promise<AccountRow> {
  return syncFarmMemberships(db, await upsertAccount(db, user));
}

export const ACCOUNT_DELETED = 'This account has been deleted';

/** Every authenticated request reads its caller's account: the statement is built once, not per request. */
const accountOfSub = statementByShape<Record<string, never>, { sub: string }, AccountRow>(
  (_shape, { sub }) => sql<AccountRow>`select * from accounts where sub = ${sub}`,
);

async function upsertAccount(db: Db, user: AuthUser): Promise<AccountRow> {
  let row = (await accountOfSub(db, {}, { sub: user.sub })).rows[0];
  if (!row) {
    // A deleted account stays deleted: its tokens are refused rather than making a new account.
    const deleted = await db
      .selectFrom('deleted_accounts')
      .select('sub')
      .where('sub', '=', user.sub)
      .executeTakeFirst();
    if (deleted) throw unauthorized(ACCOUNT_DELETED);
    await db
      .insertInto('accounts')
      .values({ sub: user.sub, login_email: user.email, email_verified: user.emailVerified ?? false })
      .onConflict((oc) => oc.column('sub').doNothing())
      .execute();
    row = await db.selectFrom('accounts').selectAll().where('sub', '=', user.sub).executeTakeFirstOrThrow();
    return row;
  }
  const changes: AccountUpdate = {};
  // A token issued before the account last took a new e-mail still carries the old one: its e-mail
  // claims are out of date and change nothing.
  const stale = isStaleToken(user, row);
  if (!stale && user.email !== null && user.email !== row.login_email) changes.login_email = user.email;
  if (!stale && user.emailVerified !== null && user.emailVerified !== row.email_verified)
    changes.email_verified = user.emailVerified;
  // An e-mail change is complete once a token carries the new address verified: it becomes the
  // account's e-mail (the contact e-mail too, when one was saved).
  if (
    !stale &&
    row.pending_email !== null &&
    user.emailVerified === true &&
    user.email !== null &&
    user.email.toLowerCase() === row.pending_email
  ) {
    changes.pending_email = null;
    if (row.contact_email !== null) changes.contact_email = user.email;
    changes.email_changed_on = user.issuedAt ? new Date(user.issuedAt * 1000) : new Date();
  }
  if (Object.keys(changes).length > 0) {
    row = await db
      .updateTable('accounts')
      .set({ ...changes, updated_on: sql<Date>`now()` })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }
  return row;
}

function isStaleToken(user: AuthUser, row: AccountRow): boolean {
  if (row.email_changed_on === null || user.issuedAt === undefined || user.issuedAt === null) return false;
  return user.issuedAt * 1000 < new Date(row.email_changed_on).getTime();
}

/** The account's columns once a verified new address is its e-mail (the contact e-mail too, when one was saved). */
const emailTaken = (wanted: string) => ({
  pending_email: null,
  login_email: wanted,
  email_verified: true,
  contact_email: sql<string | null>`case when contact_email is null then null else ${wanted} end`,
  email_changed_on: sql<Date>`now()`,
  updated_on: sql<Date>`now()`,
});

/**
 * Records an e-mail change made at the identity provider: the account takes the new address when it
 * is verified (`upsertAccount`), at once when the provider says it already is.
 */
export async function requestEmailChange(db: Db, accountId: string, email: string, verified: boolean): Promise<void> {
  const wanted = email.toLowerCase();
  await db
    .updateTable('accounts')
    .set(verified ? emailTaken(wanted) : { pending_email: wanted, updated_on: sql<Date>`now()` })
    .where('id', '=', accountId)
    .execute();
}

/**
 * While an e-mail change waits for its verification, asks the identity provider whether the new
 * address is verified now and, if so, makes it the account's e-mail (the contact e-mail too, when
 * one was saved). The browser may keep its old token for hours, so the account cannot wait for a
 * token that carries the new address. An identity provider that cannot be reached leaves the change
 * waiting (it is asked again on the next read). The account row as it is now.
 */
export async function confirmPendingEmail(
  db: Db,
  identityAdmin: IdentityAdmin,
  row: AccountRow,
  log: { warn(details: object, message: string): void },
): Promise<AccountRow> {
  if (row.pending_email === null) return row;
  let user;
  try {
    user = await identityAdmin.getUser(row.sub);
  } catch (error) {
    if (!(error instanceof IdentityAdminError)) throw error;
    log.warn({ err: error }, 'pending e-mail change not checked at the identity provider');
    return row;
  }
  if (!user?.emailVerified || user.email?.toLowerCase() !== row.pending_email) return row;
  const wanted = row.pending_email;
  const updated = await db
    .updateTable('accounts')
    .set(emailTaken(wanted))
    .where('id', '=', row.id)
    .where('pending_email', '=', wanted)
    .returningAll()
    .executeTakeFirst();
  // Farm invitations to the new, verified address are the account's now.
  return updated ? syncFarmMemberships(db, updated) : row;
}

/** Column updates for the contact fields present in `details` (absent = unchanged, null = cleared). */
export function contactUpdate(details: ContactDetails): AccountUpdate {
  const update: Record<string, string | null> = {};
  for (const key of contactKeys) {
    const value = details[key];
    if (value !== undefined) update[CONTACT_COLUMNS[key]] = value;
  }
  return update as AccountUpdate;
}

export const hasContactFields = (details: ContactDetails): boolean =>
  contactKeys.some((key) => details[key] !== undefined);

const iso = (value: Date | string): string => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null): string | null => (value === null ? null : iso(value));

const asUserType = (value: string | null): UserType | '' | null =>
  value === '' || (userTypes as readonly string[]).includes(value ?? '') ? (value as UserType | '') : null;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The contact details as the form edits them. The e-mail falls back to the sign-in e-mail. */
export function contactDetailsOf(row: AccountRow): ContactDetails {
  const fallbackEmail = row.login_email && EMAIL.test(row.login_email) ? row.login_email : null;
  return {
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.contact_email ?? fallbackEmail,
    phone_number: row.phone_number,
    company: row.company,
    street: row.street,
    suburb: row.suburb,
    address1: row.address1,
    address2: row.address2,
    city: row.city,
    state: row.state,
    country: row.country,
    post_code: row.post_code,
    user_type: asUserType(row.user_type),
  };
}

export function toAccount(row: AccountRow): Account {
  return {
    ...contactDetailsOf(row),
    id: row.id,
    email: row.contact_email ?? row.login_email,
    email_verified: row.email_verified,
    terms_accepted_version: row.terms_accepted_version,
    pending_email: row.pending_email,
    created_on: iso(row.created_on),
    updated_on: iso(row.updated_on),
  };
}

export function toSubscription(row: SubscriptionRow): Subscription {
  return {
    id: row.id,
    status: row.status,
    expires_at: isoOrNull(row.expires_at),
    cancelled_at: isoOrNull(row.cancelled_at),
  };
}

export function toProfile(row: AccountRow, subscriptions: SubscriptionRow[]): Profile {
  const tier = row.tier === 'premium' ? 'premium' : 'basic';
  return {
    account: toAccount(row),
    tier: { key: tier, name: TIER_NAMES[tier] },
    feature_flags: featureFlagsFor(tier, row.feature_flags ?? {}),
    payments: Array.isArray(row.payments) ? row.payments : [],
    subscriptions: subscriptions.map(toSubscription),
  };
}

export async function loadProfile(db: Db, row: AccountRow): Promise<Profile> {
  const subscriptions = await db
    .selectFrom('subscriptions')
    .selectAll()
    .where('account_id', '=', row.id)
    // Paid plans only: a subscription whose first payment is still open (or was given up) is not shown.
    .where('status', 'in', ['active', 'expired'])
    .orderBy('created_on', 'desc')
    .execute();
  return toProfile(row, subscriptions);
}

/** The account a person signed in with, by sign-in e-mail first, then contact e-mail (case-insensitive). */
export async function findAccountByEmail(db: Db, email: string): Promise<AccountRow | undefined> {
  const wanted = email.trim().toLowerCase();
  return db
    .selectFrom('accounts')
    .selectAll()
    .where((eb) => eb.or([eb(sql`lower(login_email)`, '=', wanted), eb(sql`lower(contact_email)`, '=', wanted)]))
    .orderBy(sql`case when lower(login_email) = ${wanted} then 0 else 1 end`)
    .orderBy('updated_on', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Saves profile fields and/or the terms acceptance; the updated row, or undefined when the account is gone. */
export async function saveProfile(
  db: Db,
  accountId: string,
  patch: ProfilePatch['data'],
): Promise<AccountRow | undefined> {
  const { terms_accepted_version, ...details } = patch;
  return db
    .updateTable('accounts')
    .set({
      ...contactUpdate(details),
      ...(hasContactFields(details) ? { contact_saved_on: sql<Date>`coalesce(contact_saved_on, now())` } : {}),
      ...(terms_accepted_version !== undefined ? { terms_accepted_version } : {}),
      updated_on: sql<Date>`now()`,
    })
    .where('id', '=', accountId)
    .returningAll()
    .executeTakeFirst();
}

/** Saves contact details, the first time (`first`, undefined when they already exist) or again (undefined when none were saved yet). */
function saveContactDetails(db: Db, accountId: string, details: ContactDetails, first: boolean) {
  return db
    .updateTable('accounts')
    .set({
      ...contactUpdate(details),
      ...(first ? { contact_saved_on: sql<Date>`now()` } : {}),
      updated_on: sql<Date>`now()`,
    })
    .where('id', '=', accountId)
    .where('contact_saved_on', first ? 'is' : 'is not', null)
    .returningAll()
    .executeTakeFirst();
}

/** The first save of the contact details; undefined when they already exist. */
export function addContactDetails(db: Db, accountId: string, details: ContactDetails): Promise<AccountRow | undefined> {
  return saveContactDetails(db, accountId, details, true);
}

/** Changes the contact details given (others kept); undefined when none were saved yet. */
export function updateContactDetails(
  db: Db,
  accountId: string,
  details: ContactDetails,
): Promise<AccountRow | undefined> {
  return saveContactDetails(db, accountId, details, false);
}

/**
 * Deletes the account and ends its access for good, in one transaction: its farms (with their
 * fields, collaborators and invitations), its memberships of other farms and the invitations to its
 * verified e-mail (which would otherwise bind again), its favourites and subscriptions (ON DELETE
 * CASCADE); its subject is remembered so its tokens get 401 from now on. Its billing-portal links end
 * and its customers at the payment provider are deleted (by a job after the commit: `endAccountCustomers`).
 */
export async function deleteAccount(db: Db, jobs: JobRunner, account: AccountRow): Promise<void> {
  const email = farmAccessEmail(account);
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('farm_members')
      .where((eb) =>
        email ? eb.or([eb('account_id', '=', account.id), eb('email', '=', email)]) : eb('account_id', '=', account.id),
      )
      .execute();
    await trx
      .insertInto('deleted_accounts')
      .values({ sub: account.sub })
      .onConflict((oc) => oc.column('sub').doNothing())
      .execute();
    // Portal links handed out earlier stop working with the account; its provider customers are deleted.
    await endAccountCustomers(trx, jobs, account.id);
    await trx.deleteFrom('accounts').where('id', '=', account.id).execute();
  });
}
