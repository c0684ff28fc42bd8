import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { PG_TEST_URL } from '../test/backends';
import { preparedStatementName, preparingPool } from './prepared-pool';

/** The statements the server holds for the one connection these tests use. */
async function preparedOnServer(db: Kysely<unknown>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from pg_prepared_statements`.execute(db);
  return rows.map((row) => row.name);
}

// Prepared statements are a PostgreSQL server feature; PGlite has its own dialect and is not wrapped.
describe('preparingPool on PostgreSQL', () => {
  let pool: pg.Pool;
  afterEach(async () => {
    await pool.end().catch(() => undefined);
  });

  const connect = (maxPerConnection?: number) => {
    pool = new pg.Pool({ connectionString: PG_TEST_URL, max: 1 });
    return new Kysely<unknown>({ dialect: new PostgresDialect({ pool: preparingPool(pool, { maxPerConnection }) }) });
  };

  it('runs a parameterised query as a named statement the server keeps, with the same answers', async () => {
    const db = connect();
    const text = 'select $1::int + 1 as next';
    const first = await sql<{ next: number }>`select ${41}::int + 1 as next`.execute(db);
    const second = await sql<{ next: number }>`select ${1}::int + 1 as next`.execute(db);
    expect([first.rows[0]?.next, second.rows[0]?.next]).toEqual([42, 2]);
    expect(await preparedOnServer(db)).toContain(preparedStatementName(text));
  });

  it('leaves statements without parameters unprepared', async () => {
    const db = connect();
    await sql`select 1 as one`.execute(db);
    expect(await preparedOnServer(db)).toEqual([]);
  });

  it('stops preparing past the per-connection cap and still answers', async () => {
    const db = connect(2);
    const answers: Array<number | undefined> = [];
    for (const n of [1, 2, 3, 4])
      answers.push((await sql<{ n: number }>`select ${sql.lit(n)} as n where ${n}::int > 0`.execute(db)).rows[0]?.n);
    expect(answers).toEqual([1, 2, 3, 4]);
    expect(await preparedOnServer(db)).toHaveLength(2);
  });
});
