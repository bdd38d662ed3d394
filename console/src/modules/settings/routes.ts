import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { settingsRoute } from './settings-route';

export { settingsIndexRoute, settingsRoute } from './settings-route';

/** The account's settings, its exchange rates, its master data and its CAT configurations, under `/settings/`. */
const page = <Path extends string, Module extends object>(path: Path, load: () => Promise<Module>, name: keyof Module & string) =>
  createRoute({ getParentRoute: () => settingsRoute, path, component: lazyRouteComponent(load, name) });

const masterData = () => import('./master-data/master-data-page');

/** `?configuration=<id>`: the CAT configuration opened below the list. */
export interface CatConfigurationsSearch {
  configuration?: string;
}

export const catConfigurationsRoute = createRoute({
  getParentRoute: () => settingsRoute,
  path: 'cat-configurations',
  validateSearch: (search: Record<string, unknown>): CatConfigurationsSearch =>
    typeof search.configuration === 'string' && /^[0-9a-f]{24}$/.test(search.configuration) ? { configuration: search.configuration } : {},
  component: lazyRouteComponent(() => import('./cat-configurations/cat-configurations-page'), 'CatConfigurationsPage'),
});

export const settingsPageRoutes = [
  page('account', () => import('./account/account-page'), 'AccountPage'),
  page('exchange-rates', () => import('./exchange-rates/exchange-rates-page'), 'ExchangeRatesPage'),
  page('services', masterData, 'ServicesPage'),
  page('units', masterData, 'UnitsPage'),
  page('match-categories', masterData, 'MatchCategoriesPage'),
  page('language-pairs', masterData, 'LanguagePairsPage'),
  page('domains', masterData, 'DomainsPage'),
  page('taxes', masterData, 'TaxesPage'),
  page('labels', masterData, 'LabelsPage'),
  catConfigurationsRoute,
];
