import { sql, type SelectQueryBuilder } from 'kysely';
import type { DB } from './db/schema.js';

/** DESIGN §6: one implementation of page, pageSize, sort, direction and the stable id tie-break. */
export interface PageRequest {
  page?: number;
  pageSize?: number;
  sort?: string;
  direction?: 'asc' | 'desc';
}

export interface Page<T> {
  items: T[];
  pageSize: number;
  page: number;
  totalPages: number;
  totalItems: number;
  hasNextPage: boolean;
  hasPreviousPage: boolean;
}

/**
 * Runs a filtered query as one page. `query` selects from `table` with the filters applied;
 * `sortColumns` maps each API sort key to a column of `table`. Answers the page of ids in order;
 * the caller loads the full objects (in one batch) for them.
 */
export async function paginateIds<T extends keyof DB & string>(
  query: SelectQueryBuilder<DB, T, object>,
  table: T,
  request: PageRequest,
  sortColumns: Record<string, string>,
): Promise<Page<string>> {
  const page = request.page ?? 1;
  const pageSize = request.pageSize ?? 20;
  const direction = request.direction ?? 'desc';
  const column = sortColumns[request.sort ?? 'createdAt'] ?? sortColumns.createdAt!;
  const countRow = await query
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  const totalItems = Number(countRow?.n ?? 0);
  const rows = (await query
    .clearSelect()
    .select(sql<string>`${sql.ref(`${table}.id`)}`.as('id'))
    .orderBy(sql.ref(`${table}.${column}`), direction)
    .orderBy(sql.ref(`${table}.id`), direction)
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute()) as Array<{ id: string }>;
  const totalPages = Math.ceil(totalItems / pageSize);
  return {
    items: rows.map((row) => row.id),
    pageSize,
    page,
    totalPages,
    totalItems,
    hasNextPage: page < totalPages,
    hasPreviousPage: page > 1,
  };
}

/** Replaces the ids of a page by the loaded objects, keeping the order. */
export async function withItems<T>(page: Page<string>, load: (ids: string[]) => Promise<Map<string, T>>): Promise<Page<T>> {
  const loaded = page.items.length === 0 ? new Map<string, T>() : await load(page.items);
  return { ...page, items: page.items.map((id) => loaded.get(id)).filter((item): item is T => item !== undefined) };
}
