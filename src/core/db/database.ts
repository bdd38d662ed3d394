import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { CompiledQuery, Kysely, PostgresDialect, SqliteDialect, SqliteDriver, type DatabaseConnection, type Driver } from 'kysely';
import pg from 'pg';
import type { DialectName } from './dialect.js';
import type { DB } from './schema.js';

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

class TransdeskSqliteDialect extends SqliteDialect {
  constructor(private readonly database: BetterSqlite3.Database) {
    super({ database });
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver({ database: this.database });
  }
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
    const db = new Kysely<DB>({ dialect: new TransdeskSqliteDialect(sqlite) });
    return { db, dialect: 'sqlite', sqlite, close: () => db.destroy() };
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
