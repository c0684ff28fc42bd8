import { shareFarmRequestSchema } from '@paddock/shared/contracts';

// The API's own rule for an invited address, so the chip list accepts exactly what the server will.
const emailSchema = shareFarmRequestSchema.shape.data.shape.account_permission.element.shape.email;

export const isValidEmail = (value: string): boolean => emailSchema.safeParse(value).success;

/** Two letters for an avatar: from the name when known, else from the e-mail's local part. */
export function initialsOf(email: string, name?: string | null): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length > 0)
    return words
      .slice(0, 2)
      .map((w) => w.charAt(0))
      .join('')
      .toUpperCase();
  const local = email.split('@')[0] ?? '';
  const parts = local.split(/[._-]+/).filter(Boolean);
  const letters = parts.length > 1 ? `${parts[0]?.charAt(0)}${parts[1]?.charAt(0)}` : local.slice(0, 2);
  return letters.toUpperCase() || '?';
}
