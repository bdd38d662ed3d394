import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MISSING_ID, createTestApp, expectError, type TestContext } from '../../helper.js';
import { en16931Failures, fatal, peppolFailures, totalsRuleFailures, xsdErrors } from '../../ubl-validate.js';
import { ublFigures } from '../../ubl-world.js';
import { docWorld, fixedJob, newInvoice, type DocWorld } from './fixture.js';

/** `GET /v2/invoices/:id/ubl` (docs/documents.md#e-invoices). */
let t: TestContext;
let w: DocWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await docWorld(t.api);
});
afterAll(() => t.close());

const SLOW = 60_000;

async function ublOf(id: string): Promise<{ xml: string; disposition: string }> {
  const reply = await t.api.get(`/v2/invoices/${id}/ubl`);
  expect(reply.status, reply.raw.payload.slice(0, 500)).toBe(200);
  expect(reply.headers['content-type']).toMatch(/^application\/xml/);
  return { xml: reply.raw.payload, disposition: String(reply.headers['content-disposition']) };
}

async function expectValid(xml: string): Promise<void> {
  expect(await xsdErrors(xml)).toEqual([]);
  expect(fatal(en16931Failures(xml))).toEqual([]);
  expect(fatal(peppolFailures(xml))).toEqual([]);
  expect(totalsRuleFailures(ublFigures(xml))).toEqual([]);
}

/** pdfkit stamps the creation time (and the file id derived from it): the rest of two renderings of one document is the same bytes. */
const timeless = (pdf: Buffer) =>
  pdf
    .toString('latin1')
    .replace(/\(D:\d{14}Z\)/g, '')
    .replace(/\/ID \[<[0-9a-f]+> <[0-9a-f]+>\]/g, '');

describe('GET /v2/invoices/:id/ubl', () => {
  let sent: any;

  it('refuses a sent invoice while the identity an e-invoice needs is missing: 409 naming each gap', async () => {
    sent = await newInvoice(t.api, { client: w.client, lines: [{ description: 'Proofreading', quantity: 2, unitCost: 40 }], tax1: w.vat });
    expect((await t.api.post(`/v2/invoices/${sent.id}/send`)).status).toBe(200);
    const error = expectError(await t.api.get(`/v2/invoices/${sent.id}/ubl`), 409, 'state_conflict');
    expect(error.message).toMatch(/account has no VAT number/);
    expect(error.message).toMatch(/account's address has no country/);
  });

  it(
    'answers a Peppol BIS Billing 3.0 invoice: valid, the API totals, the PDF embedded',
    async () => {
      const account = await t.api.put('/v2/account', {
        legalName: 'Agency One SRL',
        vatNumber: 'BE0123456749',
        registrationNumber: '0123.456.749',
        email: 'billing@agency.example',
        iban: 'BE68539007547034',
        bic: 'GKCCBEBB',
        bankName: 'Belfius',
        address: { street: '5 Agency Road', city: 'Ghent', postalCode: '9000', country: 'BE' },
      });
      expect(account.status, JSON.stringify(account.body)).toBe(200);
      expect((await t.api.put(`/v2/clients/${w.client}`, { vatNumber: 'BE0987654321', email: 'ap@acme.example' })).status).toBe(200);
      const hours = await t.api.post('/v2/account/quantity-types', { name: `Billable time ${Date.now()}` });
      expect(hours.status, JSON.stringify(hours.body)).toBe(201);
      expect((await t.api.put(`/v2/account/quantity-types/${hours.body.id}`, { isHours: true })).status).toBe(200);
      const jobId = await fixedJob(t.api, w, 100);
      const invoice = await newInvoice(t.api, {
        client: w.client,
        jobs: [jobId],
        lines: [
          { description: 'Rush fee', quantity: 3, unitCost: 1.005 },
          { description: 'Terminology session', quantity: 1.5, quantityType: hours.body.id, unitCost: 80 },
        ],
        discount: 0.1,
        tax1: w.vat,
        tax2: w.tax2,
        issueDate: '2025-01-15',
        terms: 'Bank transfer within 30 days',
        purchaseOrder: 'PO-4711',
      });
      const numbered = (await t.api.post(`/v2/invoices/${invoice.id}/send`)).body;
      const paid = (await t.api.post(`/v2/invoices/${invoice.id}/payments`, { amount: 50, date: '2025-01-20' })).body;

      const { xml, disposition } = await ublOf(invoice.id);
      expect(disposition).toBe(`attachment; filename="${numbered.number}.xml"`);
      await expectValid(xml);
      const figures = ublFigures(xml);
      const total = paid.total;
      expect(figures).toMatchObject({
        currency: 'EUR',
        lineExtension: total.subtotal.toFixed(2),
        allowance: total.discount.toFixed(2),
        tax: (total.tax1 + total.tax2).toFixed(2),
        taxInclusive: total.total.toFixed(2),
        prepaid: '50.00',
        payable: (total.total - 50).toFixed(2),
      });
      expect(figures.breakdown).toEqual([
        { category: 'S', percent: '22.5', taxable: (total.subtotal - total.discount).toFixed(2), tax: (total.tax1 + total.tax2).toFixed(2) },
      ]);
      expect(figures.lines.map((line) => line.unitCode)).toEqual(paid.lines.map((line: any) => (line.quantityType?.id === hours.body.id ? 'HUR' : 'C62')));
      expect(figures.lines.map((line) => line.unitCode).sort()).toEqual(['C62', 'C62', 'HUR']);
      expect(figures.root.ID).toBe(numbered.number);
      expect(figures.root.OrderReference.ID).toBe('PO-4711');
      expect(figures.root.AccountingSupplierParty.Party.PartyLegalEntity.RegistrationName).toBe('Agency One SRL');
      expect(figures.root.AccountingCustomerParty.Party.PartyTaxScheme.CompanyID).toBe('BE0987654321');
      expect(figures.root.PaymentMeans.PayeeFinancialAccount.ID).toBe('BE68539007547034');

      const embedded = Buffer.from(figures.root.AdditionalDocumentReference.Attachment.EmbeddedDocumentBinaryObject['#text'], 'base64');
      const pdf = await t.api.get(`/v2/invoices/${invoice.id}/pdf`);
      expect(timeless(embedded)).toBe(timeless(pdf.raw.rawPayload));
      expect(embedded.length).toBe(pdf.raw.rawPayload.length);
      sent = paid;
    },
    SLOW,
  );

  it(
    'answers a CreditNote for a credit note, referring to the invoice it credits',
    async () => {
      const credit = await t.api.post(`/v2/invoices/${sent.id}/credit`);
      expect(credit.status, JSON.stringify(credit.body)).toBe(201);
      const { xml } = await ublOf(credit.body.id);
      await expectValid(xml);
      const figures = ublFigures(xml);
      expect(xml).toContain('<CreditNote');
      expect(figures.root.BillingReference.InvoiceDocumentReference.ID).toBe(sent.number);
      expect(figures.taxInclusive).toBe((-credit.body.total.total).toFixed(2));
    },
    SLOW,
  );

  it(
    'a partial credit note (a quantity of a line, an amount, a reason) is a valid CreditNote with its own number and no payment asked',
    async () => {
      const invoice = await newInvoice(t.api, {
        client: w.client,
        lines: [{ description: 'Translation', quantity: 3, unitCost: 33.33 }],
        tax1: w.vat,
        discount: 0.05,
        purchaseOrder: 'PO-9',
      });
      await t.api.post(`/v2/invoices/${invoice.id}/send`);
      for (const body of [
        { reason: 'One page missing', lines: [{ line: invoice.lines[0].id, quantity: 1.5 }] },
        { reason: 'Goodwill', amount: 12.34 },
      ]) {
        const credit = await t.api.post(`/v2/invoices/${invoice.id}/credit`, body, { json: true });
        expect(credit.status, JSON.stringify(credit.body)).toBe(201);
        const { xml } = await ublOf(credit.body.id);
        await expectValid(xml);
        const figures = ublFigures(xml);
        expect(figures.root.ID).toMatch(/^CN-/);
        expect(figures.root.Note).toContain(`Reason: ${body.reason}`);
        expect(figures.root.PaymentTerms.Note).toContain('Credit for invoice');
        expect(figures.taxInclusive).toBe((-credit.body.total.total).toFixed(2));
      }
    },
    SLOW,
  );

  it('refuses a draft: 409 (an e-invoice needs its number)', async () => {
    const draft = await newInvoice(t.api, { client: w.client, lines: [{ description: 'Draft line', quantity: 1, unitCost: 10 }] });
    const error = expectError(await t.api.get(`/v2/invoices/${draft.id}/ubl`), 409, 'state_conflict');
    expect(error.message).toMatch(/draft invoice has no number yet/);
  });

  it('answers 404 for an unknown invoice and for another account’s', async () => {
    expectError(await t.api.get(`/v2/invoices/${MISSING_ID}/ubl`), 404, 'resource_missing');
    expectError(await t.otherApi.get(`/v2/invoices/${sent.id}/ubl`), 404, 'resource_missing');
  });

  it('answers 404 for a malformed id', async () => {
    expectError(await t.api.get('/v2/invoices/not-an-id/ubl'), 404, 'resource_missing');
  });
});
