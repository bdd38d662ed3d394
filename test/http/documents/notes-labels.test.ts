import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, type TestContext } from '../../helper.js';
import { docWorld, type DocWorld } from './fixture.js';

/** Notes and labels on invoices, quotes and purchase orders (docs/notes.md, docs/documents.md). */
let t: TestContext;
let w: DocWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await docWorld(t.api);
});
afterAll(() => t.close());

describe('notes and labels on the three kinds', () => {
  for (const base of ['/v2/invoices', '/v2/quotes', '/v2/purchase-orders']) {
    it(`${base}: notes and labels, also after draft`, async () => {
      const party = base === '/v2/purchase-orders' ? { supplier: w.supplier } : { client: w.client };
      const doc = (await t.api.post(base, party)).body;
      await t.api.post(`${base}/${doc.id}/send`);
      const noted = await t.api.post(`${base}/${doc.id}/notes`, { content: 'Sent by mail' });
      expect(noted.status, JSON.stringify(noted.body)).toBe(200);
      expect(noted.body.notes).toMatchObject([{ content: '<p>Sent by mail</p>' }]);
      const label = (await t.api.post('/v2/account/labels', { name: `L ${base}`, color: '#ff0000' })).body.id;
      const labelled = await t.api.post(`${base}/${doc.id}/labels/${label}`);
      expect(labelled.body.labels).toEqual([{ id: label, name: `L ${base}`, color: '#ff0000' }]);
      expectError(await t.otherApi.post(`${base}/${doc.id}/notes`, { content: 'x' }), 404, 'resource_missing');
    });

    it(`${base}: a note edited by PUT and removed by DELETE, also after draft`, async () => {
      const party = base === '/v2/purchase-orders' ? { supplier: w.supplier } : { client: w.client };
      const doc = (await t.api.post(base, party)).body;
      await t.api.post(`${base}/${doc.id}/send`);
      const first = (await t.api.post(`${base}/${doc.id}/notes`, { content: 'Draft terms' })).body.notes[0];
      const kept = (await t.api.post(`${base}/${doc.id}/notes`, { content: 'Kept' })).body.notes[1];
      const edited = await t.api.put(`${base}/${doc.id}/notes/${first.id}`, { content: 'Final <em>terms</em>' });
      expect(edited.status, JSON.stringify(edited.body)).toBe(200);
      expect(edited.body.id).toBe(doc.id);
      expect(edited.body.notes).toMatchObject([
        { id: first.id, content: '<p>Final <em>terms</em></p>', user: first.user, createdAt: first.createdAt },
        { id: kept.id, content: '<p>Kept</p>' },
      ]);
      expect((await t.api.get(`${base}/${doc.id}`)).body.notes).toEqual(edited.body.notes);
      expectError(await t.api.put(`${base}/${doc.id}/notes/${first.id}`, { content: 'x', color: 'red' }), 400, 'parameter_unknown');
      expectError(await t.otherApi.put(`${base}/${doc.id}/notes/${first.id}`, { content: 'x' }), 404, 'resource_missing');
      const removed = await t.api.delete(`${base}/${doc.id}/notes/${first.id}`);
      expect(removed.status).toBe(200);
      expect(removed.body.notes.map((note: { id: string }) => note.id)).toEqual([kept.id]);
      expectError(await t.api.put(`${base}/${doc.id}/notes/${first.id}`, { content: 'gone' }), 404, 'resource_missing');
    });
  }
});

describe('a label removed from each kind', () => {
  for (const base of ['/v2/invoices', '/v2/quotes', '/v2/purchase-orders']) {
    it(`${base}: DELETE …/labels/:labelId answers the document without it; another account, or a label it does not have, 404`, async () => {
      const party = base === '/v2/purchase-orders' ? { supplier: w.supplier } : { client: w.client };
      const doc = (await t.api.post(base, party)).body;
      const kept = (await t.api.post('/v2/account/labels', { name: `Kept ${base}`, color: '#00ff00' })).body.id;
      const removed = (await t.api.post('/v2/account/labels', { name: `Removed ${base}`, color: '#0000ff' })).body.id;
      await t.api.post(`${base}/${doc.id}/labels/${kept}`);
      await t.api.post(`${base}/${doc.id}/labels/${removed}`);

      expectError(await t.otherApi.delete(`${base}/${doc.id}/labels/${removed}`), 404, 'resource_missing');
      const reply = await t.api.delete(`${base}/${doc.id}/labels/${removed}`);
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      expect(reply.body.id).toBe(doc.id);
      expect(reply.body.labels).toEqual([{ id: kept, name: `Kept ${base}`, color: '#00ff00' }]);
      expect((await t.api.get(`${base}/${doc.id}`)).body.labels).toEqual(reply.body.labels);
      expectError(await t.api.delete(`${base}/${doc.id}/labels/${removed}`), 404, 'resource_missing');
    });
  }
});

describe('the listings of quotes and purchase orders refuse what they do not know', () => {
  for (const base of ['/v2/quotes', '/v2/purchase-orders']) {
    it(`GET ${base}: an unknown parameter, a page below 1`, async () => {
      expect(expectError(await t.api.get(`${base}?number=Q-1`), 400, 'parameter_unknown').details).toEqual([expect.objectContaining({ param: 'number' })]);
      expect(expectError(await t.api.get(`${base}?page=0`), 400, 'parameter_invalid').details).toEqual([expect.objectContaining({ param: 'page' })]);
    });
  }
});
