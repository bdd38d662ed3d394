import { CompiledQuery, PostgresDialect, type DatabaseConnection, type Driver, type QueryExecutor, type QueryResult, type TransactionSettings } from 'kysely';
import type pg from 'pg';
import { isLaneRead, type ReadLanes } from './pg-read-lanes.js';
import { corkForTurn } from './pg-turns.js';

/**
 * PostgreSQL: Kysely's driver, made for pipelining (docs/performance.md#pipelined-reads-on-postgresql).
 * A connection that Kysely acquires is a stand-in: it sends registered reads to the read lanes
 * (pg-read-lanes.ts) and takes a pooled client at its first other query — a `begin`, a write, an
 * unregistered text — keeping it until it is released, so a transaction stays on one connection.
 * The pooled clients are pipelined too, and the prepared queries of a transaction are given to its
 * client directly (prepared.ts, `pgTransactionConnection`), so the independent reads of a write —
 * a job's parts before it is answered — leave in one write instead of one round trip each.
 */
export class PipelinedConnection implements DatabaseConnection {
  private pinned: pg.PoolClient | undefined;
  private pinning: Promise<pg.PoolClient> | undefined;

  constructor(
    private readonly pool: pg.Pool,
    private readonly lanes: ReadLanes | undefined,
  ) {}

  /** Runs a query and answers node-postgres's result: on a lane when it may, else on this connection's pooled client. */
  async query(sql: string, values: readonly unknown[]): Promise<pg.QueryResult> {
    if (!this.pinned && this.lanes && isLaneRead(sql)) return this.lanes.query(sql, values);
    const client = this.pinned ?? (await this.pin());
    corkForTurn(client);
    return client.query(sql, [...values]);
  }

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const { command, rowCount, rows } = await this.query(compiled.sql, compiled.parameters);
    const changed = command === 'INSERT' || command === 'UPDATE' || command === 'DELETE' || command === 'MERGE';
    return { rows: (rows ?? []) as R[], ...(changed ? { numAffectedRows: BigInt(rowCount ?? 0) } : {}) };
  }

  // eslint-disable-next-line require-yield -- Kysely's interface; nothing here streams (no cursor is configured)
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming is not configured on PostgreSQL');
  }

  private pin(): Promise<pg.PoolClient> {
    this.pinning ??= this.pool.connect().then((client) => (this.pinned = client));
    return this.pinning;
  }

  release(): void {
    this.pinned?.release();
    this.pinned = undefined;
    this.pinning = undefined;
  }
}

class PipelinedDriver implements Driver {
  constructor(
    private readonly pool: pg.Pool,
    private readonly lanes: ReadLanes | undefined,
  ) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new PipelinedConnection(this.pool, this.lanes);
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    let text = settings.isolationLevel || settings.accessMode ? 'start transaction' : 'begin';
    if (settings.isolationLevel) text += ` isolation level ${settings.isolationLevel}`;
    if (settings.accessMode) text += ` ${settings.accessMode}`;
    await connection.executeQuery(CompiledQuery.raw(text));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    (connection as PipelinedConnection).release();
  }

  async destroy(): Promise<void> {
    await Promise.all([this.lanes?.end(), this.pool.end()]);
  }
}

/** The PostgreSQL dialect over a pool of pipelined clients and, when given, read lanes. */
export class PipelinedPostgresDialect extends PostgresDialect {
  constructor(
    private readonly pipelinedPool: pg.Pool,
    private readonly lanes: ReadLanes | undefined,
  ) {
    super({ pool: pipelinedPool });
  }

  override createDriver(): Driver {
    return new PipelinedDriver(this.pipelinedPool, this.lanes);
  }
}

/** The connection of each transaction asked about; null: not one of this driver's (behind a pooler). */
const held = new WeakMap<QueryExecutor, PipelinedConnection | null>();

/**
 * PostgreSQL, inside a transaction: the connection the transaction holds, to give a prepared query
 * to directly (not one after another through Kysely). Undefined elsewhere, or for another driver.
 */
export async function pgTransactionConnection(db: { isTransaction: boolean; getExecutor(): QueryExecutor }): Promise<PipelinedConnection | undefined> {
  if (!db.isTransaction) return undefined;
  const executor = db.getExecutor();
  const known = held.get(executor);
  if (known !== undefined) return known ?? undefined;
  // Kysely hands the transaction's connection to one consumer at a time: asked once per transaction.
  const given = await executor.provideConnection(async (connection) => connection);
  const connection = given instanceof PipelinedConnection ? given : null;
  held.set(executor, connection);
  return connection ?? undefined;
}
