import { sql, type Kysely, type Transaction } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/types';
import type { JobRunner } from '../../jobs/runner';
import { signatureHeader } from '../webhook-signature';

/**
 * Delivers the test provider's events to the API's webhook route as Stripe does: each attempt
 * signed at the time it is sent (`Stripe-Signature: t=…,v1=…`), a 2xx answer marks the event
 * delivered, anything else (or no answer) is retried with exponential backoff.
 *
 * Each event is a durable job (`app.jobs`, kind `test-provider.webhook`) enqueued in the engine's
 * transaction that wrote the event: any api process sends it, a process killed mid-delivery leaves
 * it to another once its lease runs out, and the delivery is marked with the job's completion. A
 * delivery may reach the API twice (as Stripe's may); the webhook route applies it once.
 * `test_webhook_outbox` stays the provider's event log (attempts, delivered_on, last_error).
 */

export type WebhookSender = (rawBody: string, headers: Record<string, string>) => Promise<number>;

export const WEBHOOK_JOB = 'test-provider.webhook';

export interface DelivererOptions {
  secret: string;
  send: WebhookSender;
  /** Seconds before retry `attempt` (1-based); Stripe-like exponential backoff by default. */
  backoffSeconds?: (attempt: number) => number;
  /** Attempts before an event is given up on (its `last_error` stays for an operator). */
  maxAttempts?: number;
  /** How long a claimed delivery is reserved for the process that claimed it (a killed one's is retried after). */
  leaseSeconds?: number;
  /** Unix seconds of the signature; tests move it. */
  now?: () => number;
}

export const defaultBackoff = (attempt: number): number => Math.min(2 ** attempt, 3600);

const deliveryPayload = z.object({ eventId: z.string().min(1) });

export class WebhookDeliverer {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly jobs: JobRunner,
    private readonly options: DelivererOptions,
  ) {
    jobs.register(WEBHOOK_JOB, {
      parse: deliveryPayload.parse,
      maxAttempts: options.maxAttempts ?? 20,
      leaseMs: (options.leaseSeconds ?? 60) * 1000,
      backoffMs: (attempts) => (options.backoffSeconds ?? defaultBackoff)(attempts) * 1000,
      handle: async ({ eventId }, context) => {
        await this.deliver(eventId, (write) => context.complete(write));
      },
    });
  }

  /** Enqueues the delivery of `eventIds` in `trx`, the transaction that wrote the events. */
  async enqueue(trx: Transaction<Database>, eventIds: readonly string[]): Promise<void> {
    for (const eventId of eventIds) await this.jobs.enqueue(trx, WEBHOOK_JOB, { eventId }, { dedupeKey: eventId });
  }

  /** Resolves when no delivery is due now or in flight in this process (tests and the bench wait on this). */
  async idle(): Promise<void> {
    await this.jobs.idle([WEBHOOK_JOB]);
  }

  /** One attempt: sends the event signed now; a non-2xx answer or no answer throws (the job is retried). */
  private async deliver(
    eventId: string,
    complete: (write: (trx: Transaction<Database>) => Promise<void>) => Promise<void>,
  ): Promise<void> {
    const event = await this.db
      .updateTable('test_webhook_outbox')
      .set({ attempts: sql`attempts + 1`, next_attempt_at: sql<Date>`now()` })
      .where('id', '=', eventId)
      .returning(['payload', 'delivered_on'])
      .executeTakeFirst();
    if (!event) throw new Error(`webhook event ${eventId} is not in the outbox`);
    if (event.delivered_on !== null) return;
    const now = this.options.now?.() ?? Math.floor(Date.now() / 1000);
    let failure: string | null = null;
    try {
      const status = await this.options.send(event.payload, {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': signatureHeader(event.payload, this.options.secret, now),
        'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      });
      if (status < 200 || status >= 300) failure = `HTTP ${status}`;
    } catch (error) {
      failure = error instanceof Error ? error.message : String(error);
    }
    if (failure !== null) {
      await this.db.updateTable('test_webhook_outbox').set({ last_error: failure }).where('id', '=', eventId).execute();
      throw new Error(`webhook ${eventId} not delivered: ${failure}`);
    }
    await complete(async (trx) => {
      await trx
        .updateTable('test_webhook_outbox')
        .set({ delivered_on: sql<Date>`now()`, last_error: null })
        .where('id', '=', eventId)
        .execute();
    });
  }
}
