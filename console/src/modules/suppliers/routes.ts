import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appRoute } from '../../shared/routing/root-routes';
import { parsePartiesSearch } from '../parties/parties-search';
import { prefetchPartyPage } from '../parties/party-prefetch';
import { parsePartyPageSearch } from '../parties/party-tabs';

/** `/suppliers`: the list; its search, filters, sorting and page are in the address (parties/parties-search.ts). */
export const suppliersRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'suppliers',
  validateSearch: parsePartiesSearch,
  component: lazyRouteComponent(() => import('./suppliers-page'), 'SuppliersPage'),
});

/** `/suppliers/$supplierId`: a supplier; the open tab in the address (`?tab=profile`). */
export const supplierRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'suppliers/$supplierId',
  validateSearch: parsePartyPageSearch('supplier'),
  loaderDeps: ({ search }) => ({ tab: search.tab }),
  loader: ({ context, params, deps }) => prefetchPartyPage(context.queryClient, { kind: 'supplier', id: params.supplierId }, deps.tab),
  component: lazyRouteComponent(() => import('./supplier-page'), 'SupplierPage'),
});

export const supplierRoutes = [suppliersRoute, supplierRoute];
