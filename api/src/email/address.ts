/** An e-mail address as compared and stored for farm memberships and invitations: trimmed, lower case. */
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();
