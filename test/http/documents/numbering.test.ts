import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, type TestContext } from '../../helper.js';
import { docWorld, newInvoice, type DocWorld } from './fixture.js';

let t: TestContext;
let w: DocWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await docWorld(t.api);
});
afterAll(() => t.close());

describe('numbering (docs/documents.md#rules): sequential without gaps per account and year, unique under concurrency', () => {
  it('5 sends → 0001..0005 of the year; another year restarts; the other account has its own', async () => {
    const numbers: string[] = [];
    for (let i = 0; i < 5; i++) {
      const invoice = await newInvoice(t.api, { client: w.client, issueDate: '2031-02-10' });
      numbers.push((await t.api.post(`/v2/invoices/${invoice.id}/send`)).body.number);
    }
    expect(numbers).toEqual(['INV-2031-0001', 'INV-2031-0002', 'INV-2031-0003', 'INV-2031-0004', 'INV-2031-0005']);
    const nextYear = await newInvoice(t.api, { client: w.client, issueDate: '2032-01-01' });
    expect((await t.api.post(`/v2/invoices/${nextYear.id}/send`)).body.number).toBe('INV-2032-0001');
    const other = await docWorld(t.otherApi);
    const theirs = (await t.otherApi.post('/v2/invoices', { client: other.client, issueDate: '2031-05-05' })).body;
    expect((await t.otherApi.post(`/v2/invoices/${theirs.id}/send`)).body.number).toBe('INV-2031-0001');
  });

  it('a refused send leaves no gap; a format without a year is one continuous sequence', async () => {
    const account = await t.api.put('/v2/account', { quoteNumberFormat: 'Q{SEQ:3}' });
    expect(account.status).toBe(200);
    const q1 = (await t.api.post('/v2/quotes', { client: w.client, issueDate: '2030-12-31' })).body;
    const q2 = (await t.api.post('/v2/quotes', { client: w.client, issueDate: '2031-01-01' })).body;
    expect((await t.api.post(`/v2/quotes/${q1.id}/send`)).body.number).toBe('Q001');
    expectError(await t.api.post(`/v2/quotes/${q1.id}/send`), 409, 'state_conflict');
    expect((await t.api.post(`/v2/quotes/${q2.id}/send`)).body.number).toBe('Q002');
  });

  it('10 concurrent sends → 10 distinct consecutive numbers', async () => {
    const invoices = [];
    for (let i = 0; i < 10; i++) invoices.push(await newInvoice(t.api, { client: w.client, issueDate: '2033-07-01' }));
    const replies = await Promise.all(invoices.map((invoice) => t.api.post(`/v2/invoices/${invoice.id}/send`)));
    expect(replies.map((reply) => reply.status)).toEqual(Array(10).fill(200));
    const numbers = replies.map((reply) => reply.body.number as string).sort();
    expect(numbers).toEqual(Array.from({ length: 10 }, (_, i) => `INV-2033-${String(i + 1).padStart(4, '0')}`));
  });

  it('concurrent sends of one invoice: one wins, the others 409, one number used', async () => {
    const invoice = await newInvoice(t.api, { client: w.client, issueDate: '2034-01-01' });
    const replies = await Promise.all(Array.from({ length: 5 }, () => t.api.post(`/v2/invoices/${invoice.id}/send`)));
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 409, 409, 409, 409]);
    const next = await newInvoice(t.api, { client: w.client, issueDate: '2034-02-01' });
    expect((await t.api.post(`/v2/invoices/${next.id}/send`)).body.number).toBe('INV-2034-0002');
  });
});
