import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MISSING_ID, createTestApp, expectError, type TestContext } from '../helper.js';
import { docWorld, fixedJob, type DocWorld } from './documents-fixture.js';

let t: TestContext;
let w: DocWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await docWorld(t.api);
});
afterAll(() => t.close());

/** The text of a pdfkit PDF: inflate each content stream, then join the hex strings of each TJ array. */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const texts: string[] = [];
  const streams = /stream\r?\n([\s\S]*?)\r?\nendstream/g;
  for (let match = streams.exec(raw); match; match = streams.exec(raw)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1]!, 'latin1')).toString('latin1');
    } catch {
      content = match[1]!;
    }
    for (const tj of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      texts.push([...tj[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((hex) => Buffer.from(hex[1]!, 'hex').toString('latin1')).join(''));
    }
  }
  return texts.join('\n');
}

describe('GET /v2/{kind}/:id/pdf', () => {
  it('renders an invoice: account, party, number, dates, lines, totals, taxes, terms', async () => {
    await t.api.put('/v2/account', { address: { street: '5 Agency Road', city: 'Ghent', postalCode: '9000', country: 'BE' } });
    const jobId = await fixedJob(t.api, w, 100, { name: 'Manual translation' });
    const invoice = (await t.api.post('/v2/invoices', { client: w.client, jobs: [jobId], lines: [{ description: 'Rush fee', quantity: 3, unitCost: 1.005 }], discount: 0.1, tax1: w.vat, issueDate: '2025-01-15', terms: 'Bank transfer within 30 days' })).body;
    await t.api.post(`/v2/invoices/${invoice.id}/send`);
    const reply = await t.api.get(`/v2/invoices/${invoice.id}/pdf`);
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('application/pdf');
    const pdf = reply.raw.rawPayload;
    if (process.env.DOC_PDF_OUT) (await import('node:fs')).writeFileSync(process.env.DOC_PDF_OUT, pdf);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    for (const expected of ['Agency One', '5 Agency Road', '9000 Ghent', 'Invoice', 'INV-2025-0001', 'Issue date: 2025-01-15', 'Due date: 2025-02-14', '1 Main Street', '1000 Brussels', 'Manual translation', 'Rush fee', '3.02 EUR', 'Subtotal', '103.02 EUR', 'Discount (10 %)', '-10.30 EUR', '(21 %)', '19.47 EUR', 'Total', '112.19 EUR', 'Bank transfer within 30 days']) {
      expect(text, `missing "${expected}" in\n${text}`).toContain(expected);
    }
  });

  it('a draft quote says Draft; a purchase order renders; 404s', async () => {
    const quote = (await t.api.post('/v2/quotes', { client: w.client, lines: [{ description: 'Estimate', quantity: 1, unitCost: 10 }] })).body;
    const text = pdfText((await t.api.get(`/v2/quotes/${quote.id}/pdf`)).raw.rawPayload);
    expect(text).toContain('Quote');
    expect(text).toContain('Draft');
    const order = (await t.api.post('/v2/purchase-orders', { supplier: w.supplier })).body;
    expect((await t.api.get(`/v2/purchase-orders/${order.id}/pdf`)).status).toBe(200);
    expectError(await t.api.get(`/v2/invoices/${MISSING_ID}/pdf`), 404, 'resource_missing');
    expectError(await t.otherApi.get(`/v2/quotes/${quote.id}/pdf`), 404, 'resource_missing');
  });
});
