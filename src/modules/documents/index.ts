/** What other modules may use of documents: the routes and the documents' extension of jobs (for modules/index.ts), and the kinds. */
export { documentRoutes, type DocumentRenderer, type DocumentRouteOptions } from './routes.js';
export { documentsJobExtension } from './invoicing.js';
export { KINDS, invoiceKind, quoteKind, purchaseOrderKind, type KindConfig } from './kinds.js';
/** For rendering a document (modules/document-rendering): the document read once with its stored row and lines, and its figures. */
export { documentRecord } from './service.js';
export type { DocumentRecord } from './assembly.js';
export type { DocumentRow } from './repository.js';
export type { DocumentObject, MatchDisplay } from './schemas.js';
export { money } from './totals.js';
/** For the e-mail of a sent document (modules/document-mail): where its e-mail's state is kept. */
export { recordEmailStatus } from './mail-status.js';
export type { DocumentMailer, MailQueued, MailableDocument, SentDocument } from './mailing.js';
export { mailableDocument } from './mailing.js';
export { EmailRequestSchema, MAX_RECIPIENTS, type EmailRequest } from './mail-request.js';
export { DRAFT, INVOICE_STATUS, INVOICE_TYPE } from './kinds.js';
export type { EmailStatus } from './schemas.js';
/** Purchase orders made on an accepted offer, and the issued ones of the supplier's work (modules/index.ts hands them to the portal). */
export { outsourcingOrders, type IssuedPurchaseOrder } from './outsourcing-orders.js';
/** The documents of one client as the client portal reads them, and the client's answer to a quote (modules/client-documents). */
export { clientDocuments } from './client-view.js';
/** A draft quote of jobs, as POST /v2/quotes makes it, and the quote object (a request's conversion). */
export { quoteDrafts, Quote } from './quote-drafts.js';
