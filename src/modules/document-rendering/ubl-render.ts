import type { Ctx } from '../../core/context.js';
import { ApiError } from '../../core/errors.js';
import { invoiceKind } from '../documents/index.js';
import { pdfFilename, pdfOf } from './pdf.js';
import { renderingRepository as repo } from './repository.js';
import { loadDocumentSnapshot, type DocumentSnapshot } from './snapshot.js';
import { toUbl } from './ubl.js';
import { ublXml } from './ubl-xml.js';

/**
 * `GET /v2/invoices/:id/ubl`: the invoice or credit note as a Peppol BIS Billing 3.0 UBL document
 * (docs/documents.md#e-invoices), with the PDF of `GET /v2/invoices/:id/pdf` embedded.
 */
export async function renderUbl(ctx: Ctx, id: string): Promise<{ content: Buffer; filename: string }> {
  return ublOf(ctx, await loadDocumentSnapshot(ctx, invoiceKind, id));
}

/**
 * The e-invoice of a snapshot, with its PDF (made here, or given when the caller has made it
 * already: an e-mail attaches both). What cannot become an e-invoice is refused (409) before any
 * PDF is made.
 */
export async function ublOf(
  ctx: Ctx,
  snapshot: DocumentSnapshot,
  madePdf?: { filename: string; content: Buffer },
): Promise<{ content: Buffer; filename: string }> {
  const ubl = await ublDocumentOf(ctx, snapshot);
  const pdf = madePdf ?? (await pdfOf(invoiceKind, snapshot));
  const xml = ublXml({ ...ubl, pdf });
  return { content: Buffer.from(xml, 'utf8'), filename: pdf.filename.replace(/\.pdf$/, '.xml') };
}

/** The e-invoice's file name when the snapshot can become one, else false (what `GET …/ubl` refuses with 409); no PDF is made. */
export async function eInvoiceFilename(ctx: Ctx, snapshot: DocumentSnapshot): Promise<string | false> {
  try {
    await ublDocumentOf(ctx, snapshot);
    return pdfFilename(snapshot.document).replace(/\.pdf$/, '.xml');
  } catch (error) {
    if (error instanceof ApiError && error.statusCode === 409) return false;
    throw error;
  }
}

/** The e-invoice's figures, its PDF still to come (toUbl checks first: a 409 costs no PDF). */
async function ublDocumentOf(ctx: Ctx, snapshot: DocumentSnapshot) {
  const document = snapshot.document;
  const unitIds = document.lines.flatMap((line) => (line.quantityType ? [line.quantityType.id] : []));
  return toUbl({
    document,
    hoursUnits: await repo.hoursUnits(ctx.db, ctx.accountId, unitIds),
    seller: snapshot.seller,
    buyer: snapshot.buyer,
    bank: snapshot.bank,
    creditedInvoiceIssueDate: snapshot.creditedIssueDate,
    purchaseOrders: snapshot.purchaseOrders,
    pdf: { filename: '', content: Buffer.alloc(0) },
  });
}
