import { sql } from 'kysely';
import type { TSchema } from '@sinclair/typebox';
import type { Ctx } from '../../core/context.js';
import { ApiError } from '../../core/errors.js';
import { yieldToEventLoop } from '../../core/event-loop.js';
import { markForm } from '../../core/form.js';
import { validatorCompiler } from '../../core/http/validation.js';
import { isFormula, type CsvFile } from './csv.js';

/**
 * One import, whatever the resource (docs/imports.md): the header is checked against the
 * resource's columns, then each row is turned into the resource's API input and written through
 * its module's service, in a savepoint of its own so that one bad row is reported and the next
 * rows still run. The caller's transaction decides what stays: nothing when any row failed or on
 * a dry run (routes.ts).
 */

export interface ColumnDef {
  name: string;
  required?: boolean;
  /** The API parameter the column feeds, when it differs from the name (errors naming it are mapped back). */
  param?: string;
}

/** A row's cells by column name; an empty cell is absent. */
export type Cells = Readonly<Record<string, string>>;

export interface RowOutcome {
  action: 'create' | 'update';
  id: string;
  /** What the row is about, for the answer: `name`, `fullName`, … */
  label?: string;
}

/** A cell that must not be written, with its column. */
export class CellError extends Error {
  constructor(
    readonly column: string,
    message: string,
  ) {
    super(message);
  }
}

/** One resource of `POST /v2/imports/…`: its columns and how a row is written. */
export interface ImportResource<State = unknown> {
  name: string;
  columns: readonly ColumnDef[];
  /** Column names that are a family (`match:…`): accepted by prefix. */
  columnPrefixes?: readonly string[];
  /** Per-import caches (names → ids), made once. */
  start(ctx: Ctx): State;
  /** The key that decides create or update, for duplicate detection inside the file (undefined: none). */
  keyOf(cells: Cells): string | undefined;
  write(ctx: Ctx, state: State, cells: Cells): Promise<RowOutcome>;
}

export interface RowError {
  row: number;
  column: string | null;
  message: string;
}

export interface ImportResult {
  rows: Array<{ row: number; action: 'create' | 'update'; id: string; label?: string }>;
  errors: RowError[];
}

const validators = new WeakMap<TSchema, (data: unknown) => { value?: unknown; error?: Error }>();

/** Validates an input built from cells with the API's own schema, coerced as a form body (cells are text). */
export function validateInput<T>(schema: TSchema, input: Record<string, unknown>): T {
  let validate = validators.get(schema);
  if (!validate) {
    validate = validatorCompiler({ schema, httpPart: 'body', method: 'POST', url: '' }) as (data: unknown) => { value?: unknown; error?: Error };
    validators.set(schema, validate);
  }
  const result = validate(markForm(structuredClone(input)));
  if (result.error) throw result.error;
  return result.value as T;
}

/** Header problems: missing required columns, unknown or repeated columns (the whole file is refused). */
export function checkHeader(resource: ImportResource, header: readonly string[]): void {
  const known = new Set(resource.columns.map((column) => column.name.toLowerCase()));
  const details: Array<{ param: string; message: string }> = [];
  const seen = new Set<string>();
  for (const name of header) {
    const lower = name.toLowerCase();
    if (seen.has(lower)) details.push({ param: name, message: 'is repeated' });
    seen.add(lower);
    if (!known.has(lower) && !(resource.columnPrefixes ?? []).some((prefix) => lower.startsWith(prefix))) {
      details.push({ param: name, message: `is not a column of ${resource.name} imports (docs/imports.md)` });
    }
  }
  const missing = resource.columns.filter((column) => column.required && !seen.has(column.name.toLowerCase())).map((column) => column.name);
  if (missing.length > 0) {
    throw new ApiError(
      'parameter_missing',
      `Missing required column${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}`,
      missing.map((name) => ({ param: name, message: 'is a required column' })),
    );
  }
  if (details.length > 0) throw new ApiError('parameter_unknown', `Unknown or repeated columns: ${details.map((d) => d.param).join(', ')}`, details);
}

/** The canonical column name of a header cell (case-insensitive), for the resource's code. */
function canonicalNames(resource: ImportResource, header: readonly string[]): string[] {
  const byLower = new Map(resource.columns.map((column) => [column.name.toLowerCase(), column.name]));
  return header.map((name) => byLower.get(name.toLowerCase()) ?? name);
}

/** The column an API error names: its `details` param mapped back through the columns' `param`. */
function columnOf(resource: ImportResource, error: ApiError): string | null {
  const param = error.details?.[0]?.param;
  if (param === undefined) return null;
  const root = param.replace(/\[.*$/, '');
  const column = resource.columns.find((c) => c.param === param || c.param === root || c.name === param || c.name === root);
  return column ? column.name : param;
}

/**
 * Rows written between two returns to the event loop: a slice takes some tens of milliseconds, so
 * that other requests are served during a large import (docs/imports.md#large-files).
 */
export const IMPORT_SLICE = 50;

/**
 * Runs every row in `ctx`'s transaction; answers what each row did and every error.
 *
 * Every IMPORT_SLICE rows it goes back to the event loop (core/event-loop.ts), still inside the
 * transaction, which yielding neither ends nor opens to others:
 * - SQLite: the transaction holds the writing connection (Kysely's driver lends it to one
 *   transaction at a time, core/db/group-commit.ts), so no other request's statement runs in it:
 *   other writes wait for its commit, as before, and never join it. Reads go to the reading
 *   connection (core/db/database.ts, `reader`), which sees the last commit and never these rows
 *   before theirs (WAL), and are served meanwhile; an in-memory database has no second connection,
 *   and its reads wait for the commit.
 * - PostgreSQL: the transaction is one client of the pool; others read the committed state.
 * So the import stays all or nothing, and a dry run still writes nothing (routes.ts rolls back).
 */
export async function runImport(ctx: Ctx, resource: ImportResource, file: CsvFile): Promise<ImportResult> {
  checkHeader(resource, file.header);
  const header = canonicalNames(resource, file.header);
  const state = resource.start(ctx);
  const result: ImportResult = { rows: [], errors: [] };
  const keys = new Map<string, number>();
  for (const [index, values] of file.rows.entries()) {
    if (index > 0 && index % IMPORT_SLICE === 0) await yieldToEventLoop();
    const row = index + 1;
    const cells: Record<string, string> = {};
    let formula = false;
    for (const [position, raw] of values.entries()) {
      const value = raw.trim();
      if (value === '') continue;
      if (isFormula(value)) {
        formula = true;
        result.errors.push({
          row,
          column: header[position]!,
          message: 'starts like a spreadsheet formula (=, @, + or - before text, or their fullwidth forms): not imported',
        });
      }
      cells[header[position]!] = value;
    }
    if (formula) continue;
    const key = resource.keyOf(cells);
    if (key !== undefined) {
      const first = keys.get(key);
      if (first !== undefined) {
        result.errors.push({ row, column: null, message: `names the same ${resource.name.replace(/s$/, '')} as row ${first}` });
        continue;
      }
      keys.set(key, row);
    }
    await sql`savepoint import_row`.execute(ctx.db);
    try {
      const outcome = await resource.write(ctx, state, cells);
      await sql`release savepoint import_row`.execute(ctx.db);
      result.rows.push({ row, ...outcome });
    } catch (error) {
      await sql`rollback to savepoint import_row`.execute(ctx.db);
      await sql`release savepoint import_row`.execute(ctx.db);
      if (error instanceof CellError) result.errors.push({ row, column: error.column, message: error.message });
      else if (error instanceof ApiError) {
        const column = columnOf(resource, error);
        const detail = error.details?.[0];
        result.errors.push({ row, column, message: detail && column !== null ? detail.message : error.message });
      } else throw error;
    }
  }
  return result;
}
