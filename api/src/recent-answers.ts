import { LruCache } from './imagery/lru';

/**
 * Answers that may be reused for a few seconds: concurrent and repeated asks for the same key share one
 * lookup until it is `ttlMs` old. Refusals (rejected lookups) are not remembered. Wire `clear` to
 * `WriteEvents` so a write through this process is seen at once; writes through another process
 * are seen within the TTL.
 */
export class RecentAnswers<V> {
  private readonly entries: LruCache<string, { expires: number; answer: Promise<V> }>;

  constructor(
    private readonly ttlMs: number,
    maxEntries: number,
    private readonly now: () => number = Date.now,
  ) {
    this.entries = new LruCache(maxEntries);
  }

  get(key: string, load: () => Promise<V>): Promise<V> {
    const cached = this.entries.get(key);
    if (cached && cached.expires > this.now()) return cached.answer;
    const answer = load();
    this.entries.set(key, { expires: this.now() + this.ttlMs, answer });
    answer.catch(() => this.entries.delete(key));
    return answer;
  }

  clear(): void {
    this.entries.clear();
  }
}
