import PDFDocument from 'pdfkit';
import type { Ctx } from '../../core/context.js';
import { readAddress, type Address } from '../../core/address.js';
import { countryName } from '../../core/language.js';
import { accounts } from '../accounts/index.js';
import { INVOICE_TYPE, type KindConfig } from './kinds.js';
import { tableColumns } from './pdf-columns.js';
import { formatAmount, formatPercent, formatQuantity, formatUnitCost } from './pdf-format.js';
import { PdfText, isolate, lineHeight, type TextStyle } from './pdf-text.js';
import { documentRepository as repo } from './repository.js';
import type { DocumentObject } from './schemas.js';
import { documents } from './service.js';

/**
 * `GET <base>/:id/pdf`: the document as an A4 PDF: the account's name and address, the party's,
 * the number (or "Draft"), dates, lines, totals with taxes, and the terms. Text in any script is
 * set in embedded Noto fonts (`pdf-text.ts`), numbers as `pdf-format.ts` says, and the line table's
 * columns are as wide as their contents (`pdf-columns.ts`).
 */
const TITLES: Record<string, string> = { invoice: 'Invoice', quote: 'Quote', purchaseOrder: 'Purchase order' };
const PARTY_LABELS: Record<string, string> = { invoice: 'Bill to', quote: 'Quote for', purchaseOrder: 'Supplier' };

const day = (iso: string | null | undefined) => (iso ? iso.slice(0, 10) : '—');

/** The lines of an address block: name, street, postal code and city, state, and the country's English name. */
export function addressLines(address: Address, name: string): string[] {
  const cityLine = [address.postalCode, address.city].filter((part) => part !== '').join(' ');
  const country = address.country ? countryName(address.country) : '';
  return [address.name || name, address.street, cityLine, address.state, country].filter((line) => line !== '');
}

export async function renderPdf(ctx: Ctx, kind: KindConfig, id: string): Promise<{ content: Buffer; filename: string }> {
  const document = await documents.get(ctx, kind, id);
  const account = await accounts.get(ctx);
  const partyRef = (kind.party === 'client' ? document.client : document.supplier)!;
  const [party] = await repo.parties(ctx.db, ctx.accountId, kind.party === 'client' ? 'clients' : 'suppliers', [partyRef.id]);
  const partyAddress = readAddress(party?.address ?? '{}');
  const content = await draw(kind, document, { name: account.name, address: account.address }, { name: partyRef.name, address: partyAddress });
  const filename = `${(document.number ?? `draft-${document.id}`).replace(/[^A-Za-z0-9._-]/g, '_')}.pdf`;
  return { content, filename };
}

interface Party {
  name: string;
  address: Address;
}

const MARGIN = 50;
const BODY: TextStyle = { size: 9 };
const BODY_BOLD: TextStyle = { size: 9, bold: true };
const COLUMN_GAP = 10;

function draw(kind: KindConfig, doc: DocumentObject, account: Party, party: Party): Promise<Buffer> {
  const title = kind.kind === 'invoice' && doc.type === INVOICE_TYPE.creditNote ? 'Credit note' : TITLES[kind.kind]!;
  const pdf = new PDFDocument({ size: 'A4', margin: MARGIN, info: { Title: `${title} ${doc.number ?? 'Draft'}`, Author: account.name } });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  const text = new PdfText(pdf);
  const left = MARGIN;
  const width = pdf.page.width - 2 * MARGIN;
  const bottom = pdf.page.height - MARGIN;
  const half = (width - 20) / 2;
  const right = left + width - half;

  // Header: title, number and dates on the right, then the account on the left (which may be long
  // enough to run onto a second page: names and address lines take up to 255 characters each).
  let rightY = text.draw(title, { size: 20, bold: true }, { x: right, y: MARGIN, width: half, align: 'right' });
  rightY = text.draw(doc.number ?? 'Draft', { size: 11 }, { x: right, y: rightY, width: half, align: 'right' });
  const dates = [`Issue date: ${day(doc.issueDate)}`];
  if (kind.hasPayments || doc.dueDate) dates.push(`Due date: ${day(doc.dueDate)}`);
  if (kind.hasValidityDate) dates.push(`Valid until: ${day(doc.validityDate)}`);
  if (doc.creditedInvoice) dates.push(`Credits invoice ${isolate(doc.creditedInvoice.number ?? '')}`);
  rightY = text.draw(dates.join('\n'), BODY, { x: right, y: rightY, width: half, align: 'right' });
  const firstPage = pdf.page;
  let y = text.draw(account.name, { size: 14, bold: true }, { x: left, y: MARGIN, width: half, align: 'start', bottom });
  y = text.draw(addressLines(account.address, '').join('\n'), BODY, { x: left, y, width: half, align: 'start', bottom });
  if (pdf.page === firstPage) y = Math.max(y, rightY, 130);

  // The party.
  y = text.draw(PARTY_LABELS[kind.kind]!, { size: 10, bold: true }, { x: left, y: y + 20, width: half, align: 'start', bottom });
  const partyLines = addressLines(party.address, party.name);
  if (party.address.name && party.address.name !== party.name) partyLines.push(party.name);
  y = text.draw(partyLines.join('\n'), { size: 10 }, { x: left, y, width: half, align: 'start', bottom });

  // Lines: the description takes the width the figures leave.
  const code = doc.currency.code;
  const headers = ['Description', 'Quantity', 'Unit', 'Unit cost', 'Total'];
  const aligns = ['start', 'right', 'start', 'right', 'right'] as const;
  const rows = doc.lines.map((line) => [
    line.description,
    formatQuantity(line.quantity),
    line.quantityType?.name ?? '',
    formatUnitCost(line.unitCost, code),
    formatAmount(line.total, code),
  ]);
  const totals: Array<[string, string]> = [['Subtotal', formatAmount(doc.total.subtotal, code)]];
  if (doc.discount !== 0) totals.push([`Discount (${formatPercent(doc.discount)})`, formatAmount(-doc.total.discount, code)]);
  if (doc.tax1) totals.push([`${isolate(doc.tax1.name)} (${formatPercent(doc.tax1.value)})`, formatAmount(doc.total.tax1, code)]);
  if (doc.tax2) totals.push([`${isolate(doc.tax2.name)} (${formatPercent(doc.tax2.value)})`, formatAmount(doc.total.tax2, code)]);
  totals.push(['Total', formatAmount(doc.total.total, code)]);
  const natural = [1, 2, 3, 4].map((column) =>
    Math.max(
      text.naturalWidth(headers[column]!, BODY_BOLD),
      ...rows.map((row) => text.naturalWidth(row[column]!, BODY)),
      ...(column === 4 ? totals.map(([, value]) => text.naturalWidth(value, BODY_BOLD)) : []),
    ),
  );
  const columns = tableColumns(natural, { left, width, gap: COLUMN_GAP, minFirst: width * 0.3 });
  const drawRow = (cells: string[], style: TextStyle, top: number) =>
    Math.max(...cells.map((cell, index) => text.draw(cell, style, { x: columns[index]!.x, y: top, width: columns[index]!.width, align: aligns[index] })));
  const rowHeight = (cells: string[], style: TextStyle) => Math.max(...cells.map((cell, index) => text.height(cell, style, columns[index]!.width)));
  const header = (top: number) => {
    const under = drawRow(headers, BODY_BOLD, top) + 2;
    pdf
      .moveTo(left, under)
      .lineTo(left + width, under)
      .stroke();
    return under + 4;
  };

  let tableTop = pdf.page === firstPage ? Math.max(y + 20, 260) : y + 20;
  if (tableTop + 40 > bottom) {
    pdf.addPage();
    tableTop = MARGIN;
  }
  y = header(tableTop);
  for (const row of rows) {
    if (y + rowHeight(row, BODY) > bottom) {
      pdf.addPage();
      y = header(MARGIN);
    }
    y = drawRow(row, BODY, y) + 2;
  }
  pdf
    .moveTo(left, y)
    .lineTo(left + width, y)
    .stroke();
  y += 6;

  // Totals: labels right-aligned before the total column.
  const total = columns[4]!;
  const labelBox = { x: left, width: total.x - COLUMN_GAP - left };
  for (const [label, value] of totals) {
    const style = label === 'Total' ? BODY_BOLD : BODY;
    if (y + Math.max(text.height(label, style, labelBox.width), lineHeight(style)) > bottom) {
      pdf.addPage();
      y = MARGIN;
    }
    y = Math.max(text.draw(label, style, { ...labelBox, y, align: 'right' }), text.draw(value, style, { x: total.x, y, width: total.width, align: 'right' }));
  }
  if (doc.applyVATReverseCharge) {
    y = text.draw('VAT reverse charge: VAT to be accounted for by the recipient.', BODY, { x: left, y: y + 6, width, align: 'start', bottom });
  }
  if (doc.terms !== null && doc.terms.trim() !== '') {
    y = text.draw('Terms', BODY_BOLD, { x: left, y: y + 12, width, align: 'start', bottom });
    text.draw(doc.terms, BODY, { x: left, y, width, align: 'start', bottom });
  }
  pdf.end();
  return done;
}
