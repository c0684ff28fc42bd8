import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { workerModule } from '../workers/pool';
import type {
  DatabaseErrorFields,
  PgliteMessage,
  PgliteQueryResult,
  PgliteRequest,
  PgliteThreadData,
  SerializedError,
} from './pglite.worker';

/**
 * A PostgreSQL error raised in the embedded database's thread, with the same fields pg's errors
 * carry (`code`, `constraint`, `detail`...), so services map e.g. 23505 and 23P01 the same way on
 * both backends.
 */
export class DatabaseError extends Error implements DatabaseErrorFields {
  severity?: string;
  code?: string;
  detail?: string;
  hint?: string;
  position?: string;
  internalPosition?: string;
  internalQuery?: string;
  where?: string;
  schema?: string;
  table?: string;
  column?: string;
  dataType?: string;
  constraint?: string;
  file?: string;
  line?: string;
  routine?: string;

  constructor({ name, message, fields }: SerializedError) {
    super(message);
    this.name = name;
    Object.assign(this, fields);
  }
}

export interface PgliteThreadQueryResult<R> {
  rows: R[];
  command?: string;
  affectedRows?: number;
}

/**
 * A thread that answered a statement this recently, and has more in hand, is alive: `ping` does not
 * queue behind the statement it is running (storing a 10,000-position boundary takes it some 25 ms,
 * which `/health` waited out during every large import).
 */
const RECENT_REPLY_MS = 250;

interface Pending {
  resolve(result: PgliteQueryResult | undefined): void;
  reject(error: Error): void;
}

/**
 * The embedded database (PGlite) in a worker thread of its own, so its synchronous WASM work never
 * holds the event loop: `/health` and every other request keep answering while a large import is
 * stored. Parameters and rows cross by structured clone, which keeps what PGlite returns as it is
 * (Date, Uint8Array, bigint, jsonb values).
 *
 * The thread keeps the process alive only while a request is in flight, as PGlite in the api's own
 * thread did (an idle database holds no handle).
 */
export class PgliteThread {
  private readonly pending = new Map<number, Pending>();
  private readonly listeners = new Map<string, Set<(payload: string) => void>>();
  private nextId = 1;
  /** Why the thread can take no more requests (closed, or it stopped); null while it runs. */
  private stopped: Error | null = null;
  private closing: Promise<void> | null = null;
  /** When the thread last answered a request (performance.now()). */
  private lastReplyAt = -Infinity;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (message: PgliteMessage) => this.receive(message));
    worker.on('error', (error) => this.stop(new Error(`The embedded database's thread failed: ${error.message}`)));
    worker.on('exit', (code) => this.stop(new Error(`The embedded database's thread exited (code ${code})`)));
  }

  /** Starts the thread and opens the database in `dataDir`; rejects with PGlite's reason when it cannot. */
  static async start(dataDir: string): Promise<PgliteThread> {
    const filename = fileURLToPath(workerModule('db/pglite.worker'));
    const workerData: PgliteThreadData = { dataDir };
    const worker = filename.endsWith('.ts')
      ? new Worker(fileURLToPath(new URL('../workers/typescript-entry.cjs', import.meta.url)), {
          argv: [filename],
          execArgv: ['--import', 'tsx'],
          workerData,
        })
      : new Worker(filename, { execArgv: [], workerData });
    await new Promise<void>((resolve, reject) => {
      const onMessage = (message: PgliteMessage) => {
        if (message.type !== 'ready' && message.type !== 'failed') return;
        worker.off('message', onMessage).off('error', reject).off('exit', onExit);
        if (message.type === 'ready') resolve();
        else reject(new DatabaseError(message.error));
      };
      const onExit = (code: number) => reject(new Error(`The embedded database's thread exited (code ${code})`));
      worker.on('message', onMessage).once('error', reject).once('exit', onExit);
    }).catch(async (error: unknown) => {
      await worker.terminate();
      throw error;
    });
    worker.unref();
    return new PgliteThread(worker);
  }

  get closed(): boolean {
    return this.stopped !== null;
  }

  async query<R>(sql: string, params: readonly unknown[] = []): Promise<PgliteThreadQueryResult<R>> {
    const result = (await this.request({ op: 'query', sql, params: [...params] })) as PgliteThreadQueryResult<R>;
    return result.rows instanceof Array ? result : { ...result, rows: adoptIntoThisRealm(result.rows) as R[] };
  }

  /**
   * Resolves when the database's thread answers: between two statements, without waiting for the
   * ones queued or for a transaction to end (what `/health` asks on the embedded database). At once
   * while the thread is working through requests and answered one within `RECENT_REPLY_MS`; a thread
   * stuck in one statement for longer is asked, and answers only when the statement ends.
   */
  async ping(): Promise<void> {
    if (this.stopped) throw this.stopped;
    if (this.pending.size > 0 && performance.now() - this.lastReplyAt < RECENT_REPLY_MS) return;
    await this.request({ op: 'ping' });
  }

  /** LISTEN on `channel`; `onPayload` hears each NOTIFY on it. Returns the function that stops listening. */
  async listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>> {
    let callbacks = this.listeners.get(channel);
    if (!callbacks) {
      callbacks = new Set();
      this.listeners.set(channel, callbacks);
    }
    callbacks.add(onPayload);
    const stop = async () => {
      callbacks.delete(onPayload);
      if (callbacks.size > 0 || this.listeners.get(channel) !== callbacks) return;
      this.listeners.delete(channel);
      if (!this.closed) await this.request({ op: 'unlisten', channel });
    };
    try {
      await this.request({ op: 'listen', channel });
    } catch (error) {
      await stop().catch(() => undefined);
      throw error;
    }
    return stop;
  }

  /** Closes the database (PGlite writes what it holds) and ends the thread. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      if (this.closed) return;
      await this.request({ op: 'close' });
      this.stop(new Error('The embedded database is closed'));
      await this.worker.terminate();
    })();
    return this.closing;
  }

  private request(request: DistributiveOmit<PgliteRequest, 'id'>): Promise<PgliteQueryResult | undefined> {
    if (this.stopped) return Promise.reject(this.stopped);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      try {
        this.worker.postMessage({ ...request, id } as PgliteRequest);
      } catch (error) {
        // A parameter structured clone cannot copy (a function, a class with private state).
        reject(error as Error);
        return;
      }
      if (this.pending.size === 0) this.worker.ref();
      this.pending.set(id, { resolve, reject });
    });
  }

  private receive(message: PgliteMessage): void {
    if (message.type === 'notification') {
      for (const callback of this.listeners.get(message.channel) ?? []) callback(message.payload);
      return;
    }
    if (message.type !== 'reply') return;
    this.lastReplyAt = performance.now();
    const pending = this.pending.get(message.id);
    if (!pending) return;
    this.settled(message.id);
    if (message.ok) pending.resolve(message.result);
    else pending.reject(new DatabaseError(message.error));
  }

  private settled(id: number): void {
    this.pending.delete(id);
    if (this.pending.size === 0) this.worker.unref();
  }

  private stop(reason: Error): void {
    this.stopped ??= reason;
    for (const [id, pending] of [...this.pending]) {
      this.settled(id);
      pending.reject(reason);
    }
  }
}

/**
 * `value` rebuilt from this realm's constructors. A message is cloned into the main realm of the
 * thread; under jest, whose modules run in a vm context of their own, that makes `instanceof Date` (in
 * zod, in fast-json-stringify) false for the rows' timestamps. In the api's own process rows already
 * belong here and `query` does not call this.
 */
function adoptIntoThisRealm(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(adoptIntoThisRealm);
  if (Object.prototype.toString.call(value) === '[object Date]') return new Date((value as Date).getTime());
  if (ArrayBuffer.isView(value)) return new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, adoptIntoThisRealm(inner)]));
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
