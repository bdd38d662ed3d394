import PDFDocument from 'pdfkit';
import type { Ctx } from '../../core/context.js';
import { readAddress, type Address } from '../../core/address.js';
import { minorUnits } from '../../core/money.js';
import { accounts } from '../accounts/index.js';
import { INVOICE_TYPE, type KindConfig } from './kinds.js';
import { documentRepository as repo } from './repository.js';
import type { DocumentObject } from './schemas.js';
import { documents } from './service.js';

/**
 * `GET <base>/:id/pdf` (DESIGN §16.6): the document as an A4 PDF with the standard Helvetica fonts
 * (no font files): the account's name and address, the party's, the number (or "Draft"), dates,
 * lines, totals with taxes, and the terms.
 */
const TITLES: Record<string, string> = { invoice: 'Invoice', quote: 'Quote', purchaseOrder: 'Purchase order' };
const PARTY_LABELS: Record<string, string> = { invoice: 'Bill to', quote: 'Quote for', purchaseOrder: 'Supplier' };

const day = (iso: string | null | undefined) => (iso ? iso.slice(0, 10) : '—');
const percent = (fraction: number) => `${Number((fraction * 100).toFixed(4))} %`;

function addressLines(address: Address, name: string): string[] {
  const cityLine = [address.postalCode, address.city].filter((part) => part !== '').join(' ');
  return [address.name || name, address.street, cityLine, address.state, address.country ?? ''].filter((line) => line !== '');
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

function draw(kind: KindConfig, doc: DocumentObject, account: Party, party: Party): Promise<Buffer> {
  const pdf = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `${TITLES[kind.kind]} ${doc.number ?? 'Draft'}`, Author: account.name } });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  const digits = minorUnits(doc.currency.code);
  const amount = (value: number) => `${value.toFixed(digits)} ${doc.currency.code}`;
  const left = 50;
  const width = pdf.page.width - 100;

  // Header: the account on the left, title and number on the right.
  pdf.font('Helvetica-Bold').fontSize(14).text(account.name, left, 50, { width: width / 2 });
  pdf.font('Helvetica').fontSize(9).text(addressLines(account.address, '').join('\n'), { width: width / 2 });
  const title = kind.kind === 'invoice' && doc.type === INVOICE_TYPE.creditNote ? 'Credit note' : TITLES[kind.kind]!;
  pdf.font('Helvetica-Bold').fontSize(20).text(title, left + width / 2, 50, { width: width / 2, align: 'right' });
  pdf.font('Helvetica').fontSize(11).text(doc.number ?? 'Draft', { width: width / 2, align: 'right' });
  const dates = [`Issue date: ${day(doc.issueDate)}`];
  if (kind.hasPayments || doc.dueDate) dates.push(`Due date: ${day(doc.dueDate)}`);
  if (kind.hasValidityDate) dates.push(`Valid until: ${day(doc.validityDate)}`);
  if (doc.creditedInvoice) dates.push(`Credits invoice ${doc.creditedInvoice.number ?? ''}`);
  pdf.fontSize(9).text(dates.join('\n'), { width: width / 2, align: 'right' });

  // The party.
  pdf.font('Helvetica-Bold').fontSize(10).text(PARTY_LABELS[kind.kind]!, left, 160);
  pdf.font('Helvetica').fontSize(10).text(addressLines(party.address, party.name).join('\n'), { width: width / 2 });
  if (party.address.name && party.address.name !== party.name) pdf.text(party.name);

  // Lines.
  const columns = [
    { title: 'Description', x: left, w: 230, align: 'left' as const },
    { title: 'Quantity', x: left + 235, w: 60, align: 'right' as const },
    { title: 'Unit', x: left + 300, w: 50, align: 'left' as const },
    { title: 'Unit cost', x: left + 355, w: 65, align: 'right' as const },
    { title: 'Total', x: left + 425, w: width - 425, align: 'right' as const },
  ];
  let y = 260;
  pdf.font('Helvetica-Bold').fontSize(9);
  for (const column of columns) pdf.text(column.title, column.x, y, { width: column.w, align: column.align });
  y += 14;
  pdf.moveTo(left, y).lineTo(left + width, y).stroke();
  y += 6;
  pdf.font('Helvetica').fontSize(9);
  for (const line of doc.lines) {
    const cells = [line.description, String(line.quantity), line.quantityType?.name ?? '', String(line.unitCost), amount(line.total)];
    const height = pdf.heightOfString(line.description, { width: columns[0]!.w });
    if (y + height > pdf.page.height - 150) {
      pdf.addPage();
      y = 50;
    }
    cells.forEach((cell, index) => pdf.text(cell, columns[index]!.x, y, { width: columns[index]!.w, align: columns[index]!.align }));
    y += Math.max(height, 12) + 4;
  }
  pdf.moveTo(left, y).lineTo(left + width, y).stroke();
  y += 8;

  // Totals.
  const totals: Array<[string, string]> = [['Subtotal', amount(doc.total.subtotal)]];
  if (doc.discount !== 0) totals.push([`Discount (${percent(doc.discount)})`, amount(-doc.total.discount)]);
  if (doc.tax1) totals.push([`${doc.tax1.name} (${percent(doc.tax1.value)})`, amount(doc.total.tax1)]);
  if (doc.tax2) totals.push([`${doc.tax2.name} (${percent(doc.tax2.value)})`, amount(doc.total.tax2)]);
  totals.push(['Total', amount(doc.total.total)]);
  for (const [label, value] of totals) {
    pdf.font(label === 'Total' ? 'Helvetica-Bold' : 'Helvetica').text(label, left + 250, y, { width: 170, align: 'right' });
    pdf.text(value, left + 425, y, { width: width - 425, align: 'right' });
    y += 14;
  }
  if (doc.applyVATReverseCharge) {
    pdf.font('Helvetica').text('VAT reverse charge: VAT to be accounted for by the recipient.', left, y + 4, { width });
    y += 18;
  }
  if (doc.terms !== null && doc.terms.trim() !== '') {
    pdf.font('Helvetica-Bold').text('Terms', left, y + 12);
    pdf.font('Helvetica').text(doc.terms, { width });
  }
  pdf.end();
  return done;
}
