import { sql, type Kysely } from 'kysely';
import type { Database } from './db';
import { HttpError } from './errors';

export interface ThrottleRule {
  /** Most hits allowed in the window. */
  limit: number;
  windowMs: number;
}

/**
 * A throttle that holds across api processes: hits are rows in the database, counted over a sliding
 * window under a per-bucket advisory lock (so two processes cannot both take the last slot).
 * `bucket` names who and what, e.g. `convert:<account id>`.
 * Returns the milliseconds until the next hit is allowed, or 0 when this hit was recorded.
 */
export async function takeThrottleSlot(db: Kysely<Database>, bucket: string, rule: ThrottleRule): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${bucket}))`.execute(trx);
    const since = new Date(Date.now() - rule.windowMs);
    await trx
      .deleteFrom('throttle_hits')
      .where('bucket', '=', bucket)
      .where('hit_at', '<', new Date(Date.now() - rule.windowMs * 2))
      .execute();
    const hits = await trx
      .selectFrom('throttle_hits')
      .select(['hit_at'])
      .where('bucket', '=', bucket)
      .where('hit_at', '>=', since)
      .orderBy('hit_at', 'asc')
      .execute();
    if (hits.length >= rule.limit) {
      const oldest = new Date(hits[hits.length - rule.limit]?.hit_at ?? Date.now()).getTime();
      return Math.max(1, oldest + rule.windowMs - Date.now());
    }
    await trx.insertInto('throttle_hits').values({ bucket, hit_at: new Date() }).execute();
    return 0;
  });
}

/** `takeThrottleSlot`, answering 429 with Retry-After and `message` when the bucket is full. */
export async function throttle(
  db: Kysely<Database>,
  bucket: string,
  rule: ThrottleRule,
  message: string,
): Promise<void> {
  const waitMs = await takeThrottleSlot(db, bucket, rule);
  if (waitMs > 0) throw new HttpError(429, message, { 'retry-after': String(Math.ceil(waitMs / 1000)) });
}
