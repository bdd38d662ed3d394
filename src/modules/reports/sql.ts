/**
 * SQL pieces the reports share (docs/reports.md#performance): exact sums of decimal text on
 * SQLite, JSON amounts read in SQL, and a record's day. Each query of a report groups in SQL, so
 * that a report reads a few thousand groups, never 100 000 rows, into JavaScript.
 */
import { sql, type RawBuilder } from 'kysely';
import type { DialectName } from '../../core/db/dialect.js';
import { Dec } from '../../core/money.js';

/** SQLite's sums are whole numbers of millionths (10⁶): the most decimals a stored amount keeps. */
const MICRO = 1_000_000;

/**
 * A decimal text as a whole number of millionths on SQLite, read from its digits (SQLite's own
 * `sum()` of text would be a binary float): the sign, the digits before the point × 10⁶, plus the
 * first six after it. Stored decimals are plain (never an exponent).
 */
function microUnits(value: RawBuilder<unknown>): RawBuilder<number> {
  const digits = sql`ltrim(${value}, '-')`;
  const point = sql`instr(${digits}, '.')`;
  return sql<number>`(case when substr(${value}, 1, 1) = '-' then -1 else 1 end) * (
    cast(case when ${point} > 0 then substr(${digits}, 1, ${point} - 1) else ${digits} end as integer) * 1000000
    + cast(case when ${point} > 0 then substr(substr(${digits}, ${point} + 1) || '000000', 1, 6) else '0' end as integer))`;
}

/** The exact sum of a decimal expression, as text (read it back with `sumValue`). */
export function exactSum(dialect: DialectName, value: RawBuilder<unknown>): RawBuilder<string> {
  if (dialect === 'postgres') return sql<string>`cast(coalesce(sum(cast(${value} as numeric)), 0) as text)`;
  return sql<string>`cast(coalesce(sum(${microUnits(value)}), 0) as text)`;
}

/** A sum as `exactSum` answered it. */
export function sumValue(dialect: DialectName, text: string | number): Dec {
  return dialect === 'postgres' ? new Dec(text) : new Dec(text).div(MICRO);
}

/** The `total` of a stored JSON result (a job's estimation, an outsourcing's amounts): a decimal string. */
export function jsonTotal(dialect: DialectName, column: string): RawBuilder<string> {
  return dialect === 'postgres' ? sql<string>`(cast(${sql.ref(column)} as json) ->> 'total')` : sql<string>`json_extract(${sql.ref(column)}, '$.total')`;
}

/** The day (`YYYY-MM-DD`) of a stored date. */
export const dayOf = (column: RawBuilder<unknown>): RawBuilder<string> => sql<string>`substr(${column}, 1, 10)`;

/** A job's day (exchange-rates' `jobDay`, in SQL): its due date, else its creation day. */
export const jobDaySql = (alias: string): RawBuilder<string> => dayOf(sql`coalesce(${sql.ref(`${alias}.due_date`)}, ${sql.ref(`${alias}.created_at`)})`);
