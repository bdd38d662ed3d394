import { sql, type ColumnDataType, type Expression, type Kysely, type RawBuilder, type SelectQueryBuilder, type Transaction } from 'kysely';
import type { DB } from './schema.js';

/** The small set of differences between SQLite and PostgreSQL that the query layer must know. */
export type DialectName = 'sqlite' | 'postgres';

export type Db = Kysely<DB>;
export type Tx = Transaction<DB>;
/** Anything queries can run on: the pool or an open transaction. */
export type Executor = Kysely<DB> | Transaction<DB>;

/** Column types chosen per dialect so that values come back the same way on both. */
export function columnTypes(dialect: DialectName) {
  return {
    /** Exact decimals come back as strings: `numeric` on PostgreSQL, text on SQLite (never REAL). */
    decimal: (dialect === 'postgres' ? 'numeric' : 'text') as ColumnDataType,
    /** Booleans are 0/1 integers on both, because better-sqlite3 cannot bind JS booleans. */
    bool: 'integer' as ColumnDataType,
    bigint: (dialect === 'postgres' ? 'bigint' : 'integer') as ColumnDataType,
    blob: (dialect === 'postgres' ? 'bytea' : 'blob') as ColumnDataType,
  };
}

export const bool = (value: boolean): number => (value ? 1 : 0);
export const isTrue = (value: number | boolean | null | undefined): boolean => value === 1 || value === true;

/** `FOR UPDATE` on PostgreSQL; SQLite serialises write transactions already. */
export function forUpdate<QB extends SelectQueryBuilder<DB, keyof DB, object>>(qb: QB, dialect: DialectName): QB {
  return dialect === 'postgres' ? (qb.forUpdate() as QB) : qb;
}

/**
 * The account filter of a look-up of jobs by a list of ids. Written as an expression so that
 * SQLite's planner looks the ids up by primary key: with a plain `account_id = ?` beside
 * `id in (…)` it walks an account-first index, or searches `jobs_group_of (id, account_id)` on
 * both columns, which costs 50–90 µs where the primary key costs 5 (measured on SQLite). The filter itself
 * stays in SQL.
 */
export const ofAccount = (column: string, accountId: string) => sql<boolean>`coalesce(${sql.ref(column)}, '') = ${accountId}`;

/** A case-insensitive substring pattern for LIKE over pre-lowercased search columns. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function likeEscaped(column: Expression<unknown>, pattern: string): RawBuilder<boolean> {
  return sql<boolean>`${column} like ${pattern} escape '\\'`;
}

/** True when a database error is a broken unique constraint (both drivers). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** True when a database error is a foreign key still pointing at a deleted row (both drivers). */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}
