import { PostgresAdapter, type Compilable, type CompiledQuery, type Kysely } from 'kysely';
import type { Executor } from './dialect.js';
import { ARRAY_ROWS_MARK, transactionConnection } from './database.js';
import { nameStatement } from './pg-named-statements.js';
import { pgTransactionConnection } from './pg-driver.js';
import type { DB } from './schema.js';

/**
 * Queries built once, run many times (docs/performance.md). Building a Kysely query (parsing references,
 * freezing nodes) and compiling it cost as much as running it on SQLite; the hot reads of every
 * request (the key, a job and its parts) are always the same few shapes. A prepared query is
 * built and compiled once per shape with placeholder values, then run with the real values in
 * their places.
 *
 * The build function must use its parameters only as values (in `where`, `limit`, …), never to
 * decide the query's shape, except through the length of an array parameter (`in (…)` lists):
 * the shape is keyed by those lengths.
 */
type Value = string | number | null;
export type PreparedParams = Record<string, Value | readonly Value[]>;

const MARK = '\u0000prepared\u0000';
/**
 * `select *`, `select "t".*`, `returning *`: refused in a prepared query. On PostgreSQL its named
 * statement would fail (SQLSTATE 0A000) once another process adds a column to the table
 * (columns.ts lists the columns instead; docs/operations.md#upgrades).
 */
const SELECTS_ALL = /(?:\bselect(?:\s+distinct)?|\breturning|,)\s*(?:"[^"]+"\.)?\*(?=\s|,|$)/i;
const MAX_SHAPES = 256;
/** The adapters of PostgreSQL databases seen (a set lookup per run instead of an instanceof). */
const postgresAdapters = new WeakSet<object>();

interface Plan {
  compiled: CompiledQuery;
  /** For each parameter of the compiled query: [name, index in the array or -1], or a constant. */
  slots: Array<{ name: string; index: number } | { constant: unknown }>;
}

export interface PreparedQuery<P extends PreparedParams, R> {
  (db: Executor, params: P): Promise<R[]>;
  /** The first row, or undefined. */
  first(db: Executor, params: P): Promise<R | undefined>;
}

export interface PreparedOptions {
  /**
   * SQLite: the rows are read as arrays and made objects by one literal of the columns
   * (database.ts, ARRAY_ROWS_MARK), the same objects at a fraction of better-sqlite3's cost per
   * row. For the reads of many rows of many columns (a page of jobs, their match lines).
   */
  rowsAsArrays?: boolean;
}

export function preparedQuery<P extends PreparedParams, R>(
  build: (db: Kysely<DB>, params: P) => Compilable<R>,
  { rowsAsArrays = false }: PreparedOptions = {},
): PreparedQuery<P, R> {
  const plans = new Map<string, Plan>();

  function plan(db: Executor, params: P): Plan {
    // The dialect's adapter is part of the shape: its compiler writes the SQL.
    let key = `${db.getExecutor().adapter.constructor.name} `;
    for (const name in params) {
      const value = params[name];
      key += Array.isArray(value) ? `${name}[${value.length}] ` : `${name} `;
    }
    const cached = plans.get(key);
    if (cached) return cached;
    const marked: Record<string, Value | Value[]> = {};
    for (const name in params) {
      const value = params[name];
      marked[name] = Array.isArray(value) ? value.map((_, i) => `${MARK}${name}\u0000${i}`) : `${MARK}${name}\u0000-1`;
    }
    const built = build(db, marked as P).compile();
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    if (postgres) postgresAdapters.add(db.getExecutor().adapter);
    const compiled = rowsAsArrays && !postgres ? { ...built, sql: built.sql + ARRAY_ROWS_MARK } : built;
    if (SELECTS_ALL.test(compiled.sql)) throw new Error(`A prepared query must list its columns, not select *: ${compiled.sql.slice(0, 200)}`);
    // PostgreSQL runs it as a named statement, planned once per connection (pg-named-statements.ts).
    if (postgres) nameStatement(compiled.sql);
    const slots = compiled.parameters.map((parameter) => {
      if (typeof parameter !== 'string' || !parameter.startsWith(MARK)) return { constant: parameter };
      const [name, index] = parameter.slice(MARK.length).split('\u0000') as [string, string];
      return { name, index: Number(index) };
    });
    if (plans.size >= MAX_SHAPES) plans.delete(plans.keys().next().value!);
    const made = { compiled, slots };
    plans.set(key, made);
    return made;
  }

  const run = (async (db: Executor, params: P): Promise<R[]> => {
    const { compiled, slots } = plan(db, params);
    const parameters = slots.map((slot) => {
      if ('constant' in slot) return slot.constant;
      const value = params[slot.name];
      return slot.index < 0 ? value : (value as readonly Value[])[slot.index];
    });
    // SQLite in a transaction: straight to the connection it holds, without Kysely's per-query
    // machinery (connection hand-over, result transformation; measured, writes 10–13 % faster).
    // It runs when called, before any Kysely query sent earlier and not yet awaited: writes are
    // always awaited in order (Promise.all gathers only reads).
    const connection = transactionConnection(db);
    if (connection) {
      const statement = connection.prepare(compiled.sql);
      if (statement.reader) return statement.all(parameters) as R[];
      statement.run(parameters);
      return [];
    }
    // PostgreSQL in a transaction: straight to its pipelined client, so that reads gathered by
    // Promise.all leave together instead of one after another through Kysely (pg-driver.ts).
    const pipelined = postgresAdapters.has(db.getExecutor().adapter) ? await pgTransactionConnection(db) : undefined;
    if (pipelined) return (await pipelined.query(compiled.sql, parameters)).rows as R[];
    const result = await db.executeQuery<R>({ ...compiled, parameters });
    return result.rows;
  }) as PreparedQuery<P, R>;
  run.first = async (db, params) => (await run(db, params))[0];
  return run;
}
