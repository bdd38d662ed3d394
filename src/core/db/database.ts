import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  SqliteAdapter,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type DialectAdapter,
  type Driver,
} from 'kysely';
import pg from 'pg';
import type { DialectName } from './dialect.js';
import { nameStatementsOf } from './pg-named-statements.js';
import { PipelinedPostgresDialect } from './pg-driver.js';
import { readLanes } from './pg-read-lanes.js';
import type { DB } from './schema.js';

export interface Database {
  db: Kysely<DB>;
  /**
   * Where requests read outside a transaction (app.readCtx, authentication, /health). SQLite in a
   * file: a second, read-only connection. In WAL mode it reads the last committed state whatever the
   * writing connection is doing, so a long write transaction (an import) holds no read, and a read
   * never sees a write before its commit. Elsewhere (PostgreSQL's pool, an in-memory SQLite
   * database, which a second connection cannot open): `db` itself.
   */
  reader: Kysely<DB>;
  dialect: DialectName;
  /** The raw better-sqlite3 handle on SQLite (integrity checks, tests). */
  sqlite?: BetterSqlite3.Database;
  close(): Promise<void>;
}

/** Write transactions take the write lock at BEGIN, so another process never makes them fail mid-way. */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

/**
 * Kysely prepares every query anew; preparing is the largest per-request cost on SQLite. Queries
 * are built from a small set of shapes, so their prepared statements are cached by SQL text
 * (bounded; SQLite re-prepares a cached statement itself after a schema change). Streaming reads,
 * which keep a statement busy, get a fresh statement.
 */
const STATEMENT_CACHE_SIZE = 2000;

/**
 * The end of the SQL of a read whose rows better-sqlite3 hands over as arrays, made objects here
 * (prepared.ts, `rowsAsArrays`): a comment, so the SQL runs the same on every database.
 * better-sqlite3 builds an object per row by setting its columns one by one; an array per row and
 * one object literal of the statement's columns (a function made once per statement) is the same
 * object at a third to a half of the cost (measured on 500 jobs with their names: 7.6 ms against
 * 4.4 ms; their 4 000 match lines: 8.5 ms against 5.1 ms). For the reads of many rows of many columns.
 */
export const ARRAY_ROWS_MARK = ' /* rows as arrays */';

/** What is run of a cached statement: by Kysely's connection (all, run, iterate) and by prepared.ts (all, run). */
export type CachedStatement = Pick<BetterSqlite3.Statement, 'reader' | 'busy' | 'all' | 'run' | 'iterate'>;

/** A read prepared in raw mode (rows as arrays) whose all() and iterate() answer the rows as objects, as a statement in the default mode does. */
function arrayRowsStatement(statement: BetterSqlite3.Statement): CachedStatement {
  statement.raw(true);
  const names = statement.columns().map((column) => column.name);
  // A column named so would set the object's prototype in a literal: such a read is left in the default mode.
  if (names.includes('__proto__')) return statement.raw(false);
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- one object literal of the statement's own column names (JSON-quoted), made once per statement.
  const toObject = new Function('row', `return { ${names.map((name, index) => `${JSON.stringify(name)}: row[${index}]`).join(', ')} };`) as (
    row: unknown[],
  ) => unknown;
  return {
    reader: true,
    get busy() {
      return statement.busy;
    },
    all: (...params: unknown[]) => (statement.all(...params) as unknown[][]).map(toObject),
    run: statement.run.bind(statement),
    iterate: function* (...params: unknown[]) {
      for (const row of statement.iterate(...params) as IterableIterator<unknown[]>) yield toObject(row);
    } as BetterSqlite3.Statement['iterate'],
  };
}

function cachingDatabase(sqlite: BetterSqlite3.Database) {
  const cache = new Map<string, CachedStatement>();
  return {
    prepare(sql: string): CachedStatement {
      let statement = cache.get(sql);
      if (statement === undefined || statement.busy) {
        const prepared = sqlite.prepare(sql);
        statement = prepared.reader && sql.endsWith(ARRAY_ROWS_MARK) ? arrayRowsStatement(prepared) : prepared;
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
        cache.set(sql, statement);
      }
      return statement;
    },
    close(): void {
      cache.clear();
      sqlite.close();
    },
  };
}

/**
 * SQLite rolls DDL back like any other statement, but Kysely's adapter says it does not, so its
 * migrator would run each migration outside a transaction: a process killed mid-migration left a
 * half-made schema (a table created, the migration not recorded) that no later start could finish.
 * Saying so runs all pending migrations in one (immediate) transaction, as on PostgreSQL.
 */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

/**
 * The statements of each SQLite dialect's connection, by the dialect's adapter (shared by its
 * Kysely instance and every transaction of it): prepared queries run inside a transaction go to
 * them directly (prepared.ts).
 */
const connections = new WeakMap<DialectAdapter, ReturnType<typeof cachingDatabase>>();

/**
 * SQLite, inside a transaction: the connection the transaction holds, to run a statement on
 * directly. There is one connection, and a transaction holds it until it ends: nothing else can
 * run on it meanwhile. Undefined elsewhere (then the statement goes through Kysely).
 */
export function transactionConnection(db: {
  isTransaction: boolean;
  getExecutor(): { adapter: DialectAdapter };
}): { prepare(sql: string): CachedStatement } | undefined {
  return db.isTransaction ? connections.get(db.getExecutor().adapter) : undefined;
}

class TransdeskSqliteDialect extends SqliteDialect {
  private readonly cached: ReturnType<typeof cachingDatabase>;
  constructor(database: BetterSqlite3.Database) {
    const cached = cachingDatabase(database);
    super({ database: cached });
    this.cached = cached;
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver({ database: this.cached });
  }
  override createAdapter(): DialectAdapter {
    const adapter = new TransactionalDdlSqliteAdapter();
    connections.set(adapter, this.cached);
    return adapter;
  }
}

// COUNT(*) and other int8 results: numbers, not strings (they stay far below 2^53).
pg.types.setTypeParser(20, (value: string) => Number(value));

export interface DatabaseOptions {
  /** PostgreSQL schema to use (the test suite isolates each test file in its own schema). */
  pgSchema?: string;
  poolSize?: number;
  /**
   * PostgreSQL: `transaction` when the URL leads to a connection pooler in transaction pooling
   * mode (PgBouncer before 1.21): each transaction may run on another server connection, so
   * nothing may outlive one — no named prepared statements (pg-named-statements.ts) nor session
   * settings (docs/operations.md#behind-a-connection-pooler-pgbouncer).
   */
  pooler?: 'none' | 'transaction';
  /**
   * PostgreSQL, not behind a pooler: the pipelined connections the hot reads share
   * (pg-read-lanes.ts), besides the pool; 0 sends them through the pool like every query. Default 2.
   */
  readLanes?: number;
}

export function openDatabase(url: string, options: DatabaseOptions = {}): Database {
  if (url.startsWith('sqlite:')) {
    const path = url.slice('sqlite:'.length);
    if (path !== ':memory:' && path !== '') mkdirSync(dirname(path), { recursive: true });
    const sqlite = new BetterSqlite3(path || ':memory:');
    sqlite.pragma('journal_mode = WAL');
    // NORMAL in WAL mode keeps every commit across a process crash (kill -9); only a power loss
    // can take the last transactions back.
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    // Query plans need table statistics: without them SQLite may walk an account-wide index
    // instead of the primary key. `optimize` gathers them where useful, at open and then hourly.
    sqlite.pragma('optimize = 0x10002');
    const optimizer = setInterval(() => {
      if (sqlite.open) sqlite.pragma('optimize');
    }, 3_600_000);
    optimizer.unref();
    const db = new Kysely<DB>({ dialect: new TransdeskSqliteDialect(sqlite) });
    const inFile = path !== ':memory:' && path !== '';
    // Opened after the writer set WAL mode; read-only, so that a write sent to it by mistake fails at once.
    const reading = inFile ? new BetterSqlite3(path, { readonly: true }) : undefined;
    reading?.pragma('busy_timeout = 5000');
    const reader = reading ? new Kysely<DB>({ dialect: new TransdeskSqliteDialect(reading) }) : db;
    return {
      db,
      reader,
      dialect: 'sqlite',
      sqlite,
      close: async () => {
        clearInterval(optimizer);
        if (reading) {
          await reader.destroy();
          if (reading.open) reading.close();
        }
        await db.destroy();
        // Kysely closes the connection only if it ever ran a query.
        if (sqlite.open) sqlite.close();
      },
    };
  }
  const pooled = options.pooler === 'transaction';
  if (pooled && options.pgSchema) throw new Error('A schema is a session setting: it cannot be chosen behind a transaction pooler');
  const connection = { connectionString: url, ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}) };
  // Pipelined clients (pg-driver.ts), except behind a pooler: PgBouncer 1.18 relays one query at a time.
  const pool = new pg.Pool({ ...connection, max: options.poolSize ?? 10, ...(pooled ? {} : { pipeline: true }) });
  // An idle client's network error must not crash the process; the pool replaces the client.
  pool.on('error', () => {});
  // A named statement lives in one server connection's session; behind a transaction pooler the next
  // execution may reach another one, which has never seen the name.
  if (!pooled) nameStatementsOf(pool);
  // Read lanes carry named reads only, so behind a pooler they would stay unused: not made.
  const laneCount = options.readLanes ?? 2;
  const dialect = pooled ? new PostgresDialect({ pool }) : new PipelinedPostgresDialect(pool, laneCount > 0 ? readLanes(laneCount, connection) : undefined);
  const db = new Kysely<DB>({ dialect });
  return { db, reader: db, dialect: 'postgres', close: () => db.destroy() };
}
