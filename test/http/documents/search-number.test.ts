import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, type TestContext } from '../../helper.js';
import { docWorld, type DocWorld } from './fixture.js';

/**
 * The listings' `q` finds a document by its number (docs/documents.md#endpoints-each-kind-at-its-base-path): quotes, invoices,
 * credit notes (in the invoices' listing) and purchase orders, by any part of the number and in
 * any case; a draft has no number to find; another account's documents are never found.
 */
let t: TestContext;
let w: DocWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await docWorld(t.api);
});
afterAll(async () => {
  await t.close();
});

const LINE = { description: 'Work', quantity: 1, unitCost: 100 };

async function sent(path: string, party: Record<string, string>): Promise<{ id: string; number: string }> {
  const created = await t.api.post(path, { ...party, lines: [LINE] }, { json: true });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const reply = await t.api.post(`${path}/${created.body.id}/send`);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return { id: reply.body.id, number: reply.body.number };
}

const found = async (path: string, q: string) => {
  const reply = await t.api.get(path, { q, pageSize: 100 });
  expect(reply.status).toBe(200);
  return reply.body.items.map((item: { id: string }) => item.id);
};

describe('GET /v2/{quotes,invoices,purchase-orders}?q=<part of a number>', () => {
  it('finds a quote, an invoice, a credit note and a purchase order by their number, whole, in part and in another case', async () => {
    const quote = await sent('/v2/quotes', { client: w.client });
    const invoice = await sent('/v2/invoices', { client: w.client });
    const order = await sent('/v2/purchase-orders', { supplier: w.supplier });
    const credited = await t.api.request('POST', `/v2/invoices/${invoice.id}/credit`);
    expect(credited.status, JSON.stringify(credited.body)).toBe(201);
    const note = { id: credited.body.id as string, number: credited.body.number as string };
    expect(note.number).toMatch(/^CN-/);
    for (const [path, document] of [
      ['/v2/quotes', quote],
      ['/v2/invoices', invoice],
      ['/v2/invoices', note],
      ['/v2/purchase-orders', order],
    ] as const) {
      expect(document.number, path).toMatch(/\d/);
      expect(await found(path, document.number), document.number).toEqual([document.id]);
      expect(await found(path, document.number.toLowerCase()), document.number).toEqual([document.id]);
      // The part after the prefix: the year and the sequence.
      expect(await found(path, document.number.slice(document.number.search(/\d/))), document.number).toContain(document.id);
    }
    // The invoices' listing holds the credit notes: the prefix tells them apart.
    expect(await found('/v2/invoices', 'CN-')).toEqual([note.id]);
    expect(await found('/v2/quotes', invoice.number)).toEqual([]);
  });

  it("never finds another account's document, nor a draft, by a number", async () => {
    const mine = await sent('/v2/invoices', { client: w.client });
    expect(await t.otherApi.get('/v2/invoices', { q: mine.number }).then((reply) => reply.body.items)).toEqual([]);
    const draft = await t.api.post('/v2/quotes', { client: w.client, lines: [LINE] }, { json: true });
    expect(draft.body.number).toBeNull();
    expect(await found('/v2/quotes', 'null')).not.toContain(draft.body.id);
  });

  it('refuses a q longer than a text parameter may be', async () => {
    const error = expectError(await t.api.get('/v2/purchase-orders', { q: 'x'.repeat(256) }), 400, 'parameter_invalid');
    expect(error.details?.[0]?.param).toBe('q');
  });
});
