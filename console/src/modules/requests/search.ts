import { pageOf, pageSizeOf } from '../../shared/list-page/list-search';
import type { RequestsQuery, RequestStatus } from './queries';

/**
 * The requests list's view in the address (`/requests?status=all&client=…&page=2`), so that a view
 * can be bookmarked and shared; anything unreadable is dropped, never an error. The list opens on
 * the requests waiting for an answer (`new`, left unsaid); `all` shows every one.
 */
export const REQUEST_STATUSES = ['new', 'quoted', 'converted', 'declined', 'withdrawn'] as const satisfies readonly RequestStatus[];
export type StatusFilter = RequestStatus | 'all';
export const PAGE_SIZES = [20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 20;

export interface RequestsSearch {
  /** Undefined: `new`. */
  status?: Exclude<StatusFilter, 'new'>;
  client?: string;
  page?: number;
  pageSize?: number;
}

const ID = /^[0-9a-f]{24}$/i;

export function parseRequestsSearch(raw: Record<string, unknown>): RequestsSearch {
  const search: RequestsSearch = {};
  if (raw.status === 'all' || (REQUEST_STATUSES as readonly unknown[]).includes(raw.status)) {
    if (raw.status !== 'new') search.status = raw.status as RequestsSearch['status'];
  }
  if (typeof raw.client === 'string' && ID.test(raw.client)) search.client = raw.client;
  const page = pageOf(raw.page);
  if (page !== undefined) search.page = page;
  const pageSize = pageSizeOf(raw.pageSize, PAGE_SIZES, DEFAULT_PAGE_SIZE);
  if (pageSize !== undefined) search.pageSize = pageSize;
  return search;
}

export const statusFilterOf = (search: RequestsSearch): StatusFilter => search.status ?? 'new';

/** The API's query of a view: newest first. */
export function requestsApiQuery(search: RequestsSearch): RequestsQuery {
  const status = statusFilterOf(search);
  return {
    ...(status === 'all' ? {} : { status }),
    ...(search.client ? { clientId: search.client } : {}),
    sort: 'createdAt',
    direction: 'desc',
    page: search.page ?? 1,
    pageSize: search.pageSize ?? DEFAULT_PAGE_SIZE,
  };
}
