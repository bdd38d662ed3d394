import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, data, type Answer, type Body, type Query } from '../../shared/api/client';
import type { OwnerConfig } from './price-owners';

/**
 * The price grid's data: the owner's prices and the writes of prices and their match rates, for
 * any of the four owners (price-owners.ts). The four families answer the same record
 * (docs/prices.md#record; `client` and `hasPrice` where the family has them), and openapi-fetch
 * types a call by its literal path: the grid calls through `call` below with the owner's path and
 * types the answers as the broadest record, a supplier service's.
 */
export type Price = Omit<Answer<'getSupplierService'>, 'hasPrice'> & { hasPrice?: boolean };
export type PriceChanges = Body<'updateSupplierService'> & { unitCost?: number };
export type NewPrice = Body<'createAccountSupplierPrice'> & { hasPrice?: boolean };
export type PriceLookup = Answer<'getAccountPriceLookup'>;
export type CopySource = 'clientDefaults' | 'supplierDefaults' | 'client' | 'supplier';
export interface CopyAnswer {
  created: Price[];
  skipped: Array<{ id: string; code: string; message: string }>;
}
export type LookupCriteria = Query<'getAccountPriceLookup'>;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Call = (
  path: string,
  init: { body?: unknown; params?: { query?: unknown }; signal?: AbortSignal },
) => Promise<{ data?: unknown; error?: unknown; response: Response }>;
const call = <T>(method: Method, path: string, init: { body?: unknown; params?: { query?: unknown }; signal?: AbortSignal } = {}) =>
  data((api[method] as unknown as Call)(path, init)) as Promise<T>;

/** The grid's page size for the account's paginated listings (the API's largest). */
export const PAGE_SIZE = 100;

/** One page of the owner's prices: the whole bare array of an owned family, a page of an account family. */
export const pricesQuery = (owner: OwnerConfig, page: number) =>
  queryOptions({
    queryKey: owner.paginated ? [...owner.key, 'list', page] : [...owner.key, 'list'],
    queryFn: async ({ signal }) => {
      if (!owner.paginated) return { items: await call<Price[]>('GET', owner.base, { signal }), totalPages: 1 };
      const answer = await call<{ items: Price[]; totalPages: number }>('GET', owner.base, {
        params: { query: { page, pageSize: PAGE_SIZE, sort: 'createdAt', direction: 'asc' } },
        signal,
      });
      return { items: answer.items, totalPages: answer.totalPages };
    },
    placeholderData: keepPreviousData,
  });

/**
 * The writes of one owner's prices. A write answers the whole record, which replaces the cached
 * one; every write also changes which price a job or an outsourcing takes, so the look-ups and the
 * new-job price previews are asked again.
 */
export function usePriceWrites(owner: OwnerConfig) {
  const queryClient = useQueryClient();
  const priced = () => {
    void queryClient.invalidateQueries({ queryKey: ['prices', 'lookup'] });
    void queryClient.invalidateQueries({ queryKey: ['jobs', 'price-preview'] });
  };
  const replace = (price: Price) => {
    queryClient.setQueriesData<{ items: Price[]; totalPages: number }>({ queryKey: [...owner.key, 'list'] }, (old) =>
      old ? { ...old, items: old.items.map((item) => (item.id === price.id ? price : item)) } : old,
    );
    priced();
  };
  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: [...owner.key, 'list'] });
    priced();
  };
  const one = (id: string) => `${owner.base}/${id}`;
  return {
    create: useMutation({ mutationFn: (body: NewPrice) => call<Price>('POST', owner.base, { body }), onSuccess: reload }),
    copy: useMutation({
      mutationFn: (body: { source: CopySource; sourceId?: string; currency?: string }) => call<CopyAnswer>('POST', `${owner.base}/copy`, { body }),
      onSuccess: reload,
    }),
    update: useMutation({ mutationFn: ({ id, body }: { id: string; body: PriceChanges }) => call<Price>('PUT', one(id), { body }), onSuccess: replace }),
    remove: useMutation({ mutationFn: (id: string) => call<null>('DELETE', one(id)), onSuccess: reload }),
    addRate: useMutation({
      mutationFn: ({ id, body }: { id: string; body: { match: string; percentage?: number; unitCost?: number } }) =>
        call<Price>('POST', `${one(id)}/match`, { body }),
      onSuccess: replace,
    }),
    updateRate: useMutation({
      mutationFn: ({ id, matchId, body }: { id: string; matchId: string; body: { percentage?: number; unitCost?: number } }) =>
        call<Price>('PUT', `${one(id)}/match/${matchId}`, { body }),
      onSuccess: replace,
    }),
    moveRate: useMutation({
      mutationFn: ({ id, matchId, position }: { id: string; matchId: string; position: number }) =>
        call<Price>('PUT', `${one(id)}/matches/${matchId}/move/${position}`),
      onSuccess: replace,
    }),
    removeRate: useMutation({
      mutationFn: ({ id, matchId }: { id: string; matchId: string }) => call<Price>('DELETE', `${one(id)}/matches/${matchId}`),
      onSuccess: replace,
    }),
  };
}

export type PriceWrites = ReturnType<typeof usePriceWrites>;

/** `GET /v2/account/prices/lookup`: which price these criteria would take, and why (docs/prices.md#price-look-up). */
export function usePriceLookup(criteria: LookupCriteria | undefined) {
  return useQuery({
    queryKey: ['prices', 'lookup', criteria] as const,
    queryFn: ({ signal }) => data(api.GET('/v2/account/prices/lookup', { params: { query: criteria! }, signal })),
    enabled: criteria !== undefined,
    placeholderData: keepPreviousData,
  });
}

/** Match categories (the rates' categories), kept a while like the other choices. */
export const matchCategoriesQuery = queryOptions({
  queryKey: ['choices', 'match-categories'] as const,
  queryFn: ({ signal }) => data(api.GET('/v2/account/matches', { signal })),
  staleTime: 5 * 60_000,
});

/** Suppliers whose name holds `search`, by name; the first 50 (the look-up's supplier field). */
export function useSupplierChoices(search: string) {
  return useQuery({
    queryKey: ['choices', 'suppliers', search] as const,
    queryFn: ({ signal }) =>
      data(api.GET('/v2/suppliers', { params: { query: { q: search || undefined, pageSize: 50, sort: 'name', direction: 'asc' } }, signal })),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}
