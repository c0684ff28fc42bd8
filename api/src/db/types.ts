import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** A timestamptz column: read as Date, written as Date or ISO string, defaulted by the database. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** A jsonb column: read as parsed JSON, written as a JSON string. */
type Json<T> = ColumnType<T, string | undefined, string>;

export interface AccountsTable {
  id: Generated<string>;
  /** The identity provider's subject (`sub` of the access token). */
  sub: string;
  /** The sign-in e-mail, refreshed from every token. */
  login_email: string | null;
  email_verified: Generated<boolean>;
  /** The contact e-mail from the profile form (may differ from the sign-in e-mail). */
  contact_email: string | null;
  first_name: string | null;
  last_name: string | null;
  phone_number: string | null;
  company: string | null;
  street: string | null;
  suburb: string | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  post_code: string | null;
  user_type: string | null;
  /** When contact details were first saved; null = "no contact details yet" (GET answers 404). */
  contact_saved_on: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  terms_accepted_version: string | null;
  tier: Generated<'basic' | 'premium'>;
  /** Explicit feature-flag settings by key; a missing key follows the tier. */
  feature_flags: Json<Record<string, boolean>>;
  payments: Json<string[]>;
  created_on: Timestamp;
  updated_on: Timestamp;
}

export interface SubscriptionsTable {
  id: Generated<string>;
  account_id: string;
  status: string;
  provider: string;
  provider_ref: string | null;
  expires_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  cancelled_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_on: Timestamp;
  updated_on: Timestamp;
}

/** The whole schema as Kysely sees it. Later plugins add their tables here. */
export interface Database {
  accounts: AccountsTable;
  subscriptions: SubscriptionsTable;
}

export type AccountRow = Selectable<AccountsTable>;
export type NewAccount = Insertable<AccountsTable>;
export type AccountUpdate = Updateable<AccountsTable>;
export type SubscriptionRow = Selectable<SubscriptionsTable>;
