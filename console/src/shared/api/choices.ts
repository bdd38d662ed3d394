import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, data, type Answer } from './client';
import { pairLabel } from '../formatting/job-format';

/**
 * The lists a job's fields choose from (services, units, language pairs, domains, users, labels,
 * clients), read once and kept a while: the new-job form and the job page's fields share them.
 */
const KEEP = 5 * 60_000;

export const servicesQuery = queryOptions({
  queryKey: ['choices', 'services'] as const,
  queryFn: ({ signal }) => data(api.GET('/v2/account/services', { signal })),
  staleTime: KEEP,
});
export const unitsQuery = queryOptions({
  queryKey: ['choices', 'units'] as const,
  queryFn: ({ signal }) => data(api.GET('/v2/account/quantity-types', { signal })),
  staleTime: KEEP,
});
export const languagePairsQuery = queryOptions({
  queryKey: ['choices', 'language-pairs'] as const,
  queryFn: ({ signal }) => data(api.GET('/v2/account/language-pairs', { signal })),
  staleTime: KEEP,
});
export const domainsQuery = queryOptions({
  queryKey: ['choices', 'domains'] as const,
  queryFn: ({ signal }) => data(api.GET('/v2/account/domains', { signal })),
  staleTime: KEEP,
});
export const usersQuery = queryOptions({
  queryKey: ['choices', 'users'] as const,
  queryFn: ({ signal }) => data(api.GET('/v2/users', { signal })),
  staleTime: KEEP,
});
export const labelsQuery = queryOptions({
  queryKey: ['choices', 'labels'] as const,
  queryFn: ({ signal }) => data(api.GET('/v2/account/labels', { signal })),
  staleTime: KEEP,
});

/** Clients whose name (or other searchable field) holds `search`, by name; the first 50. */
export function useClientChoices(search: string) {
  return useQuery({
    queryKey: ['choices', 'clients', search] as const,
    queryFn: ({ signal }) =>
      data(api.GET('/v2/clients', { params: { query: { q: search || undefined, pageSize: 50, sort: 'name', direction: 'asc', archived: false } }, signal })),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}

export interface Choice {
  value: string;
  label: string;
}

/**
 * Options of a Select: the enabled records, plus the one the job has now even when it was disabled
 * since (the API keeps a disabled record valid where it is used already).
 */
export function choicesOf<T extends { id: string; disabled?: boolean }>(
  list: readonly T[] | undefined,
  label: (item: T) => string,
  current?: string | null,
): Choice[] {
  return (list ?? []).filter((item) => !item.disabled || item.id === current).map((item) => ({ value: item.id, label: label(item) }));
}

export const byName = (item: { name: string }) => item.name;

export type LanguagePair = Answer<'listAccountLanguagePairs'>[number];
export const pairChoices = (list: readonly LanguagePair[] | undefined, current?: string | null) => choicesOf(list, pairLabel, current);

export type User = Answer<'listUsers'>[number];
/** People a job may be given to: every user but the disabled ones (the current one stays). */
export const userChoices = (list: readonly User[] | undefined, current?: string | null) =>
  (list ?? []).filter((user) => user.status !== 'disabled' || user.id === current).map((user) => ({ value: user.id, label: user.name }));

/** The currencies the browser knows (ISO 4217), for the currency fields. */
export const CURRENCIES: readonly string[] = (() => {
  try {
    return Intl.supportedValuesOf('currency');
  } catch {
    return ['EUR', 'USD', 'GBP', 'CHF', 'JPY', 'CAD', 'AUD'];
  }
})();
