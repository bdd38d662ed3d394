import { useQuery } from '@tanstack/react-query';
import { byName, choicesOf, CURRENCIES, domainsQuery, languagePairsQuery, pairChoices, servicesQuery, unitsQuery } from '../../shared/api/choices';
import { matchCategoriesQuery } from './price-queries';

/**
 * What a price's fields choose from: the account's services, units, language pairs, domains and
 * match categories (enabled ones, plus the one a price has now even when it was disabled since:
 * the API keeps it valid where it is used), and the currencies.
 */
export function usePriceChoices() {
  const services = useQuery(servicesQuery);
  const units = useQuery(unitsQuery);
  const pairs = useQuery(languagePairsQuery);
  const domains = useQuery(domainsQuery);
  const categories = useQuery(matchCategoriesQuery);
  return {
    services: (current?: string | null) => choicesOf(services.data, byName, current),
    units: (current?: string | null) => choicesOf(units.data, byName, current),
    pairs: (current?: string | null) => pairChoices(pairs.data, current),
    domains: (current?: string | null) => choicesOf(domains.data, byName, current),
    categories: (current?: string | null) => choicesOf(categories.data, byName, current),
    currencies: CURRENCIES,
    unitName: (id: string | null | undefined) => units.data?.find((unit) => unit.id === id)?.name,
  };
}

export type PriceChoices = ReturnType<typeof usePriceChoices>;
