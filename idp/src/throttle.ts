// Brute-force protection for the sign-in form, as Auth0 does it: failed attempts are counted per
// account (e-mail) and per client address; past a few, answers come more slowly, and past the
// limit the account (or address) is locked for a while with a clear message. Kept in the idp's data
// folder (sign-in-throttle.json), so a restart does not clear a lock.
// One idp process by design: like every store of this development identity provider (users, grants,
// mailbox) the counts live in its data folder, so they hold across restarts but not across replicas.
// docker-compose runs one idp; production uses Auth0, whose brute-force protection is its own. Running
// the idp replicated would need all its stores in a shared database first, not only this one.
import path from 'node:path';
import { isRecord, JsonFileWriter, readJson } from './json-file';

export interface ThrottleSettings {
  /** Consecutive failures for one e-mail before it is locked (Auth0: 10). */
  accountLimit: number;
  /** Failures from one address within `addressWindowMs` before it is locked. */
  addressLimit: number;
  addressWindowMs: number;
  /** How long a lock lasts. */
  lockMs: number;
  /** The delay after the third failure; it doubles with each further one, up to `maxDelayMs`. */
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_THROTTLE: ThrottleSettings = {
  accountLimit: 10,
  addressLimit: 100,
  addressWindowMs: 60 * 60_000,
  lockMs: 15 * 60_000,
  baseDelayMs: 500,
  maxDelayMs: 4_000,
};

/** Failures before answers start to slow down. */
const FREE_FAILURES = 2;

interface Entry {
  failures: number;
  lastFailureAt: number;
  lockedUntil: number;
}

export type Lock = { scope: 'account' | 'address'; retryAfterMs: number };

const accountKey = (email: string) => `account:${email.trim().toLowerCase()}`;
const addressKey = (address: string) => `address:${address}`;

function parseEntries(raw: unknown): Map<string, Entry> {
  const entries = new Map<string, Entry>();
  const list = isRecord(raw) && isRecord(raw.entries) ? raw.entries : {};
  for (const [key, value] of Object.entries(list)) {
    if (!isRecord(value)) continue;
    const { failures, lastFailureAt, lockedUntil } = value;
    if (typeof failures === 'number' && typeof lastFailureAt === 'number' && typeof lockedUntil === 'number')
      entries.set(key, { failures, lastFailureAt, lockedUntil });
  }
  return entries;
}

export class SignInThrottle {
  readonly #entries: Map<string, Entry>;
  readonly #writer: JsonFileWriter;

  private constructor(
    file: string,
    entries: Map<string, Entry>,
    readonly settings: ThrottleSettings,
    private readonly now: () => number,
  ) {
    this.#entries = entries;
    this.#writer = new JsonFileWriter(file, () => ({ version: 1, entries: Object.fromEntries(this.#live()) }));
  }

  static async open(
    dataDir: string,
    settings: Partial<ThrottleSettings> = {},
    now: () => number = Date.now,
  ): Promise<SignInThrottle> {
    const file = path.join(dataDir, 'sign-in-throttle.json');
    return new SignInThrottle(file, parseEntries(await readJson(file)), { ...DEFAULT_THROTTLE, ...settings }, now);
  }

  /** Entries still worth keeping: locked, or failures recent enough to count. */
  #live(): [string, Entry][] {
    const now = this.now();
    const horizon = Math.max(this.settings.addressWindowMs, this.settings.lockMs);
    return [...this.#entries].filter(([, entry]) => entry.lockedUntil > now || now - entry.lastFailureAt < horizon);
  }

  #entry(key: string): Entry | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    const now = this.now();
    // An address's count only covers its window; a lock that ran out starts the count afresh.
    const stale = key.startsWith('address:') && now - entry.lastFailureAt > this.settings.addressWindowMs;
    const expired = entry.lockedUntil !== 0 && entry.lockedUntil <= now;
    if (stale || expired) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry;
  }

  /** The lock that refuses this attempt before the password is even checked, if any. */
  lockFor(email: string, address: string): Lock | undefined {
    const now = this.now();
    for (const [scope, key] of [
      ['address', addressKey(address)],
      ['account', accountKey(email)],
    ] as const) {
      const entry = this.#entry(key);
      if (entry && entry.lockedUntil > now) return { scope, retryAfterMs: entry.lockedUntil - now };
    }
    return undefined;
  }

  /** Counts a failed attempt; returns how long to hold the answer back. */
  async failed(email: string, address: string): Promise<number> {
    const now = this.now();
    let worst = 0;
    for (const [key, limit] of [
      [accountKey(email), this.settings.accountLimit],
      [addressKey(address), this.settings.addressLimit],
    ] as const) {
      const entry = this.#entry(key) ?? { failures: 0, lastFailureAt: now, lockedUntil: 0 };
      entry.failures += 1;
      entry.lastFailureAt = now;
      if (entry.failures >= limit) entry.lockedUntil = now + this.settings.lockMs;
      this.#entries.set(key, entry);
      worst = Math.max(worst, entry.failures);
    }
    await this.#writer.save();
    if (worst <= FREE_FAILURES) return 0;
    return Math.min(this.settings.maxDelayMs, this.settings.baseDelayMs * 2 ** (worst - FREE_FAILURES - 1));
  }

  /** A successful sign-in clears the account's count (the address keeps its own window). */
  async succeeded(email: string): Promise<void> {
    if (this.#entries.delete(accountKey(email))) await this.#writer.save();
  }

  flush(): Promise<void> {
    return this.#writer.flush();
  }
}

/** "Try again in 15 minutes." */
export function lockMessage(lock: Lock): string {
  const minutes = Math.max(1, Math.ceil(lock.retryAfterMs / 60_000));
  const wait = `Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
  return lock.scope === 'account'
    ? `Too many failed sign-in attempts for this account. For your security, signing in is paused. ${wait}`
    : `Too many failed sign-in attempts from your network. For your security, signing in from it is paused. ${wait}`;
}
