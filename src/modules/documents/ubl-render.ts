import type { Ctx } from '../../core/context.js';
import { isTrue, type Executor } from '../../core/db/dialect.js';
import { readAddress } from '../../core/address.js';
import { accounts } from '../accounts/index.js';
import { invoiceKind } from './kinds.js';
import { pdfOf } from './pdf.js';
import { loadPdfData } from './pdf-data.js';
import { toUbl, type PartyIdentity } from './ubl.js';
import { ublXml } from './ubl-xml.js';

/**
 * `GET /v2/invoices/:id/ubl`: the invoice or credit note as a Peppol BIS Billing 3.0 UBL document
 * (docs/documents.md#e-invoices), with the PDF of `GET /v2/invoices/:id/pdf` embedded.
 */

/** What the e-invoice reads besides the document: the client's identity, the hours units, the credited invoice's date. */
const ublRepository = {
  client(db: Executor, accountId: string, id: string) {
    return db
      .selectFrom('clients')
      .select(['name', 'address', 'email', 'phone', 'vat_number', 'national_identification_number'])
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .executeTakeFirst();
  },
  async hoursUnits(db: Executor, accountId: string, ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await db
      .selectFrom('units')
      .select(['id', 'is_hours'])
      .where('account_id', '=', accountId)
      .where('id', 'in', [...ids])
      .execute();
    return new Set(rows.filter((row) => isTrue(row.is_hours)).map((row) => row.id));
  },
  issueDate(db: Executor, accountId: string, id: string) {
    return db.selectFrom('documents').select(['issue_date']).where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
  },
};

export async function renderUbl(ctx: Ctx, id: string): Promise<{ content: Buffer; filename: string }> {
  // The PDF's data, read once: the document, its purchase-order references, and the PDF embedded.
  const pdfData = await loadPdfData(ctx, invoiceKind, id);
  const document = pdfData.document;
  const account = await accounts.get(ctx);
  const client = await ublRepository.client(ctx.db, ctx.accountId, document.client!.id);
  const clientAddress = readAddress(client?.address ?? '{}');
  const unitIds = document.lines.flatMap((line) => (line.quantityType ? [line.quantityType.id] : []));
  const credited = document.creditedInvoice ? await ublRepository.issueDate(ctx.db, ctx.accountId, document.creditedInvoice.id) : undefined;
  const seller: PartyIdentity = {
    ...account.address,
    name: account.name,
    legalName: account.legalName,
    vatNumber: account.vatNumber,
    registrationNumber: account.registrationNumber,
    email: account.email,
    phone: account.phone,
  };
  const buyer: PartyIdentity = {
    ...clientAddress,
    name: client?.name ?? document.client!.name,
    legalName: clientAddress.name || (client?.name ?? ''),
    vatNumber: client?.vat_number ?? '',
    registrationNumber: client?.national_identification_number ?? '',
    email: client?.email ?? '',
    phone: client?.phone ?? '',
  };
  // Only a document that can become an e-invoice costs a PDF: toUbl's checks run first on an empty one.
  const source = {
    document,
    hoursUnits: await ublRepository.hoursUnits(ctx.db, ctx.accountId, unitIds),
    seller,
    buyer,
    bank: { iban: account.iban, bic: account.bic, bankName: account.bankName },
    creditedInvoiceIssueDate: credited?.issue_date ?? null,
    purchaseOrders: pdfData.purchaseOrders,
    pdf: { filename: '', content: Buffer.alloc(0) },
  };
  toUbl(source);
  const pdf = await pdfOf(invoiceKind, pdfData);
  const xml = ublXml(toUbl({ ...source, pdf }));
  return { content: Buffer.from(xml, 'utf8'), filename: pdf.filename.replace(/\.pdf$/, '.xml') };
}
