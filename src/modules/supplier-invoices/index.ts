/**
 * Supplier invoices (docs/supplier-invoices.md): the agency's routes, and the portal's branch
 * (docs/supplier-portal.md#invoices) that the composition puts in the portal's tree.
 */
export { supplierInvoiceRoutes } from './routes.js';
export { supplierInvoicePortalRoutes } from './portal-routes.js';
