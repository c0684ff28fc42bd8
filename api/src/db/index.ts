import { spawn } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Kysely, sql, PostgresDialect } from 'kysely';
import { preparingPool } from './prepared-pool';
import pg from 'pg';
import { migrateToLatest } from './migrate';
import { migrations } from './migrations';
import { PGliteDialect } from './pglite-dialect';
import { PgliteThread } from './pglite-thread';
import type { Database } from './types';
import { workerModule } from '../workers/pool';

export type { Database, Db, Trx } from './types';

export type DatabaseConfig =
  | { kind: 'pglite'; /** folder of the embedded database; created when missing */ dataDir: string }
  | {
      kind: 'postgres';
      url: string;
      /** Use this schema (created when missing) instead of the server's default search path; tests use it. */
      schema?: string;
    };

export type DatabaseKind = DatabaseConfig['kind'];

/** Called with each notification's payload; returns the function that stops listening. */
export type Listen = (channel: string, onPayload: (payload: string) => void) => Promise<() => Promise<void>>;

export interface OpenDatabase {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /**
   * LISTEN on `channel` (NOTIFY through `db` from any process reaches it). The channel is scoped to
   * the schema, so test schemas on one server do not hear each other: use `channelName`.
   */
  listen: Listen;
  /** The name of `topic`'s channel in this database (schema-scoped). */
  channelName(topic: string): string;
  /**
   * Resolves when the database answers (`/health`): a `select 1` on PostgreSQL's pool; on PGlite its
   * thread's answer between statements, since its one session may be held by a long transaction.
   */
  ping(): Promise<void>;
  close(): Promise<void>;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]*$/;

/** Opens the configured database (one SQL dialect on both backends), its schema migrated. */
export async function openDatabase(config: DatabaseConfig): Promise<OpenDatabase> {
  if (config.kind === 'pglite') await ensureMigratedEmbeddedDatabase(config.dataDir);
  const opened =
    config.kind === 'pglite' ? await openPglite(config.dataDir) : await openPostgres(config.url, config.schema);
  if (config.kind === 'postgres') {
    try {
      await migrateToLatest(opened.db, config.schema);
    } catch (error) {
      await opened.db.destroy();
      throw error;
    }
  }
  const { db } = opened;
  const schema = config.kind === 'postgres' ? (config.schema ?? 'public') : 'public';
  return {
    db,
    kind: config.kind,
    listen: opened.listen,
    channelName: (topic) => `paddock_${topic}_${schema}`.slice(0, 63),
    ping: opened.ping,
    close: async () => {
      await opened.stopListening();
      await db.destroy();
    },
  };
}

/**
 * Written in an embedded database's folder once its schema is migrated: the names of the migrations
 * it holds. A folder whose mark differs from this code's migrations (new, or an older version's) is
 * migrated by a process of its own first.
 */
const SCHEMA_MARK_FILE = 'paddock-migrations';
const schemaMark = () => `${Object.keys(migrations).sort().join('\n')}\n`;

async function isMigratedEmbeddedDatabase(dataDir: string): Promise<boolean> {
  const mark = await readFile(path.join(dataDir, SCHEMA_MARK_FILE), 'utf8').catch(() => null);
  return mark === schemaMark();
}

/** Creates or migrates an embedded database's folder, by a process of its own (never in this one): see below. */
export async function ensureMigratedEmbeddedDatabase(dataDir: string): Promise<void> {
  if (!(await isMigratedEmbeddedDatabase(dataDir))) await migrateEmbeddedDatabase(dataDir);
}

/**
 * Creates or migrates the embedded database in a short-lived process. Creating PGlite's cluster and
 * running every migration grows memory that the api's process would keep for its whole life (WASM
 * memory is never given back, nor are the allocator's arenas of a thread that has ended: about 100 MB
 * of idle RSS). A process that exits gives all of it back.
 */
async function migrateEmbeddedDatabase(dataDir: string): Promise<void> {
  const filename = fileURLToPath(workerModule('db/pglite-migrate.process'));
  const child = spawn(process.execPath, [...(filename.endsWith('.ts') ? ['--import', 'tsx'] : []), filename, dataDir], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject).once('close', resolve);
  });
  if (code === 0) return;
  const reason = stderr.trim().split('\n').at(-1) || `exit code ${code}`;
  throw new Error(reason);
}

/** What the migrating process runs: open the embedded database here, migrate it, mark it, close it. */
export async function migrateEmbeddedDatabaseHere(dataDir: string): Promise<void> {
  const opened = await openPglite(dataDir);
  try {
    await migrateToLatest(opened.db);
  } finally {
    await opened.db.destroy();
  }
  await writeFile(path.join(dataDir, SCHEMA_MARK_FILE), schemaMark());
}

interface Opened {
  db: Kysely<Database>;
  listen: Listen;
  ping(): Promise<void>;
  stopListening(): Promise<void>;
}

async function openPglite(dataDir: string): Promise<Opened> {
  // The database runs in a thread of its own (which sets its start parameters and extensions), so
  // its synchronous work never holds the event loop; a process on PostgreSQL never loads PGlite.
  let client: PgliteThread;
  try {
    await mkdir(dataDir, { recursive: true });
    client = await PgliteThread.start(dataDir);
  } catch (error) {
    throw new Error(`Could not open the embedded database in ${dataDir}: ${(error as Error).message}`, {
      cause: error,
    });
  }
  // The same NOTIFY/LISTEN path as on PostgreSQL, inside the one process PGlite allows.
  const stops = new Set<() => Promise<void>>();
  return {
    db: new Kysely<Database>({ dialect: new PGliteDialect(client) }),
    ping: () => client.ping(),
    listen: async (channel, onPayload) => {
      const unlisten = await client.listen(channel, onPayload);
      const stop = async () => {
        if (!stops.delete(stop)) return;
        await unlisten();
      };
      stops.add(stop);
      return stop;
    },
    stopListening: async () => {
      for (const stop of [...stops]) await stop();
    },
  };
}

/**
 * LISTEN on PostgreSQL: one dedicated connection for every channel of this process, reconnected
 * (and re-LISTENed) after a loss, with a short back-off.
 */
function postgresListener(url: string) {
  const channels = new Map<string, Set<(payload: string) => void>>();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let closed = false;
  const quote = (channel: string) => `"${channel.replaceAll('"', '""')}"`;

  const connect = (): Promise<pg.Client> => {
    connecting ??= (async () => {
      const next = new pg.Client({ connectionString: url });
      next.on('notification', (message) => {
        for (const listener of channels.get(message.channel) ?? []) listener(message.payload ?? '');
      });
      next.on('error', () => {
        // The connection was lost: connect again (and LISTEN again) unless closing.
        if (client === next) client = null;
        if (!closed) setTimeout(() => void connect().catch(() => undefined), 250).unref();
      });
      await next.connect();
      for (const channel of channels.keys()) await next.query(`listen ${quote(channel)}`);
      client = next;
      return next;
    })().finally(() => {
      connecting = null;
    });
    return connecting;
  };

  const listen: Listen = async (channel, onPayload) => {
    let listeners = channels.get(channel);
    if (!listeners) {
      listeners = new Set();
      channels.set(channel, listeners);
      const current = client ?? (await connect());
      await current.query(`listen ${quote(channel)}`);
    } else if (!client) await connect();
    listeners.add(onPayload);
    return async () => {
      listeners.delete(onPayload);
    };
  };
  const stopListening = async () => {
    closed = true;
    const current = client;
    client = null;
    await current?.end().catch(() => undefined);
  };
  return { listen, stopListening };
}

async function openPostgres(url: string, schema: string | undefined): Promise<Opened> {
  if (schema !== undefined && !SCHEMA_NAME.test(schema)) throw new Error(`Invalid schema name: ${schema}`);
  if (schema) {
    // Create the schema first, with a one-off client that is not bound to it.
    const setup = new pg.Client({ connectionString: url });
    await setup.connect();
    try {
      await setup.query(`create schema if not exists "${schema}"`);
    } finally {
      await setup.end();
    }
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it. Without a listener this would crash the process.
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: preparingPool(pool) }) });
  return {
    db,
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    ...postgresListener(url),
  };
}
