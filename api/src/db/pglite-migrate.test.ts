import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '.';
import { migrations } from './migrations';

const MARK_FILE = 'paddock-migrations';
const allNames = () => Object.keys(migrations).sort();

describe('an embedded database is created and migrated by a process of its own', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'paddock-pglite-migrate-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const ranMigrations = async (dataDir: string) => {
    const database = await openDatabase({ kind: 'pglite', dataDir });
    try {
      const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
        database.db,
      );
      return rows.map((row) => row.name);
    } finally {
      await database.close();
    }
  };

  it('creates a new folder with every migration, and marks it migrated', async () => {
    const dataDir = path.join(dir, 'new');
    expect(await ranMigrations(dataDir)).toEqual(allNames());
    expect((await readFile(path.join(dataDir, MARK_FILE), 'utf8')).trim().split('\n')).toEqual(allNames());
  });

  it('migrates again a folder marked by other code (an older version), and opens it with its data', async () => {
    const dataDir = path.join(dir, 'older');
    const first = await openDatabase({ kind: 'pglite', dataDir });
    await first.db.insertInto('accounts').values({ sub: 'migrate|kept' }).execute();
    await first.close();
    await writeFile(path.join(dataDir, MARK_FILE), `${allNames().slice(0, -1).join('\n')}\n`);

    expect(await ranMigrations(dataDir)).toEqual(allNames());
    expect((await readFile(path.join(dataDir, MARK_FILE), 'utf8')).trim().split('\n')).toEqual(allNames());
    const again = await openDatabase({ kind: 'pglite', dataDir });
    try {
      const accounts = await again.db.selectFrom('accounts').select('sub').execute();
      expect(accounts).toEqual([{ sub: 'migrate|kept' }]);
    } finally {
      await again.close();
    }
  });

  it('says why when the folder cannot hold a database', async () => {
    const notAFolder = path.join(dir, 'a-file');
    await writeFile(notAFolder, 'not a database');
    await expect(openDatabase({ kind: 'pglite', dataDir: path.join(notAFolder, 'db') })).rejects.toThrow(
      /^Could not open the embedded database in .*a-file\/db: ENOTDIR: not a directory/,
    );
  });
});
