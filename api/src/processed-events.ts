import type { Kysely, Transaction } from 'kysely';
import type { Database } from './db';

/**
 * Processes an event once, whichever api process receives it and however often it is delivered
 * (payment-provider webhooks are retried, and two processes may get the same one at the same time).
 *
 * Call it inside the transaction that makes the event's effect:
 *
 *   await db.transaction().execute(async (trx) => {
 *     if (!(await claimEvent(trx, 'stripe', event.id))) return; // seen before: answer 200, do nothing
 *     ... the effect, in trx ...
 *   });
 *
 * The unique (source, event_id) row commits with the effect or not at all: a concurrent delivery
 * waits on the row lock and then finds it taken; a failed effect rolls the claim back so the
 * provider's retry is processed.
 */
export async function claimEvent(
  trx: Transaction<Database> | Kysely<Database>,
  source: string,
  eventId: string,
): Promise<boolean> {
  const claimed = await trx
    .insertInto('processed_events')
    .values({ source, event_id: eventId })
    .onConflict((conflict) => conflict.columns(['source', 'event_id']).doNothing())
    .returning('event_id')
    .executeTakeFirst();
  return claimed !== undefined;
}
