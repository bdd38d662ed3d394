/** What other modules may use of documents: the routes and the documents' extension of jobs (for modules/index.ts), and the kinds. */
export { documentRoutes } from './routes.js';
export { documentsJobExtension } from './invoicing.js';
export { KINDS, invoiceKind, quoteKind, purchaseOrderKind, type KindConfig } from './kinds.js';
