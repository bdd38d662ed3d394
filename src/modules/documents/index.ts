/** What other modules may use of documents: the routes (registered by modules/index.ts) and the kinds. */
export { documentRoutes } from './routes.js';
export { KINDS, invoiceKind, quoteKind, purchaseOrderKind, type KindConfig } from './kinds.js';
