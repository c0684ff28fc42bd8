import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database, OpenDatabase } from './db';

/**
 * What an api process caches and another process's write can make stale. Each topic is one kind of
 * change; the key says what changed (empty = anything of that kind).
 * - `writes`: some authenticated write succeeded (drops the tile access answers).
 * - `account`: the account of subject `key` changed or went (drops its verified tokens).
 */
export type ChangeTopic = 'writes' | 'account';

type Listener = (key: string) => void;

/**
 * Cross-process cache invalidation over PostgreSQL NOTIFY/LISTEN (ARCHITECTURE §4, more than one
 * api process). `publish` tells this process's listeners at once and every other process through
 * `pg_notify` on one schema-scoped channel; a process ignores its own notifications. On PGlite the
 * same code runs (PGlite implements NOTIFY/LISTEN in-process): only one process exists, so nothing
 * comes back from elsewhere.
 */
export class ChangeFeed {
  private readonly listeners = new Map<ChangeTopic, Set<Listener>>();
  private readonly origin = randomUUID();
  private stop: (() => Promise<void>) | null = null;
  private readonly pending = new Set<Promise<unknown>>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly channel: string,
    private readonly listen: OpenDatabase['listen'],
  ) {}

  static for(database: OpenDatabase): ChangeFeed {
    return new ChangeFeed(database.db, database.channelName('changes'), database.listen);
  }

  /** Starts hearing other processes. */
  async start(): Promise<void> {
    this.stop ??= await this.listen(this.channel, (payload) => this.receive(payload));
  }

  async close(): Promise<void> {
    await Promise.allSettled([...this.pending]);
    await this.stop?.();
    this.stop = null;
  }

  on(topic: ChangeTopic, listener: Listener): () => void {
    let set = this.listeners.get(topic);
    if (!set) {
      set = new Set();
      this.listeners.set(topic, set);
    }
    set.add(listener);
    return () => set.delete(listener);
  }

  /** Tells this process now and the others within milliseconds. Never throws (a lost notice is logged by the caller's `onError`). */
  publish(topic: ChangeTopic, key = '', onError?: (error: unknown) => void): void {
    this.deliver(topic, key);
    const payload = JSON.stringify({ o: this.origin, t: topic, k: key });
    const sent = sql`select pg_notify(${this.channel}, ${payload})`
      .execute(this.db)
      .catch((error: unknown) => onError?.(error))
      .finally(() => this.pending.delete(sent));
    this.pending.add(sent);
  }

  private receive(payload: string): void {
    let message: { o?: unknown; t?: unknown; k?: unknown };
    try {
      message = JSON.parse(payload) as typeof message;
    } catch {
      return;
    }
    if (message.o === this.origin || typeof message.t !== 'string') return;
    this.deliver(message.t as ChangeTopic, typeof message.k === 'string' ? message.k : '');
  }

  private deliver(topic: ChangeTopic, key: string): void {
    for (const listener of this.listeners.get(topic) ?? []) listener(key);
  }
}
