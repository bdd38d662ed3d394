import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Dec } from '../../../src/core/money.js';
import { documentFormat } from '../../../src/modules/document-rendering/pdf-format.js';
import { createTestApp, expectError, type TestContext } from '../../helper.js';
import { pdfLines, plain } from '../../pdf-extract.js';
import { en16931Failures, fatal, peppolFailures, totalsRuleFailures, xsdErrors } from '../../ubl-validate.js';
import { ublFigures } from '../../ubl-world.js';
import { docWorld, type DocWorld } from './fixture.js';

/**
 * Numbers you can trust (docs/documents.md#e-invoices): invoices generated through the API (random
 * lines, quantities, unit costs, discount, taxes, reverse charge, payments, currencies) have the same
 * figures in the API object, the e-invoice and the PDF; the e-invoice satisfies the BR-CO totals
 * rules exactly, the UBL schema, and the EN 16931 and Peppol rules.
 */
let t: TestContext;
let w: DocWorld;
const taxes = new Map<number, string>();
const RATES = [0, 0.055, 0.07, 0.1, 0.19, 0.2, 0.21, 0.015];

beforeAll(async () => {
  t = await createTestApp();
  w = await docWorld(t.api);
  const account = await t.api.put('/v2/account', {
    vatNumber: 'FR40303265045',
    email: 'billing@agency.example',
    iban: 'FR1420041010050500013M02606',
    address: { street: '1 rue de Rivoli', city: 'Paris', postalCode: '75001', country: 'FR' },
  });
  expect(account.status, JSON.stringify(account.body)).toBe(200);
  expect((await t.api.put(`/v2/clients/${w.client}`, { vatNumber: 'BE0987654321', email: 'ap@acme.example' })).status).toBe(200);
  for (const [index, rate] of RATES.entries()) {
    const tax = await t.api.post('/v2/account/taxes', { name: `Rate ${index} ${rate}`, value: rate });
    expect(tax.status, JSON.stringify(tax.body)).toBe(201);
    taxes.set(rate, tax.body.id);
  }
});
afterAll(() => t.close());

const decimal = (max: number, scale: number) => fc.integer({ min: 0, max: max * 10 ** scale }).map((n) => Number(new Dec(n).div(10 ** scale).toFixed()));

const invoiceSpec = fc.record({
  currency: fc.constantFrom('EUR', 'USD', 'JPY', 'GBP', 'CHF', 'KWD'),
  lines: fc.array(
    fc.record({
      quantity: fc.oneof(decimal(50, 2), decimal(20_000, 0), fc.constant(1)),
      unitCost: fc.oneof(decimal(500, 2), decimal(1, 6), decimal(20_000, 0)),
    }),
    { minLength: 1, maxLength: 4 },
  ),
  discount: fc.oneof(fc.constant(0), decimal(0.5, 3)),
  tax1: fc.option(fc.constantFrom(...RATES), { nil: null }),
  tax2: fc.option(fc.constantFrom(...RATES), { nil: null }),
  reverseCharge: fc.boolean(),
  paidShare: fc.option(fc.constantFrom(0.25, 0.5, 1 / 3), { nil: null }),
});

describe('API, UBL and PDF totals agree (property)', () => {
  it('over random invoices', async () => {
    await fc.assert(
      fc.asyncProperty(invoiceSpec, async (spec) => {
        const created = await t.api.post('/v2/invoices', {
          client: w.client,
          currency: spec.currency,
          lines: spec.lines.map((line, index) => ({ description: `Line ${index + 1}`, ...line })),
          discount: spec.discount,
          tax1: spec.tax1 === null ? null : taxes.get(spec.tax1),
          tax2: spec.tax2 === null ? null : taxes.get(spec.tax2),
          applyVATReverseCharge: spec.reverseCharge,
        });
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        let invoice = (await t.api.post(`/v2/invoices/${created.body.id}/send`)).body;
        const code = spec.currency;
        if (spec.paidShare !== null && invoice.total.total > 0) {
          const amount = Number(
            new Dec(invoice.total.total)
              .times(spec.paidShare)
              .toDecimalPlaces(code === 'JPY' ? 0 : 2, Dec.ROUND_DOWN)
              .toFixed(),
          );
          if (amount > 0) invoice = (await t.api.post(`/v2/invoices/${invoice.id}/payments`, { amount, date: '2025-06-01' })).body;
        }
        const reply = await t.api.get(`/v2/invoices/${invoice.id}/ubl`);
        if (code === 'KWD') {
          expect(expectError(reply, 409, 'state_conflict').message).toMatch(/KWD has 3 decimals/);
          return;
        }
        expect(reply.status, reply.raw.payload.slice(0, 300)).toBe(200);
        const xml = reply.raw.payload;
        const figures = ublFigures(xml);
        expect(totalsRuleFailures(figures)).toEqual([]);
        expect(await xsdErrors(xml)).toEqual([]);
        expect(fatal(en16931Failures(xml))).toEqual([]);
        expect(fatal(peppolFailures(xml))).toEqual([]);

        // The API object and the UBL: the same figures.
        const total = invoice.total;
        const fixed = (value: number | Dec) => new Dec(value).toFixed(code === 'JPY' ? 0 : 2);
        const paid = (invoice.payments as Array<{ amount: number }>).reduce((sum, payment) => sum.plus(payment.amount), new Dec(0));
        expect(figures.lineExtension).toBe(fixed(total.subtotal));
        expect(figures.allowance ?? fixed(0)).toBe(fixed(total.discount));
        expect(figures.taxExclusive).toBe(fixed(new Dec(total.subtotal).minus(total.discount)));
        expect(figures.tax).toBe(fixed(new Dec(total.tax1).plus(total.tax2)));
        expect(figures.taxInclusive).toBe(fixed(total.total));
        expect(figures.prepaid ?? fixed(0)).toBe(fixed(paid));
        expect(figures.payable).toBe(fixed(new Dec(total.total).minus(paid)));
        expect(figures.lines.map((line) => line.amount)).toEqual(invoice.lines.map((line: { total: number }) => fixed(line.total)));

        // The PDF (the one embedded in the UBL) prints the same figures.
        const pdf = Buffer.from(figures.root.AdditionalDocumentReference.Attachment.EmbeddedDocumentBinaryObject['#text'], 'base64');
        // pdf.js may read a minus sign as its own piece of text: "- ¥1 000".
        const text = plain((await pdfLines(pdf)).join('\n')).replace(/-\s+/g, '-');
        const printed = (value: number | Dec) => plain(documentFormat('en').amount(new Dec(value).toFixed(), code));
        expect(text).toContain(printed(total.subtotal));
        expect(text).toContain(printed(total.total));
        if (total.discount !== 0) expect(text).toContain(printed(-total.discount));
        if (invoice.tax1) expect(text).toContain(printed(total.tax1));
        if (invoice.tax2) expect(text).toContain(printed(total.tax2));
      }),
      { numRuns: Number(process.env.FC_RUNS ?? 25), seed: Number(process.env.FC_SEED ?? Date.now() % 100_000) },
    );
  }, 900_000);
});
