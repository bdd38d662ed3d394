import { describe, expect, it } from 'vitest';
import { invoiceKind, purchaseOrderKind, quoteKind } from '../../src/modules/documents/kinds.js';
import type { LineSource, DocumentSnapshot } from '../../src/modules/document-rendering/snapshot.js';
import { LABELS, LABEL_LANGUAGES } from '../../src/modules/document-rendering/pdf-labels.js';
import { CREDIT_LABELS } from '../../src/modules/document-rendering/pdf-credit-labels.js';
import { drawDocument } from '../../src/modules/document-rendering/pdf.js';
import { pdfItems, pdfLines } from '../pdf-extract.js';

/**
 * The layout of document PDFs drawn from data (no database): 200 lines over several pages, the
 * match displays, a logo (pdf-extract makes every space plain). A4 is 595.28 × 841.89 pt with 50 pt margins.
 */
const PAGE = { width: 595.28, height: 841.89, margin: 50 };
const NO_IDENTITY = {
  name: '',
  legalName: '',
  street: '',
  city: '',
  postalCode: '',
  state: '',
  country: null,
  vatNumber: '',
  registrationNumber: '',
  email: '',
  phone: '',
};

type Line = DocumentSnapshot['document']['lines'][number];

function data(lines: Line[], overrides: Partial<DocumentSnapshot> = {}, sources = new Map<string, LineSource>()): DocumentSnapshot {
  const total = lines.reduce((sum, line) => sum + line.total, 0).toFixed(2);
  return {
    document: {
      id: 'd1',
      object: 'invoice',
      number: 'INV-2025-0001',
      status: 2,
      type: 1,
      creditedInvoice: null,
      issueDate: '2025-01-15',
      dueDate: '2025-02-14',
      currency: { code: 'EUR', symbol: '€' },
      client: { id: 'c1', name: 'Kunde GmbH' },
      lines,
      paymentTerms: 30,
      discount: 0,
      tax1: null,
      tax2: null,
      applyVATReverseCharge: false,
      terms: null,
      total: { subtotal: Number(total), discount: 0, tax1: 0, tax2: 0, total: Number(total) },
      exchangeRates: [],
      payments: [],
      sentDate: null,
      sentDateStatus: null,
      notes: [],
      labels: [],
      archive: false,
      pinned: false,
      createdAt: '2025-01-15T00:00:00.000Z',
      updatedAt: '2025-01-15T00:00:00.000Z',
    },
    row: {
      subtotal: total,
      discount: '0',
      discount_amount: '0',
      tax1_amount: '0',
      tax2_amount: '0',
      total,
      tax1_rate: null,
      tax2_rate: null,
      credit_reason: '',
      credit_refund: '0',
    } as DocumentSnapshot['row'],
    language: 'de',
    account: {
      name: 'Agentur',
      address: { name: '', street: '', city: '', postalCode: '', state: '', country: '' },
      vatNumber: '',
      registrationNumber: '',
      email: '',
      phone: '',
      website: '',
    },
    bank: { iban: '', bic: '', bankName: '' },
    logo: null,
    party: {
      name: 'Kunde GmbH',
      address: { name: '', street: '', city: '', postalCode: '', state: '', country: 'DE' },
      vatNumber: 'DE123456789',
      registrationNumber: '',
      email: '',
      phone: '',
      website: '',
    },
    matchDisplay: 'none',
    purchaseOrders: [],
    sources,
    amountPaid: '0',
    creditedIssueDate: null,
    // What only the e-invoice shows: not drawn on the PDF.
    seller: { ...NO_IDENTITY, name: 'Agentur' },
    buyer: { ...NO_IDENTITY, name: 'Kunde GmbH' },
    ...overrides,
  };
}

const line = (index: number, extra: Partial<Line> = {}): Line => ({
  id: `l${index}`,
  description: `Zeile ${String(index).padStart(3, '0')}`,
  quantity: 1,
  quantityType: null,
  unitCost: index,
  total: index,
  ...extra,
});

describe('document PDF layout', () => {
  it('200 lines: every line in order, the table header on every page, the totals at the end, page numbers, nothing past the margins', async () => {
    const lines = Array.from({ length: 200 }, (_, index) => line(index + 1));
    const pdf = await drawDocument(invoiceKind, data(lines));
    const items = await pdfItems(pdf);
    const pages = Math.max(...items.map((item) => item.page));
    expect(pages).toBeGreaterThan(3);
    // Every line, in order.
    const order = items.filter((item) => /^Zeile \d{3}$/.test(item.text)).map((item) => item.text);
    expect(order).toEqual(lines.map((each) => each.description));
    for (let page = 1; page <= pages; page++) {
      const texts = items.filter((item) => item.page === page).map((item) => item.text);
      expect(texts, `header on page ${page}`).toEqual(expect.arrayContaining(['Beschreibung', 'Menge', 'Einzelpreis', 'Betrag']));
      expect(texts, `page number on page ${page}`).toContain(`Seite ${page} von ${pages}`);
    }
    // The totals after the last line, on the last page: 1 + … + 200 = 20 100.
    const lastLine = items.find((item) => item.text === 'Zeile 200')!;
    const total = items.find((item) => item.text === '20.100,00 €')!;
    expect(total.page).toBe(pages);
    expect(total.page > lastLine.page || total.y < lastLine.y).toBe(true);
    expect((await pdfLines(pdf)).some((text) => /^Gesamt|^Zwischensumme/.test(text))).toBe(true);
    for (const item of items) {
      expect(item.y, `"${item.text}" under the bottom margin`).toBeGreaterThanOrEqual(PAGE.margin - 4);
      expect(item.y, `"${item.text}" above the top margin`).toBeLessThanOrEqual(PAGE.height - PAGE.margin);
      expect(item.x + item.width, `"${item.text}" leaves the page`).toBeLessThanOrEqual(PAGE.width - PAGE.margin + 0.01);
    }
  });

  it.each(LABEL_LANGUAGES)('%s: the title, the table header, the grand total and the page number in the language', async (language) => {
    const labels = LABELS[language];
    const lines = await pdfLines(await drawDocument(invoiceKind, data([line(1)], { language })));
    expect(lines).toContain(labels.invoice);
    expect(lines).toContain([labels.description, labels.quantity, labels.unit, labels.unitCost, labels.lineTotal].join(' '));
    expect(lines.some((text) => text.startsWith(`${labels.total} `))).toBe(true);
    expect(lines).toContain(labels.page(1, 1));
  });

  const matched: LineSource = {
    minimumFee: false,
    fullRate: '0.1',
    matchesType: 'percentage',
    matches: [
      { name: 'Neu', value: '1000', rate: '0.1' },
      { name: '75-84%', value: '500', rate: '0.03' },
    ],
    deadline: '2025-03-01',
    instructions: 'Glossar beachten',
  };

  it('match display breakdown: the line without a blended unit cost, then a row per band with its share, quantity, own rate and amount', async () => {
    const lines = [line(1, { description: 'Übersetzung', quantity: 1500, unitCost: 0.076667, total: 115 })];
    const text = (await pdfLines(await drawDocument(quoteKind, data(lines, { matchDisplay: 'breakdown' }, new Map([['l1', matched]]))))).join('\n');
    expect(text).toContain('Übersetzung 1.500 115,00 €');
    expect(text).toContain('Neu (100 %) 1.000 0,10 € 100,00 €');
    expect(text).toContain('75-84% (30 %) 500 0,03 € 15,00 €');
    expect(text).not.toContain('0,076667');
    expect(text).not.toContain('Liefertermin');
  });

  it('hidden matches: the weighted quantity at the full rate, whose product is the total, said so', async () => {
    const lines = [line(1, { description: 'Übersetzung', quantity: 1500, unitCost: 0.076667, total: 115 })];
    const text = (await pdfLines(await drawDocument(invoiceKind, data(lines, { matchDisplay: 'hiddenMatches' }, new Map([['l1', matched]]))))).join('\n');
    expect(text).toContain(`1.150 0,10 € 115,00 €`);
    expect(text).toContain(LABELS.de.fullRateEquivalent);
    expect(text).not.toContain('75-84%');
  });

  it('none (the default): the weighted quantity at the full rate too, never the blended unit cost', async () => {
    // 1 000 × €0.139 + 237 × 30 % of it: €148.88 over 1 237 words blends to €0.120356; the weighted quantity is 1 071.1 at €0.139.
    const blended: LineSource = {
      ...matched,
      fullRate: '0.139',
      matches: [
        { name: 'Neu', value: '1000', rate: '0.139' },
        { name: '75-84%', value: '237', rate: '0.0417' },
      ],
    };
    const lines = [line(1, { description: 'Übersetzung', quantity: 1237, unitCost: 0.120356, total: 148.88 })];
    const text = (await pdfLines(await drawDocument(invoiceKind, data(lines, {}, new Map([['l1', blended]]))))).join('\n');
    expect(text).toContain(`1.071,08 0,139 € 148,88 €`);
    expect(text).not.toContain('0,120356');
    expect(text).not.toContain(LABELS.de.fullRateEquivalent);
    expect(text).not.toContain('75-84%');
  });

  it('a job line names its language pair and service in the document language', async () => {
    const lines = [line(1, { description: 'Handbuch', quantity: 10, unitCost: 2, total: 20 })];
    const about: LineSource = { ...matched, matches: [], languages: { source: 'en', target: 'pt-BR' }, service: 'Fachübersetzung' };
    const text = (await pdfLines(await drawDocument(invoiceKind, data(lines, {}, new Map([['l1', about]]))))).join('\n');
    expect(text).toContain('Englisch → Portugiesisch (Brasilien) · Fachübersetzung');
    expect(text).toContain('Handbuch 10 2,00 € 20,00 €');
  });

  it('the tax label says its rate once: a name with the rate is printed as it is, one without gets it', async () => {
    const lines = [line(1, { total: 100, unitCost: 100 })];
    const base = data(lines);
    const taxed = {
      ...base,
      document: { ...base.document, tax1: { id: 't1', name: 'MwSt. 19 %', value: 0.19 }, tax2: { id: 't2', name: 'Abgabe', value: 0.015 } },
      row: { ...base.row, tax1_rate: '0.19', tax1_amount: '19.00', tax2_rate: '0.015', tax2_amount: '1.50' } as DocumentSnapshot['row'],
    };
    const text = (await pdfLines(await drawDocument(invoiceKind, taxed))).join('\n');
    expect(text).toContain('MwSt. 19 % 19,00 €');
    expect(text).toContain('Abgabe 1,5 % 1,50 €');
    expect(text).not.toContain('(19 %)');
  });

  describe('credit notes', () => {
    const creditNote = (refund: string, reason = 'Zwei Seiten fehlten') => {
      const base = data([line(1, { quantity: -1, unitCost: 50, total: -50 })], {
        bank: { iban: 'DE89370400440532013000', bic: 'COBADEFFXXX', bankName: 'Commerzbank' },
        creditedIssueDate: '2025-01-02',
      });
      return {
        ...base,
        document: { ...base.document, type: 2, number: 'CN-2025-0001', dueDate: null, creditedInvoice: { id: 'i1', number: 'INV-2025-0007' } },
        row: { ...base.row, credit_reason: reason, credit_refund: refund },
      };
    };

    it('no due date, no payment details, the invoice credited, the reason and the amount deducted', async () => {
      const text = (await pdfLines(await drawDocument(invoiceKind, creditNote('0')))).join('\n');
      expect(text).toContain(LABELS.de.creditNote);
      expect(text.replace(/\n/g, ' ')).toContain(LABELS.de.creditsInvoice('INV-2025-0007', '2. Januar 2025'));
      expect(text).not.toContain(LABELS.de.dueDate);
      expect(text).not.toContain(LABELS.de.paymentDetails);
      expect(text).not.toContain('DE89');
      expect(text).not.toContain(LABELS.de.amountDue);
      expect(text).toContain('Grund: Zwei Seiten fehlten');
      expect(text).toContain('50,00 € wird vom offenen Betrag der Rechnung INV-2025-0007 abgezogen.');
    });

    it('refunded when the invoice was paid, or split between both', async () => {
      expect((await pdfLines(await drawDocument(invoiceKind, creditNote('50.00')))).join(' ')).toContain(
        'Die Rechnung INV-2025-0007 ist bezahlt: 50,00 € wird Ihnen erstattet.',
      );
      expect((await pdfLines(await drawDocument(invoiceKind, creditNote('20', '')))).join(' ')).toContain(
        '30,00 € wird vom offenen Betrag der Rechnung INV-2025-0007 abgezogen, 20,00 € wird Ihnen erstattet.',
      );
    });

    it('an invoice shows its partial credits and the amount due net of them', async () => {
      const base = data([line(1, { total: 100, unitCost: 100 })], { creditedAmount: '30', amountPaid: '20' });
      const text = (await pdfLines(await drawDocument(invoiceKind, base))).join('\n');
      expect(text).toContain(`${CREDIT_LABELS.de.credited} -30,00 €`);
      expect(text).toContain(`${LABELS.de.amountDue} 50,00 €`);
    });
  });

  it('purchase orders always show the breakdown, the deadline and the instructions', async () => {
    const lines = [line(1, { description: 'Übersetzung', quantity: 1500, unitCost: 0.076667, total: 115 })];
    const base = data(lines, {}, new Map([['l1', { ...matched, matchesType: 'fixed' }]]));
    const order = { ...base, document: { ...base.document, object: 'purchaseOrder', client: undefined, supplier: { id: 's1', name: 'Übersetzerin' } } };
    const text = (await pdfLines(await drawDocument(purchaseOrderKind, order))).join('\n');
    expect(text).toContain('Bestellung');
    expect(text).toContain(`75-84% 500 0,03 € 15,00 €`);
    expect(text).toContain('Liefertermin: 1. März 2025');
    expect(text).toContain('Anweisungen: Glossar beachten');
  });

  it('draws a PNG or an SVG logo, scaled into 150 × 60 pt', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="300" height="60"><rect width="300" height="60" fill="#c00"/></svg>');
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    for (const logo of [
      { contentType: 'image/svg+xml', content: svg, width: 300, height: 60 },
      { contentType: 'image/png', content: png, width: 1, height: 1 },
    ]) {
      const pdf = await drawDocument(invoiceKind, data([line(1)], { logo }));
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      const source = pdf.toString('latin1');
      if (logo.contentType === 'image/png') expect(source).toContain('/Subtype /Image');
      else expect(source).toMatch(/re\s*\n?f/);
    }
  });
});
