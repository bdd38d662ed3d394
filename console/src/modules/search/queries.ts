import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, data } from '../../api/client';
import { hitOfClient, hitOfGroup, hitOfJob, hitOfSupplier, RESULTS_PER_TYPE, type SearchHit, type SearchType } from './search-results';

const page = { pageSize: RESULTS_PER_TYPE, sort: 'name', direction: 'asc' } as const;

const SEARCHES: Record<SearchType, (q: string, signal: AbortSignal) => Promise<SearchHit[]>> = {
  job: async (q, signal) => (await data(api.GET('/v2/jobs', { params: { query: { q, ...page } }, signal }))).items.map(hitOfJob),
  group: async (q, signal) => (await data(api.GET('/v2/groups', { params: { query: { q, ...page } }, signal }))).items.map(hitOfGroup),
  client: async (q, signal) => (await data(api.GET('/v2/clients', { params: { query: { q, ...page } }, signal }))).items.map(hitOfClient),
  supplier: async (q, signal) => (await data(api.GET('/v2/suppliers', { params: { query: { q, ...page } }, signal }))).items.map(hitOfSupplier),
};

/** The first records of one type whose name or reference contains `q` (the list's `q` filter). */
export const searchQuery = (type: SearchType, q: string) =>
  queryOptions({
    queryKey: ['search', type, q] as const,
    queryFn: ({ signal }) => SEARCHES[type](q, signal),
    enabled: q !== '',
    placeholderData: keepPreviousData,
  });
