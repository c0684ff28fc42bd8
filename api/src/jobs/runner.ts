import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database, OpenDatabase } from '../db';
import type { JobsTable } from '../db/types';

export type JobRow = Selectable<JobsTable>;

/** What a handler gets besides its payload. */
export interface JobContext {
  job: JobRow;
  db: Kysely<Database>;
  /**
   * Runs `write` in the transaction that also marks the job done: the job's database effect and its
   * completion commit together, so a job retried after a crash never applies its effect twice. Call it
   * at most once, as the last step; a handler that never calls it is marked done when it returns.
   */
  complete(write: (trx: Transaction<Database>) => Promise<void>): Promise<void>;
  /** Set when the runner is stopping (SIGTERM): a long handler may give up early and be retried. */
  signal: AbortSignal;
}

export interface JobKind<P> {
  /** Parses the stored payload (use a zod schema's `parse`): a payload that fails is a failed job, not a crash. */
  parse(payload: unknown): P;
  /** Does the work. Effects outside the database (files, e-mails, calls) must be idempotent by `job.id`. */
  handle(payload: P, context: JobContext): Promise<void>;
  /** Attempts before the job is left `failed` (default 5). */
  maxAttempts?: number;
  /** How long a claimed job is leased; a worker that dies leaves it to be claimed again after this (default 60 s). */
  leaseMs?: number;
  /** Back-off before attempt n+1 after n failures, for this kind (default: the runner's). */
  backoffMs?: (attempts: number) => number;
}

export interface EnqueueOptions {
  /** Run no earlier than this. */
  runAt?: Date;
  /** Enqueueing an existing key again does nothing (one job per business event). */
  dedupeKey?: string;
}

export interface JobRunnerOptions {
  /** Jobs run at once by this process (JOBS_CONCURRENCY; 0 = this process only enqueues). */
  concurrency: number;
  /** How often to look for due jobs when no notification came (JOBS_POLL_MS). */
  pollMs: number;
  /** Back-off before attempt n+1 after n failures: default min(2^n s, 1 h) with ±20 % jitter. */
  backoffMs?: (attempts: number) => number;
  onError?: (error: unknown, job: JobRow) => void;
}

export const defaultBackoffMs = (attempts: number): number =>
  Math.min(2 ** attempts * 1000, 3_600_000) * (0.8 + Math.random() * 0.4);

const DEFAULT_LEASE_MS = 60_000;

/** Whether the job added with `dedupeKey` is still to run (queued, running or retrying). */
export async function jobPending(db: Kysely<Database>, dedupeKey: string): Promise<boolean> {
  const job = await db
    .selectFrom('jobs')
    .select('id')
    .where('dedupe_key', '=', dedupeKey)
    .where('state', 'in', ['pending', 'running'])
    .executeTakeFirst();
  return job !== undefined;
}

/**
 * Durable jobs in the `jobs` table (migration 0015), the same SQL on PostgreSQL and PGlite.
 *
 * - `register(kind, handler)` once per job kind, at plugin registration.
 * - `enqueue(trx, kind, payload)` inside the transaction of the write that needs the job: the job
 *   exists if and only if the write committed (and NOTIFY wakes a runner at commit).
 * - Any api process runs due jobs: claimed with `FOR UPDATE SKIP LOCKED` under a lease, retried with
 *   back-off on failure, reclaimed when a worker died mid-way (the lease ran out), effect committed
 *   with the completion (`context.complete`).
 * - `stop()` (SIGTERM) stops claiming and waits for the jobs in flight.
 *
 * Why not pg-boss or graphile-worker: both drive their own `pg` pool and LISTEN connection, so they
 * cannot run on the embedded PGlite default, and neither can enqueue inside a Kysely transaction of
 * ours. This table and one claim statement give the same guarantees on both databases.
 */
export class JobRunner {
  private readonly kinds = new Map<string, JobKind<unknown>>();
  private readonly workerId = `${process.pid}-${randomUUID().slice(0, 8)}`;
  private readonly inFlight = new Set<Promise<void>>();
  private readonly abort = new AbortController();
  private timer: NodeJS.Timeout | null = null;
  /** Wake-ups at the time a job failed here is due again (its back-off), sooner than the next poll. */
  private readonly retryTimers = new Set<NodeJS.Timeout>();
  private stopListening: (() => Promise<void>) | null = null;
  private running = false;
  private wake: (() => void) | null = null;
  private loop: Promise<void> | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly channel: string,
    private readonly listen: OpenDatabase['listen'],
    private readonly options: JobRunnerOptions,
  ) {}

  static for(database: OpenDatabase, options: JobRunnerOptions): JobRunner {
    return new JobRunner(database.db, database.channelName('jobs'), database.listen, options);
  }

  register<P>(kind: string, handler: JobKind<P>): void {
    if (this.kinds.has(kind)) throw new Error(`Job kind "${kind}" is registered twice`);
    this.kinds.set(kind, handler as JobKind<unknown>);
  }

  /** Adds a job in `trx` (or on its own with `db`); returns its id, or null when `dedupeKey` already exists. */
  async enqueue(
    trx: Transaction<Database> | Kysely<Database>,
    kind: string,
    payload: unknown,
    options: EnqueueOptions = {},
  ): Promise<string | null> {
    const handler = this.kinds.get(kind);
    if (!handler) throw new Error(`Unknown job kind "${kind}": register it first`);
    const row = await trx
      .insertInto('jobs')
      .values({
        kind,
        payload: JSON.stringify(payload),
        dedupe_key: options.dedupeKey ?? null,
        max_attempts: handler.maxAttempts ?? 5,
        ...(options.runAt ? { run_at: options.runAt } : {}),
      })
      .onConflict((conflict) => conflict.column('dedupe_key').doNothing())
      .returning('id')
      .executeTakeFirst();
    // Delivered when the transaction commits, to every process.
    await sql`select pg_notify(${this.channel}, ${kind})`.execute(trx);
    return row ? String(row.id) : null;
  }

  /** Starts running due jobs (nothing when concurrency is 0). */
  async start(): Promise<void> {
    if (this.running || this.options.concurrency <= 0) return;
    this.running = true;
    this.stopListening = await this.listen(this.channel, () => this.wake?.());
    this.loop = this.run();
  }

  /**
   * Stops claiming jobs and waits for those in flight, up to `graceMs`; then signals them to stop and
   * returns. A job cut short keeps its lease and runs again elsewhere once the lease runs out.
   */
  async stop(graceMs = 10_000): Promise<void> {
    this.running = false;
    this.wake?.();
    for (const timer of this.retryTimers) clearTimeout(timer);
    this.retryTimers.clear();
    await this.loop;
    let timer: NodeJS.Timeout | undefined;
    const grace = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        this.abort.abort();
        resolve();
      }, graceMs);
    });
    await Promise.race([Promise.allSettled([...this.inFlight]), grace]);
    clearTimeout(timer);
    await this.stopListening?.();
    this.stopListening = null;
  }

  /** Runs every job that is due now, in this process, and resolves when they are finished (tests, CLIs). */
  async drain(): Promise<number> {
    let count = 0;
    for (;;) {
      const job = await this.claim();
      if (!job) return count;
      await this.execute(job);
      count += 1;
    }
  }

  /**
   * Resolves when no job of `kinds` (all kinds by default) is due now or running in this process: runs
   * the due ones here and waits for those in flight (tests and benches wait on this). Jobs waiting for
   * their back-off are not waited for.
   */
  async idle(kinds: readonly string[] = [...this.kinds.keys()]): Promise<void> {
    if (!kinds.length) return;
    for (;;) {
      await this.drain();
      await Promise.allSettled([...this.inFlight]);
      const busy = await this.db
        .selectFrom('jobs')
        .select('id')
        .where('kind', 'in', kinds)
        .where((where) =>
          where.or([
            where.and([where('state', '=', 'pending'), where('run_at', '<=', sql<Date>`now()`)]),
            where.and([where('state', '=', 'running'), where('locked_by', '=', this.workerId)]),
          ]),
        )
        .limit(1)
        .executeTakeFirst();
      if (!busy && this.inFlight.size === 0) return;
    }
  }

  private async run(): Promise<void> {
    while (this.running) {
      while (this.running && this.inFlight.size < this.options.concurrency) {
        let job: JobRow | null;
        try {
          job = await this.claim();
        } catch {
          job = null; // the database is unreachable: try again at the next poll
        }
        if (!job) break;
        const work = this.execute(job).finally(() => {
          this.inFlight.delete(work);
          this.wake?.();
        });
        this.inFlight.add(work);
      }
      if (!this.running) break;
      await new Promise<void>((resolve) => {
        this.wake = resolve;
        this.timer = setTimeout(resolve, this.options.pollMs);
      });
      if (this.timer) clearTimeout(this.timer);
      this.wake = null;
    }
  }

  private async claim(): Promise<JobRow | null> {
    const kinds = [...this.kinds.keys()];
    if (!kinds.length) return null;
    // Each job is leased for its own kind's lease: a long export must not stretch a quick job's lease,
    // or a job whose worker died would wait for the longest lease of any kind before it runs again.
    const leaseSeconds = sql`case kind ${sql.join(
      kinds.map((kind) => sql`when ${kind} then ${(this.kinds.get(kind)?.leaseMs ?? DEFAULT_LEASE_MS) / 1000}`),
      sql` `,
    )} else ${DEFAULT_LEASE_MS / 1000} end`;
    const result = await sql<JobRow>`
      update jobs set state = 'running', attempts = attempts + 1, locked_by = ${this.workerId},
        locked_until = now() + make_interval(secs => (${leaseSeconds})::double precision)
      where id = (
        select id from jobs
        where kind in (${sql.join(kinds)})
          and ((state = 'pending' and run_at <= now()) or (state = 'running' and locked_until < now()))
        order by run_at, id
        for update skip locked
        limit 1
      )
      returning *`.execute(this.db);
    return result.rows[0] ?? null;
  }

  private async execute(job: JobRow): Promise<void> {
    const handler = this.kinds.get(job.kind);
    let completed = false;
    const finish = async (trx: Transaction<Database>) => {
      // Only the holder of the lease may finish the job: a worker whose lease ran out lost it to another.
      const done = await trx
        .updateTable('jobs')
        .set({ state: 'done', finished_at: new Date(), locked_until: null, last_error: null })
        .where('id', '=', job.id)
        .where('locked_by', '=', this.workerId)
        .where('state', '=', 'running')
        .returning('id')
        .executeTakeFirst();
      if (!done) throw new Error(`job ${job.id} is no longer held by this worker`);
    };
    try {
      if (!handler) throw new Error(`no handler registered for job kind "${job.kind}"`);
      const payload = handler.parse(job.payload);
      await handler.handle(payload, {
        job,
        db: this.db,
        signal: this.abort.signal,
        complete: async (write) => {
          if (completed) throw new Error('complete() was already called for this job');
          await this.db.transaction().execute(async (trx) => {
            await write(trx);
            await finish(trx);
          });
          completed = true;
        },
      });
      if (!completed) await this.db.transaction().execute(finish);
    } catch (error) {
      this.options.onError?.(error, job);
      const message = error instanceof Error ? error.message : String(error);
      const failedForGood = job.attempts >= job.max_attempts;
      const delay = (handler?.backoffMs ?? this.options.backoffMs ?? defaultBackoffMs)(job.attempts);
      await this.db
        .updateTable('jobs')
        .set({
          state: failedForGood ? 'failed' : 'pending',
          run_at: new Date(Date.now() + delay),
          locked_until: null,
          last_error: message.slice(0, 2000),
          ...(failedForGood ? { finished_at: new Date() } : {}),
        })
        .where('id', '=', job.id)
        .where('locked_by', '=', this.workerId)
        .where('state', '=', 'running')
        .execute()
        .catch(() => undefined);
      if (!failedForGood && this.running && delay < this.options.pollMs) {
        const timer = setTimeout(() => {
          this.retryTimers.delete(timer);
          this.wake?.();
        }, delay);
        this.retryTimers.add(timer);
      }
    }
  }
}
