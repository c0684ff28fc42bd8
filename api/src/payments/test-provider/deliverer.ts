import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { signatureHeader } from '../webhook-signature';

/**
 * Delivers the test provider's events to the API's webhook route as Stripe does: each attempt
 * signed at the time it is sent (`Stripe-Signature: t=…,v1=…`), a 2xx answer marks the event
 * delivered, anything else (or no answer) is retried with exponential backoff. The outbox is a
 * table, so a delivery claimed by one API process is not sent by another (a lease), and events
 * survive a restart.
 */

export type WebhookSender = (rawBody: string, headers: Record<string, string>) => Promise<number>;

export interface DelivererOptions {
  secret: string;
  send: WebhookSender;
  /** Seconds before retry `attempt` (1-based); Stripe-like exponential backoff by default. */
  backoffSeconds?: (attempt: number) => number;
  /** How often due deliveries are looked for (retries, events written by other processes). */
  pollMs?: number;
  /** Attempts before an event is given up on (its `last_error` stays for an operator). */
  maxAttempts?: number;
  /** How long a claimed delivery is reserved for the process that claimed it. */
  leaseSeconds?: number;
  batchSize?: number;
  /** Deliveries in flight at once (Stripe does not promise an order either). */
  concurrency?: number;
  now?: () => number;
  onError?: (error: unknown) => void;
}

export const defaultBackoff = (attempt: number): number => Math.min(2 ** attempt, 3600);

export class WebhookDeliverer {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: DelivererOptions,
  ) {}

  start(): void {
    this.stopped = false;
    const poll = () => {
      this.kick();
      this.timer = setTimeout(poll, this.options.pollMs ?? 1000);
      this.timer.unref();
    };
    poll();
  }

  /** Delivers what is due now (soon after an engine transaction wrote events). */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((error: unknown) => this.options.onError?.(error))
      .finally(() => {
        this.running = null;
        if (this.again && !this.stopped) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Resolves when nothing is due (tests and the bench wait on this). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Stops polling and waits (a little) for deliveries in flight; a stuck database cannot hold up a shutdown. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    let timeout: NodeJS.Timeout | undefined;
    await Promise.race([
      this.idle(),
      new Promise<void>((resolve) => {
        timeout = setTimeout(resolve, 2000);
        timeout.unref();
      }),
    ]);
    clearTimeout(timeout);
  }

  private async drain(): Promise<void> {
    for (;;) {
      const sent = await this.deliverDue();
      if (sent === 0 || this.stopped) return;
    }
  }

  /** One batch: claims due events (oldest first), sends them, records the outcome. Returns how many were tried. */
  async deliverDue(): Promise<number> {
    const lease = this.options.leaseSeconds ?? 60;
    const claimed = await this.db
      .updateTable('test_webhook_outbox')
      .set({
        attempts: sql`attempts + 1`,
        next_attempt_at: sql`now() + make_interval(secs => ${lease})`,
      })
      .where(
        'id',
        'in',
        this.db
          .selectFrom('test_webhook_outbox')
          .select('id')
          .where('delivered_on', 'is', null)
          .where('next_attempt_at', '<=', sql<Date>`now()`)
          .where('attempts', '<', this.options.maxAttempts ?? 20)
          .orderBy('seq')
          .limit(this.options.batchSize ?? 50)
          .forUpdate()
          .skipLocked(),
      )
      .returning(['id', 'payload', 'attempts'])
      .execute();
    const queue = [...claimed];
    const worker = async () => {
      for (let event = queue.shift(); event; event = queue.shift()) await this.deliverOne(event);
    };
    await Promise.all(Array.from({ length: Math.min(this.options.concurrency ?? 8, queue.length) }, worker));
    return claimed.length;
  }

  private async deliverOne(event: { id: string; payload: string; attempts: number }): Promise<void> {
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
    if (failure === null) {
      await this.db
        .updateTable('test_webhook_outbox')
        .set({ delivered_on: sql<Date>`now()`, last_error: null })
        .where('id', '=', event.id)
        .execute();
    } else {
      const wait = (this.options.backoffSeconds ?? defaultBackoff)(event.attempts);
      await this.db
        .updateTable('test_webhook_outbox')
        .set({ last_error: failure, next_attempt_at: sql<Date>`now() + make_interval(secs => ${wait})` })
        .where('id', '=', event.id)
        .execute();
    }
  }
}
