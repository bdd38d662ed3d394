import { describe, expect, it } from 'vitest';
import { toUbl, unitCode, vatIdentifier, endpoint, type UblSource } from '../../src/modules/document-rendering/ubl.js';
import { CUSTOMIZATION_ID, PROFILE_ID, ublXml } from '../../src/modules/document-rendering/ubl-xml.js';
import { en16931Failures, fatal, peppolFailures, totalsRuleFailures, xsdErrors } from '../ubl-validate.js';
import { BUYER, SELLER, sourceOf, ublFigures, type DocSpec } from '../ubl-world.js';

/**
 * E-invoices (docs/documents.md#e-invoices) built from documents whose totals come from totals.ts:
 * each case is valid against the UBL 2.1 schema, fires no fatal EN 16931 rule (the official CEN
 * Schematron) nor Peppol BIS Billing 3.0 rule (OpenPEPPOL's Schematron), and its figures are the document's.
 */
const SCHEMATRON_TIMEOUT = 60_000;

async function checked(source: UblSource) {
  const xml = ublXml(toUbl(source));
  expect(await xsdErrors(xml)).toEqual([]);
  expect(fatal(en16931Failures(xml))).toEqual([]);
  expect(fatal(peppolFailures(xml))).toEqual([]);
  const figures = ublFigures(xml);
  expect(totalsRuleFailures(figures)).toEqual([]);
  return { xml, figures };
}

const CASES: Array<{ name: string; spec: DocSpec; expect: Record<string, unknown> }> = [
  {
    name: 'standard VAT (S 21 %)',
    spec: {},
    expect: {
      lineExtension: '144.00',
      tax: '30.24',
      taxInclusive: '174.24',
      payable: '174.24',
      breakdown: [{ taxable: '144.00', tax: '30.24', category: 'S', percent: '21' }],
    },
  },
  {
    name: 'reverse charge (AE, VATEX-EU-AE)',
    spec: { reverseCharge: true },
    expect: { tax: '0.00', taxInclusive: '144.00', breakdown: [{ taxable: '144.00', tax: '0.00', category: 'AE', percent: '0' }] },
  },
  {
    name: 'exempt (E: no tax on the document)',
    spec: { tax1: null },
    expect: { tax: '0.00', breakdown: [{ taxable: '144.00', tax: '0.00', category: 'E', percent: '0' }] },
  },
  {
    name: 'zero-rated (Z: a 0 % tax)',
    spec: { tax1: 0 },
    expect: { tax: '0.00', breakdown: [{ taxable: '144.00', tax: '0.00', category: 'Z', percent: '0' }] },
  },
  {
    name: 'two taxes (one S breakdown at the added rates, tax = tax1 + tax2)',
    spec: { tax1: 0.21, tax2: 0.015, lines: [{ quantity: 3, unitCost: 33.33 }] },
    // 99.99 × 0.21 = 20.9979 → 21.00; 99.99 × 0.015 = 1.49985 → 1.50; the API's total 122.49.
    expect: { lineExtension: '99.99', tax: '22.50', taxInclusive: '122.49', breakdown: [{ taxable: '99.99', tax: '22.50', category: 'S', percent: '22.5' }] },
  },
  {
    name: 'document discount (allowance 95)',
    spec: { discount: 0.1, lines: [{ quantity: 2, unitCost: 50.05 }] },
    expect: { lineExtension: '100.10', allowance: '10.01', taxExclusive: '90.09', tax: '18.92', taxInclusive: '109.01' },
  },
  {
    name: 'payments (prepaid)',
    spec: { payments: [50, 24.24] },
    expect: { taxInclusive: '174.24', prepaid: '74.24', payable: '100.00' },
  },
  {
    name: 'JPY (no minor unit)',
    spec: { currency: 'JPY', lines: [{ quantity: 3, unitCost: 1234.5 }], discount: 0.05 },
    // 3703.5 → 3704; discount 185.2 → 185; 3519 × 0.21 = 738.99 → 739.
    expect: { currency: 'JPY', lineExtension: '3704', allowance: '185', taxExclusive: '3519', tax: '739', taxInclusive: '4258' },
  },
  {
    name: 'a credit note (positive figures, BillingReference)',
    spec: { creditNote: true, discount: 0.1 },
    expect: { lineExtension: '144.00', allowance: '14.40', taxExclusive: '129.60', tax: '27.22', taxInclusive: '156.82' },
  },
];

describe('toUbl + ublXml: valid e-invoices', () => {
  for (const sample of CASES) {
    it(
      sample.name,
      async () => {
        const { figures } = await checked(sourceOf(sample.spec));
        expect(figures).toMatchObject(sample.expect);
      },
      SCHEMATRON_TIMEOUT,
    );
  }

  it(
    'carries the Peppol ids, the parties, payment means, the PDF and the credited invoice',
    async () => {
      const { xml, figures } = await checked(sourceOf({ creditNote: true, terms: 'Thank you' }));
      const root = figures.root;
      expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<CreditNote')).toBe(true);
      expect(root.CustomizationID).toBe(CUSTOMIZATION_ID);
      expect(root.ProfileID).toBe(PROFILE_ID);
      expect(root.CreditNoteTypeCode).toBe('381');
      expect(root.BuyerReference).toBe('CN-2025-0001');
      expect(root.BillingReference.InvoiceDocumentReference).toEqual({ ID: 'INV-2025-0041', IssueDate: '2025-02-01' });
      const seller = root.AccountingSupplierParty.Party;
      expect(seller.EndpointID).toEqual({ '#text': 'BE0123456749', '@schemeID': '9925' });
      expect(seller.PartyTaxScheme).toEqual({ CompanyID: 'BE0123456749', TaxScheme: { ID: 'VAT' } });
      expect(seller.PartyLegalEntity).toEqual({ RegistrationName: 'Lingua Agency SRL', CompanyID: '0123456749' });
      expect(seller.PostalAddress.Country.IdentificationCode).toBe('BE');
      const buyer = root.AccountingCustomerParty.Party;
      expect(buyer.EndpointID).toEqual({ '#text': 'DE123456789', '@schemeID': '9930' });
      expect(buyer.PartyName.Name).toBe('Acme Legal');
      expect(root.PaymentMeans.PaymentMeansCode['#text']).toBe('30');
      expect(root.PaymentMeans.PayeeFinancialAccount).toEqual({
        ID: 'BE68539007547034',
        Name: 'Lingua Agency SRL',
        FinancialInstitutionBranch: { ID: 'GKCCBEBB' },
      });
      // A credit note asks for no payment: its terms say where its amount goes (BR-CO-25 wants terms or a due date).
      expect(root.PaymentTerms.Note).toBe('Credit for invoice INV-2025-0041: deducted from its amount due, or refunded once it is paid');
      expect(root.Note).toBe('Thank you');
      const attachment = root.AdditionalDocumentReference.Attachment.EmbeddedDocumentBinaryObject;
      expect(attachment['@mimeCode']).toBe('application/pdf');
      expect(Buffer.from(attachment['#text'], 'base64').toString()).toBe('%PDF-1.3 test\n');
      expect(figures.lines).toEqual([{ amount: '144.00', quantity: '1200', unitCode: 'C62' }]);
      expect(root.CreditNoteLine[0].Item.AdditionalItemProperty).toEqual({ Name: 'Unit', Value: 'Words' });
    },
    SCHEMATRON_TIMEOUT,
  );

  it(
    'maps units to UN/ECE Recommendation 20 codes',
    async () => {
      const hours = new Set(['u-h']);
      expect(unitCode({ id: 'u-h', name: 'Billable time' }, hours)).toEqual({ code: 'HUR', name: null });
      expect(unitCode({ id: 'x', name: 'Hours' }, hours)).toEqual({ code: 'HUR', name: null });
      expect(unitCode({ id: 'x', name: 'Tage' }, hours)).toEqual({ code: 'DAY', name: null });
      expect(unitCode({ id: 'x', name: 'Pages' }, hours)).toEqual({ code: 'C62', name: 'Pages' });
      expect(unitCode(null, hours)).toEqual({ code: 'C62', name: null });
      const { figures } = await checked(
        sourceOf({
          lines: [
            { quantity: 2.5, unitCost: 60, unit: { id: 'u-hours', name: 'Hours' } },
            { quantity: 1, unitCost: 400, unit: { id: 'u-days', name: 'days' } },
            { quantity: 12, unitCost: 1.5, unit: null },
          ],
        }),
      );
      expect(figures.lines.map((line) => line.unitCode)).toEqual(['HUR', 'DAY', 'C62']);
    },
    SCHEMATRON_TIMEOUT,
  );

  it('prices a job line whose unit cost × quantity drifts as its amount per its quantity (Peppol R120)', () => {
    const source = sourceOf({});
    source.document.lines = [{ id: 'l', description: 'Big job', quantity: 123457, quantityType: null, unitCost: 0.123457, total: 15241.89 }];
    Object.assign(source.document.total, { subtotal: 15241.89, tax1: 3200.8, total: 18442.69 });
    const line = toUbl(source).lines[0]!;
    expect(line).toMatchObject({ quantity: '123457', price: '15241.89', baseQuantity: '123457', lineExtension: '15241.89' });
  });

  it(
    'the client’s purchase-order reference: one is the OrderReference, several the BuyerReference (Peppol R003)',
    async () => {
      const one = await checked(sourceOf({}, { purchaseOrders: ['PO-4711'] }));
      expect(one.figures.root.OrderReference).toEqual({ ID: 'PO-4711' });
      expect(one.figures.root.BuyerReference).toBeUndefined();
      const several = toUbl(sourceOf({}, { purchaseOrders: ['PO-1', 'PO-2'] }));
      expect(several).toMatchObject({ buyerReference: 'PO-1, PO-2', orderReference: null });
    },
    SCHEMATRON_TIMEOUT,
  );

  it('VAT identifiers get their country prefix; endpoints use the VAT scheme, else the e-mail', () => {
    expect(vatIdentifier('0123.456.749', 'BE')).toBe('BE0123456749');
    expect(vatIdentifier('094259216', 'GR')).toBe('EL094259216');
    expect(vatIdentifier('fr 40 303265045', 'FR')).toBe('FR40303265045');
    expect(endpoint('FR40303265045', 'a@b.example')).toEqual({ scheme: '9957', id: 'FR40303265045' });
    expect(endpoint('US123', 'a@b.example')).toEqual({ scheme: 'EM', id: 'a@b.example' });
    expect(endpoint('', '')).toBeNull();
  });
});

describe('toUbl: what cannot become an e-invoice is a 409 naming every gap', () => {
  const conflict = (source: UblSource) => {
    try {
      toUbl(source);
    } catch (error) {
      expect((error as { statusCode: number }).statusCode).toBe(409);
      return (error as Error).message;
    }
    throw new Error('no error');
  };

  it('a draft (no number yet)', () => {
    expect(conflict(sourceOf({ number: null }))).toMatch(/draft invoice has no number yet/);
  });
  it('a 3-decimal currency, a negative tax, no lines', () => {
    const source = sourceOf({ currency: 'BHD', tax2: -0.15 });
    source.document.lines = [];
    const message = conflict(source);
    expect(message).toMatch(/BHD has 3 decimals/);
    expect(message).toMatch(/negative tax/);
    expect(message).toMatch(/no lines/);
  });
  it('missing identity: seller VAT number, countries, reverse charge without the buyer’s identifiers', () => {
    const message = conflict(
      sourceOf(
        { reverseCharge: true },
        { seller: { ...SELLER, vatNumber: '', country: null }, buyer: { ...BUYER, vatNumber: '', registrationNumber: '', email: '', country: null } },
      ),
    );
    expect(message).toMatch(/account has no VAT number/);
    expect(message).toMatch(/account's address has no country/);
    expect(message).toMatch(/client's address has no country/);
    expect(message).toMatch(/client has neither a VAT number/);
    expect(message).toMatch(/reverse charge needs the client’s VAT number/);
  });
});

describe('the Schematron catches a broken e-invoice by rule id', () => {
  const xml = ublXml(toUbl(sourceOf({ discount: 0.1, payments: [10] })));
  const fired = (broken: string) => fatal(en16931Failures(broken)).map((failure) => failure.id);
  const replace = (from: RegExp, to: string) => {
    expect(xml).toMatch(from);
    return xml.replace(from, to);
  };

  it(
    'a wrong payable amount: BR-CO-16',
    () => {
      expect(fired(replace(/<cbc:PayableAmount currencyID="EUR">[^<]+</, '<cbc:PayableAmount currencyID="EUR">999.99<'))).toContain('BR-CO-16');
    },
    SCHEMATRON_TIMEOUT,
  );
  it(
    'a wrong line extension total: BR-CO-10 (and BR-CO-13)',
    () => {
      const ids = fired(
        replace(
          /<cbc:LineExtensionAmount currencyID="EUR">144.00<\/cbc:LineExtensionAmount>\s*<cbc:TaxExclusive/,
          '<cbc:LineExtensionAmount currencyID="EUR">145.00</cbc:LineExtensionAmount><cbc:TaxExclusive',
        ),
      );
      expect(ids).toContain('BR-CO-10');
      expect(ids).toContain('BR-CO-13');
    },
    SCHEMATRON_TIMEOUT,
  );
  it(
    'a wrong VAT total: BR-CO-14, BR-CO-15',
    () => {
      const ids = fired(replace(/(<cac:TaxTotal>\s*<cbc:TaxAmount currencyID="EUR">)[^<]+</, '$127.00<'));
      expect(ids).toEqual(expect.arrayContaining(['BR-CO-14', 'BR-CO-15']));
    },
    SCHEMATRON_TIMEOUT,
  );
  it(
    'no seller VAT identifier: BR-S-02',
    () => {
      expect(
        fired(
          replace(
            /<cac:PartyTaxScheme>\s*<cbc:CompanyID>BE0123456749<\/cbc:CompanyID>\s*<cac:TaxScheme>\s*<cbc:ID>VAT<\/cbc:ID>\s*<\/cac:TaxScheme>\s*<\/cac:PartyTaxScheme>/,
            '',
          ),
        ),
      ).toContain('BR-S-02');
    },
    SCHEMATRON_TIMEOUT,
  );
  it(
    'an amount with 3 decimals: BR-DEC-18 (and the TypeScript totals check)',
    () => {
      const broken = replace(/<cbc:PayableAmount currencyID="EUR">[^<]+</, '<cbc:PayableAmount currencyID="EUR">146.601<');
      expect(fired(broken)).toContain('BR-DEC-18');
      expect(totalsRuleFailures(ublFigures(broken))).toEqual(['BR-CO-16', 'BR-DEC']);
    },
    SCHEMATRON_TIMEOUT,
  );
  it(
    'no seller electronic address: PEPPOL-EN16931-R020; no buyer or order reference: PEPPOL-EN16931-R003',
    () => {
      const broken = replace(/<cbc:EndpointID schemeID="9925">[^<]+<\/cbc:EndpointID>/, '').replace(/<cbc:BuyerReference>[^<]+<\/cbc:BuyerReference>/, '');
      const ids = fatal(peppolFailures(broken)).map((failure) => failure.id);
      expect(ids).toEqual(expect.arrayContaining(['PEPPOL-EN16931-R020', 'PEPPOL-EN16931-R003']));
    },
    SCHEMATRON_TIMEOUT,
  );
  it(
    'the e-mail endpoint fallback (EM) is valid EN 16931 but outside the Peppol EAS list: PEPPOL-EN16931-CL008',
    () => {
      const fallback = ublXml(toUbl(sourceOf({}, { buyer: { ...BUYER, vatNumber: 'US123', email: 'ap@acme.example', country: 'US' } })));
      expect(fallback).toContain('<cbc:EndpointID schemeID="EM">ap@acme.example</cbc:EndpointID>');
      expect(fatal(en16931Failures(fallback))).toEqual([]);
      expect(fatal(peppolFailures(fallback)).map((failure) => failure.id)).toContain('PEPPOL-EN16931-CL008');
    },
    SCHEMATRON_TIMEOUT,
  );
  it('an element out of the schema order: the XSD', async () => {
    expect((await xsdErrors(replace(/<cbc:ProfileID>/, '<cbc:Note>x</cbc:Note><cbc:ProfileID>'))).join('\n')).toMatch(/Note': This element is not expected/);
  });
});
