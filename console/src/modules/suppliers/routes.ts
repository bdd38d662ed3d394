import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appRoute } from '../../app/root-route';
import { parsePartiesSearch } from '../parties/parties-search';
import { partyQuery } from '../parties/party';
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
  loader: ({ context, params }) => context.queryClient.prefetchQuery(partyQuery({ kind: 'supplier', id: params.supplierId })),
  component: lazyRouteComponent(() => import('./supplier-page'), 'SupplierPage'),
});

export const supplierRoutes = [suppliersRoute, supplierRoute];
