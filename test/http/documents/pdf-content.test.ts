import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, type Api, type TestContext } from '../../helper.js';
import { pdfLines } from '../../pdf-extract.js';
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
      'Date d’émission : 2 mars 2025'.replace(' :', ':'),
      'Facturé à',
      'Traduction 1 1 234,50 € 1 234,50 €',
      '(21 %) 259,25 €',
      'Total 1 493,75 €',
      'Page 1 sur 1',
    ]);
    const credit = await t.api.post(`/v2/invoices/${invoice.body.id}/credit`);
    expect(credit.status, JSON.stringify(credit.body)).toBe(201);
    text = await textOf(t.api, `/v2/invoices/${credit.body.id}/pdf`);
    expectAll(text, ['Avoir', `Avoir sur la facture ${number} du 2 mars 2025`, '-1 234,50 €', 'Total -1 493,75 €']);
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
