import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { PG_TEST_URL } from '../test/backends';
import { statementByShape } from './statements';
import type { Database } from './types';

/** A Kysely that only compiles: the statements sent, and rows the test chooses. */
function recordingDb() {
  const sent: Array<{ text: string; values: readonly unknown[] }> = [];
  const pool = {
    connect: async () => ({
      query: async (text: string, values: readonly unknown[]) => {
        sent.push({ text, values });
        return { rows: [], command: 'SELECT', rowCount: 0 };
      },
      release: () => undefined,
    }),
    end: async () => undefined,
  };
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: pool as unknown as pg.Pool }) });
  return { db, sent };
}

const numbers = statementByShape<{ dir: 'asc' | 'desc'; even: boolean }, { from: number; to: number }, { n: number }>(
  (shape, { from, to }) =>
    sql<{ n: number }>`select n from generate_series(${from}::int, ${to}::int) n
      where ${shape.even ? sql`n % ${2} = 0` : sql`true`}
      order by n ${shape.dir === 'asc' ? sql`asc` : sql`desc`}`,
);

describe('statementByShape', () => {
  it('sends the text a fresh build would, with each call its own values', async () => {
    const { db, sent } = recordingDb();
    await numbers(db, { dir: 'desc', even: true }, { from: 1, to: 9 });
    await numbers(db, { dir: 'desc', even: true }, { from: 20, to: 30 });
    const fresh = sql`select n from generate_series(${20}::int, ${30}::int) n
      where ${sql`n % ${2} = 0`}
      order by n ${sql`desc`}`.compile(db);
    expect(sent[1]).toEqual({ text: fresh.sql, values: fresh.parameters });
    // The first call's values are not kept in the text or the parameters of the next.
    expect(sent[0]?.values).toEqual([1, 9, 2]);
    expect(sent[1]?.values).toEqual([20, 30, 2]);
  });

  it('builds another text for another shape, and the same one whatever order the shape was written in', async () => {
    const { db, sent } = recordingDb();
    await numbers(db, { dir: 'asc', even: false }, { from: 1, to: 3 });
    await numbers(db, { even: false, dir: 'asc' }, { from: 1, to: 3 });
    await numbers(db, { dir: 'asc', even: true }, { from: 1, to: 3 });
    expect(sent[0]?.text).toBe(sent[1]?.text);
    expect(sent[2]?.text).not.toBe(sent[0]?.text);
    expect(sent[2]?.text).toContain('% $3 = 0');
  });

  it('answers from the database with each call’s values', async () => {
    const pool = new pg.Pool({ connectionString: PG_TEST_URL, max: 1 });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    try {
      const first = await numbers(db, { dir: 'desc', even: true }, { from: 1, to: 6 });
      const second = await numbers(db, { dir: 'desc', even: true }, { from: 10, to: 14 });
      const ascending = await numbers(db, { dir: 'asc', even: false }, { from: 1, to: 3 });
      expect(first.rows.map((row) => row.n)).toEqual([6, 4, 2]);
      expect(second.rows.map((row) => row.n)).toEqual([14, 12, 10]);
      expect(ascending.rows.map((row) => row.n)).toEqual([1, 2, 3]);
    } finally {
      await db.destroy();
    }
  });
});
