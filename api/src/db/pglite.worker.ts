import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PglitePreparedStatements } from './pglite-prepared';

/**
 * The embedded database's own thread: it owns the PGlite instance, whose work (parsing, planning,
 * executing, writing pages) is synchronous WASM that would otherwise hold the api's event loop for
 * tens of milliseconds per large statement. The api talks to it through `pglite-thread.ts`.
 */

/** What the thread is started with (`workerData`). */
export interface PgliteThreadData {
  dataDir: string;
}

/** A request from the api's thread; `id` pairs it with its reply. */
export type PgliteRequest =
  | { id: number; op: 'query'; sql: string; params: unknown[] }
  | { id: number; op: 'listen'; channel: string }
  | { id: number; op: 'unlisten'; channel: string }
  | { id: number; op: 'close' }
  /** Answered at once, between statements, not after the queued ones: is the database thread alive? */
  | { id: number; op: 'ping' };

/** The fields of a PostgreSQL error (pg-protocol's DatabaseError) that callers may read, e.g. `code`. */
export const DATABASE_ERROR_FIELDS = [
  'severity',
  'code',
  'detail',
  'hint',
  'position',
  'internalPosition',
  'internalQuery',
  'where',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'file',
  'line',
  'routine',
] as const;

export type DatabaseErrorFields = Partial<Record<(typeof DATABASE_ERROR_FIELDS)[number], string>>;

/** An error as it crosses threads: structured clone keeps an Error's message but drops its own fields. */
export interface SerializedError {
  name: string;
  message: string;
  fields: DatabaseErrorFields;
}

export interface PgliteQueryResult {
  rows: unknown[];
  command?: string;
  affectedRows?: number;
}

/** A message to the api's thread: the start's outcome, a reply to a request, or a notification. */
export type PgliteMessage =
  | { type: 'ready' }
  | { type: 'failed'; error: SerializedError }
  | { type: 'reply'; id: number; ok: true; result?: PgliteQueryResult }
  | { type: 'reply'; id: number; ok: false; error: SerializedError }
  | { type: 'notification'; channel: string; payload: string };

/** PGlite 0.5's default start parameters (its `defaultStartParams`), which a `startParams` option replaces. */
const PGLITE_START_PARAMS = [
  '--single',
  '-F',
  '-O',
  '-j',
  '-c',
  'search_path=public',
  '-c',
  'exit_on_error=false',
  '-c',
  'log_checkpoints=false',
  '-c',
  'max_worker_processes=0',
  '-c',
  'max_parallel_workers=0',
  '-c',
  'max_parallel_workers_per_gather=0',
  '-c',
  'io_method=sync',
  '-c',
  'max_parallel_maintenance_workers=0',
];
const PGLITE_MEMORY_PARAMS = ['-c', 'shared_buffers=16MB', '-c', 'work_mem=4MB', '-c', 'maintenance_work_mem=16MB'];

function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  const fields: DatabaseErrorFields = {};
  for (const key of DATABASE_ERROR_FIELDS) {
    const value = (error as unknown as Record<string, unknown>)[key];
    if (typeof value === 'string') fields[key] = value;
  }
  return { name: error.name, message: error.message, fields };
}

async function main(port: NonNullable<typeof parentPort>, { dataDir }: PgliteThreadData): Promise<void> {
  const post = (message: PgliteMessage) => port.postMessage(message);
  // PGlite's own start parameters plus small buffers: an embedded database for one process does not need
  // PostgreSQL's 128 MB of shared buffers, and WASM memory once grown is never given back.
  // btree_gist: the bookings' exclusion constraint (one machine, overlapping days) needs `=` in GiST.
  // pg_trgm: the farm list's name search is a trigram index (migration 0092).
  const client = new PGlite(dataDir, {
    startParams: [...PGLITE_START_PARAMS, ...PGLITE_MEMORY_PARAMS],
    extensions: { btree_gist, pg_trgm },
  });
  try {
    await client.waitReady;
  } catch (error) {
    post({ type: 'failed', error: serializeError(error) });
    return;
  }

  const statements = new PglitePreparedStatements(client);
  const unlisteners = new Map<string, () => Promise<void>>();
  const handle = async (request: PgliteRequest): Promise<PgliteQueryResult | undefined> => {
    switch (request.op) {
      case 'query': {
        const { rows, command, affectedRows } = await statements.query(request.sql, request.params);
        return { rows, command, affectedRows };
      }
      case 'listen': {
        if (unlisteners.has(request.channel)) return;
        const channel = request.channel;
        unlisteners.set(
          channel,
          await client.listen(channel, (payload) => post({ type: 'notification', channel, payload })),
        );
        return;
      }
      case 'unlisten': {
        const unlisten = unlisteners.get(request.channel);
        unlisteners.delete(request.channel);
        await unlisten?.();
        return;
      }
      case 'ping':
        return;
      case 'close':
        // The api's thread ends this thread once the reply arrives.
        if (!client.closed) await client.close();
        return;
    }
  };

  // One request at a time, in arrival order: the api's thread already orders the session's use (a
  // transaction holds it until its end), and a listen must be in place before its unlisten runs.
  let queue: Promise<void> = Promise.resolve();
  port.on('message', (request: PgliteRequest) => {
    if (request.op === 'ping') {
      // Not behind the queue: a long import transaction holds the session, not the thread.
      if (client.closed) post({ type: 'reply', id: request.id, ok: false, error: serializeError(new Error('closed')) });
      else post({ type: 'reply', id: request.id, ok: true });
      return;
    }
    queue = queue.then(async () => {
      try {
        const result = await handle(request);
        post({ type: 'reply', id: request.id, ok: true, ...(result ? { result } : {}) });
      } catch (error) {
        post({ type: 'reply', id: request.id, ok: false, error: serializeError(error) });
      }
    });
  });
  post({ type: 'ready' });
}

if (parentPort) void main(parentPort, workerData as PgliteThreadData);
