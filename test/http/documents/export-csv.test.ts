import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { paginateIds, type Page, type PageCursor } from '../../../src/core/pagination.js';
import { createTestApp, expectError, type TestContext } from '../../helper.js';
import { docWorld, newInvoice, type DocWorld } from './fixture.js';

/**
 * GET /v2/invoices?format=csv sorted by a field drafts do not have (number, issueDate): the walk
 * (core/pagination.ts walkStep) gives every invoice once, the dated ones in the listing's order
 * and the drafts after them (docs/reference.md#csv-export), step after step.
 */
let t: TestContext;
let w: DocWorld;
const sent: string[] = [];
const drafts: string[] = [];
const SORTS = { createdAt: 'created_at', updatedAt: 'updated_at', issueDate: 'issue_date', dueDate: 'due_date', status: 'status', number: 'number' };

beforeAll(async () => {
  t = await createTestApp();
  w = await docWorld(t.api);
  for (let i = 0; i < 7; i += 1) {
    const invoice = await newInvoice(t.api, { client: w.client, lines: [{ description: `Work ${i}`, quantity: 1, unitCost: 10 + i }] });
    if (i % 3 === 1) {
      drafts.push(invoice.id);
      continue;
    }
    expect((await t.api.post(`/v2/invoices/${invoice.id}/send`)).status).toBe(200);
    sent.push(invoice.id);
  }
});
afterAll(() => t.close());

const csvIds = async (query: Record<string, string>) => {
  const reply = await t.api.get('/v2/invoices', { ...query, format: 'csv' });
  expect(reply.status).toBe(200);
  return parse<{ id: string }>(reply.raw.rawPayload, { bom: true, columns: true }).map((row) => row.id);
};

async function jsonIds(query: Record<string, string>): Promise<string[]> {
  const reply = await t.api.get('/v2/invoices', { ...query, pageSize: 100 });
  return reply.body.items.map((item: { id: string }) => item.id);
}

describe('the export walk over a sort field some rows lack', () => {
  it('answers every invoice once: the dated in the order of the listing, then the drafts', async () => {
    for (const sort of ['number', 'issueDate', 'dueDate']) {
      for (const direction of ['asc', 'desc']) {
        const ids = await csvIds({ sort, direction });
        const listed = await jsonIds({ sort, direction });
        expect(new Set(ids).size).toBe(ids.length);
        expect(ids.slice(0, sent.length), `${sort} ${direction}`).toEqual(listed.filter((id) => sent.includes(id)));
        expect(ids.slice(sent.length).sort(), `${sort} ${direction}`).toEqual([...drafts].sort());
      }
    }
  });

  it('steps of two rows cross from the dated rows to the drafts without a gap or a repeat', async () => {
    const query = () => t.database.db.selectFrom('documents').where('account_id', '=', t.account.accountId).where('kind', '=', 'invoice');
    for (const direction of ['asc', 'desc'] as const) {
      const walked: string[] = [];
      let after: PageCursor | null = null;
      for (let steps = 0; steps < 10; steps += 1) {
        const page: Page<string> = await paginateIds(query(), 'documents', { sort: 'number', direction, pageSize: 2, walk: { after } }, SORTS);
        walked.push(...page.items);
        if (!page.next) break;
        after = page.next;
      }
      expect(walked).toHaveLength(sent.length + drafts.length);
      expect(new Set(walked).size).toBe(walked.length);
      expect(walked.slice(sent.length).sort()).toEqual([...drafts].sort());
    }
  });

  it('applies the filters and answers 400 for a bad one', async () => {
    expect(await csvIds({ status: '1' })).toEqual([...drafts].reverse());
    expectError(await t.api.get('/v2/invoices', { format: 'csv', client: 'ffffffffffffffffffffffff' }), 400, 'parameter_invalid');
    expectError(await t.api.get('/v2/invoices', { format: 'pdf' }), 400, 'parameter_invalid');
  });
});
