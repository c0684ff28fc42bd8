import { createHash } from 'node:crypto';
import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';

/**
 * Each connection keeps at most this many prepared statements; past it, queries run unprepared.
 * Kysely builds statements from a small fixed set of shapes, but a variable-length `in (…)` list
 * makes a new text each time, and server-side statements live as long as the connection.
 */
const MAX_PREPARED_PER_CONNECTION = 500;

/** Names already worked out, by statement text: a hash per query was a few µs of every request. */
const namesByText = new Map<string, string>();
/** One-off texts (a long `in (…)` list) must not pile up: past this many the names start over. */
const MAX_REMEMBERED_NAMES = 2000;

/** The server-side name of a statement: stable for the same text, so every connection agrees. */
export function preparedStatementName(text: string): string {
  let name = namesByText.get(text);
  if (name === undefined) {
    name = `k_${createHash('sha1').update(text).digest('base64url').slice(0, 24)}`;
    if (namesByText.size >= MAX_REMEMBERED_NAMES) namesByText.clear();
    namesByText.set(text, name);
  }
  return name;
}

/**
 * Wraps a pg pool so Kysely's parameterised queries run as named prepared statements. PostgreSQL then
 * parses a statement once per connection and reuses its plan, which halves the database's work per
 * request on the hot list queries (measured with the farm-list bench). Statements without parameters
 * (DDL, `begin`, `commit`) stay plain.
 */
export function preparingPool(pool: pg.Pool, { maxPerConnection = MAX_PREPARED_PER_CONNECTION } = {}): PostgresPool {
  const preparedByClient = new WeakMap<pg.PoolClient, Set<string>>();
  return {
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect();
      let prepared = preparedByClient.get(client);
      if (!prepared) {
        prepared = new Set();
        preparedByClient.set(client, prepared);
      }
      const names = prepared;
      function query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
      function query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
      function query<R>(
        sqlOrCursor: string | PostgresCursor<R>,
        parameters?: ReadonlyArray<unknown>,
      ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
        if (typeof sqlOrCursor !== 'string')
          return client.query(sqlOrCursor as unknown as pg.Submittable) as unknown as PostgresCursor<R>;
        const values = [...(parameters ?? [])];
        if (values.length === 0) return client.query(sqlOrCursor) as unknown as Promise<PostgresQueryResult<R>>;
        const name = preparedStatementName(sqlOrCursor);
        if (!names.has(name)) {
          if (names.size >= maxPerConnection)
            return client.query(sqlOrCursor, values) as unknown as Promise<PostgresQueryResult<R>>;
          names.add(name);
        }
        return client.query({ name, text: sqlOrCursor, values }) as unknown as Promise<PostgresQueryResult<R>>;
      }
      return { query, release: () => client.release() };
    },
    end: () => pool.end(),
  };
}
