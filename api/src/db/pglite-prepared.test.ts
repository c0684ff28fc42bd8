import { PGlite } from '@electric-sql/pglite';
import { PglitePreparedStatements } from './pglite-prepared';

describe("PGlite's queries as prepared statements", () => {
  let client: PGlite;
  beforeAll(async () => {
    client = new PGlite();
    await client.exec(
      `create table things (id int primary key, name text not null, at timestamptz, tags text[], doc jsonb)`,
    );
  });
  afterAll(async () => {
    await client.close();
  });

  const stripped = ({ rows, fields, affectedRows, command }: Awaited<ReturnType<PGlite['query']>>) => ({
    rows,
    fields,
    affectedRows,
    command,
  });

  it('returns what PGlite returns, run after run, for every kind of value', async () => {
    const statements = new PglitePreparedStatements(client);
    const probe = `select $1::timestamptz as at, $2::date as day, $3::numeric(10, 2) as price, $4::int8 as big,
      $5::bytea as bytes, $6::jsonb as document, $7::int[] as numbers, $8::text as text, $9::bool as flag,
      $10::uuid as id, $11::float8 as ratio`;
    const runs = [
      [
        new Date('2026-03-04T05:06:07.891Z'),
        '2026-03-04',
        '12.50',
        9007199254740993n,
        new Uint8Array([0, 1, 254, 255]),
        { name: 'Paddock', ring: [[149.1, -35.2]], at: null },
        [1, 2, 3],
        "it's",
        true,
        '8f69a109-30e1-43e4-b670-9b8983d7d860',
        0.1,
      ],
      [null, null, null, null, null, null, null, null, false, null, null],
      ['2020-01-01T00:00:00Z', '1999-12-31', 3, 42, new Uint8Array([]), [1, 'two'], [], '', null, null, -1e-300],
    ];
    for (const params of runs) {
      expect(stripped(await statements.query(probe, params))).toEqual(stripped(await client.query(probe, params)));
    }
    expect(statements.size).toBe(1);
  });

  it('reports writes as PGlite does (command and rows affected) and keeps them', async () => {
    const statements = new PglitePreparedStatements(client);
    const insert = await statements.query(`insert into things (id, name, tags) values ($1, $2, $3), ($4, $5, $6)`, [
      1,
      'one',
      ['a', 'b'],
      2,
      'two',
      [],
    ]);
    expect(insert).toMatchObject({ command: 'INSERT', affectedRows: 2, rows: [] });
    const update = await statements.query(`update things set name = upper(name) where id > $1 returning id, name`, [0]);
    expect(update).toMatchObject({ command: 'UPDATE', affectedRows: 2 });
    expect(update.rows).toEqual(
      expect.arrayContaining([
        { id: 1, name: 'ONE' },
        { id: 2, name: 'TWO' },
      ]),
    );
    expect((await client.query(`select count(*)::int as n from things`)).rows).toEqual([{ n: 2 }]);
  });

  it("throws PostgreSQL's errors with their fields, and the session goes on", async () => {
    const statements = new PglitePreparedStatements(client);
    const insert = `insert into things (id, name) values ($1, $2)`;
    await statements.query(insert, [10, 'ten']);
    await expect(statements.query(insert, [10, 'again'])).rejects.toMatchObject({
      code: '23505',
      constraint: 'things_pkey',
      detail: 'Key (id)=(10) already exists.',
    });
    // A text that does not parse is not kept.
    await expect(statements.query(`select nonsense from $1`, [1])).rejects.toMatchObject({ code: '42601' });
    expect((await statements.query(`select name from things where id = $1`, [10])).rows).toEqual([{ name: 'ten' }]);
  });

  it('keeps a transaction (an error inside aborts it until rollback, as in PostgreSQL)', async () => {
    const statements = new PglitePreparedStatements(client);
    await statements.query('begin', []);
    await statements.query(`insert into things (id, name) values ($1, $2)`, [20, 'twenty']);
    await expect(statements.query(`select 1 / $1::int as boom`, [0])).rejects.toMatchObject({ code: '22012' });
    await expect(statements.query(`select name from things where id = $1`, [20])).rejects.toMatchObject({
      code: '25P02',
    });
    await statements.query('rollback', []);
    expect((await statements.query(`select name from things where id = $1`, [20])).rows).toEqual([]);
  });

  it("prepares a statement again when a table's columns change under it", async () => {
    const statements = new PglitePreparedStatements(client);
    await client.exec(`create table changing (id int primary key, a text)`);
    await client.query(`insert into changing values (1, 'a')`);
    const read = `select * from changing where id = $1`;
    expect((await statements.query(read, [1])).rows).toEqual([{ id: 1, a: 'a' }]);
    await client.exec(`alter table changing add column b text default 'b'`);
    expect((await statements.query(read, [1])).rows).toEqual([{ id: 1, a: 'a', b: 'b' }]);
  });

  it('keeps up to its limit, letting the least recently used statement go', async () => {
    const prepared = async () =>
      (await client.query<{ n: number }>(`select count(*)::int as n from pg_prepared_statements`)).rows[0]?.n ?? 0;
    const before = await prepared();
    const statements = new PglitePreparedStatements(client, 2);
    const count = async (n: number) => {
      const list = Array.from({ length: n }, (_, i) => `$${i + 1}`).join(', ');
      const ids = Array.from({ length: n }, (_, i) => i + 1);
      const { rows } = await statements.query(
        `select count(*)::int as n from (values (1), (2)) v (id) where id in (${list})`,
        ids,
      );
      return rows;
    };
    for (const n of [1, 2, 3, 4, 1, 4]) expect(await count(n)).toEqual([{ n: Math.min(n, 2) }]);
    expect(statements.size).toBe(2);
    // The ones let go are gone from the database too: it holds only the two kept.
    expect((await prepared()) - before).toBe(2);
  });
});
