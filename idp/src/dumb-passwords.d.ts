// dumb-passwords ships no types (and is CommonJS: import its default export): the one call we use.
declare module 'dumb-passwords' {
  const dumbPasswords: {
    /** True when the password (case-insensitively) is among the 10,000 most common passwords. */
    check(password: string): boolean;
  };
  export default dumbPasswords;
}
