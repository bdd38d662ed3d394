import type { DocumentKind } from './kinds';
import type { DocumentsQuery } from './queries';
import { pageOf, pageSizeOf, searchTextOf } from '../../shared/list-page/list-search';

/**
 * A documents list's view in the address (`/invoices?q=…&status=[2]&party=…&from=2026-01-01&sort=dueDate&direction=asc&page=2`),
 * so that a view can be bookmarked and shared; anything unreadable is dropped, never an error.
 */
export const DOCUMENT_SORTS = ['createdAt', 'updatedAt', 'issueDate', 'dueDate', 'status', 'number'] as const;
export type DocumentSort = (typeof DOCUMENT_SORTS)[number];
export const PAGE_SIZES = [20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 20;

export interface DocumentsSearch {
  q?: string;
  status?: number[];
  party?: string;
  from?: string;
  to?: string;
  sort?: DocumentSort;
  direction?: 'asc' | 'desc';
  page?: number;
  pageSize?: number;
}

const ID = /^[0-9a-f]{24}$/i;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function parseDocumentsSearch(raw: Record<string, unknown>): DocumentsSearch {
  const search: DocumentsSearch = {};
  const q = searchTextOf(raw.q);
  if (q !== undefined) search.q = q;
  const items: unknown[] = Array.isArray(raw.status) ? raw.status : typeof raw.status === 'string' ? raw.status.split(',') : [raw.status];
  const status = [...new Set(items.map(Number).filter((code) => Number.isInteger(code) && code >= 1 && code <= 4))].sort();
  if (status.length > 0) search.status = status;
  const party = typeof raw.party === 'number' ? String(raw.party) : raw.party;
  if (typeof party === 'string' && ID.test(party)) search.party = party;
  if (typeof raw.from === 'string' && DATE.test(raw.from)) search.from = raw.from;
  if (typeof raw.to === 'string' && DATE.test(raw.to)) search.to = raw.to;
  if (typeof raw.sort === 'string' && (DOCUMENT_SORTS as readonly string[]).includes(raw.sort)) search.sort = raw.sort as DocumentSort;
  if (raw.direction === 'asc' || raw.direction === 'desc') search.direction = raw.direction;
  const page = pageOf(raw.page);
  if (page !== undefined) search.page = page;
  const pageSize = pageSizeOf(raw.pageSize, PAGE_SIZES, DEFAULT_PAGE_SIZE);
  if (pageSize !== undefined) search.pageSize = pageSize;
  return search;
}

/**
 * The API's query of a view. The API's `issuedAfter`/`issuedBefore` are strict; the list's dates
 * are inclusive ("from 1 March to 31 March"), so a day is taken off and added.
 */
export function documentsApiQuery(kind: DocumentKind, search: DocumentsSearch): DocumentsQuery {
  return {
    q: search.q,
    status: search.status,
    [kind.party]: search.party ? [search.party] : undefined,
    issuedAfter: search.from ? shiftDay(search.from, -1) : undefined,
    issuedBefore: search.to ? shiftDay(search.to, 1) : undefined,
    sort: search.sort ?? 'createdAt',
    direction: search.direction ?? 'desc',
    page: search.page ?? 1,
    pageSize: search.pageSize ?? DEFAULT_PAGE_SIZE,
  };
}

export function shiftDay(iso: string, days: number): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** A click on a column heading: the same column turns round; another starts ascending. Back to page 1. */
export function toggleSort(search: DocumentsSearch, sort: DocumentSort): DocumentsSearch {
  const current = search.sort ?? 'createdAt';
  const direction = current === sort ? ((search.direction ?? 'desc') === 'asc' ? 'desc' : 'asc') : 'asc';
  return { ...search, sort, direction, page: undefined };
}

export function isFiltered(search: DocumentsSearch): boolean {
  return Boolean(search.q || search.status || search.party || search.from || search.to);
}
