import type { PartyKind } from '../../shared/api/party';
import { pageOf, pageSizeOf, searchTextOf } from '../../shared/list-page/list-search';

/**
 * A list of clients or suppliers in the address (`/clients?q=…&status=archived&label=[…]&sort=name&page=2`),
 * so that a view can be bookmarked and shared. Anything unreadable in it is dropped, never an error.
 */
export const PARTY_SORTS = ['createdAt', 'updatedAt', 'name'] as const;
export type PartySort = (typeof PARTY_SORTS)[number];
export type Direction = 'asc' | 'desc';
export const PAGE_SIZES = [20, 50, 100] as const;
/** Active by default (the everyday list); archived ones on demand, or both. */
export const PARTY_STATUSES = ['active', 'archived', 'all'] as const;
export type PartyStatus = (typeof PARTY_STATUSES)[number];

export interface PartiesSearch {
  q?: string;
  status?: Exclude<PartyStatus, 'active'>;
  label?: string[];
  pinned?: true;
  /** Suppliers only: who works in one of these language pairs, or these domains. */
  languagePair?: string[];
  domain?: string[];
  sort?: PartySort;
  direction?: Direction;
  page?: number;
  pageSize?: number;
}

/** Names A→Z by default: a list of people is looked up by name. */
export const DEFAULT_SORT: PartySort = 'name';
export const DEFAULT_DIRECTION: Direction = 'asc';
export const DEFAULT_PAGE_SIZE = 50;

const ID = /^[0-9a-f]{24}$/i;

function ids(value: unknown): string[] | undefined {
  // An array (the router's way), a list written by hand ("a,b") or one value.
  const items: unknown[] = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  const found = [...new Set(items.filter((item): item is string => typeof item === 'string' && ID.test(item)))].sort();
  return found.length > 0 ? found.slice(0, 50) : undefined;
}

/** `validateSearch` of both lists: the parameters they understand, in their types. */
export function parsePartiesSearch(raw: Record<string, unknown>): PartiesSearch {
  const search: PartiesSearch = {};
  const q = searchTextOf(raw.q);
  if (q !== undefined) search.q = q;
  if (raw.status === 'archived' || raw.status === 'all') search.status = raw.status;
  const label = ids(raw.label);
  if (label) search.label = label;
  if (raw.pinned === true || raw.pinned === 'true') search.pinned = true;
  const languagePair = ids(raw.languagePair);
  if (languagePair) search.languagePair = languagePair;
  const domain = ids(raw.domain);
  if (domain) search.domain = domain;
  if (typeof raw.sort === 'string' && (PARTY_SORTS as readonly string[]).includes(raw.sort)) search.sort = raw.sort as PartySort;
  if (raw.direction === 'asc' || raw.direction === 'desc') search.direction = raw.direction;
  const page = pageOf(raw.page);
  if (page !== undefined) search.page = page;
  const pageSize = pageSizeOf(raw.pageSize, PAGE_SIZES, DEFAULT_PAGE_SIZE);
  if (pageSize !== undefined) search.pageSize = pageSize;
  return search;
}

/** The GET /v2/clients or /v2/suppliers parameters of a view (suppliers also filter by languages and domains). */
export function partiesApiQuery(kind: PartyKind, search: PartiesSearch) {
  const status = search.status ?? 'active';
  return {
    q: search.q,
    archived: status === 'all' ? undefined : status === 'archived',
    label: search.label,
    pinned: search.pinned,
    ...(kind === 'supplier' ? { languagePair: search.languagePair, domain: search.domain } : {}),
    sort: search.sort ?? DEFAULT_SORT,
    direction: search.direction ?? DEFAULT_DIRECTION,
    page: search.page ?? 1,
    pageSize: search.pageSize ?? DEFAULT_PAGE_SIZE,
  };
}

/** Does the view filter anything (then an empty answer says "nothing matches", not "none yet")? */
export const isFiltered = (search: PartiesSearch) =>
  Boolean(search.q || search.status || search.label || search.pinned || search.languagePair || search.domain);

/**
 * The view after a click on a column's heading: the same column turns its direction round;
 * another column starts ascending for the name, newest first for the dates. Back to the first page.
 */
export function toggleSort(search: PartiesSearch, sort: PartySort): PartiesSearch {
  const current = search.sort ?? DEFAULT_SORT;
  const direction = current === sort ? ((search.direction ?? DEFAULT_DIRECTION) === 'asc' ? 'desc' : 'asc') : sort === 'name' ? 'asc' : 'desc';
  return { ...search, sort, direction, page: undefined };
}

/** A filter changed: the same view from its first page. */
export function withFilter(search: PartiesSearch, change: Partial<PartiesSearch>): PartiesSearch {
  return parsePartiesSearch({ ...search, ...change, page: undefined });
}
