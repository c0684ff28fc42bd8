import {
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type CompiledQuery,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
} from 'kysely';
import type { PgliteThread } from './pglite-thread';

/**
 * Kysely dialect for an embedded PGlite database: PostgreSQL's adapter, compiler and introspector
 * (so queries are the same SQL as on a real server) over PGlite's single connection, which lives in
 * a thread of its own (`PgliteThread`).
 *
 * PGlite has one session: a transaction holds it until it ends, and other queries wait their turn
 * instead of interleaving with it; outside transactions queries are sent at once (`SessionTurns`).
 */
export class PGliteDialect implements Dialect {
  constructor(private readonly client: PgliteThread) {}

  createAdapter(): DialectAdapter {
    return new PostgresAdapter();
  }

  createDriver(): Driver {
    return new PGliteDriver(this.client);
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }

  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }
}

const COUNTED_COMMANDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);

/**
 * Who may send statements to the one session: anyone while no transaction holds it; while one does,
 * only its connection, and the rest wait in arrival order.
 *
 * Statements outside a transaction are sent as soon as they are asked for: the database's thread runs
 * them in arrival order, each on its own, so it has the next one in hand as soon as it finishes one.
 * (Handing the session out one statement at a time left it idle for each round trip, while the api's
 * thread, busy with other requests, took the reply and sent the next: the farm-list bench's embedded
 * throughput was a third of what the thread can do.)
 */
class SessionTurns {
  private holder: PGliteConnection | null = null;
  private readonly waiting: Array<() => void> = [];

  /** Runs `send` now when `connection` may use the session, else in its turn; resolves with its result. */
  send<T>(connection: PGliteConnection, send: () => Promise<T>): Promise<T> {
    if (this.holder === connection || (this.holder === null && this.waiting.length === 0)) return send();
    return new Promise<T>((resolve, reject) => {
      this.waiting.push(() => send().then(resolve, reject));
    });
  }

  /** Resolves once `connection` holds the session: statements of others wait until `release`. */
  hold(connection: PGliteConnection): Promise<void> {
    if (this.holder === null && this.waiting.length === 0) {
      this.holder = connection;
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      this.waiting.push(() => {
        this.holder = connection;
        resolve();
      });
    });
  }

  /**
   * Gives the session up (a no-op unless `connection` holds it). What waited is sent in arrival
   * order, synchronously, up to the next transaction, which then holds the session: the thread gets
   * them in that order, so none of them runs inside that transaction.
   */
  release(connection: PGliteConnection): void {
    if (this.holder !== connection) return;
    this.holder = null;
    while (this.holder === null && this.waiting.length > 0) this.waiting.shift()?.();
  }
}

class PGliteConnection implements DatabaseConnection {
  /** Between its `begin` and the `commit` or `rollback` sent for it (a failed commit ends it too). */
  inTransaction = false;

  constructor(
    private readonly client: PgliteThread,
    private readonly turns: SessionTurns,
  ) {}

  executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    return this.turns.send(this, () => this.run<R>(compiledQuery.sql, compiledQuery.parameters));
  }

  /** Sends `sql` to the database's thread at once (the caller holds the session or needs no turn). */
  async run<R>(sql: string, parameters: readonly unknown[]): Promise<QueryResult<R>> {
    const result = await this.client.query<R>(sql, [...parameters]);
    const counted = result.command !== undefined && COUNTED_COMMANDS.has(result.command.toUpperCase());
    return {
      rows: result.rows,
      ...(counted ? { numAffectedRows: BigInt(result.affectedRows ?? 0) } : {}),
    };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite does not support streaming queries');
  }
}

class PGliteDriver implements Driver {
  private readonly turns = new SessionTurns();

  constructor(private readonly client: PgliteThread) {}

  async init(): Promise<void> {
    // The thread is started (and the database open) before the dialect is made.
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new PGliteConnection(this.client, this.turns);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    // A transaction that could not begin still holds its turn.
    this.turns.release(connection as PGliteConnection);
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const ours = connection as PGliteConnection;
    await this.turns.hold(ours);
    ours.inTransaction = true;
    try {
      await ours.run('begin', []);
    } catch (error) {
      ours.inTransaction = false;
      throw error;
    }
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await this.end(connection as PGliteConnection, 'commit');
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await this.end(connection as PGliteConnection, 'rollback');
  }

  /**
   * Sends the transaction's last statement, then gives the session up at once: what waited is sent
   * behind it, so it runs after the transaction has ended. A failed commit ends the transaction too,
   * so the rollback Kysely then asks for is not sent: it would land in whatever runs next.
   */
  private async end(connection: PGliteConnection, statement: 'commit' | 'rollback'): Promise<void> {
    if (!connection.inTransaction) return;
    connection.inTransaction = false;
    const ended = connection.run(statement, []);
    this.turns.release(connection);
    await ended;
  }

  async destroy(): Promise<void> {
    if (!this.client.closed) await this.client.close();
  }
}
