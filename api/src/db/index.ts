import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { Kysely, PostgresDialect } from 'kysely';
import { preparingPool } from './prepared-pool';
import pg from 'pg';
import { migrateToLatest } from './migrate';
import { PGliteDialect } from './pglite-dialect';
import type { Database } from './types';

export type { Database } from './types';

export type DatabaseConfig =
  | { kind: 'pglite'; /** folder of the embedded database; created when missing */ dataDir: string }
  | {
      kind: 'postgres';
      url: string;
      /** Use this schema (created when missing) instead of the server's default search path; tests use it. */
      schema?: string;
    };

export type DatabaseKind = DatabaseConfig['kind'];

export interface OpenDatabase {
  db: Kysely<Database>;
  kind: DatabaseKind;
  close(): Promise<void>;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]*$/;

/** Opens the configured database (one SQL dialect on both backends) and runs the migrations. */
export async function openDatabase(config: DatabaseConfig): Promise<OpenDatabase> {
  const db =
    config.kind === 'pglite' ? await openPglite(config.dataDir) : await openPostgres(config.url, config.schema);
  try {
    await migrateToLatest(db, config.kind === 'postgres' ? config.schema : undefined);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return { db, kind: config.kind, close: () => db.destroy() };
}

async function openPglite(dataDir: string): Promise<Kysely<Database>> {
  await mkdir(dataDir, { recursive: true });
  // btree_gist: the bookings' exclusion constraint (one machine, overlapping days) needs `=` in GiST.
  const client = new PGlite(dataDir, { extensions: { btree_gist } });
  try {
    await client.waitReady;
  } catch (error) {
    throw new Error(`Could not open the embedded database in ${dataDir}: ${(error as Error).message}`, {
      cause: error,
    });
  }
  return new Kysely<Database>({ dialect: new PGliteDialect(client) });
}

async function openPostgres(url: string, schema: string | undefined): Promise<Kysely<Database>> {
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
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool: preparingPool(pool) }) });
}
