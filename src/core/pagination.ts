import { sql, type SelectQueryBuilder } from 'kysely';
import type { Ctx } from './context.js';
import type { DB } from './db/schema.js';

/** Listings (docs/reference.md#listings): one implementation of page, pageSize, sort, direction and the stable id tie-break. */
export interface PageRequest {
  page?: number;
  pageSize?: number;
  sort?: string;
  direction?: 'asc' | 'desc';
  /**
   * A walk through every row (the CSV export, core/http/csv-export.ts) instead of a numbered page:
   * the next `pageSize` rows after the cursor, found by their position in the order (keyset), not
   * by an offset, and not counted. Never a query parameter: the export sets it.
   */
  walk?: { after: PageCursor | null };
}

/** Where a walk stopped: the last row's sort value (null: in the rows without one) and id. */
export interface PageCursor {
  value: string | number | null;
  id: string;
}

export interface Page<T> {
  items: T[];
  pageSize: number;
  page: number;
  totalPages: number;
  totalItems: number;
  hasNextPage: boolean;
  hasPreviousPage: boolean;
  /** A walk (PageRequest.walk): where the next walk step starts; null when this one reached the end. */
  next?: PageCursor | null;
}

/**
 * Runs a filtered query as one page. `query` selects from `table` with the filters applied;
 * `sortColumns` maps each API sort key to a column of `table`. Answers the page of ids in order;
 * the caller loads the full objects (in one batch) for them.
 *
 * `total`, when given, answers the number of rows without counting (an unfiltered listing whose
 * table keeps a row count). Pages in the second half are read from the other end of the index
 * (reversed order, smaller offset), so the last page costs what the first does.
 */
export async function paginateIds<T extends keyof DB>(
  query: SelectQueryBuilder<DB, T, object>,
  table: T,
  request: PageRequest,
  sortColumns: Record<string, string>,
  total?: () => Promise<number>,
): Promise<Page<string>> {
  const page = request.page ?? 1;
  const pageSize = request.pageSize ?? 20;
  const direction = request.direction ?? 'desc';
  const column = sortColumns[request.sort ?? 'createdAt'] ?? sortColumns.createdAt!;
  if (request.walk) return walkStep(query, table, column, direction, pageSize, request.walk.after);
  const totalItems = total
    ? await total()
    : Number(
        (
          await query
            .clearSelect()
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirst()
        )?.n ?? 0,
      );
  const range = pageRange(page, pageSize, totalItems);
  let ids: string[] = [];
  if (range.limit > 0) {
    const order = range.reversed ? (direction === 'desc' ? 'asc' : 'desc') : direction;
    const rows = (await query
      .clearSelect()
      .select(sql<string>`${sql.ref(`${table}.id`)}`.as('id'))
      .orderBy(sql.ref(`${table}.${column}`), order)
      .orderBy(sql.ref(`${table}.id`), order)
      .limit(range.limit)
      .offset(range.offset)
      .execute()) as Array<{ id: string }>;
    ids = rows.map((row) => row.id);
    if (range.reversed) ids.reverse();
  }
  const totalPages = Math.ceil(totalItems / pageSize);
  return {
    items: ids,
    pageSize,
    page,
    totalPages,
    totalItems,
    hasNextPage: page < totalPages,
    hasPreviousPage: page > 1,
  };
}

type Bound = PageCursor | null;

/**
 * One step of a walk through every row in the listing's order (sort column, then id, in the
 * direction asked), starting after `after`: `col > v OR (col = v AND id > i)` (`<` when
 * descending), written with the range `col >= v` first so that the index of the order serves it.
 * Each step costs the same wherever it is (no offset). Rows without a sort value (a draft's
 * `issueDate`) come after all the others in either direction, by id: SQL compares nothing with
 * null, and the two databases place nulls differently, so the walk reads them as a segment of
 * their own (`col IS NULL`, an index look-up that finds nothing for a column never null).
 */
async function walkStep<T extends keyof DB>(
  query: SelectQueryBuilder<DB, T, object>,
  table: T,
  column: string,
  direction: 'asc' | 'desc',
  limit: number,
  after: Bound,
): Promise<Page<string>> {
  const col = sql.ref(`${table}.${column}`);
  const id = sql.ref(`${table}.id`);
  const [strict, loose] = direction === 'asc' ? (['>', '>='] as const) : (['<', '<='] as const);
  const read = async (filtered: SelectQueryBuilder<DB, T, object>, count: number, nulls: boolean) =>
    (await filtered
      .clearSelect()
      .select([sql<string>`${id}`.as('id'), sql<string | number | null>`${col}`.as('sort_value')])
      .$call((q) => (nulls ? q : q.orderBy(col, direction)))
      .orderBy(id, direction)
      .limit(count)
      .execute()) as Array<{ id: string; sort_value: string | number | null }>;
  let rows: Array<{ id: string; sort_value: string | number | null }> = [];
  if (after === null || after.value !== null) {
    const valued =
      after === null
        ? query.where(sql<boolean>`${col} is not null`)
        : query.where(
            sql<boolean>`${col} ${sql.raw(loose)} ${after.value} and (${col} ${sql.raw(strict)} ${after.value} or ${id} ${sql.raw(strict)} ${after.id})`,
          );
    rows = await read(valued, limit, false);
  }
  if (rows.length < limit) {
    const last = after?.value === null ? after.id : undefined;
    const empty = query.where(sql<boolean>`${col} is null`);
    const nulls = last === undefined ? empty : empty.where(sql<boolean>`${id} ${sql.raw(strict)} ${last}`);
    rows = rows.concat(await read(nulls, limit - rows.length, true));
  }
  const end = rows[rows.length - 1];
  return {
    items: rows.map((row) => row.id),
    pageSize: limit,
    page: 1,
    totalPages: 1,
    totalItems: rows.length,
    hasNextPage: rows.length === limit,
    hasPreviousPage: false,
    next: rows.length === limit && end ? { value: end.sort_value, id: end.id } : null,
  };
}

/**
 * Which rows of the sorted set a page holds: `offset` and `limit` in the requested order, or, for
 * a page past the middle, in the reversed order (then the rows read are reversed back).
 */
export function pageRange(page: number, pageSize: number, totalItems: number): { offset: number; limit: number; reversed: boolean } {
  const start = (page - 1) * pageSize;
  const end = Math.min(start + pageSize, totalItems);
  if (start >= totalItems) return { offset: start, limit: 0, reversed: false };
  if (start <= totalItems - end) return { offset: start, limit: end - start, reversed: false };
  return { offset: totalItems - end, limit: end - start, reversed: true };
}

/** Replaces the ids of a page by the loaded objects, keeping the order. */
export async function withItems<T>(page: Page<string>, load: (ids: string[]) => Promise<Map<string, T>>): Promise<Page<T>> {
  const loaded = page.items.length === 0 ? new Map<string, T>() : await load(page.items);
  return { ...page, items: page.items.map((id) => loaded.get(id)).filter((item): item is T => item !== undefined) };
}

const COMMA = Buffer.from(',');

/** The JSON of a page whose items are JSON already (UTF-8), in the order of the `Paginated` schema. */
export function pageJson(page: Page<Buffer>): Buffer {
  const parts: Buffer[] = [Buffer.from('{"items":[')];
  page.items.forEach((item, index) => {
    if (index > 0) parts.push(COMMA);
    parts.push(item);
  });
  parts.push(
    Buffer.from(
      `],"pageSize":${page.pageSize},"page":${page.page},"totalPages":${page.totalPages},` +
        `"totalItems":${page.totalItems},"hasNextPage":${page.hasNextPage},"hasPreviousPage":${page.hasPreviousPage}}`,
    ),
  );
  return Buffer.concat(parts);
}

/** The account's number of rows of a table whose count triggers keep (migration 0012). */
export async function rowCount(ctx: Ctx, table: 'jobs'): Promise<number> {
  const row = await ctx.db.selectFrom('row_counts').select('count').where('account_id', '=', ctx.accountId).where('table_name', '=', table).executeTakeFirst();
  return Number(row?.count ?? 0);
}
