import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { CompiledQuery, Kysely, PostgresDialect, SqliteDialect, SqliteDriver, type DatabaseConnection, type Driver } from 'kysely';
import pg from 'pg';
import type { DialectName } from './dialect.js';
import type { DB } from './schema.js';

const require = createRequire(import.meta.url);

export interface Database {
  db: Kysely<DB>;
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

function cachingDatabase(sqlite: BetterSqlite3.Database) {
  const cache = new Map<string, BetterSqlite3.Statement>();
  return {
    prepare(sql: string): BetterSqlite3.Statement {
      let statement = cache.get(sql);
      if (statement === undefined || statement.busy) {
        statement = sqlite.prepare(sql);
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

class TransdeskSqliteDialect extends SqliteDialect {
  private readonly cached: ReturnType<typeof cachingDatabase>;
  constructor(database: BetterSqlite3.Database) {
    const cached = cachingDatabase(database);
    super({ database: cached as never });
    this.cached = cached;
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver({ database: this.cached as never });
  }
}

/**
 * WAL checkpoints off the request path (issue 9). SQLite's automatic checkpoint runs inside the
 * commit that crosses 1 000 WAL pages, on the event loop: one write in thirty waited 6–8 ms for it.
 * A worker thread with its own connection runs a PASSIVE checkpoint (it never blocks readers or
 * writers) every CHECKPOINT_INTERVAL_MS instead. If the worker cannot start, the automatic
 * checkpoint stays on.
 */
const CHECKPOINT_INTERVAL_MS = 250;
const CHECKPOINTER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.path, { fileMustExist: true });
db.pragma('busy_timeout = 5000');
const checkpoint = () => { try { db.pragma('wal_checkpoint(PASSIVE)'); } catch {} };
const timer = setInterval(checkpoint, workerData.intervalMs);
parentPort.on('message', () => { clearInterval(timer); checkpoint(); db.close(); parentPort.postMessage('closed'); });
`;

function startCheckpointer(sqlite: BetterSqlite3.Database, path: string): { stop(): Promise<void> } | undefined {
  let worker: Worker;
  try {
    worker = new Worker(CHECKPOINTER_SOURCE, {
      eval: true,
      workerData: { path, driver: require.resolve('better-sqlite3'), intervalMs: CHECKPOINT_INTERVAL_MS },
    });
  } catch {
    return undefined;
  }
  sqlite.pragma('wal_autocheckpoint = 0');
  worker.unref();
  // Should the worker fail (it logs nothing), the connection checkpoints by itself again.
  worker.on('error', () => sqlite.open && sqlite.pragma('wal_autocheckpoint = 1000'));
  return {
    stop: () =>
      new Promise<void>((resolve) => {
        const done = () => void worker.terminate().then(() => resolve(), () => resolve());
        const timer = setTimeout(done, 2_000);
        worker.once('message', () => {
          clearTimeout(timer);
          done();
        });
        worker.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        worker.postMessage('stop');
      }),
  };
}

// COUNT(*) and other int8 results: numbers, not strings (they stay far below 2^53).
pg.types.setTypeParser(20, (value: string) => Number(value));

export interface DatabaseOptions {
  /** PostgreSQL schema to use (the test suite isolates each test file in its own schema). */
  pgSchema?: string;
  poolSize?: number;
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
    const checkpointer = path && path !== ':memory:' ? startCheckpointer(sqlite, path) : undefined;
    const db = new Kysely<DB>({ dialect: new TransdeskSqliteDialect(sqlite) });
    return {
      db,
      dialect: 'sqlite',
      sqlite,
      close: async () => {
        clearInterval(optimizer);
        await checkpointer?.stop();
        await db.destroy();
        // Kysely closes the connection only if it ever ran a query.
        if (sqlite.open) sqlite.close();
      },
    };
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
  });
  // An idle client's network error must not crash the process; the pool replaces the client.
  pool.on('error', () => {});
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: 'postgres', close: () => db.destroy() };
}
