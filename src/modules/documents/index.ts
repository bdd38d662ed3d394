/** What other modules may use of documents: the routes and the documents' extension of jobs (for modules/index.ts), and the kinds. */
export { documentRoutes, type DocumentRouteOptions } from './routes.js';
export { documentsJobExtension } from './invoicing.js';
export { KINDS, invoiceKind, quoteKind, purchaseOrderKind, type KindConfig } from './kinds.js';
/** For the e-mail of a sent document (modules/document-mail): its PDF and e-invoice, and where its e-mail's state is kept. */
export { loadPdfData, type PdfData } from './pdf-data.js';
export { pdfOf, renderPdf } from './pdf.js';
export { renderUbl } from './ubl-render.js';
export { documentFormat, type DocumentFormat } from './pdf-format.js';
export { LABELS, LABEL_LANGUAGES, documentLanguage, type LabelLanguage, type Labels } from './pdf-labels.js';
export { recordEmailStatus } from './mail-status.js';
export type { DocumentMailer, MailQueued, MailableDocument, SentDocument } from './mailing.js';
export { mailableDocument } from './mailing.js';
export { EmailRequestSchema, MAX_RECIPIENTS, type EmailRequest } from './mail-request.js';
export { DRAFT } from './kinds.js';
export { INVOICE_TYPE } from './kinds.js';
export type { EmailStatus } from './schemas.js';
