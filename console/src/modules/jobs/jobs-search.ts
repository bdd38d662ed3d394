import type { Query } from '../../shared/api/client';
import { JOB_STATUSES } from '../../shared/formatting/job-status';
import { pageOf, pageSizeOf } from '../../shared/list-page/list-search';

/**
 * What the jobs page shows, as it is kept in the address (docs/console.md#the-jobs-page): every
 * filter, the search text, the order and the page, so that a view can be bookmarked and shared.
 * Absent means the default; lists are arrays (the router writes them as JSON).
 */
export interface JobsSearch {
  q?: string;
  status?: number[];
  client?: string[];
  /** Jobs with an outsourcing to any of these suppliers. */
  supplier?: string[];
  /** The job's user (the API's `user[]`), shown as the manager. */
  manager?: string[];
  label?: string[];
  /** Due on or after this day (YYYY-MM-DD, inclusive). */
  dueFrom?: string;
  /** Due on or before this day (YYYY-MM-DD, inclusive). */
  dueTo?: string;
  sort?: JobSort;
  direction?: 'asc' | 'desc';
  page?: number;
  pageSize?: number;
}

export type JobSort = NonNullable<Query<'listJobs'>['sort']>;
export const JOB_SORTS: readonly JobSort[] = ['createdAt', 'updatedAt', 'name', 'dueDate', 'status'];
export const PAGE_SIZES = [20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 50;
/** The API's own default order: newest first. */
export const DEFAULT_SORT: JobSort = 'createdAt';

/** Every key of the view's search. */
const SEARCH_KEYS = [
  'q',
  'status',
  'client',
  'supplier',
  'manager',
  'label',
  'dueFrom',
  'dueTo',
  'sort',
  'direction',
  'page',
  'pageSize',
] as const satisfies ReadonlyArray<keyof JobsSearch>;

/** The filters (not the search text, order or page): "Clear filters" removes these. */
export const FILTER_KEYS = ['status', 'client', 'supplier', 'manager', 'label', 'dueFrom', 'dueTo'] as const satisfies ReadonlyArray<keyof JobsSearch>;

const ID = /^[0-9a-f]{24}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** The API takes at most this many values of one list parameter in a URL worth sharing. */
const MAX_VALUES = 50;

/** A list from the address: an array, one value, or comma-separated values (a hand-written link). */
function listOf(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (typeof value === 'string') return value.split(',').map((part) => part.trim());
  if (typeof value === 'number') return [value];
  return [];
}

function ids(value: unknown): string[] | undefined {
  const found = [...new Set(listOf(value).filter((item): item is string => typeof item === 'string' && ID.test(item)))].slice(0, MAX_VALUES);
  return found.length > 0 ? found : undefined;
}

function statuses(value: unknown): number[] | undefined {
  const known = new Set(JOB_STATUSES.map((status) => status.code));
  const found = [...new Set(listOf(value).map(Number))].filter((code) => known.has(code)).sort((a, b) => a - b);
  return found.length > 0 ? found : undefined;
}

/** A real calendar day (2026-02-30 is not one). */
function day(value: unknown): string | undefined {
  if (typeof value !== 'string' || !DAY.test(value)) return undefined;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(value) ? value : undefined;
}

/**
 * The router's `validateSearch`: reads what the address holds, keeps what is valid and drops the
 * rest (a hand-edited or old link opens the page with what still makes sense, never an error).
 * Defaults are dropped too, so that one view has one address.
 */
export function parseJobsSearch(raw: Record<string, unknown>): JobsSearch {
  // Every key is answered, undefined when dropped: the router lays the answer over the raw search
  // (keys of other routes stay), so a key left out would keep its invalid raw value.
  const search: JobsSearch = Object.fromEntries(SEARCH_KEYS.map((key) => [key, undefined]));
  const q = typeof raw.q === 'string' ? raw.q.trim() : typeof raw.q === 'number' ? String(raw.q) : '';
  if (q) search.q = q.slice(0, 200);
  const status = statuses(raw.status);
  if (status) search.status = status;
  const client = ids(raw.client);
  if (client) search.client = client;
  const supplier = ids(raw.supplier);
  if (supplier) search.supplier = supplier;
  const manager = ids(raw.manager);
  if (manager) search.manager = manager;
  const label = ids(raw.label);
  if (label) search.label = label;
  const dueFrom = day(raw.dueFrom);
  if (dueFrom) search.dueFrom = dueFrom;
  const dueTo = day(raw.dueTo);
  if (dueTo) search.dueTo = dueTo;
  const sort = typeof raw.sort === 'string' && (JOB_SORTS as readonly string[]).includes(raw.sort) ? (raw.sort as JobSort) : DEFAULT_SORT;
  const direction = raw.direction === 'asc' || raw.direction === 'desc' ? raw.direction : firstDirection(sort);
  Object.assign(search, shortOrder(sort, direction));
  const page = pageOf(raw.page);
  if (page !== undefined) search.page = page;
  const pageSize = pageSizeOf(raw.pageSize, PAGE_SIZES, DEFAULT_PAGE_SIZE);
  if (pageSize !== undefined) search.pageSize = pageSize;
  return search;
}

/** The day after `day` (YYYY-MM-DD). */
function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** The day before `day` (YYYY-MM-DD). */
function previousDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

/**
 * The `GET /v2/jobs` query of a view. The page's due-date range is inclusive days (UTC, as the API
 * keeps dates); the API's bounds are strict: from D is "after the last moment of the day before",
 * to D is "before the next day".
 */
export function toJobsQuery(search: JobsSearch): Query<'listJobs'> {
  const query: Query<'listJobs'> = {
    page: search.page ?? 1,
    pageSize: search.pageSize ?? DEFAULT_PAGE_SIZE,
    ...orderOf(search),
  };
  if (search.q) query.q = search.q;
  if (search.status) query.status = search.status;
  if (search.client) query.client = search.client;
  if (search.supplier) query.supplier = search.supplier;
  if (search.manager) query.user = search.manager;
  if (search.label) query.label = search.label;
  if (search.dueFrom) query.dueAfter = `${previousDay(search.dueFrom)}T23:59:59.999Z`;
  if (search.dueTo) query.dueBefore = nextDay(search.dueTo);
  return query;
}

/** The direction a column sorts in first: dates of creation and change newest first, the others ascending. */
export function firstDirection(sort: JobSort): 'asc' | 'desc' {
  return sort === 'createdAt' || sort === 'updatedAt' ? 'desc' : 'asc';
}

/** An order as the address keeps it: the default column and each column's first direction are left out. */
function shortOrder(sort: JobSort, direction: 'asc' | 'desc'): Pick<JobsSearch, 'sort' | 'direction'> {
  const order: Pick<JobsSearch, 'sort' | 'direction'> = {};
  if (sort !== DEFAULT_SORT) order.sort = sort;
  if (direction !== firstDirection(sort)) order.direction = direction;
  return order;
}

/** The order a view shows (the default when the address names none). */
export function orderOf(search: JobsSearch): { sort: JobSort; direction: 'asc' | 'desc' } {
  const sort = search.sort ?? DEFAULT_SORT;
  return { sort, direction: search.direction ?? firstDirection(sort) };
}

/**
 * The order after a click on a column's header: that column in its first direction (names A→Z,
 * earliest due first, statuses in their order); a second click reverses it. Both keys are given
 * (undefined removes one from the address).
 */
export function nextOrder(search: JobsSearch, column: JobSort): { sort: JobSort | undefined; direction: 'asc' | 'desc' | undefined } {
  const current = orderOf(search);
  const direction = current.sort === column ? (current.direction === 'asc' ? 'desc' : 'asc') : firstDirection(column);
  const order = shortOrder(column, direction);
  return { sort: order.sort, direction: order.direction };
}

/** Does the view filter the jobs (by a filter or the search text)? */
export function isFiltered(search: JobsSearch): boolean {
  return search.q !== undefined || FILTER_KEYS.some((key) => search[key] !== undefined);
}
