import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appRoute } from '../../shared/routing/root-routes';
import { parsePartiesSearch } from './parties-search';
import { prefetchPartyPage } from './party-prefetch';
import { parsePartyPageSearch } from './party-tabs';

/** `/clients`: the list; its search, filters, sorting and page are in the address (parties/parties-search.ts). */
export const clientsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'clients',
  validateSearch: parsePartiesSearch,
  component: lazyRouteComponent(() => import('./clients-page'), 'ClientsPage'),
});

/** `/clients/$clientId`: a client; the open tab in the address (`?tab=jobs`). */
export const clientRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'clients/$clientId',
  validateSearch: parsePartyPageSearch('client'),
  // The client is asked for while the page's code loads; a 404 is the page's to show, not thrown here.
  loaderDeps: ({ search }) => ({ tab: search.tab }),
  loader: ({ context, params, deps }) => prefetchPartyPage(context.queryClient, { kind: 'client', id: params.clientId }, deps.tab),
  component: lazyRouteComponent(() => import('./client-page'), 'ClientPage'),
});

export const clientRoutes = [clientsRoute, clientRoute];

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
