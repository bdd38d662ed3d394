import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, data } from '../../shared/api/client';
import { t } from '../../shared/i18n';
import { hitOfClient, hitOfDocument, hitOfGroup, hitOfJob, hitOfSupplier, RESULTS_PER_TYPE, type SearchHit, type SearchType } from './search-results';

const page = { pageSize: RESULTS_PER_TYPE, sort: 'name', direction: 'asc' } as const;
/** Documents have no name: the newest first. */
const documentsPage = { pageSize: RESULTS_PER_TYPE, sort: 'issueDate', direction: 'desc' } as const;

const SEARCHES: Record<SearchType, (q: string, signal: AbortSignal) => Promise<SearchHit[]>> = {
  job: async (q, signal) => (await data(api.GET('/v2/jobs', { params: { query: { q, ...page } }, signal }))).items.map(hitOfJob),
  group: async (q, signal) => (await data(api.GET('/v2/groups', { params: { query: { q, ...page } }, signal }))).items.map(hitOfGroup),
  client: async (q, signal) => (await data(api.GET('/v2/clients', { params: { query: { q, ...page } }, signal }))).items.map(hitOfClient),
  supplier: async (q, signal) => (await data(api.GET('/v2/suppliers', { params: { query: { q, ...page } }, signal }))).items.map(hitOfSupplier),
  quote: async (q, signal) =>
    (await data(api.GET('/v2/quotes', { params: { query: { q, ...documentsPage } }, signal }))).items.map((item) =>
      hitOfDocument('quote', item, t('search.draft')),
    ),
  invoice: async (q, signal) =>
    (await data(api.GET('/v2/invoices', { params: { query: { q, ...documentsPage } }, signal }))).items.map((item) =>
      hitOfDocument('invoice', item, t('search.draft')),
    ),
  purchaseOrder: async (q, signal) =>
    (await data(api.GET('/v2/purchase-orders', { params: { query: { q, ...documentsPage } }, signal }))).items.map((item) =>
      hitOfDocument('purchaseOrder', item, t('search.draft')),
    ),
};

/** The first records of one type whose name, reference or number contains `q` (the list's `q` filter). */
export const searchQuery = (type: SearchType, q: string) =>
  queryOptions({
    queryKey: ['search', type, q] as const,
    queryFn: ({ signal }) => SEARCHES[type](q, signal),
    enabled: q !== '',
    placeholderData: keepPreviousData,
  });
