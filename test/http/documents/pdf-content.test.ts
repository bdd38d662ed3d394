import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, type Api, type TestContext } from '../../helper.js';
import { pdfItems, pdfLines } from '../../pdf-extract.js';
import { png } from '../account/logo-images.js';
import { basic, multipartBody } from '../files/helper.js';
import { docWorld, fixedJob, type DocWorld } from './fixture.js';

/**
 * What document PDFs show (docs/documents.md#pdf-documents), read back with pdf.js (every space
 * made plain): the language (the party's, else the account's), the agency's and the party's
 * identity, bank details, purchase-order references, reverse charge, paid and due, the invoice a
 * credit note credits, the minimum fee; and the document fields `purchaseOrder` and `matchDisplay`.
 */
let t: TestContext;
let w: DocWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await docWorld(t.api);
  const account = await t.api.put('/v2/account', {
    legalName: 'Agence Lingua SRL',
    vatNumber: 'BE0123456749',
    registrationNumber: '0123.456.749',
    email: 'billing@lingua.example',
    phone: '+32 2 123 45 67',
    website: 'https://lingua.example',
    iban: 'BE68539007547034',
    bic: 'GEBABEBB',
    bankName: 'BNP Paribas Fortis',
    documentLanguage: 'fr',
    address: { street: '5 Agency Road', city: 'Ghent', postalCode: '9000', country: 'BE' },
  });
  expect(account.status, JSON.stringify(account.body)).toBe(200);
});
afterAll(() => t.close());

async function textOf(api: Api, path: string): Promise<string> {
  const reply = await api.get(path);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return (await pdfLines(reply.raw.rawPayload)).join('\n');
}

async function client(params: Record<string, unknown>): Promise<string> {
  const reply = await t.api.post('/v2/clients', { name: `Client ${Math.random()}`, currency: 'EUR', ...params });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body.id;
}

const expectAll = (text: string, expected: string[]) => {
  for (const each of expected) expect(text, `missing "${each}" in\n${text}`).toContain(each);
};

describe('document PDFs: language and content', () => {
  it('German client: German labels and figures, identities, PO reference, reverse charge, bank details, paid and due', async () => {
    const id = await client({
      name: 'Kunde GmbH',
      documentLanguage: 'de',
      vatNumber: 'DE123456789',
      nationalIdentificationNumber: 'HRB 12345',
      address: { street: 'Hauptstraße 1', city: 'Berlin', postalCode: '10115', country: 'DE' },
    });
    const invoice = await t.api.post('/v2/invoices', {
      client: id,
      lines: [{ description: 'Übersetzung', quantity: 1000, unitCost: 1.23456 }],
      issueDate: '2025-01-15',
      purchaseOrder: 'PO-4711',
      applyVATReverseCharge: true,
    });
    expect(invoice.status, JSON.stringify(invoice.body)).toBe(201);
    expect(invoice.body.purchaseOrder).toBe('PO-4711');
    expect(invoice.body.matchDisplay).toBeNull();
    await t.api.post(`/v2/invoices/${invoice.body.id}/send`);
    await t.api.post(`/v2/invoices/${invoice.body.id}/payments`, { amount: 1000, date: '2025-01-20' });
    let text = await textOf(t.api, `/v2/invoices/${invoice.body.id}/pdf`);
    expectAll(text, [
      'Rechnung',
      'Datum: 15. Januar 2025',
      'Fällig am: 14. Februar 2025',
      'Ihre Bestellnummer: PO-4711',
      'Agence Lingua SRL',
      'USt-IdNr.: BE0123456749',
      'Registernummer: 0123.456.749',
      'E-Mail: billing@lingua.example',
      'Tel.: +32 2 123 45 67',
      'Web: https://lingua.example',
      'Rechnungsempfänger',
      'Kunde GmbH',
      'Deutschland',
      'Belgien',
      'USt-IdNr.: DE123456789',
      'Registernummer: HRB 12345',
      'Beschreibung Menge Einheit Einzelpreis Betrag',
      'Übersetzung 1.000 1,23456 € 1.234,56 €',
      'Zwischensumme 1.234,56 €',
      'Gesamtbetrag 1.234,56 €',
      'Bereits bezahlt 1.000,00 €',
      'Offener Betrag 234,56 €',
      'Steuerschuldnerschaft des Leistungsempfängers',
      'Bankverbindung',
      'IBAN: BE68 5390 0754 7034',
      'BIC: GEBABEBB',
      'Bank: BNP Paribas Fortis',
      'Seite 1 von 1',
    ]);
    expect(text).not.toContain('BEZAHLT');
    await t.api.post(`/v2/invoices/${invoice.body.id}/payments`, { amount: 234.56, date: '2025-01-21' });
    text = await textOf(t.api, `/v2/invoices/${invoice.body.id}/pdf`);
    expectAll(text, ['BEZAHLT', 'Bereits bezahlt 1.234,56 €', 'Offener Betrag 0,00 €']);
  });

  it("a client without a language takes the account's (French); a credit note names the invoice it credits", async () => {
    const id = await client({ name: 'Client SA' });
    const invoice = await t.api.post('/v2/invoices', {
      client: id,
      lines: [{ description: 'Traduction', quantity: 1, unitCost: 1234.5 }],
      issueDate: '2025-03-02',
      tax1: w.vat,
    });
    await t.api.post(`/v2/invoices/${invoice.body.id}/send`);
    const number = (await t.api.get(`/v2/invoices/${invoice.body.id}`)).body.number;
    let text = await textOf(t.api, `/v2/invoices/${invoice.body.id}/pdf`);
    expectAll(text, [
      'Facture',
      'Date d’émission: 2 mars 2025',
      'Facturé à',
      'Traduction 1 1 234,50 € 1 234,50 €',
      ' 21 % 259,25 €',
      'Total 1 493,75 €',
      'Page 1 sur 1',
    ]);
    const credit = await t.api.post(`/v2/invoices/${invoice.body.id}/credit`);
    expect(credit.status, JSON.stringify(credit.body)).toBe(201);
    text = await textOf(t.api, `/v2/invoices/${credit.body.id}/pdf`);
    expectAll(text, ['Avoir', `Avoir sur la facture ${number} du 2 mars 2025`, '-1 234,50 €', 'Total -1 493,75 €']);
    // No due date and no bank details: where the amount goes instead (docs/documents.md#credit-notes).
    expectAll(text, [`1 493,75 € est déduit du montant dû sur la facture ${number}.`]);
    expect(text).not.toContain('Date d’échéance');
    expect(text).not.toContain('Coordonnées bancaires');
  });

  it('Polish and English documents; a quote prints the purchase orders of its jobs and groups when it has none', async () => {
    await t.api.put(`/v2/clients/${w.client}`, { documentLanguage: 'pl' });
    const group = await t.api.post('/v2/groups', { name: 'Projekt', client: w.client, purchaseOrder: 'GRP-9' });
    expect(group.status, JSON.stringify(group.body)).toBe(201);
    const first = await fixedJob(t.api, w, 100, { purchaseOrder: 'ZAM-1' });
    expect((await t.api.post(`/v2/groups/${group.body.id}/jobs/${first}`)).status).toBeLessThan(300);
    const second = await fixedJob(t.api, w, 50, { purchaseOrder: 'ZAM-1' });
    const quote = await t.api.post('/v2/quotes', { client: w.client, jobs: [first, second], validityDate: '2025-05-31' });
    expect(quote.status, JSON.stringify(quote.body)).toBe(201);
    let text = await textOf(t.api, `/v2/quotes/${quote.body.id}/pdf`);
    expectAll(text, ['Oferta', 'Wersja robocza', 'Ważna do: 31 maja 2025', 'Nr zamówienia: ZAM-1, GRP-9', 'Razem 150,00 €', 'Strona 1 z 1']);
    await t.api.put(`/v2/clients/${w.client}`, { documentLanguage: 'en' });
    await t.api.put(`/v2/quotes/${quote.body.id}`, { purchaseOrder: 'OWN-7' });
    text = await textOf(t.api, `/v2/quotes/${quote.body.id}/pdf`);
    expectAll(text, ['Quote', 'Your purchase order: OWN-7', 'Total €150.00', 'Page 1 of 1']);
    expect(text).not.toContain('ZAM-1');
  });

  it('a minimum-fee line is labelled as such', async () => {
    const id = await client({ name: 'Small Client', minimumFee: 25, documentLanguage: 'en' });
    const job = await t.api.post('/v2/jobs', { name: 'Short text', client: id, quantity: 100, quantityType: w.unit, service: w.service });
    expect(job.status, JSON.stringify(job.body)).toBe(201);
    const priced = await t.api.put(`/v2/jobs/${job.body.id}/price`, { unitCost: 0.1 });
    expect(priced.body.estimation, JSON.stringify(priced.body)).toMatchObject({ total: 25, details: { minimumFeeApplied: true } });
    const invoice = await t.api.post('/v2/invoices', { client: id, jobs: [job.body.id] });
    expect(invoice.status, JSON.stringify(invoice.body)).toBe(201);
    const text = await textOf(t.api, `/v2/invoices/${invoice.body.id}/pdf`);
    expectAll(text, ['Short text', 'Minimum fee', 'Total €25.00']);
  });
});

describe('purchase orders', () => {
  it("in the supplier's language: the supplier's identity, the outsourcing's deadline and its job's instructions", async () => {
    const supplier = await t.api.post('/v2/suppliers', { name: 'Übersetzerin Meier', currency: 'EUR', documentLanguage: 'de', vatNumber: 'DE999999999' });
    expect(supplier.status, JSON.stringify(supplier.body)).toBe(201);
    const jobId = await fixedJob(t.api, w, 100, { additionalInfo: 'Glossar beachten' });
    const job = await t.api.post(`/v2/jobs/${jobId}/outsourcing`, { supplier: supplier.body.id, unitCost: 0.08, dueDate: '2025-03-01' });
    expect(job.status, JSON.stringify(job.body)).toBeLessThan(300);
    const outsourcing = job.body.outsourcing.at(-1).id;
    const order = await t.api.post('/v2/purchase-orders', { supplier: supplier.body.id, outsourcing: [outsourcing] });
    expect(order.status, JSON.stringify(order.body)).toBe(201);
    const text = await textOf(t.api, `/v2/purchase-orders/${order.body.id}/pdf`);
    expectAll(text, [
      'Bestellung',
      'Entwurf',
      'Auftragnehmer',
      'Übersetzerin Meier',
      'USt-IdNr.: DE999999999',
      'Liefertermin: 1. März 2025',
      'Anweisungen: Glossar beachten',
      '8,00 €',
      'Seite 1 von 1',
    ]);
    expect(text).not.toContain('Bankverbindung');
  });
});

describe('the logo', () => {
  const putLogo = (content: Buffer | string, filename: string) =>
    t.app.inject({
      method: 'PUT',
      url: '/v2/account/logo',
      headers: { authorization: basic(t.account.apiKey), 'content-type': 'multipart/form-data; boundary=----transdeskBoundary7MA4YWxkTrZu0gW' },
      payload: multipartBody([{ name: 'file', filename, content }]),
    });

  it('a PNG or an SVG logo at the top left, scaled into 150 × 60 pt, the agency under it', async () => {
    const invoice = await t.api.post('/v2/invoices', { client: w.client, lines: [{ description: 'x', quantity: 1, unitCost: 1 }] });
    const top = 841.89 - 50;
    const nameBaseline = async () => {
      const reply = await t.api.get(`/v2/invoices/${invoice.body.id}/pdf`);
      return { pdf: reply.raw.rawPayload, y: (await pdfItems(reply.raw.rawPayload)).find((item) => item.text === 'Agence Lingua SRL')!.y };
    };
    const without = await nameBaseline();
    expect(without.y).toBeGreaterThan(top - 30);
    expect((await putLogo(png(300, 120), 'logo.png')).statusCode).toBe(200);
    const withPng = await nameBaseline();
    expect(withPng.pdf.toString('latin1')).toMatch(/\/Subtype \/Image[\s\S]*\/Width 300/);
    // 300 × 120 fits 150 × 60 at half size: the name starts 60 pt (and a gap) lower.
    expect(without.y - withPng.y).toBeGreaterThanOrEqual(60);
    expect(without.y - withPng.y).toBeLessThan(80);
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><rect width="100" height="100" fill="#036"/></svg>';
    expect((await putLogo(svg, 'logo.svg')).statusCode).toBe(200);
    const withSvg = await nameBaseline();
    expect(withSvg.pdf.toString('latin1')).not.toContain('/Subtype /Image');
    // 100 × 100 fits at 60 × 60.
    expect(without.y - withSvg.y).toBeGreaterThanOrEqual(60);
    expect(without.y - withSvg.y).toBeLessThan(80);
    expect((await t.app.inject({ method: 'DELETE', url: '/v2/account/logo', headers: { authorization: basic(t.account.apiKey) } })).statusCode).toBeLessThan(
      300,
    );
  });
});

describe('match display', () => {
  it("the client's documentMatchDisplay, overridden by the document's matchDisplay: none, breakdown, hiddenMatches", async () => {
    const categories = (await t.api.get('/v2/account/matches')).body as Array<{ id: string; name: string }>;
    const [first, second] = [categories[0]!, categories[1]!];
    const id = await client({ name: 'Matches Ltd', documentLanguage: 'en', documentMatchDisplay: 'breakdown' });
    const job = await t.api.post('/v2/jobs', { name: 'Manual', client: id, quantity: 1500, quantityType: w.unit, service: w.service });
    expect(job.status, JSON.stringify(job.body)).toBe(201);
    const priced = await t.api.put(`/v2/jobs/${job.body.id}/price`, {
      unitCost: 0.1,
      matchesType: 'percentage',
      matches: [
        { id: first.id, value: 1000, percentage: 1 },
        { id: second.id, value: 500, percentage: 0.3 },
      ],
    });
    expect(priced.body.estimation?.total, JSON.stringify(priced.body)).toBe(115);
    const invoice = await t.api.post('/v2/invoices', { client: id, jobs: [job.body.id] });
    expect(invoice.status, JSON.stringify(invoice.body)).toBe(201);
    const unit = invoice.body.lines[0].quantityType.name;
    const pdf = `/v2/invoices/${invoice.body.id}/pdf`;
    let text = await textOf(t.api, pdf);
    // Each band: its name and share of the full rate, its quantity, the unit, its own rate and amount (docs/documents.md#match-display).
    const lines = text.split('\n');
    expect(lines).toContain(`${first.name} (100%) 1,000 ${unit} €0.10 €100.00`);
    expect(lines).toContain(`${second.name} (30%) 500 ${unit} €0.03 €15.00`);
    expectAll(text, [`Manual 1,500 ${unit} €115.00`, 'Total €115.00']);
    expect(text).not.toContain('0.076667');
    await t.api.put(`/v2/invoices/${invoice.body.id}`, { matchDisplay: 'hiddenMatches' });
    text = await textOf(t.api, pdf);
    expectAll(text, [`Manual 1,150 ${unit} €0.10 €115.00`, 'full-rate equivalent']);
    expect(text).not.toContain(`${second.name} 500`);
    await t.api.put(`/v2/invoices/${invoice.body.id}`, { matchDisplay: 'none' });
    text = await textOf(t.api, pdf);
    // No blended unit cost (€0.076667) either: the weighted quantity at the full rate, unnamed.
    expectAll(text, [`Manual 1,150 ${unit} €0.10 €115.00`]);
    expect(text).not.toContain(`${second.name} 500`);
    expect(text).not.toContain('full-rate equivalent');
  });
});

describe('partial credit notes and the lines of jobs', () => {
  it('a partial credit note: its reason, where its amount goes, no due date nor payment details; the invoice shows it', async () => {
    const id = await client({ name: 'Credit Ltd', documentLanguage: 'en' });
    const pair = await t.api.post('/v2/account/language-pairs', { source: 'en', target: 'el' });
    const job = await t.api.post('/v2/jobs', {
      name: 'Brochure',
      client: id,
      quantity: 100,
      quantityType: w.unit,
      service: w.service,
      fixedPrice: 200,
      languagePair: pair.body.id,
    });
    expect(job.status, JSON.stringify(job.body)).toBe(201);
    const invoice = await t.api.post('/v2/invoices', { client: id, jobs: [job.body.id], tax1: w.vat });
    const sent = await t.api.post(`/v2/invoices/${invoice.body.id}/send`);
    const service = (await t.api.get(`/v2/account/services/${w.service}`)).body.name;
    let text = await textOf(t.api, `/v2/invoices/${invoice.body.id}/pdf`);
    expectAll(text, [`English → Greek · ${service}`]);
    const credit = await t.api.post(
      `/v2/invoices/${invoice.body.id}/credit`,
      { reason: 'Ten pages were not delivered', lines: [{ line: invoice.body.lines[0].id, quantity: 10 }] },
      { json: true },
    );
    expect(credit.status, JSON.stringify(credit.body)).toBe(201);
    text = await textOf(t.api, `/v2/invoices/${credit.body.id}/pdf`);
    // 10 of 100 units of €200.00: €20.00, VAT 21 % €4.20.
    expectAll(text, [
      'Credit note',
      credit.body.number,
      `Credit note for invoice ${sent.body.number}`,
      '-€20.00',
      'Total -€24.20',
      'Reason: Ten pages were not delivered',
      `€24.20 is deducted from the amount due on invoice ${sent.body.number}.`,
    ]);
    expect(text).not.toContain('Due date');
    expect(text).not.toContain('Payment details');
    expect(text).not.toContain('IBAN');
    expect(text).not.toContain('Amount due');
    text = await textOf(t.api, `/v2/invoices/${invoice.body.id}/pdf`);
    // €242.00 − €24.20 credited.
    expectAll(text, ['Credited -€24.20', 'Amount due €217.80']);
    // Paid in full: the next credit is refunded.
    await t.api.post(`/v2/invoices/${invoice.body.id}/payments`, { amount: 217.8, date: '2025-06-01' });
    const refund = await t.api.post(`/v2/invoices/${invoice.body.id}/credit`, { reason: 'Goodwill', amount: 10 }, { json: true });
    text = await textOf(t.api, `/v2/invoices/${refund.body.id}/pdf`);
    expectAll(text, [`Invoice ${sent.body.number} has been paid: €12.10 will be refunded to you.`]);
  });
});

describe('document fields purchaseOrder and matchDisplay', () => {
  it('set on create and update, cleared by null or an empty value', async () => {
    const created = await t.api.post('/v2/invoices', { client: w.client, purchaseOrder: '  PO-1 ', matchDisplay: 'breakdown' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect([created.body.purchaseOrder, created.body.matchDisplay]).toEqual(['PO-1', 'breakdown']);
    const updated = await t.api.put(`/v2/invoices/${created.body.id}`, { purchaseOrder: '', matchDisplay: 'hiddenMatches' });
    expect([updated.body.purchaseOrder, updated.body.matchDisplay]).toEqual([null, 'hiddenMatches']);
    const cleared = await t.api.put(`/v2/invoices/${created.body.id}`, { purchaseOrder: 'PO-2', matchDisplay: null });
    expect([cleared.body.purchaseOrder, cleared.body.matchDisplay]).toEqual(['PO-2', null]);
    expect((await t.api.get(`/v2/invoices/${created.body.id}`)).body.purchaseOrder).toBe('PO-2');
    const quote = await t.api.post('/v2/quotes', { client: w.client, purchaseOrder: 'Q-PO', matchDisplay: 'none' });
    expect([quote.body.purchaseOrder, quote.body.matchDisplay]).toEqual(['Q-PO', 'none']);
  });

  it('400 on bad values, nothing written; purchase orders take neither', async () => {
    const created = await t.api.post('/v2/invoices', { client: w.client });
    expectError(await t.api.post('/v2/invoices', { client: w.client, matchDisplay: 'all' }), 400, 'parameter_invalid');
    expectError(await t.api.post('/v2/quotes', { client: w.client, purchaseOrder: 'x'.repeat(256) }), 400, 'parameter_invalid');
    expectError(await t.api.put(`/v2/invoices/${created.body.id}`, { matchDisplay: 'breakdowns' }), 400, 'parameter_invalid');
    expect((await t.api.get(`/v2/invoices/${created.body.id}`)).body).toMatchObject({ purchaseOrder: null, matchDisplay: null });
    const order = await t.api.post('/v2/purchase-orders', { supplier: w.supplier });
    expect(order.body).not.toHaveProperty('purchaseOrder');
    expectError(await t.api.post('/v2/purchase-orders', { supplier: w.supplier, purchaseOrder: 'PO' }), 400, 'parameter_unknown');
    expectError(await t.api.put(`/v2/purchase-orders/${order.body.id}`, { matchDisplay: 'breakdown' }), 400, 'parameter_unknown');
  });

  it('a sent document keeps them (409 state_conflict)', async () => {
    const created = await t.api.post('/v2/invoices', { client: w.client, lines: [{ description: 'x', quantity: 1, unitCost: 1 }] });
    await t.api.post(`/v2/invoices/${created.body.id}/send`);
    expectError(await t.api.put(`/v2/invoices/${created.body.id}`, { purchaseOrder: 'late' }), 409, 'state_conflict');
  });
});
