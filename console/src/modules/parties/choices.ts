import { queryOptions } from '@tanstack/react-query';
import { api, data, type Answer } from '../../shared/api/client';
import { pairLabel } from '../../shared/formatting/job-format';

/**
 * The account's lists the parties' pages choose from (labels, language pairs, domains, taxes, CAT
 * configurations), read once and kept a while, under the job page's keys (`['choices', …]`).
 */
const KEEP = 5 * 60_000;

// Named once, with the job page's choices: one cache entry each for both pages.
export { domainsQuery, labelsQuery, languagePairsQuery } from '../../shared/api/choices';

export const taxesQuery = queryOptions({
  queryKey: ['choices', 'taxes'] as const,
  queryFn: ({ signal }) => data(api.GET('/v2/account/taxes', { signal })),
  staleTime: KEEP,
});
export const catConfigurationsQuery = queryOptions({
  queryKey: ['choices', 'cat-configurations'] as const,
  queryFn: ({ signal }) => data(api.GET('/v2/account/cat-configurations', { signal })),
  staleTime: KEEP,
});

export interface Choice {
  value: string;
  label: string;
}

type Named = { id: string; name: string; disabled?: boolean };

/** Options of a select: the enabled records, plus those the party has now even if disabled since. */
export function namedChoices(list: readonly Named[] | undefined, keep: readonly string[] = []): Choice[] {
  return (list ?? []).filter((item) => !item.disabled || keep.includes(item.id)).map((item) => ({ value: item.id, label: item.name }));
}

export type LanguagePair = Answer<'listAccountLanguagePairs'>[number];
export function pairChoices(list: readonly LanguagePair[] | undefined, keep: readonly string[] = []): Choice[] {
  return (list ?? []).filter((pair) => !pair.disabled || keep.includes(pair.id)).map((pair) => ({ value: pair.id, label: pairLabel(pair) }));
}
export { pairLabel };
