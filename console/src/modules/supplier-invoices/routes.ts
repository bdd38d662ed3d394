import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appRoute } from '../../shared/routing/root-routes';
import { parseSupplierInvoicesSearch } from './search';

/**
 * `/supplier-invoices`: the invoices suppliers submit from the portal (docs/supplier-invoices.md),
 * to approve or reject. Its status filter, supplier and page are in the address (search.ts).
 */
export const supplierInvoicesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'supplier-invoices',
  validateSearch: parseSupplierInvoicesSearch,
  component: lazyRouteComponent(() => import('./supplier-invoices-page'), 'SupplierInvoicesPage'),
});

export const supplierInvoiceRoutes = [supplierInvoicesRoute];
