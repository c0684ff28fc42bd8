import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { DatabaseConfig, DatabaseKind } from '../db';

export const PG_TEST_URL = process.env.PG_TEST_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

let probed: DatabaseKind[] | undefined;

/**
 * The database backends this run tests against: PGlite always, PostgreSQL (PG_TEST_URL) when it
 * answers. With CI set an unreachable PostgreSQL fails the run instead of being skipped.
 * Synchronous (a child process probes the server) because `describe.each` needs the list up front.
 */
export function availableBackends(): DatabaseKind[] {
  if (probed) return probed;
  const probe = `
    const { Client } = require(${JSON.stringify(require.resolve('pg'))});
    const client = new Client({ connectionString: process.argv[1], connectionTimeoutMillis: 3000 });
    client.connect().then(() => client.end()).then(() => process.exit(0), (e) => { console.error(e.message); process.exit(1); });`;
  try {
    execFileSync(process.execPath, ['-e', probe, PG_TEST_URL], {
      stdio: ['ignore', 'ignore', 'pipe'],
      timeout: 10_000,
    });
    probed = ['pglite', 'postgres'];
  } catch (error) {
    const reason = String((error as { stderr?: Buffer }).stderr ?? (error as Error).message).trim();
    if (process.env.CI)
      throw new Error(`PostgreSQL at ${PG_TEST_URL} is unreachable (${reason}) and CI is set`, { cause: error });
    console.warn(`PostgreSQL at ${PG_TEST_URL} is unreachable (${reason}): testing on PGlite only`);
    probed = ['pglite'];
  }
  return probed;
}

const SCHEMA_PREFIX = 'paddock_api_test_';

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Drops schemas left behind by test runs that were killed before their cleanup, recognised by the
 * process id in the name. Only on a server on this machine, where that process id means something.
 */
async function dropStaleSchemas(): Promise<void> {
  const { hostname } = new URL(PG_TEST_URL);
  if (!['localhost', '127.0.0.1', '[::1]', ''].includes(hostname)) return;
  const client = new pg.Client({ connectionString: PG_TEST_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      `select nspname as name from pg_namespace where nspname like '${SCHEMA_PREFIX}%'`,
    );
    for (const { name } of rows) {
      const pid = Number(/^paddock_api_test_(\d+)_/.exec(name)?.[1]);
      if (pid && !isAlive(pid)) await client.query(`drop schema if exists "${name}" cascade`);
    }
  } finally {
    await client.end();
  }
}

/** A fresh, empty database of one kind: a temp data folder or a schema of its own. */
export interface TestDatabase {
  config: DatabaseConfig;
  drop(): Promise<void>;
}

export async function createTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const dir = await mkdtemp(path.join(tmpdir(), 'paddock-api-test-'));
    return {
      config: { kind: 'pglite', dataDir: path.join(dir, 'pglite') },
      drop: () => rm(dir, { recursive: true, force: true }),
    };
  }
  const schema = `${SCHEMA_PREFIX}${process.pid}_${randomBytes(4).toString('hex')}`;
  await dropStaleSchemas();
  return {
    // openDatabase creates the schema and binds the pool's search_path to it.
    config: { kind: 'postgres', url: PG_TEST_URL, schema },
    drop: async () => {
      const client = new pg.Client({ connectionString: PG_TEST_URL });
      await client.connect();
      try {
        await client.query(`drop schema if exists "${schema}" cascade`);
      } finally {
        await client.end();
      }
    },
  };
}
