import { XMLParser } from 'fast-xml-parser';
import { computeTotals, lineTotal } from '../src/modules/documents/totals.js';
import type { DocumentObject } from '../src/modules/documents/schemas.js';
import type { PartyIdentity, UblSource } from '../src/modules/document-rendering/ubl.js';

/** Documents for the e-invoice unit tests, their totals computed by the product's own rules (totals.ts). */
export interface DocSpec {
  currency?: string;
  lines?: Array<{ quantity: number; unitCost: number; unit?: { id: string; name: string } | null; description?: string }>;
  discount?: number;
  tax1?: number | null;
  tax2?: number | null;
  reverseCharge?: boolean;
  payments?: number[];
  creditNote?: boolean;
  number?: string | null;
  terms?: string | null;
}

export function documentOf(spec: DocSpec): DocumentObject {
  const currency = spec.currency ?? 'EUR';
  const sign = spec.creditNote ? -1 : 1;
  const lines = (spec.lines ?? [{ quantity: 1200, unitCost: 0.12, unit: { id: 'u-words', name: 'Words' } }]).map((line, index) => ({
    id: `l${index}`,
    description: line.description ?? `Translation part ${index + 1}`,
    quantity: line.quantity * sign,
    quantityType: line.unit === undefined ? null : line.unit,
    unitCost: line.unitCost,
    total: Number(lineTotal(String(line.quantity * sign), String(line.unitCost), currency)),
  }));
  const tax1 = spec.tax1 === undefined ? 0.21 : spec.tax1;
  const tax2 = spec.tax2 ?? null;
  const totals = computeTotals({
    currency,
    lineTotals: lines.map((line) => String(line.total)),
    discount: String(spec.discount ?? 0),
    tax1Rate: tax1 === null ? null : String(tax1),
    tax2Rate: tax2 === null ? null : String(tax2),
    reverseCharge: spec.reverseCharge ?? false,
  });
  return {
    id: 'd1',
    object: 'invoice',
    number: spec.number === undefined ? (spec.creditNote ? 'CN-2025-0001' : 'INV-2025-0042') : spec.number,
    status: 2,
    type: spec.creditNote ? 2 : 1,
    creditedInvoice: spec.creditNote ? { id: 'd0', number: 'INV-2025-0041' } : null,
    issueDate: '2025-03-14T00:00:00.000Z',
    dueDate: '2025-04-13T00:00:00.000Z',
    currency: { code: currency, symbol: currency },
    client: { id: 'c1', name: 'Acme Legal' },
    lines,
    paymentTerms: 30,
    discount: spec.discount ?? 0,
    tax1: tax1 === null ? null : { id: 't1', name: 'VAT', value: tax1 },
    tax2: tax2 === null ? null : { id: 't2', name: 'Levy', value: tax2 },
    applyVATReverseCharge: spec.reverseCharge ?? false,
    terms: spec.terms ?? null,
    total: {
      subtotal: Number(totals.subtotal),
      discount: Number(totals.discount),
      tax1: Number(totals.tax1),
      tax2: Number(totals.tax2),
      total: Number(totals.total),
    },
    exchangeRates: [],
    payments: (spec.payments ?? []).map((amount, index) => ({
      id: `p${index}`,
      amount,
      date: '2025-03-20T00:00:00.000Z',
      description: null,
      isFullyPaid: false,
      createdAt: '2025-03-20T00:00:00.000Z',
    })),
    isPartiallyPaid: false,
    paymentDate: null,
    sentDate: null,
    sentDateStatus: null,
    notes: [],
    labels: [],
    archive: false,
    pinned: false,
    createdAt: '2025-03-14T00:00:00.000Z',
    updatedAt: '2025-03-14T00:00:00.000Z',
  };
}

export const SELLER: PartyIdentity = {
  name: 'Lingua Agency',
  legalName: 'Lingua Agency SRL',
  street: '5 Rue de la Loi',
  city: 'Brussels',
  postalCode: '1000',
  state: '',
  country: 'BE',
  vatNumber: 'BE0123456749',
  registrationNumber: '0123456749',
  email: 'billing@lingua.example',
  phone: '+32 2 123 45 67',
};

export const BUYER: PartyIdentity = {
  name: 'Acme Legal',
  legalName: 'Acme Legal GmbH',
  street: 'Hauptstraße 1',
  city: 'Berlin',
  postalCode: '10115',
  state: '',
  country: 'DE',
  vatNumber: 'DE123456789',
  registrationNumber: 'HRB 12345',
  email: 'ap@acme.example',
  phone: '',
};

export function sourceOf(spec: DocSpec, change: Partial<UblSource> = {}): UblSource {
  return {
    document: documentOf(spec),
    hoursUnits: new Set(['u-hours']),
    seller: SELLER,
    buyer: BUYER,
    bank: { iban: 'BE68 5390 0754 7034', bic: 'GKCCBEBB', bankName: 'Belfius' },
    creditedInvoiceIssueDate: spec.creditNote ? '2025-02-01T00:00:00.000Z' : null,
    purchaseOrders: [],
    pdf: { filename: 'INV-2025-0042.pdf', content: Buffer.from('%PDF-1.3 test\n') },
    ...change,
  };
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  isArray: (name) => ['InvoiceLine', 'CreditNoteLine', 'TaxSubtotal', 'AllowanceCharge'].includes(name),
});

/** The figures of an e-invoice read back: its monetary totals, VAT breakdown and line amounts, as strings. */
export function ublFigures(xml: string) {
  const parsed = parser.parse(xml) as Record<string, any>;
  const root = parsed.Invoice ?? parsed.CreditNote;
  const text = (node: any): string => (typeof node === 'object' ? String(node['#text']) : String(node));
  const totals = root.LegalMonetaryTotal;
  return {
    root,
    currency: text(root.DocumentCurrencyCode),
    lineExtension: text(totals.LineExtensionAmount),
    taxExclusive: text(totals.TaxExclusiveAmount),
    taxInclusive: text(totals.TaxInclusiveAmount),
    allowance: totals.AllowanceTotalAmount === undefined ? null : text(totals.AllowanceTotalAmount),
    prepaid: totals.PrepaidAmount === undefined ? null : text(totals.PrepaidAmount),
    payable: text(totals.PayableAmount),
    tax: text(root.TaxTotal.TaxAmount),
    breakdown: (root.TaxTotal.TaxSubtotal as any[]).map((sub) => ({
      taxable: text(sub.TaxableAmount),
      tax: text(sub.TaxAmount),
      category: text(sub.TaxCategory.ID),
      percent: text(sub.TaxCategory.Percent),
    })),
    lines: ((root.InvoiceLine ?? root.CreditNoteLine) as any[]).map((line) => ({
      amount: text(line.LineExtensionAmount),
      quantity: text(line.InvoicedQuantity ?? line.CreditedQuantity),
      unitCode: String((line.InvoicedQuantity ?? line.CreditedQuantity)['@unitCode']),
    })),
    allowances: ((root.AllowanceCharge ?? []) as any[]).map((charge) => text(charge.Amount)),
  };
}
