// User accounts: an in-memory map persisted to users.json, passwords hashed with scrypt.
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import path from 'node:path';
import { isRecord, JsonFileWriter, readJson } from './json-file';

export interface User {
  /** Auth0-style subject, `auth0|<hex>`. */
  sub: string;
  /** Stored lower-cased: e-mail addresses are matched case-insensitively. */
  email: string;
  emailVerified: boolean;
  nickname: string;
  name: string;
  passwordHash: string;
  createdAt: string;
  updatedAt: string;
}

/** The OpenID claims of a user, as the ID token, userinfo and the contract's IdpUser carry them. */
export interface UserClaims {
  sub: string;
  email: string;
  email_verified: boolean;
  nickname: string;
  name: string;
  picture: string;
}

export const DEMO_USER = {
  sub: 'auth0|demo',
  email: 'demo@paddock.example',
  password: 'paddock-demo',
  nickname: 'demo',
} as const;

export const MIN_PASSWORD_LENGTH = 8;
/** Upper bound so a huge form field cannot make scrypt do pathological work. */
export const MAX_PASSWORD_LENGTH = 1024;

export class EmailTakenError extends Error {
  constructor() {
    super('An account with this email already exists.');
  }
}

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** Deliberately simple (one "@", a dot in the domain, no spaces): the mailbox is the real check. */
export function isValidEmail(email: string): boolean {
  return email.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email);
}

export function avatarUrl(issuer: string, sub: string): string {
  return new URL(`avatars/${encodeURIComponent(sub)}.svg`, issuer).href;
}

export function userClaims(user: User, issuer: string): UserClaims {
  return {
    sub: user.sub,
    email: user.email,
    email_verified: user.emailVerified,
    nickname: user.nickname,
    name: user.name,
    picture: avatarUrl(issuer, user.sub),
  };
}

// --- password hashing -------------------------------------------------------------------------

const SCRYPT = { N: 16384, r: 8, p: 1, keylen: 64 } as const;

function scryptAsync(password: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, keylen, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** `scrypt$N$r$p$salt$hash` (base64url): parameters travel with the hash so they can change later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scryptAsync(password, salt, SCRYPT.keylen, SCRYPT);
  return ['scrypt', SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltText, hashText] = stored.split('$');
  if (scheme !== 'scrypt' || !saltText || !hashText) return false;
  const expected = Buffer.from(hashText, 'base64url');
  const actual = await scryptAsync(password, Buffer.from(saltText, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

// --- the store ----------------------------------------------------------------------------------

function parseUser(raw: unknown): User | undefined {
  if (!isRecord(raw)) return undefined;
  const { sub, email, emailVerified, nickname, name, passwordHash, createdAt, updatedAt } = raw;
  if (
    typeof sub !== 'string' ||
    typeof email !== 'string' ||
    typeof emailVerified !== 'boolean' ||
    typeof passwordHash !== 'string' ||
    typeof createdAt !== 'string'
  ) {
    return undefined;
  }
  return {
    sub,
    email,
    emailVerified,
    nickname: typeof nickname === 'string' ? nickname : (email.split('@')[0] ?? email),
    name: typeof name === 'string' ? name : email,
    passwordHash,
    createdAt,
    updatedAt: typeof updatedAt === 'string' ? updatedAt : createdAt,
  };
}

export class UserStore {
  readonly #bySub = new Map<string, User>();
  readonly #byEmail = new Map<string, User>();
  readonly #writer: JsonFileWriter;
  /** A real hash to compare against when the e-mail is unknown, so timing does not reveal accounts. */
  #dummyHash: Promise<string> | undefined;

  private constructor(file: string, users: User[]) {
    for (const user of users) this.#index(user);
    this.#writer = new JsonFileWriter(file, () => ({ version: 1, users: [...this.#bySub.values()] }));
  }

  static async open(dataDir: string): Promise<UserStore> {
    const file = path.join(dataDir, 'users.json');
    const raw = await readJson(file);
    const list = isRecord(raw) && Array.isArray(raw.users) ? raw.users : [];
    if (raw !== undefined && !(isRecord(raw) && Array.isArray(raw.users))) {
      throw new Error(`${file} is not a users file; fix or delete it`);
    }
    const users = list.map(parseUser).filter((user): user is User => user !== undefined);
    return new UserStore(file, users);
  }

  #index(user: User): void {
    this.#bySub.set(user.sub, user);
    this.#byEmail.set(user.email, user);
  }

  get size(): number {
    return this.#bySub.size;
  }

  findBySub(sub: string): User | undefined {
    return this.#bySub.get(sub);
  }

  findByEmail(email: string): User | undefined {
    return this.#byEmail.get(normaliseEmail(email));
  }

  /** Creates and persists a user; the caller validates e-mail format and password length first. */
  async create(input: {
    email: string;
    password: string;
    sub?: string;
    emailVerified?: boolean;
    nickname?: string;
  }): Promise<User> {
    const email = normaliseEmail(input.email);
    if (this.#byEmail.has(email)) throw new EmailTakenError();
    const passwordHash = await hashPassword(input.password);
    // Checked again: another sign-up for the same address may have finished while we hashed.
    if (this.#byEmail.has(email)) throw new EmailTakenError();
    const now = new Date().toISOString();
    const user: User = {
      sub: input.sub ?? `auth0|${randomBytes(12).toString('hex')}`,
      email,
      emailVerified: input.emailVerified ?? false,
      nickname: input.nickname ?? email.split('@')[0] ?? email,
      // Auth0 database connections set `name` to the e-mail address until a profile says otherwise.
      name: email,
      passwordHash,
      createdAt: now,
      updatedAt: now,
    };
    this.#index(user);
    await this.#writer.save();
    return user;
  }

  /** The user when e-mail and password match, otherwise undefined (same cost either way). */
  async authenticate(email: string, password: string): Promise<User | undefined> {
    const user = this.findByEmail(email);
    if (password.length > MAX_PASSWORD_LENGTH) return undefined;
    if (!user) {
      this.#dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
      await verifyPassword(password, await this.#dummyHash);
      return undefined;
    }
    return (await verifyPassword(password, user.passwordHash)) ? user : undefined;
  }

  async markEmailVerified(sub: string): Promise<User | undefined> {
    const user = this.#bySub.get(sub);
    if (!user) return undefined;
    if (!user.emailVerified) {
      user.emailVerified = true;
      user.updatedAt = new Date().toISOString();
      await this.#writer.save();
    }
    return user;
  }

  /**
   * Changes the sign-in e-mail (Management API `PATCH /api/v2/users/{id}`): the new address is
   * unverified until its link is opened. Undefined when there is no such user; `EmailTakenError` when
   * another user has the address.
   */
  async updateEmail(sub: string, newEmail: string, { verified = false } = {}): Promise<User | undefined> {
    const user = this.#bySub.get(sub);
    if (!user) return undefined;
    const email = normaliseEmail(newEmail);
    if (email === user.email) {
      if (verified && !user.emailVerified) return this.markEmailVerified(sub);
      return user;
    }
    if (this.#byEmail.has(email)) throw new EmailTakenError();
    this.#byEmail.delete(user.email);
    user.email = email;
    user.emailVerified = verified;
    user.updatedAt = new Date().toISOString();
    this.#byEmail.set(email, user);
    await this.#writer.save();
    return user;
  }

  /** Removes the user (Management API `DELETE /api/v2/users/{id}`); false when there was none. */
  async delete(sub: string): Promise<boolean> {
    const user = this.#bySub.get(sub);
    if (!user) return false;
    this.#bySub.delete(sub);
    this.#byEmail.delete(user.email);
    await this.#writer.save();
    return true;
  }

  /** Creates the documented demo account when it is missing (never resets a changed one). */
  async ensureDemoUser(): Promise<User> {
    const existing = this.findBySub(DEMO_USER.sub) ?? this.findByEmail(DEMO_USER.email);
    if (existing) return existing;
    return this.create({ ...DEMO_USER, emailVerified: true });
  }

  flush(): Promise<void> {
    return this.#writer.flush();
  }
}
