import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { settingsRoute } from '../settings/settings-route';

export type AccountPricesTab = 'clients' | 'suppliers';

/** The tab in the address (`?for=suppliers`); anything else is the clients' tab. */
export const parseAccountPricesSearch = (search: Record<string, unknown>): { for?: AccountPricesTab } =>
  search.for === 'suppliers' ? { for: 'suppliers' } : {};

/** `/settings/prices`: the account's own prices, for clients and for suppliers (docs/console.md#prices). */
export const accountPricesRoute = createRoute({
  getParentRoute: () => settingsRoute,
  path: 'prices',
  validateSearch: parseAccountPricesSearch,
  component: lazyRouteComponent(() => import('./account-prices-page'), 'AccountPricesPage'),
});

export const priceRoutes = [accountPricesRoute];
