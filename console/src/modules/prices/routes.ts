import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { settingsRoute } from '../settings';
import { parseAccountPricesSearch } from './account-prices-search';

/** `/settings/prices`: the account's own prices, for clients and for suppliers (docs/console.md#prices). */
export const accountPricesRoute = createRoute({
  getParentRoute: () => settingsRoute,
  path: 'prices',
  validateSearch: parseAccountPricesSearch,
  component: lazyRouteComponent(() => import('./account-prices-page'), 'AccountPricesPage'),
});

export const priceRoutes = [accountPricesRoute];
