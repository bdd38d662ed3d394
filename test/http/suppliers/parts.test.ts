import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MISSING_ID, createTestApp, expectError, type TestContext } from '../../helper.js';
import { DATE, ID, partiesFixture, sleep } from '../clients/parties-fixture.js';

/** The parts of a supplier: its language pairs, unavailabilities and labels. */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const { events, newSupplier, pair } = partiesFixture(() => t);

describe('POST/DELETE /v2/suppliers/:id/language-pairs/:languagePairId', () => {
  it('adds a pair at the end (200, the supplier); adding twice is harmless; removing takes it out', async () => {
    const first = await pair('en', 'pl');
    const second = await pair('en', 'cs');
    const supplier = await newSupplier({ languagePairs: [first.id] });
    await sleep(5);
    const added = await t.api.post(`/v2/suppliers/${supplier.id}/language-pairs/${second.id}`);
    expect(added.status).toBe(200);
    expect(added.body.languagePairs.map((p: { id: string }) => p.id)).toEqual([first.id, second.id]);
    expect(added.body.updatedAt > supplier.updatedAt).toBe(true);
    expect((await events('supplier.updated', supplier.id)).at(-1)!.data).toEqual(added.body);
    const again = await t.api.post(`/v2/suppliers/${supplier.id}/language-pairs/${second.id}`);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(added.body);
    const removed = await t.api.delete(`/v2/suppliers/${supplier.id}/language-pairs/${first.id}`);
    expect(removed.status).toBe(200);
    expect(removed.body.languagePairs.map((p: { id: string }) => p.id)).toEqual([second.id]);
    expectError(await t.api.delete(`/v2/suppliers/${supplier.id}/language-pairs/${first.id}`), 404, 'resource_missing');
  });

  it('stays consistent under concurrent adds and list replacements (every request 200, each pair once)', async () => {
    const a = await pair('en', 'ro');
    const b = await pair('en', 'bg');
    const supplier = await newSupplier();
    const replies = await Promise.all([
      ...Array.from({ length: 4 }, () => t.api.post(`/v2/suppliers/${supplier.id}/language-pairs/${a.id}`)),
      ...Array.from({ length: 3 }, () => t.api.put(`/v2/suppliers/${supplier.id}`, { languagePairs: [b.id, a.id] })),
    ]);
    expect(replies.map((reply) => reply.status)).toEqual(Array(7).fill(200));
    const final = (await t.api.get(`/v2/suppliers/${supplier.id}`)).body.languagePairs.map((p: { id: string }) => p.id);
    expect(new Set(final).size).toBe(final.length);
    expect([...final].sort()).toEqual([a.id, b.id].sort());
  });

  it("answers 404 for an unknown, malformed or another account's pair or supplier", async () => {
    const mine = await pair('en', 'hu');
    const theirs = await pair('en', 'hu', t.otherApi);
    const supplier = await newSupplier();
    const base = `/v2/suppliers/${supplier.id}/language-pairs`;
    expectError(await t.api.post(`${base}/${MISSING_ID}`), 404, 'resource_missing');
    expectError(await t.api.post(`${base}/not-an-id`), 404, 'resource_missing');
    expectError(await t.api.post(`${base}/${theirs.id}`), 404, 'resource_missing');
    expectError(await t.api.delete(`${base}/${theirs.id}`), 404, 'resource_missing');
    expectError(await t.api.post(`/v2/suppliers/${MISSING_ID}/language-pairs/${mine.id}`), 404, 'resource_missing');
    expectError(await t.otherApi.post(`${base}/${theirs.id}`), 404, 'resource_missing');
    expect((await t.api.get(`/v2/suppliers/${supplier.id}`)).body.languagePairs).toEqual([]);
  });
});

describe('unavailabilities of a supplier', () => {
  it('creates (201) with dates normalised, lists currents and old sorted by from, updates and deletes', async () => {
    const supplier = await newSupplier({ name: 'Sometimes away' });
    const base = `/v2/suppliers/${supplier.id}/unavailabilities`;
    expect((await t.api.get(base)).body).toEqual({ currents: [], old: [] });
    const created = await t.api.post(base, { from: '2099-08-01', to: '2099-08-15T18:00:00+02:00', reason: 'Holidays' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: ID,
      from: '2099-08-01T00:00:00.000Z',
      to: '2099-08-15T16:00:00.000Z',
      reason: 'Holidays',
      createdAt: DATE,
      updatedAt: DATE,
    });
    const early = (await t.api.post(base, { from: '2099-01-01T00:00:00Z', to: '2099-01-02T00:00:00Z' })).body;
    expect(early.reason).toBe('');
    const running = (await t.api.post(base, { from: '2000-01-01', to: '2099-12-31' }, { json: true })).body;
    const past2 = (await t.api.post(base, { from: '2001-05-01', to: '2001-05-02', reason: 'Conference' })).body;
    const past1 = (await t.api.post(base, { from: '2001-01-01', to: '2001-01-01' })).body;
    const list = await t.api.get(base);
    expect(list.status).toBe(200);
    expect(list.body.currents.map((u: { id: string }) => u.id)).toEqual([running.id, early.id, created.body.id]);
    expect(list.body.old.map((u: { id: string }) => u.id)).toEqual([past1.id, past2.id]);

    await sleep(5);
    const updated = await t.api.put(`${base}/${early.id}`, { reason: 'Moving house', to: '2099-01-03' });
    expect(updated.status).toBe(200);
    expect(updated.body).toEqual({ ...early, reason: 'Moving house', to: '2099-01-03T00:00:00.000Z', updatedAt: DATE });
    expect(updated.body.updatedAt > early.updatedAt).toBe(true);
    const moved = (await t.api.put(`${base}/${early.id}`, { from: '2000-06-01', to: '2000-06-02' })).body;
    expect(moved.from).toBe('2000-06-01T00:00:00.000Z');
    expect((await t.api.get(base)).body.old.map((u: { id: string }) => u.id)).toEqual([early.id, past1.id, past2.id]);

    const deleted = await t.api.delete(`${base}/${early.id}`);
    expect(deleted.status).toBe(204);
    expect(deleted.raw.body).toBe('');
    expectError(await t.api.put(`${base}/${early.id}`, { reason: 'x' }), 404, 'resource_missing');
    expect((await t.api.get(base)).body.old).toHaveLength(2);
  });

  it('validates: from and to required, ISO dates, to not before from, reason text, unknown parameters', async () => {
    const supplier = await newSupplier();
    const base = `/v2/suppliers/${supplier.id}/unavailabilities`;
    const missing = expectError(await t.api.post(base, { from: '2030-01-01' }), 400, 'parameter_missing');
    expect(missing.details?.[0]?.param).toBe('to');
    expectError(await t.api.post(base, { to: '2030-01-01' }), 400, 'parameter_missing');
    expectError(await t.api.post(base, { from: 'tomorrow', to: '2030-01-01' }), 400, 'parameter_invalid');
    expectError(await t.api.post(base, { from: '2030-02-30', to: '2030-03-01' }), 400, 'parameter_invalid');
    const order = expectError(await t.api.post(base, { from: '2030-01-10', to: '2030-01-01' }), 400, 'parameter_invalid');
    expect(order.details?.[0]?.param).toBe('to');
    expectError(await t.api.post(base, { from: '2030-01-01', to: '2030-01-02', reason: 'r'.repeat(256) }), 400, 'parameter_invalid');
    expectError(await t.api.post(base, { from: '2030-01-01', to: '2030-01-02', note: 'x' }), 400, 'parameter_unknown');
    const u = (await t.api.post(base, { from: '2030-01-01', to: '2030-01-05' })).body;
    expectError(await t.api.put(`${base}/${u.id}`, { to: '2029-12-31' }), 400, 'parameter_invalid');
    expectError(await t.api.put(`${base}/${u.id}`, { from: '2030-01-06' }), 400, 'parameter_invalid');
    expectError(await t.api.put(`${base}/${u.id}`, { from: 'x' }), 400, 'parameter_invalid');
    expect((await t.api.get(base)).body.currents).toEqual([u]);
  });

  it('bumps the supplier and records supplier.updated for each change', async () => {
    const supplier = await newSupplier({ name: 'Unavailable evented' });
    const base = `/v2/suppliers/${supplier.id}/unavailabilities`;
    await sleep(5);
    const u = (await t.api.post(base, { from: '2030-01-01', to: '2030-01-05' })).body;
    expect((await t.api.get(`/v2/suppliers/${supplier.id}`)).body.updatedAt > supplier.updatedAt).toBe(true);
    await t.api.put(`${base}/${u.id}`, { reason: 'x' });
    await t.api.delete(`${base}/${u.id}`);
    expect(await events('supplier.updated', supplier.id)).toHaveLength(3);
  });

  it("answers 404 for a missing or another account's supplier, and an unavailability of another supplier", async () => {
    const supplier = await newSupplier();
    const sibling = await newSupplier();
    const u = (await t.api.post(`/v2/suppliers/${supplier.id}/unavailabilities`, { from: '2030-01-01', to: '2030-01-02' })).body;
    expectError(await t.api.get(`/v2/suppliers/${MISSING_ID}/unavailabilities`), 404, 'resource_missing');
    expectError(await t.api.post(`/v2/suppliers/bad/unavailabilities`, { from: '2030-01-01', to: '2030-01-02' }), 404, 'resource_missing');
    expectError(await t.otherApi.get(`/v2/suppliers/${supplier.id}/unavailabilities`), 404, 'resource_missing');
    expectError(await t.otherApi.post(`/v2/suppliers/${supplier.id}/unavailabilities`, { from: '2030-01-01', to: '2030-01-02' }), 404, 'resource_missing');
    expectError(await t.otherApi.put(`/v2/suppliers/${supplier.id}/unavailabilities/${u.id}`, { reason: 'x' }), 404, 'resource_missing');
    expectError(await t.otherApi.delete(`/v2/suppliers/${supplier.id}/unavailabilities/${u.id}`), 404, 'resource_missing');
    expectError(await t.api.put(`/v2/suppliers/${sibling.id}/unavailabilities/${u.id}`, { reason: 'x' }), 404, 'resource_missing');
    expectError(await t.api.delete(`/v2/suppliers/${sibling.id}/unavailabilities/${u.id}`), 404, 'resource_missing');
    expectError(await t.api.put(`/v2/suppliers/${supplier.id}/unavailabilities/not-an-id`, { reason: 'x' }), 404, 'resource_missing');
    expectError(await t.api.delete(`/v2/suppliers/${supplier.id}/unavailabilities/${MISSING_ID}`), 404, 'resource_missing');
    expect((await t.api.get(`/v2/suppliers/${supplier.id}/unavailabilities`)).body.currents).toEqual([u]);
  });
});

describe('labels on suppliers (docs/master-data.md)', () => {
  it("attaches and detaches labels answering the supplier; 404 for another account's label", async () => {
    const supplier = await newSupplier();
    const label = (await t.api.post('/v2/account/labels', { name: 'Reliable', color: '#00aa00' })).body;
    const theirs = (await t.otherApi.post('/v2/account/labels', { name: 'Reliable', color: '#00aa00' })).body;
    const attached = await t.api.post(`/v2/suppliers/${supplier.id}/labels/${label.id}`);
    expect(attached.status).toBe(200);
    expect(attached.body).toMatchObject({ object: 'supplier', labels: [{ id: label.id, name: 'Reliable', color: '#00aa00' }] });
    expect((await events('supplier.updated', supplier.id)).at(-1)!.data.labels).toHaveLength(1);
    expectError(await t.api.post(`/v2/suppliers/${supplier.id}/labels/${theirs.id}`), 404, 'resource_missing');
    expectError(await t.otherApi.post(`/v2/suppliers/${supplier.id}/labels/${theirs.id}`), 404, 'resource_missing');
    expect((await t.api.delete(`/v2/suppliers/${supplier.id}/labels/${label.id}`)).body.labels).toEqual([]);
  });
});
