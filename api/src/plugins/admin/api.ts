import { hasScope, type AuthUser } from '../../auth';

/**
 * What other plugins (orders' operator moves) and the CLI may use of `plugins/admin` (issue 28): who
 * is an administrator (the body of the account change is a shared contract, `adminAccountRequestSchema`).
 */

/** The scope of the idp's `paddock-admin-cli` client (client_credentials tokens). */
export const ADMIN_SCOPE = 'paddock:admin';

export function isAdmin(user: AuthUser, adminEmails: readonly string[]): boolean {
  if (hasScope(user, ADMIN_SCOPE)) return true;
  return user.email !== null && user.emailVerified === true && adminEmails.includes(user.email.toLowerCase());
}
