/**
 * The client's quotes and invoices on the client portal (docs/client-portal.md#quotes, #invoices):
 * its two branches of the client portal, and the agency's read of a quote's portal answer.
 */
export { clientInvoiceRoutes, clientQuoteRoutes, quotePortalAnswerRoutes } from './routes.js';
