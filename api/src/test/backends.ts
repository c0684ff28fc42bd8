import { execFile, execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { cp, mkdtemp, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { ensureMigratedEmbeddedDatabase, type DatabaseConfig, type DatabaseKind } from '../db';

const execFileAsync = promisify(execFile);

export const PG_TEST_URL = process.env.PG_TEST_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

let probed: DatabaseKind[] | undefined;

/** Where the run's global setup leaves the probed backends for every test file ('pglite,postgres'). */
export const BACKENDS_ENV = 'PADDOCK_TEST_BACKENDS';

/**
 * The database backends this run tests against: PGlite always, PostgreSQL (PG_TEST_URL) when it
 * answers. With CI set an unreachable PostgreSQL fails the run instead of being skipped.
 * Synchronous (a child process probes the server) because `describe.each` needs the list up front.
 */
export function availableBackends(): DatabaseKind[] {
  if (probed) return probed;
  // Probed once for the whole run by the suite's global setup (global-setup.ts): each test file has
  // its own module registry, and a probe per file was a Node process start each time.
  const known = process.env[BACKENDS_ENV];
  if (known) {
    probed = known.split(',') as DatabaseKind[];
    return probed;
  }
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

/** The migrations' source, so a template made from older migrations is never used. */
function migrationsDigest(): string {
  // From the module's URL, not __dirname: the benches load this file as an ES module (under tsx).
  const folder = fileURLToPath(new URL('../db/migrations', import.meta.url));
  const hash = createHash('sha256');
  for (const name of readdirSync(folder).sort()) hash.update(name).update(readFileSync(path.join(folder, name)));
  return hash.digest('hex').slice(0, 16);
}

let template: Promise<string> | undefined;

/**
 * An embedded database migrated once per version of the migrations, on this machine, by the same
 * code the api runs (a process of its own that migrates and marks the folder). Each test database
 * starts as a copy of it: creating PGlite's cluster and running every migration took seconds for
 * each of the suite's databases. Made in a folder of its own and renamed into place, so test
 * processes running side by side never see half of one.
 */
function migratedTemplate(): Promise<string> {
  template ??= (async () => {
    const ready = path.join(tmpdir(), `paddock-api-test-template-${migrationsDigest()}`);
    if (await stat(ready).catch(() => null)) return ready;
    const making = await mkdtemp(path.join(tmpdir(), 'paddock-api-test-template-making-'));
    await ensureMigratedEmbeddedDatabase(path.join(making, 'pglite'));
    await rename(making, ready).catch(async (error: NodeJS.ErrnoException) => {
      // Another process made it first: theirs is as good.
      await rm(making, { recursive: true, force: true });
      if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error;
    });
    return ready;
  })();
  return template;
}

/**
 * Copies a folder with the system's `cp` where there is one: the template (about 1,200 files, 41 MB)
 * took Node's `fs.cp` 0.5 to 1.2 s against 0.07 s for GNU cp, for each of the suite's embedded databases.
 */
async function copyFolder(from: string, to: string): Promise<void> {
  try {
    await execFileAsync('cp', ['-R', from, to]);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    await cp(from, to, { recursive: true });
  }
}

export async function createTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const dir = await mkdtemp(path.join(tmpdir(), 'paddock-api-test-'));
    await copyFolder(path.join(await migratedTemplate(), 'pglite'), path.join(dir, 'pglite'));
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
