import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appRoute } from '../../shared/routing/root-routes';
import { parseDocumentsSearch } from './documents-search';

/**
 * Quotes, invoices (credit notes among them) and purchase orders: a list and a page each, one
 * implementation configured per kind (kinds.ts). A list's search, filters, order and page are in
 * the address (documents-search.ts).
 */
export const quotesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'quotes',
  validateSearch: parseDocumentsSearch,
  component: lazyRouteComponent(() => import('./document-pages'), 'QuotesPage'),
});
export const quoteRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'quotes/$quoteId',
  component: lazyRouteComponent(() => import('./document-pages'), 'QuotePage'),
});
export const invoicesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'invoices',
  validateSearch: parseDocumentsSearch,
  component: lazyRouteComponent(() => import('./document-pages'), 'InvoicesPage'),
});
export const invoiceRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'invoices/$invoiceId',
  component: lazyRouteComponent(() => import('./document-pages'), 'InvoicePage'),
});
export const purchaseOrdersRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'purchase-orders',
  validateSearch: parseDocumentsSearch,
  component: lazyRouteComponent(() => import('./document-pages'), 'PurchaseOrdersPage'),
});
export const purchaseOrderRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'purchase-orders/$purchaseOrderId',
  component: lazyRouteComponent(() => import('./document-pages'), 'PurchaseOrderPage'),
});

export const documentRoutes = [quotesRoute, quoteRoute, invoicesRoute, invoiceRoute, purchaseOrdersRoute, purchaseOrderRoute];
