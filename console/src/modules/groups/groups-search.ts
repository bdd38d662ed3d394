import type { Query } from '../../shared/api/client';
import { isStatusCode, type StatusCode } from './group-status';
import { pageOf, pageSizeOf, searchTextOf } from '../../shared/list-page/list-search';

/**
 * The groups list's view in the address (`/groups?q=…&status=[2,3]&client=…&sort=name&direction=asc&page=2`),
 * so that a view can be bookmarked and shared. Anything unreadable in it is dropped, never an error.
 */
export const GROUP_SORTS = ['createdAt', 'updatedAt', 'name', 'dueDate', 'status'] as const;
export type GroupSort = (typeof GROUP_SORTS)[number];
export type Direction = 'asc' | 'desc';
export const PAGE_SIZES = [20, 50, 100] as const;

export interface GroupsSearch {
  q?: string;
  status?: StatusCode[];
  client?: string;
  sort?: GroupSort;
  direction?: Direction;
  page?: number;
  pageSize?: number;
}

/** The API's defaults (docs/groups.md#listing): newest first, 20 a page. */
export const DEFAULT_SORT: GroupSort = 'createdAt';
export const DEFAULT_DIRECTION: Direction = 'desc';
export const DEFAULT_PAGE_SIZE = 20;

const ID = /^[0-9a-f]{24}$/i;

function statuses(value: unknown): StatusCode[] | undefined {
  // An array ([2,3], the router's way), a list written by hand ("2,3") or one value (2).
  const items: unknown[] = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [value];
  const codes = [...new Set(items.map((item) => (typeof item === 'string' ? Number(item) : item)).filter(isStatusCode))].sort();
  return codes.length > 0 ? codes : undefined;
}

/** `validateSearch` of the groups list: the parameters it understands, in their types. */
export function parseGroupsSearch(raw: Record<string, unknown>): GroupsSearch {
  const search: GroupsSearch = {};
  const q = searchTextOf(raw.q);
  if (q !== undefined) search.q = q;
  const status = statuses(raw.status);
  if (status) search.status = status;
  const client = typeof raw.client === 'number' ? String(raw.client) : raw.client;
  if (typeof client === 'string' && ID.test(client)) search.client = client;
  if (typeof raw.sort === 'string' && (GROUP_SORTS as readonly string[]).includes(raw.sort)) search.sort = raw.sort as GroupSort;
  if (raw.direction === 'asc' || raw.direction === 'desc') search.direction = raw.direction;
  const page = pageOf(raw.page);
  if (page !== undefined) search.page = page;
  const pageSize = pageSizeOf(raw.pageSize, PAGE_SIZES, DEFAULT_PAGE_SIZE);
  if (pageSize !== undefined) search.pageSize = pageSize;
  return search;
}

/** The GET /v2/groups parameters of a view. */
export function groupsApiQuery(search: GroupsSearch): Query<'listGroups'> {
  return {
    q: search.q,
    status: search.status,
    client: search.client ? [search.client] : undefined,
    sort: search.sort ?? DEFAULT_SORT,
    direction: search.direction ?? DEFAULT_DIRECTION,
    page: search.page ?? 1,
    pageSize: search.pageSize ?? DEFAULT_PAGE_SIZE,
  };
}

/**
 * The view after a click on a column's heading: the same column turns its direction round;
 * another column starts ascending (names A→Z, earliest due date first). Back to the first page.
 */
export function toggleSort(search: GroupsSearch, sort: GroupSort): GroupsSearch {
  const current = search.sort ?? DEFAULT_SORT;
  const direction = current === sort ? ((search.direction ?? DEFAULT_DIRECTION) === 'asc' ? 'desc' : 'asc') : 'asc';
  return { ...search, sort, direction, page: undefined };
}

/** A filter changed: the same view from its first page. */
export function withFilter(search: GroupsSearch, change: Partial<GroupsSearch>): GroupsSearch {
  return parseGroupsSearch({ ...search, ...change, page: undefined });
}
