import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Api, type TestContext } from '../../helper.js';
import { hasPdftotext, pdfLines, pdftotextLines, plain } from '../../pdf-extract.js';

/**
 * Documents in another currency (docs/exchange-rates.md#documents): quotes, invoices, credit notes
 * and purchase orders record the rate of their currency on the issue date when they leave draft,
 * and with the client's showExchangeRateOnInvoice the PDF shows the total in the account currency.
 */
let t: TestContext;
let usdClient: string;
let showingClient: string;
let frenchClient: string;
let supplier: string;
beforeAll(async () => {
  t = await createTestApp();
  for (const [date, currency, rate] of [
    ['2026-11-18', 'USD', 1.081],
    ['2026-11-20', 'USD', 1.0856],
  ] as const) {
    expect((await t.api.post('/v2/account/exchange-rates', { date, currency, rate })).status).toBe(201);
  }
  const client = async (params: Record<string, unknown>) => {
    const reply = await t.api.post('/v2/clients', { name: `Client ${Math.random()}`, currency: 'USD', ...params });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    return reply.body.id as string;
  };
  usdClient = await client({});
  showingClient = await client({ showExchangeRateOnInvoice: true });
  frenchClient = await client({ showExchangeRateOnInvoice: true, documentLanguage: 'fr' });
  const created = await t.api.post('/v2/suppliers', { name: 'US translator', currency: 'USD' });
  supplier = created.body.id;
});
afterAll(() => t.close());

const LINE = { description: 'Translation', quantity: 1, unitCost: 1234.56 };

async function issued(path: string, params: Record<string, unknown>, api: Api = t.api): Promise<any> {
  const draft = await api.post(path, { lines: [LINE], issueDate: '2026-11-19', ...params }, { json: true });
  expect(draft.status, JSON.stringify(draft.body)).toBe(201);
  expect(draft.body.exchangeRates).toEqual([]);
  const sent = await api.post(`${path}/${draft.body.id}/send`);
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  return sent.body;
}

async function pdfText(path: string): Promise<string> {
  const reply = await t.api.get(`${path}/pdf`);
  expect(reply.status).toBe(200);
  return plain((await pdfLines(reply.raw.rawPayload)).join('\n'));
}

describe('exchangeRates recorded at issue', () => {
  it('an invoice in USD records the latest rate on or before its issue date; later rates change nothing', async () => {
    const invoice = await issued('/v2/invoices', { client: usdClient });
    expect(invoice.exchangeRates).toEqual([{ currency: 'USD', date: '2026-11-18', rate: 1.081 }]);
    expect((await t.api.post('/v2/account/exchange-rates', { date: '2026-11-19', currency: 'USD', rate: 1.2 })).status).toBe(201);
    expect((await t.api.get(`/v2/invoices/${invoice.id}`)).body.exchangeRates).toEqual([{ currency: 'USD', date: '2026-11-18', rate: 1.081 }]);
    await t.api.delete(
      `/v2/account/exchange-rates/${(await t.api.get('/v2/account/exchange-rates', { dateFrom: '2026-11-19', dateTo: '2026-11-19' })).body.items[0].id}`,
    );
  });

  it('a credit note keeps the rates of its invoice (its account-currency total cancels the invoice’s)', async () => {
    const invoice = await issued('/v2/invoices', { client: usdClient });
    const credit = await t.api.post(`/v2/invoices/${invoice.id}/credit`);
    expect(credit.status, JSON.stringify(credit.body)).toBe(201);
    expect(credit.body.exchangeRates).toEqual(invoice.exchangeRates);
  });

  it('quotes and purchase orders record it too', async () => {
    expect((await issued('/v2/quotes', { client: usdClient })).exchangeRates).toEqual([{ currency: 'USD', date: '2026-11-18', rate: 1.081 }]);
    const order = await issued('/v2/purchase-orders', { supplier, issueDate: '2026-11-21' });
    expect(order.exchangeRates).toEqual([{ currency: 'USD', date: '2026-11-20', rate: 1.0856 }]);
  });

  it('the account currency records none; with no rate known the document is issued anyway, with none', async () => {
    expect((await issued('/v2/invoices', { client: usdClient, currency: 'EUR' })).exchangeRates).toEqual([]);
    expect((await issued('/v2/invoices', { client: usdClient, currency: 'JPY' })).exchangeRates).toEqual([]);
    // Before the first rate: none either.
    expect((await issued('/v2/invoices', { client: usdClient, issueDate: '2026-01-01' })).exchangeRates).toEqual([]);
  });
});

describe('the PDF with showExchangeRateOnInvoice', () => {
  it('shows the total in the account currency and the rate, in the document’s language', async () => {
    const invoice = await issued('/v2/invoices', { client: showingClient });
    const text = await pdfText(`/v2/invoices/${invoice.id}`);
    // 1234.56 USD ÷ 1.081 = 1142.053654… EUR.
    expect(text).toContain('Total in EUR: €1,142.05');
    expect(text).toContain('Exchange rate: 1 EUR = 1.081 USD, 18 November 2026');
    const french = await issued('/v2/invoices', { client: frenchClient });
    const frenchText = await pdfText(`/v2/invoices/${french.id}`);
    expect(frenchText).toContain('Total en EUR: 1 142,05 €');
    expect(frenchText).toContain('Taux de change : 1 EUR = 1,081 USD, 18 novembre 2026');
  });

  it.skipIf(!hasPdftotext)('reads back the same through poppler (pdftotext)', async () => {
    const invoice = await issued('/v2/invoices', { client: showingClient });
    const lines = pdftotextLines((await t.api.get(`/v2/invoices/${invoice.id}/pdf`)).raw.rawPayload);
    expect(lines).toContain('Total in EUR: €1,142.05');
    expect(lines).toContain('Exchange rate: 1 EUR = 1.081 USD, 18 November 2026');
  });

  it('not without the client’s setting, not for a draft, not without a rate; the setting can be turned on later', async () => {
    const invoice = await issued('/v2/invoices', { client: usdClient });
    expect(await pdfText(`/v2/invoices/${invoice.id}`)).not.toContain('Total in EUR');
    const draft = await t.api.post('/v2/invoices', { client: showingClient, lines: [LINE] }, { json: true });
    expect(await pdfText(`/v2/invoices/${draft.body.id}`)).not.toContain('Total in EUR');
    const noRate = await issued('/v2/invoices', { client: showingClient, issueDate: '2026-01-01' });
    expect(await pdfText(`/v2/invoices/${noRate.id}`)).not.toContain('Total in EUR');
    expect((await t.api.put(`/v2/clients/${usdClient}`, { showExchangeRateOnInvoice: true })).body.showExchangeRateOnInvoice).toBe(true);
    expect(await pdfText(`/v2/invoices/${invoice.id}`)).toContain('Total in EUR: €1,142.05');
  });
});
