import type { Auth0ManagementConfig } from './auth0';

/**
 * What the api asks of the identity provider's administration (Auth0's Management API): today,
 * removing a person who deleted their Paddock account, so they can no longer sign in.
 */
export interface IdentityAdmin {
  /** The identity's e-mail and whether it is verified; null when the provider has no such user. */
  getUser(sub: string): Promise<IdentityUser | null>;
  /** Deletes the identity with this subject; an identity that is already gone counts as deleted. */
  deleteUser(sub: string): Promise<void>;
  /**
   * Changes the identity's e-mail; the new address is unverified and the provider sends it a
   * verification link. Throws `IdentityEmailTakenError` when another identity has the address.
   */
  updateEmail(sub: string, email: string): Promise<{ email: string; emailVerified: boolean }>;
  /**
   * Marks the identity's address verified (a farm invitation's link, opened signed in, proved it).
   * Does nothing when the identity's address is no longer `email`.
   */
  markEmailVerified(sub: string, email: string): Promise<void>;
}

export interface IdentityUser {
  email: string | null;
  emailVerified: boolean;
}

/**
 * `auth0`: the Auth0 Management API subset (`POST /oauth/token` client credentials, then
 * `GET`, `DELETE` and `PATCH /api/v2/users/{id}`), which the local idp serves too; `none`: nothing to revoke
 * (an identity provider without an administration API).
 */
export type IdentityAdminConfig = { kind: 'none' } | ({ kind: 'auth0' } & Auth0ManagementConfig);

/** The identity provider refused or could not be reached; nothing was changed on our side. */
export class IdentityAdminError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'IdentityAdminError';
  }
}

/** Another identity already signs in with this address. */
export class IdentityEmailTakenError extends IdentityAdminError {
  constructor() {
    super('The identity provider has another user with this e-mail address');
    this.name = 'IdentityEmailTakenError';
  }
}
