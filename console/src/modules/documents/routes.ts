import { createRoute } from '@tanstack/react-router';
import { appRoute } from '../../app/root-route';
import { placeholderPage } from '../placeholders/placeholder-page';

/** Quotes, invoices (credit notes among them) and purchase orders: a list and a page each. */
export const quotesRoute = createRoute({ getParentRoute: () => appRoute, path: 'quotes', component: placeholderPage('nav.quotes') });
export const quoteRoute = createRoute({ getParentRoute: () => appRoute, path: 'quotes/$quoteId', component: placeholderPage('nav.quotes') });
export const invoicesRoute = createRoute({ getParentRoute: () => appRoute, path: 'invoices', component: placeholderPage('nav.invoices') });
export const invoiceRoute = createRoute({ getParentRoute: () => appRoute, path: 'invoices/$invoiceId', component: placeholderPage('nav.invoices') });
export const purchaseOrdersRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'purchase-orders',
  component: placeholderPage('nav.purchaseOrders'),
});
export const purchaseOrderRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'purchase-orders/$purchaseOrderId',
  component: placeholderPage('nav.purchaseOrders'),
});

export const documentRoutes = [quotesRoute, quoteRoute, invoicesRoute, invoiceRoute, purchaseOrdersRoute, purchaseOrderRoute];
