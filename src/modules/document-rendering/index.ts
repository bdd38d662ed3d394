/**
 * What other modules may use of the rendering of documents: the PDF and the e-invoice of a
 * document, both made from one snapshot read once (for the documents' routes through
 * modules/index.ts, and for e-mails), and the document languages' labels and formats.
 */
export { loadDocumentSnapshot, type DocumentSnapshot } from './snapshot.js';
export { pdfFilename, pdfOf, renderPdf } from './pdf.js';
export { eInvoiceFilename, renderUbl, ublOf } from './ubl-render.js';
export { documentFormat, type DocumentFormat } from './pdf-format.js';
export { LABELS, LABEL_LANGUAGES, documentLanguage, type LabelLanguage, type Labels } from './pdf-labels.js';
