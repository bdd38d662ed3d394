import { pageOf, pageSizeOf } from '../../shared/list-page/list-search';
import type { SupplierInvoicesQuery } from './queries';

/**
 * The supplier invoices list's view in the address (`/supplier-invoices?status=all&supplier=…&page=2`),
 * so that a view can be bookmarked and shared; anything unreadable is dropped, never an error. The
 * list opens on the invoices waiting for a decision (`submitted`, left unsaid); `all` shows every one.
 */
export const INVOICE_STATUSES = ['submitted', 'approved', 'rejected'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export type StatusFilter = InvoiceStatus | 'all';
export const PAGE_SIZES = [20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 20;

export interface SupplierInvoicesSearch {
  /** Undefined: `submitted`. */
  status?: Exclude<StatusFilter, 'submitted'>;
  supplier?: string;
  page?: number;
  pageSize?: number;
}

const ID = /^[0-9a-f]{24}$/i;

export function parseSupplierInvoicesSearch(raw: Record<string, unknown>): SupplierInvoicesSearch {
  const search: SupplierInvoicesSearch = {};
  if (raw.status === 'approved' || raw.status === 'rejected' || raw.status === 'all') search.status = raw.status;
  if (typeof raw.supplier === 'string' && ID.test(raw.supplier)) search.supplier = raw.supplier;
  const page = pageOf(raw.page);
  if (page !== undefined) search.page = page;
  const pageSize = pageSizeOf(raw.pageSize, PAGE_SIZES, DEFAULT_PAGE_SIZE);
  if (pageSize !== undefined) search.pageSize = pageSize;
  return search;
}

export const statusFilterOf = (search: SupplierInvoicesSearch): StatusFilter => search.status ?? 'submitted';

/** The API's query of a view: newest first. */
export function supplierInvoicesApiQuery(search: SupplierInvoicesSearch): SupplierInvoicesQuery {
  const status = statusFilterOf(search);
  return {
    ...(status === 'all' ? {} : { status }),
    ...(search.supplier ? { supplierId: search.supplier } : {}),
    sort: 'createdAt',
    direction: 'desc',
    page: search.page ?? 1,
    pageSize: search.pageSize ?? DEFAULT_PAGE_SIZE,
  };
}
