import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../../src/core/db/schema.js';
import { insertApiKey } from '../../../src/modules/accounts/provisioning.js';
import { Api, MISSING_ID, createTestApp, expectError, type TestContext } from '../../helper.js';
import { docWorld, fixedJob, job, newInvoice, type DocWorld } from './fixture.js';

/**
 * Partial credit notes and the credit notes' own series (docs/documents.md#credit-notes):
 * `POST /v2/invoices/:id/credit` with lines, quantities or an amount and a reason.
 */
let t: TestContext;
let w: DocWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await docWorld(t.api);
});
afterAll(() => t.close());

/** No body at all (no content type) credits the whole invoice, as before partial credits. */
const credit = (id: string, body?: Record<string, unknown>) =>
  body === undefined ? t.api.request('POST', `/v2/invoices/${id}/credit`) : t.api.post(`/v2/invoices/${id}/credit`, body as never, { json: true });

/** A sent invoice of a job (fixed price 200 over 100 units) and a free line of 3 × 12.50, with VAT 21 %. */
async function sentInvoice(extra: Record<string, unknown> = {}): Promise<any> {
  const jobId = await fixedJob(t.api, w, 200);
  const invoice = await newInvoice(t.api, {
    client: w.client,
    jobs: [jobId],
    lines: [{ description: 'Proofreading', quantity: 3, unitCost: 12.5 }],
    tax1: w.vat,
    ...extra,
  });
  const sent = await t.api.post(`/v2/invoices/${invoice.id}/send`);
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  return sent.body;
}

describe('partial credit', () => {
  it('credits a quantity of a line and a whole line; exact amounts and taxes as on the invoice; the invoice stays sent', async () => {
    const invoice = await sentInvoice();
    // 200 + 37.50 = 237.50; VAT 49.875 → 49.88; total 287.38
    expect(invoice.total).toEqual({ subtotal: 237.5, discount: 0, tax1: 49.88, tax2: 0, total: 287.38 });
    const jobLine = invoice.lines.find((line: any) => line.job);
    const freeLine = invoice.lines.find((line: any) => !line.job);
    const reply = await credit(invoice.id, { reason: 'Two pages were not translated', lines: [{ line: jobLine.id, quantity: 33.333 }] });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    // 200 × 33.333 / 100 = 66.666 → 66.67; VAT 14.0007 → 14.00
    expect(reply.body).toMatchObject({
      type: 2,
      status: 2,
      number: expect.stringMatching(/^CN-\d{4}-\d{4}$/),
      dueDate: null,
      creditReason: 'Two pages were not translated',
      creditedInvoice: { id: invoice.id, number: invoice.number },
      total: { subtotal: -66.67, discount: 0, tax1: -14, tax2: 0, total: -80.67 },
    });
    expect(reply.body.lines).toMatchObject([{ job: { id: jobLine.job.id }, quantity: -33.333, total: -66.67 }]);
    const second = await credit(invoice.id, { reason: 'Proofreading not done', lines: [{ line: freeLine.id }] });
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    // 37.50, VAT 7.875 → 7.88
    expect(second.body.total).toEqual({ subtotal: -37.5, discount: 0, tax1: -7.88, tax2: 0, total: -45.38 });
    const after = (await t.api.get(`/v2/invoices/${invoice.id}`)).body;
    expect(after).toMatchObject({ status: 2, creditedAmount: 126.05 });
    // The job stays invoiced: its invoice is still live.
    expect(await job(t.api, jobLine.job.id)).toMatchObject({ status: 4 });
  });

  it('the rest of a line credited in parts adds up to its total exactly', async () => {
    const invoice = await sentInvoice();
    const jobLine = invoice.lines.find((line: any) => line.job);
    const parts = [];
    for (const quantity of [33.333, 33.333]) parts.push((await credit(invoice.id, { reason: 'Part', lines: [{ line: jobLine.id, quantity }] })).body);
    const rest = await credit(invoice.id, { reason: 'Rest', lines: [{ line: jobLine.id }] });
    expect(rest.status, JSON.stringify(rest.body)).toBe(201);
    expect(rest.body.lines).toMatchObject([{ quantity: -33.334, total: -66.66 }]);
    expect([...parts, rest.body].reduce((sum, note) => sum + Math.round(note.total.subtotal * 100), 0)).toBe(-20000);
    expectError(await credit(invoice.id, { reason: 'Again', lines: [{ line: jobLine.id, quantity: 1 }] }), 409, 'credit_exceeds_invoice');
  });

  it('credits an amount before discount and taxes; credits reaching the total credit the invoice (status 4, jobs back to 3)', async () => {
    const invoice = await sentInvoice({ discount: 0.1 });
    // 237.50 − 23.75 = 213.75; VAT 44.8875 → 44.89; total 258.64
    expect(invoice.total.total).toBe(258.64);
    const part = await credit(invoice.id, { reason: 'Goodwill', amount: 100 });
    expect(part.status, JSON.stringify(part.body)).toBe(201);
    // −100, discount −10, VAT −18.90: −108.90
    expect(part.body.total).toEqual({ subtotal: -100, discount: -10, tax1: -18.9, tax2: 0, total: -108.9 });
    expect(part.body.lines).toEqual([{ id: expect.any(String), description: 'Goodwill', quantity: -1, quantityType: null, unitCost: 100, total: -100 }]);
    const over = expectError(await credit(invoice.id, { reason: 'Too much', amount: 137.51 }), 409, 'credit_exceeds_invoice');
    expect(over.message).toContain('149.74');
    // 137.50 − 13.75 = 123.75, VAT 25.9875 → 25.99: 149.74, exactly what is left.
    const rest = await credit(invoice.id, { reason: 'The rest', amount: 137.5 });
    expect(rest.status, JSON.stringify(rest.body)).toBe(201);
    expect(rest.body.total.total).toBe(-149.74);
    const after = (await t.api.get(`/v2/invoices/${invoice.id}`)).body;
    expect(after).toMatchObject({ status: 4, creditedAmount: 258.64 });
    expect(await job(t.api, invoice.lines.find((line: any) => line.job).job.id)).toMatchObject({ status: 3 });
    expectError(await credit(invoice.id, { reason: 'More', amount: 1 }), 409, 'state_conflict');
  });

  it('a partial credit counts with the payments: the rest paid settles the invoice', async () => {
    const invoice = await sentInvoice();
    await credit(invoice.id, { reason: 'Goodwill', amount: 10 });
    // 10 + VAT 2.10 = 12.10 credited; 287.38 − 12.10 = 275.28 to pay.
    const paid = await t.api.post(`/v2/invoices/${invoice.id}/payments`, { amount: 275.28, date: '2025-06-01' });
    expect(paid.body).toMatchObject({ status: 3, creditedAmount: 12.1 });
  });

  it('the whole invoice (no body) works as before, but not once the invoice is partly credited', async () => {
    const whole = await sentInvoice();
    const reply = await credit(whole.id);
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    expect(reply.body).toMatchObject({ creditReason: null, total: { total: -287.38 } });
    const partly = await sentInvoice();
    await credit(partly.id, { reason: 'Goodwill', amount: 10 });
    expectError(await credit(partly.id), 409, 'credit_exceeds_invoice');
    // A reason may come with a whole credit.
    const withReason = await sentInvoice();
    const reasoned = await credit(withReason.id, { reason: 'Cancelled order' });
    expect(reasoned.status, JSON.stringify(reasoned.body)).toBe(201);
    expect(reasoned.body).toMatchObject({ creditReason: 'Cancelled order', total: { total: -287.38 } });
  });

  it('refuses each invalid request with a clear 4xx, writing nothing', async () => {
    const invoice = await sentInvoice();
    const line = invoice.lines.find((item: any) => !item.job).id;
    const cases: Array<[Record<string, unknown>, number, string, string]> = [
      [{ lines: [{ line }] }, 400, 'parameter_missing', 'reason'],
      [{ reason: '  ', amount: 5 }, 400, 'parameter_missing', 'reason'],
      [{ reason: 'x', lines: [{ line }], amount: 5 }, 400, 'parameter_invalid', 'amount'],
      [{ reason: 'x', amount: 0 }, 400, 'parameter_invalid', 'amount'],
      [{ reason: 'x', amount: -5 }, 400, 'parameter_invalid', 'amount'],
      [{ reason: 'x', amount: 1.005 }, 400, 'parameter_invalid', 'amount'],
      [{ reason: 'x', lines: [] }, 400, 'parameter_invalid', 'lines'],
      [{ reason: 'x', lines: [{ line: MISSING_ID }] }, 400, 'parameter_invalid', 'lines[0].line'],
      [{ reason: 'x', lines: [{ line }, { line }] }, 400, 'parameter_invalid', 'lines[1].line'],
      [{ reason: 'x', lines: [{ line, quantity: 0 }] }, 400, 'parameter_invalid', 'quantity'],
      [{ reason: 'x', lines: [{ line, quantity: 1.0000001 }] }, 400, 'parameter_invalid', 'lines[0].quantity'],
      [{ reason: 'x', lines: [{ line, quantity: 4 }] }, 409, 'credit_exceeds_invoice', ''],
      [{ reason: 'x', amount: 300 }, 409, 'credit_exceeds_invoice', ''],
      [{ reason: 'x', other: 1 }, 400, 'parameter_unknown', ''],
    ];
    for (const [body, status, code, param] of cases) {
      const error = expectError(await credit(invoice.id, body), status, code);
      if (param !== '') expect(JSON.stringify(error.details ?? error.message), JSON.stringify(body)).toContain(param);
    }
    const after = (await t.api.get(`/v2/invoices/${invoice.id}`)).body;
    expect(after).toMatchObject({ status: 2, creditedAmount: 0 });
    const notes = await t.api.get('/v2/invoices', { q: 'CN-', pageSize: 100 });
    expect(notes.body.items.filter((note: any) => note.creditedInvoice?.id === invoice.id)).toEqual([]);
  });

  it('404 for a missing invoice and for another account’s; a draft and a credit note are refused', async () => {
    expectError(await credit(MISSING_ID, { reason: 'x', amount: 1 }), 404, 'resource_missing');
    const invoice = await sentInvoice();
    expectError(await t.otherApi.post(`/v2/invoices/${invoice.id}/credit`, { reason: 'x', amount: 1 }, { json: true }), 404, 'resource_missing');
    const draft = await newInvoice(t.api, { client: w.client, lines: [{ description: 'Work', quantity: 1, unitCost: 10 }] });
    expectError(await credit(draft.id, { reason: 'x', amount: 1 }), 409, 'state_conflict');
    const note = (await credit(invoice.id, { reason: 'x', amount: 1 })).body;
    expectError(await credit(note.id, { reason: 'x', amount: 1 }), 409, 'state_conflict');
    // The other account's line cannot be named on this account's invoice either.
    const theirs = await t.otherApi.post('/v2/clients', { name: 'Theirs', currency: 'EUR' });
    const theirInvoice = await t.otherApi.post(
      '/v2/invoices',
      { client: theirs.body.id, lines: [{ description: 'W', quantity: 1, unitCost: 5 }] },
      { json: true },
    );
    expectError(await credit(invoice.id, { reason: 'x', lines: [{ line: theirInvoice.body.lines[0].id }] }), 400, 'parameter_invalid');
  });

  it('roles: finance, admin and owner credit; a manager, a viewer and a read-only key are refused (403)', async () => {
    const member = async (role: Role) => {
      const reply = await t.api.post('/v2/users', { name: `${role} ${Math.random()}`, role });
      expect(reply.status, JSON.stringify(reply.body)).toBe(201);
      return new Api(t.app, (await insertApiKey(t.database.db, t.account.accountId, reply.body.id)).apiKey);
    };
    const invoice = await sentInvoice();
    for (const role of ['manager', 'viewer'] as const) {
      expectError(await (await member(role)).post(`/v2/invoices/${invoice.id}/credit`, { reason: 'x', amount: 1 }, { json: true }), 403, 'forbidden');
    }
    expectError(await t.api.withKey(t.account.readKey).post(`/v2/invoices/${invoice.id}/credit`, { reason: 'x', amount: 1 }, { json: true }), 403, 'forbidden');
    for (const role of ['finance', 'admin'] as const) {
      const reply = await (await member(role)).post(`/v2/invoices/${invoice.id}/credit`, { reason: role, amount: 1 }, { json: true });
      expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    }
  });
});

describe('the credit notes’ series', () => {
  it('CN-{YYYY}-{SEQ:4} by default, one counter per account, apart from the invoices; the format is an account setting', async () => {
    const account = (await t.api.get('/v2/account')).body;
    expect(account.creditNoteNumberFormat).toBe('CN-{YYYY}-{SEQ:4}');
    const year = new Date().getUTCFullYear();
    const first = await sentInvoice();
    const a = (await credit(first.id, { reason: 'x', amount: 1 })).body.number as string;
    const b = (await credit(first.id, { reason: 'y', amount: 1 })).body.number as string;
    expect(a).toMatch(new RegExp(`^CN-${year}-\\d{4}$`));
    expect(Number(b.slice(-4))).toBe(Number(a.slice(-4)) + 1);
    // The invoices' own sequence did not move for the credit notes.
    const next = await sentInvoice();
    expect(Number(next.number.slice(-4))).toBe(Number(first.number.slice(-4)) + 1);
    // Another account counts its own credit notes from 1.
    const client = await t.otherApi.post('/v2/clients', { name: 'Other client', currency: 'EUR' });
    const theirs = await t.otherApi.post('/v2/invoices', { client: client.body.id, lines: [{ description: 'W', quantity: 1, unitCost: 5 }] }, { json: true });
    await t.otherApi.post(`/v2/invoices/${theirs.body.id}/send`);
    const theirNote = await t.otherApi.post(`/v2/invoices/${theirs.body.id}/credit`);
    expect(theirNote.body.number).toBe(`CN-${year}-0001`);
    // A format of its own.
    const changed = await t.api.put('/v2/account', { creditNoteNumberFormat: 'AV-{SEQ:3}' });
    expect(changed.body.creditNoteNumberFormat).toBe('AV-{SEQ:3}');
    expect((await credit(next.id, { reason: 'x', amount: 1 })).body.number).toBe('AV-001');
    expectError(await t.api.put('/v2/account', { creditNoteNumberFormat: 'AV-{SEQ' }), 400, 'parameter_invalid');
    await t.api.put('/v2/account', { creditNoteNumberFormat: 'CN-{YYYY}-{SEQ:4}' });
  });

  it('a credit-note number that an invoice already has is refused with 409, numbering nothing', async () => {
    await t.api.put('/v2/account', { invoiceNumberFormat: 'DUP-{SEQ}', creditNoteNumberFormat: 'DUP-{SEQ}' });
    try {
      // Two invoices take DUP-1 and DUP-2; the credit notes' year-less sequence is at 0 or 1 here.
      await sentInvoice();
      const invoice = await sentInvoice();
      expect(invoice.number).toBe('DUP-2');
      const refused = expectError(await credit(invoice.id, { reason: 'x', amount: 1 }), 409, 'state_conflict');
      expect(refused.message).toContain('creditNoteNumberFormat');
      expect((await t.api.get(`/v2/invoices/${invoice.id}`)).body).toMatchObject({ status: 2, creditedAmount: 0 });
      await t.api.put('/v2/account', { creditNoteNumberFormat: 'DUP-CN-{SEQ}' });
      const taken = Number(refused.message.match(/DUP-(\d+)/)![1]);
      // The refused credit gave its number back: the series goes on with the same number.
      expect((await credit(invoice.id, { reason: 'x', amount: 1 })).body.number).toBe(`DUP-CN-${taken}`);
    } finally {
      await t.api.put('/v2/account', { invoiceNumberFormat: 'INV-{YYYY}-{SEQ:4}', creditNoteNumberFormat: 'CN-{YYYY}-{SEQ:4}' });
    }
  });
});

describe('the credit notes of an invoice', () => {
  it('GET /v2/invoices?creditedInvoice= lists the credit notes issued against that invoice, and nothing else', async () => {
    const invoice = await sentInvoice();
    const other = await sentInvoice();
    const first = (await credit(invoice.id, { reason: 'A page missing', amount: 10 })).body;
    const second = (await credit(invoice.id, { reason: 'Late', amount: 5 })).body;
    await credit(other.id, { reason: 'Another', amount: 1 });
    const listed = await t.api.get(`/v2/invoices?creditedInvoice=${invoice.id}&sort=createdAt&direction=asc`);
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(listed.body.totalItems).toBe(2);
    expect(listed.body.items.map((note: any) => [note.id, note.type, note.creditedInvoice.id])).toEqual([
      [first.id, 2, invoice.id],
      [second.id, 2, invoice.id],
    ]);
    // An invoice without credit notes has none; the filter combines with the others.
    const fresh = await sentInvoice();
    expect((await t.api.get(`/v2/invoices?creditedInvoice=${fresh.id}`)).body.totalItems).toBe(0);
    expect((await t.api.get(`/v2/invoices?creditedInvoice=${invoice.id}&status=1`)).body.totalItems).toBe(0);
  });

  it('refuses a missing invoice, another account’s and a malformed id (400), and the parameter on quotes', async () => {
    const invoice = await sentInvoice();
    expectError(await t.api.get(`/v2/invoices?creditedInvoice=${MISSING_ID}`), 400, 'parameter_invalid');
    expectError(await t.otherApi.get(`/v2/invoices?creditedInvoice=${invoice.id}`), 400, 'parameter_invalid');
    expectError(await t.api.get('/v2/invoices?creditedInvoice=nope'), 400, 'parameter_invalid');
    expectError(await t.api.get(`/v2/quotes?creditedInvoice=${invoice.id}`), 400, 'parameter_unknown');
  });
});
