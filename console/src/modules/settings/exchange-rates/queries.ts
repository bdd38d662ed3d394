import { keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, data, type Answer, type Body } from '../../../shared/api/client';

/** The account's exchange rates (docs/exchange-rates.md#the-api): one page, newest first. */
export type ExchangeRate = Answer<'getAccountExchangeRate'>;
export type RatePage = Answer<'listAccountExchangeRates'>;
export type NewRate = Body<'createAccountExchangeRate'>;
export type RateChanges = Body<'updateAccountExchangeRate'>;
export type ImportResult = Answer<'importAccountExchangeRates'>;

export const RATES_PAGE_SIZE = 20;

export interface RatesView {
  page: number;
  pageSize: number;
  currency?: string;
}

export const exchangeRatesQuery = (view: RatesView) =>
  queryOptions({
    queryKey: ['exchange-rates', view] as const,
    queryFn: ({ signal }) =>
      data(
        api.GET('/v2/account/exchange-rates', {
          params: { query: { page: view.page, pageSize: view.pageSize, sort: 'date', ...(view.currency ? { currency: view.currency } : {}) } },
          signal,
        }),
      ),
    // The table keeps the page shown while the next one loads (no jump to a spinner).
    placeholderData: keepPreviousData,
  });

/** After a write every page of rates is read again (a rate moves between pages by its date). */
const refresh = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: ['exchange-rates'] });

export function useCreateRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewRate) => data(api.POST('/v2/account/exchange-rates', { body })),
    onSuccess: () => refresh(queryClient),
  });
}

export function useUpdateRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: RateChanges }) =>
      data(api.PUT('/v2/account/exchange-rates/{id}', { params: { path: { id } }, body: changes })),
    onSuccess: () => refresh(queryClient),
  });
}

export function useDeleteRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => data(api.DELETE('/v2/account/exchange-rates/{id}', { params: { path: { id } } })),
    onSuccess: () => refresh(queryClient),
  });
}

export function useImportRates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => data(api.POST('/v2/account/exchange-rates/import')),
    onSuccess: () => refresh(queryClient),
  });
}
