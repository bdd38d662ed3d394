import type PDFKitDocument from 'pdfkit';
import type SVGtoPDFFunction from 'svg-to-pdfkit';
import { lazyModule } from '../../core/lazy-module.js';
import type { Ctx } from '../../core/context.js';
import type { Address } from '../../core/address.js';
import { Dec } from '../../core/money.js';
import { INVOICE_STATUS, INVOICE_TYPE, type KindConfig } from '../documents/index.js';
import { tableColumns } from './pdf-columns.js';
import { loadDocumentSnapshot, type DocumentSnapshot, type Identity, type LineSource } from './snapshot.js';
import { documentFormat, type DocumentFormat } from './pdf-format.js';
import { LABELS, type Labels } from './pdf-labels.js';
import { CREDIT_LABELS, type CreditLabels } from './pdf-credit-labels.js';
import { PdfText, isolate, lineHeight, type TextStyle } from './pdf-text.js';

const pdfKit = lazyModule<typeof PDFKitDocument>('pdfkit');
const svgToPdf = lazyModule<typeof SVGtoPDFFunction>('svg-to-pdfkit');

/**
 * `GET <base>/:id/pdf`: the document as an A4 PDF in the party's document language
 * (docs/documents.md#pdf-documents): the agency's logo and identity, the title, number, dates and
 * references, the party's identity, the lines (with minimum-fee, match and purchase-order
 * details), the totals, what is paid and due, the reverse-charge mention, the payment details and
 * the terms; "Page n of m" at the foot of every page. Text in any script is set in embedded Noto
 * fonts (`pdf-text.ts`), figures as `pdf-format.ts` writes them in the language, the line table's
 * columns as wide as their contents (`pdf-columns.ts`).
 */
export async function renderPdf(ctx: Ctx, kind: KindConfig, id: string): Promise<{ content: Buffer; filename: string }> {
  return pdfOf(kind, await loadDocumentSnapshot(ctx, kind, id));
}

/** The PDF of data loaded already (the e-invoice embeds it and reads the same data). */
export async function pdfOf(kind: KindConfig, data: DocumentSnapshot): Promise<{ content: Buffer; filename: string }> {
  const content = await drawDocument(kind, data);
  return { content, filename: pdfFilename(data.document) };
}

/** The PDF's file name: the document's number (`draft-<id>` before it has one), in characters safe everywhere. */
export const pdfFilename = (document: Pick<DocumentSnapshot['document'], 'number' | 'id'>) =>
  `${(document.number ?? `draft-${document.id}`).replace(/[^A-Za-z0-9._-]/g, '_')}.pdf`;

/** The lines of an address block: name, street, postal code and city, state, and the country's name in the document's language. */
export function addressLines(address: Address, name: string, format: DocumentFormat): string[] {
  const cityLine = [address.postalCode, address.city].filter((part) => part !== '').join(' ');
  const country = address.country ? format.country(address.country) : '';
  return [address.name || name, address.street, cityLine, address.state, country].filter((line) => line !== '');
}

/** An IBAN in groups of four: `BE68 5390 0754 7034`. */
export const groupIban = (iban: string) =>
  iban
    .replace(/\s+/g, '')
    .toUpperCase()
    .replace(/(.{4})(?=.)/g, '$1 ');

const MARGIN = 50;
/** The foot of each page keeps room for its page number, inside the bottom margin's line. */
const FOOTER = 16;
const BODY: TextStyle = { size: 9 };
const BODY_BOLD: TextStyle = { size: 9, bold: true };
const SMALL: TextStyle = { size: 8 };
const COLUMN_GAP = 10;
const LOGO_BOX = { width: 150, height: 60 };

function titleOf(kind: KindConfig, doc: DocumentSnapshot['document'], labels: Labels): string {
  if (kind.kind === 'invoice') return doc.type === INVOICE_TYPE.creditNote ? labels.creditNote : labels.invoice;
  return kind.kind === 'quote' ? labels.quote : labels.purchaseOrder;
}

/** The identity lines under a name: VAT and registration numbers, contact details, each labelled. */
function identityLines(identity: Identity, labels: Labels): string[] {
  return (
    [
      [labels.vatNumber, identity.vatNumber],
      [labels.registrationNumber, identity.registrationNumber],
      [labels.email, identity.email],
      [labels.phone, identity.phone],
      [labels.website, identity.website],
    ] as const
  )
    .filter(([, value]) => value !== '')
    .map(([label, value]) => `${label}: ${isolate(value)}`);
}

type Row = { cells: string[]; style: TextStyle };

/** What a job line is about: its language pair and service, `English → German · Translation`. */
function aboutLine(source: LineSource, format: DocumentFormat): string {
  const pair = source.languages
    ? [source.languages.source, source.languages.target]
        .filter((code): code is string => code !== null && code !== '')
        .map((code) => format.languageName(code))
        .join(' → ')
    : '';
  return [pair, source.service ?? ''].filter((part) => part !== '').join(' · ');
}

/**
 * The rows of one document line: the line itself, then what its source adds (language pair and
 * service, minimum fee, match bands, deadline, instructions). A job line with match bands never
 * prints the blended unit cost (total ÷ words, €0.139419): with `breakdown` each band is a row with
 * its own rate and amount; otherwise the line is the weighted quantity at the full rate
 * (docs/documents.md#match-display).
 */
function lineRows(
  kind: KindConfig,
  data: DocumentSnapshot,
  line: DocumentSnapshot['document']['lines'][number],
  format: DocumentFormat,
  labels: Labels,
): Row[] {
  const code = data.document.currency.code;
  const source: LineSource | undefined = data.sources.get(line.id);
  const unit = line.quantityType?.name ?? '';
  const hasMatches = source !== undefined && source.matches.length > 0 && new Dec(source.fullRate).gt(0);
  // A credit note's line may credit part of a job: its bands are the whole job's, so it shows the weighted quantity.
  const creditNote = kind.hasPayments && data.document.type === INVOICE_TYPE.creditNote;
  const display = kind.kind === 'purchaseOrder' ? 'breakdown' : creditNote && data.matchDisplay === 'breakdown' ? 'hiddenMatches' : data.matchDisplay;
  const breakdown = hasMatches && display === 'breakdown' && !source.minimumFee;
  let description = line.description;
  let quantity = format.quantity(line.quantity);
  let unitCost = format.unitCost(line.unitCost, code);
  const about = source ? aboutLine(source, format) : '';
  if (about !== '') description += `\n${about}`;
  if (source?.minimumFee) description += `\n${labels.minimumFee}`;
  else if (hasMatches && !breakdown) {
    // The weighted quantity at the full rate: total ÷ full rate (2 decimals), so that quantity × full rate is the total.
    quantity = format.quantity(new Dec(String(line.total)).div(source.fullRate).toDecimalPlaces(2).toFixed());
    unitCost = format.unitCost(source.fullRate, code);
    if (display === 'hiddenMatches') description += `\n${labels.fullRateEquivalent}`;
  } else if (breakdown) unitCost = '';
  const rows: Row[] = [{ cells: [description, quantity, unit, unitCost, format.amount(line.total, code)], style: BODY }];
  if (breakdown) {
    for (const band of source.matches) {
      // A percentage price names the band's share of the full rate (stored, or rate ÷ full rate for a category the price does not define).
      const share =
        source.matchesType === 'fixed' ? '' : ` (${format.percent(band.percentage ?? new Dec(band.rate).div(source.fullRate).toDecimalPlaces(6).toFixed())})`;
      const amount = format.amount(new Dec(band.value).times(band.rate).toFixed(), code);
      rows.push({ cells: [`   ${band.name}${share}`, format.quantity(band.value), unit, format.unitCost(band.rate, code), amount], style: SMALL });
    }
  }
  if (kind.kind === 'purchaseOrder' && source) {
    if (source.deadline) rows.push({ cells: [`${labels.deadline}: ${format.date(source.deadline)}`, '', '', '', ''], style: SMALL });
    if (source.instructions) rows.push({ cells: [`${labels.instructions}: ${source.instructions}`, '', '', '', ''], style: SMALL });
  }
  return rows;
}

/** A tax's label with its rate once, the name isolated (a right-to-left name keeps the label's order). */
function isolateTax(format: DocumentFormat, name: string, rate: string | null): string {
  const label = format.taxLabel(name, rate ?? '0');
  return label === name ? isolate(name) : `${isolate(name)}${label.slice(name.length)}`;
}

/** Where a credit note's amount goes: deducted from what its invoice still asked for, refunded, or both (stored when it was issued). */
function creditSettlement(data: DocumentSnapshot, format: DocumentFormat, labels: CreditLabels): string {
  const code = data.document.currency.code;
  const amount = new Dec(data.row.total).abs();
  const refund = Dec.min(new Dec(data.row.credit_refund || '0'), amount);
  const invoice = isolate(data.document.creditedInvoice?.number ?? '');
  if (refund.lte(0)) return labels.deducted(format.amount(amount.toFixed(), code), invoice);
  if (refund.gte(amount)) return labels.refunded(format.amount(amount.toFixed(), code), invoice);
  return labels.split(format.amount(amount.minus(refund).toFixed(), code), format.amount(refund.toFixed(), code), invoice);
}

/** The PDF of loaded data (exported for the layout tests, which draw documents of any size without a database). */
export function drawDocument(kind: KindConfig, data: DocumentSnapshot): Promise<Buffer> {
  const { document: doc, row } = data;
  const labels = LABELS[data.language];
  const creditLabels = CREDIT_LABELS[data.language];
  const format = documentFormat(data.language);
  const title = titleOf(kind, doc, labels);
  const PDFDocument = pdfKit();
  const pdf = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    lang: format.locale,
    // Dated by the document's last change, not the clock: the same document is the same bytes (its
    // e-mail attachment equals the download; docs/documents.md#e-mailing-documents).
    info: { Title: `${title} ${doc.number ?? labels.draft}`, Author: data.account.name, CreationDate: new Date(row.updated_at ?? doc.updatedAt) },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  const text = new PdfText(pdf);
  const left = MARGIN;
  const width = pdf.page.width - 2 * MARGIN;
  const bottom = pdf.page.height - MARGIN - FOOTER;
  const half = (width - 20) / 2;
  const right = left + width - half;
  const code = doc.currency.code;
  const block = (content: string, style: TextStyle, x: number, y: number, boxWidth = half) =>
    content === '' ? y : text.draw(content, style, { x, y, width: boxWidth, align: 'start', bottom });

  // Right: title, number, dates, references and the paid mark.
  let rightY = text.draw(title, { size: 20, bold: true }, { x: right, y: MARGIN, width: half, align: 'right' });
  rightY = text.draw(doc.number ?? labels.draft, { size: 11 }, { x: right, y: rightY, width: half, align: 'right' });
  const facts = [`${labels.issueDate}: ${format.date(doc.issueDate)}`];
  // A credit note asks for no payment: no due date (docs/documents.md#credit-notes).
  const creditNote = kind.hasPayments && doc.type === INVOICE_TYPE.creditNote;
  if (!creditNote && (kind.hasPayments || doc.dueDate)) facts.push(`${labels.dueDate}: ${format.date(doc.dueDate)}`);
  if (kind.hasValidityDate) facts.push(`${labels.validUntil}: ${format.date(doc.validityDate)}`);
  if (doc.creditedInvoice) facts.push(labels.creditsInvoice(isolate(doc.creditedInvoice.number ?? ''), format.date(data.creditedIssueDate)));
  if (data.purchaseOrders.length > 0) facts.push(`${labels.purchaseOrderReference}: ${data.purchaseOrders.map(isolate).join(', ')}`);
  rightY = text.draw(facts.join('\n'), BODY, { x: right, y: rightY, width: half, align: 'right' });
  const paid = kind.hasPayments && doc.type === INVOICE_TYPE.invoice && doc.status === INVOICE_STATUS.paid;
  if (paid)
    rightY = text.draw(labels.paid.toLocaleUpperCase(format.locale), { size: 16, bold: true }, { x: right, y: rightY + 6, width: half, align: 'right' });

  // Left: the logo, then the agency (long enough, at 255 characters a field, to run onto a second page).
  const firstPage = pdf.page;
  let y = MARGIN;
  if (data.logo) y = drawLogo(pdf, data.logo, left, y) + 8;
  y = block(data.account.name, { size: 14, bold: true }, left, y);
  y = block(addressLines(data.account.address, '', format).join('\n'), BODY, left, y);
  y = block(identityLines(data.account, labels).join('\n'), SMALL, left, y);
  if (pdf.page === firstPage) y = Math.max(y, rightY, 130);

  // The party.
  const partyLabel = kind.party === 'supplier' ? labels.supplier : kind.kind === 'quote' ? labels.quoteFor : labels.billTo;
  y = block(partyLabel, { size: 10, bold: true }, left, y + 20);
  const partyLines = addressLines(data.party.address, data.party.name, format);
  if (data.party.address.name && data.party.address.name !== data.party.name) partyLines.push(data.party.name);
  y = block(partyLines.join('\n'), { size: 10 }, left, y);
  y = block(identityLines(data.party, labels).join('\n'), BODY, left, y);

  // Lines: the description takes the width the figures leave.
  const headers = [labels.description, labels.quantity, labels.unit, labels.unitCost, labels.lineTotal];
  const aligns = ['start', 'right', 'start', 'right', 'right'] as const;
  const rows = doc.lines.flatMap((line) => lineRows(kind, data, line, format, labels));
  const totals: Array<[string, string, TextStyle]> = [[labels.subtotal, format.amount(row.subtotal, code), BODY]];
  if (new Dec(row.discount).gt(0))
    totals.push([`${labels.discount} (${format.percent(row.discount)})`, format.amount(new Dec(row.discount_amount).neg().toFixed(), code), BODY]);
  // The rate once: "VAT 21%", never "VAT 21% (21%)".
  if (doc.tax1) totals.push([isolateTax(format, doc.tax1.name, row.tax1_rate), format.amount(row.tax1_amount, code), BODY]);
  if (doc.tax2) totals.push([isolateTax(format, doc.tax2.name, row.tax2_rate), format.amount(row.tax2_amount, code), BODY]);
  totals.push([labels.total, format.amount(row.total, code), BODY_BOLD]);
  if (kind.hasPayments && doc.type === INVOICE_TYPE.invoice && doc.status !== 1) {
    // Partial credit notes lower what is due, as payments do.
    const credited = new Dec(data.creditedAmount ?? '0');
    const due = Dec.max(new Dec(row.total).minus(data.amountPaid).minus(credited), 0);
    if (credited.gt(0) && doc.status !== INVOICE_STATUS.credited) totals.push([creditLabels.credited, format.amount(credited.neg().toFixed(), code), BODY]);
    totals.push([labels.amountPaid, format.amount(data.amountPaid, code), BODY]);
    totals.push([labels.amountDue, format.amount(paid ? '0' : due.toFixed(), code), BODY_BOLD]);
  }
  const natural = [1, 2, 3, 4].map((column) =>
    Math.max(
      text.naturalWidth(headers[column]!, BODY_BOLD),
      ...rows.map((r) => text.naturalWidth(r.cells[column]!, r.style)),
      ...(column === 4 ? totals.map(([, value, style]) => text.naturalWidth(value, style)) : []),
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
  for (const { cells, style } of rows) {
    if (y + rowHeight(cells, style) > bottom) {
      pdf.addPage();
      y = header(MARGIN);
    }
    y = drawRow(cells, style, y) + 2;
  }
  pdf
    .moveTo(left, y)
    .lineTo(left + width, y)
    .stroke();
  y += 6;

  // Totals: each label right-aligned before the total column, on the baseline of its amount.
  const total = columns[4]!;
  const labelBox = { x: left, width: total.x - COLUMN_GAP - left };
  for (const [label, value, style] of totals) {
    if (y + Math.max(text.height(label, style, labelBox.width), lineHeight(style)) > bottom) {
      pdf.addPage();
      y = MARGIN;
    }
    y = Math.max(text.draw(label, style, { ...labelBox, y, align: 'right' }), text.draw(value, style, { x: total.x, y, width: total.width, align: 'right' }));
  }
  if (data.accountTotal) {
    // docs/exchange-rates.md#documents: the total in the account currency, and the rate it was converted with.
    const converted = data.accountTotal;
    const equation = `1 ${converted.currency} = ${format.rate(converted.rate)} ${code}`;
    y = block(`${labels.totalIn(converted.currency)}: ${format.amount(converted.amount, converted.currency)}`, BODY_BOLD, left, y + 8, width);
    y = block(labels.exchangeRate(equation, format.date(converted.date)), BODY, left, y, width);
  }
  if (doc.applyVATReverseCharge) y = block(labels.reverseCharge, BODY_BOLD, left, y + 8, width);

  if (creditNote) {
    // Instead of a request to pay: why, and where the amount goes (deducted from the invoice, refunded).
    if (data.row.credit_reason.trim() !== '') y = block(`${creditLabels.reason}: ${data.row.credit_reason}`, BODY, left, y + 12, width);
    y = block(creditSettlement(data, format, creditLabels), BODY, left, y + 8, width);
  }

  // Payment details on invoices (a credit note asks for no payment).
  const bank = data.bank;
  if (kind.hasPayments && !creditNote && (bank.iban || bank.bic || bank.bankName)) {
    const lines = [
      ...(bank.iban ? [`IBAN: ${groupIban(bank.iban)}`] : []),
      ...(bank.bic ? [`BIC: ${bank.bic}`] : []),
      ...(bank.bankName ? [`${labels.bank}: ${isolate(bank.bankName)}`] : []),
    ];
    y = block(labels.paymentDetails, BODY_BOLD, left, y + 12, width);
    y = block(lines.join('\n'), BODY, left, y, width);
  }
  if (doc.terms !== null && doc.terms.trim() !== '') {
    y = block(labels.terms, BODY_BOLD, left, y + 12, width);
    block(doc.terms, BODY, left, y, width);
  }

  // "Page n of m" at the foot of every page.
  const range = pdf.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index++) {
    pdf.switchToPage(index);
    text.draw(labels.page(index - range.start + 1, range.count), SMALL, { x: left, y: bottom + 4, width, align: 'right' });
  }
  pdf.end();
  return done;
}

/** The logo at the top left, scaled to fit 150 × 60 pt keeping its proportions; answers the y under it. */
function drawLogo(pdf: PDFKit.PDFDocument, logo: NonNullable<DocumentSnapshot['logo']>, x: number, y: number): number {
  const scale = Math.min(LOGO_BOX.width / Math.max(1, logo.width), LOGO_BOX.height / Math.max(1, logo.height), 1);
  const width = logo.width * scale;
  const height = logo.height * scale;
  if (logo.contentType === 'image/svg+xml') svgToPdf()(pdf, logo.content.toString('utf8'), x, y, { width, height, preserveAspectRatio: 'xMinYMin meet' });
  else pdf.image(logo.content, x, y, { fit: [width, height] });
  return y + height;
}
