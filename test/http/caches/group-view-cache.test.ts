import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, type Api, type TestContext } from '../../helper.js';
import { buildWorld } from '../prices/fixture.js';
import { colleague, job$, newService, ok, outsource, scene, uniq, uploadTo, type World } from './job-view-cache-fixture.js';
import {
  afterGroupChange,
  cacheEnv,
  cacheGroup,
  currentGroup,
  group$,
  groupHiddenFromOtherAccount,
  groupScene,
  join,
  listedGroup,
} from './group-view-cache-fixture.js';

/**
 * The group view cache (GET /v2/groups/:id and GET /v2/groups serve kept JSON, checked against
 * group_versions and view_epochs) never serves a stale group. Each case caches the group first
 * (`cacheGroup`: two GETs and a listing page), makes ONE change, then reads both paths
 * (`currentGroup`: each equal to a group built from the database without the cache) and checks the
 * changed field. Changes made outside the group (names of other records, SQL, another app) are in
 * group-view-cache-outside-changes.test.ts.
 */
let t: TestContext;
let w: World;
let mate: { id: string; api: Api };
beforeAll(async () => {
  // VIEW_CACHE_MB=0 (or JOB_CACHE_MB=0) in the environment runs the same cases without the cache (the reference behaviour).
  t = await createTestApp({ FILE_STORAGE: 'db', ...cacheEnv });
  w = await buildWorld(t);
  mate = await colleague(t);
});
afterAll(async () => {
  await t.close();
});

/** Caches the group, makes the change, answers the group as read afterwards (checked against a fresh build). */
const after = (id: string, change: () => Promise<unknown>) => afterGroupChange(t, id, change);
const putGroup = (id: string, params: Record<string, unknown>) => ok(t.api.put(group$(id), params as never));
const putJob = (id: string, params: Record<string, unknown>, path = '') => ok(t.api.put(`${job$(id)}${path}`, params as never));

describe('the group itself (its row)', () => {
  it('PUT /v2/groups/:id: name, archived and pinned, budget, own due date, domain, colour and references', async () => {
    const { group } = await groupScene(t, w);
    const id = group.id as string;
    const name = uniq('Renamed group');
    expect((await after(id, () => putGroup(id, { name }))).name).toBe(name);
    expect(await after(id, () => putGroup(id, { archived: true, pinned: true }))).toMatchObject({ archived: true, pinned: true });
    expect((await after(id, () => putGroup(id, { budget: 1234.5 }))).budget).toEqual({ amount: 1234.5, currency: { code: 'EUR', symbol: '€' } });
    expect((await after(id, () => putGroup(id, { budget: null }))).budget.amount).toBeNull();
    expect(await after(id, () => putGroup(id, { dueDate: '2031-05-01' }))).toMatchObject({ dueDate: '2031-05-01T00:00:00.000Z', dueDateAuto: false });
    expect((await after(id, () => putGroup(id, { domain: w.domain.medical }))).domain).toEqual({ id: w.domain.medical, name: 'Medical' });
    expect((await after(id, () => putGroup(id, { domain: null }))).domain).toBeNull();
    const refs = { color: '#abcdef', externalReference: 'EXT-1', purchaseOrder: 'PO-1', groupOnInvoice: true };
    expect(await after(id, () => putGroup(id, refs))).toMatchObject(refs);
  });

  it('DELETE /v2/groups/:id: 404 afterwards and gone from the listing', async () => {
    const { group } = await groupScene(t, w);
    await cacheGroup(t, group.id);
    expect((await t.api.delete(group$(group.id))).status).toBe(204);
    expectError(await t.api.get(group$(group.id)), 404, 'resource_missing');
    expect(await listedGroup(t.api, group.id)).toBeUndefined();
  });
});

describe('its jobs (membership: jobs.group_id, group_position)', () => {
  it('a job added, one removed, one added again → jobs (in the order added)', async () => {
    const { group, job: a, client } = await groupScene(t, w);
    // A group holds one client's jobs.
    const { job: b } = await scene(t, w, { client });
    expect((await after(group.id, () => join(t.api, group.id, b.id))).jobs).toEqual([a.id, b.id]);
    expect((await after(group.id, () => ok(t.api.delete(`${group$(group.id)}/jobs/${a.id}`)))).jobs).toEqual([b.id]);
    expect((await after(group.id, () => join(t.api, group.id, a.id))).jobs).toEqual([b.id, a.id]);
  });

  it('a job moved to another group, both cached → jobs of both', async () => {
    const { group: g1, job: a, client } = await groupScene(t, w);
    const { group: g2, job: c } = await groupScene(t, w, { client });
    await cacheGroup(t, g1.id);
    await cacheGroup(t, g2.id);
    await join(t.api, g2.id, a.id);
    expect((await currentGroup(t, g1.id)).jobs).toEqual([]);
    expect((await currentGroup(t, g2.id)).jobs).toEqual([c.id, a.id]);
  });

  it('the job deleted → jobs, status, estimation', async () => {
    const { group, job } = await groupScene(t, w);
    await cacheGroup(t, group.id);
    expect((await t.api.delete(job$(job.id))).status).toBe(204);
    expect(await currentGroup(t, group.id)).toMatchObject({ jobs: [], status: 1, services: [], users: [], estimation: { total: 0 } });
  });
});

describe('derived values, from writes of its jobs (stored on the group row)', () => {
  it('PUT /v2/jobs/:id/price: match lines, then the quantity → estimation.total', async () => {
    const { group, job } = await groupScene(t, w);
    expect(group.estimation.total).toBe(100);
    const lines = {
      matches: [
        { id: w.match['100%'], value: 600 },
        { id: w.match['No match'], value: 400 },
      ],
    };
    expect((await after(group.id, () => putJob(job.id, lines, '/price'))).estimation.total).toBe(58);
    expect((await after(group.id, () => ok(t.api.put(`${job$(job.id)}/price`, { matches: [] }, { json: true })))).estimation.total).toBe(100);
    expect((await after(group.id, () => putJob(job.id, { quantity: 2000 }))).estimation.total).toBe(200);
  });

  it('status and progress of the job → status, progress', async () => {
    const { group, job } = await groupScene(t, w);
    expect((await after(group.id, () => putJob(job.id, { status: 2 }))).status).toBe(2);
    expect((await after(group.id, () => putJob(job.id, { progress: 40 }))).progress).toBe(40);
    expect(await after(group.id, () => putJob(job.id, { status: 3 }))).toMatchObject({ status: 3, progress: 100 });
    expect(await after(group.id, () => putJob(job.id, { status: 5 }))).toMatchObject({ status: 5, progress: 0 });
  });

  it("the job's service and owner → services, users; its due date → dueDate (dueDateAuto)", async () => {
    const { group, job } = await groupScene(t, w);
    const other = await newService(t.api, 'Other');
    const serviceName = (await t.api.get(`/v2/account/services/${other}`)).body.name;
    expect((await after(group.id, () => putJob(job.id, { service: other }))).services).toEqual([{ id: other, name: serviceName }]);
    const mateName = (await t.api.get(`/v2/users/${mate.id}`)).body.name;
    expect((await after(group.id, () => putJob(job.id, { owner: mate.id }))).users).toEqual([{ id: mate.id, name: mateName }]);
    await putGroup(group.id, { dueDateAuto: true });
    expect((await after(group.id, () => putJob(job.id, { dueDate: '2032-02-03T10:00:00Z' }))).dueDate).toBe('2032-02-03T10:00:00.000Z');
  });

  it('a time tracker entry of the job → estimation.totalTime', async () => {
    const { group, job } = await groupScene(t, w);
    const added = await after(group.id, () => ok(t.api.post(`${job$(job.id)}/trackers`, { duration: 3_600_000, from: '2025-03-01T09:00:00Z' })));
    expect(added.estimation.totalTime).toBe(3_600_000);
  });

  it('an outsourcing of the job created, updated, deleted → suppliers, estimation.outsourcing and profitability', async () => {
    const { group, job, supplier } = await groupScene(t, w);
    const supplierName = (await t.api.get(`/v2/suppliers/${supplier}`)).body.name;
    let outsourcingId = '';
    const created = await after(group.id, async () => ({ outsourcingId } = await outsource(t, job.id, { supplier, unitCost: 0.05 })));
    expect(created.suppliers).toEqual([{ id: supplier, name: supplierName }]);
    expect(created.estimation.outsourcing).toEqual({
      suppliers: [{ id: supplier, name: supplierName }],
      totals: [{ currency: { code: 'EUR', symbol: '€' }, total: 50 }],
    });
    expect(created.estimation.profitability).toMatchObject({ margin: 50, marginRate: 0.5 });
    const updated = await after(group.id, () => putJob(job.id, { quantity: 200 }, `/outsourcing/${outsourcingId}`));
    expect(updated.estimation.outsourcing.totals[0].total).toBe(10);
    const deleted = await after(group.id, () => ok(t.api.delete(`${job$(job.id)}/outsourcing/${outsourcingId}`)));
    expect(deleted).toMatchObject({ suppliers: [], estimation: { outsourcing: { suppliers: [], totals: [] }, profitability: { status: 'noOutsourcing' } } });
  });

  it('an invoice takes the job and gives it back → status, estimation.totalInvoiced', async () => {
    const { group, job, client } = await groupScene(t, w);
    let invoice: any;
    const invoiced = await after(group.id, async () => (invoice = await ok(t.api.post('/v2/invoices', { client, jobs: [job.id] }), 201)));
    expect(invoiced).toMatchObject({ status: 4, estimation: { total: 100, totalInvoiced: 100 } });
    const back = await after(group.id, () => ok(t.api.delete(`/v2/invoices/${invoice.id}/jobs/${job.id}`)));
    expect(back).toMatchObject({ status: 3, estimation: { totalInvoiced: 0 } });
  });

  it("the client's minimum fee (its jobs recomputed) → estimation.total", async () => {
    const { group, client } = await groupScene(t, w);
    expect((await after(group.id, () => ok(t.api.put(`/v2/clients/${client}`, { minimumFee: 150 })))).estimation.total).toBe(150);
  });
});

describe('labels of the group (entity_labels; labels)', () => {
  it('attach, rename, recolour, detach → labels (a label in use cannot be deleted: 409)', async () => {
    const { group } = await groupScene(t, w);
    const label = (await ok(t.api.post('/v2/account/labels', { name: uniq('Label'), color: '#112233' }), 201)).id as string;
    const labels$ = `${group$(group.id)}/labels/${label}`;
    expect((await after(group.id, () => ok(t.api.post(labels$)))).labels).toMatchObject([{ id: label, color: '#112233' }]);
    const name = uniq('Renamed label');
    expect((await after(group.id, () => ok(t.api.put(`/v2/account/labels/${label}`, { name })))).labels).toEqual([{ id: label, name, color: '#112233' }]);
    expect((await after(group.id, () => ok(t.api.put(`/v2/account/labels/${label}`, { color: '#445566' })))).labels).toEqual([
      { id: label, name, color: '#445566' },
    ]);
    expect((await after(group.id, () => ok(t.api.delete(labels$)))).labels).toEqual([]);
  });
});

describe('notes of the group', () => {
  it('add, edit (by another user), delete → notes', async () => {
    const { group } = await groupScene(t, w);
    const notes$ = `${group$(group.id)}/notes`;
    const added = await after(group.id, () => ok(t.api.post(notes$, { content: 'First note' })));
    expect(added.notes).toMatchObject([{ content: '<p>First note</p>', user: { id: t.account.userId } }]);
    const noteId = added.notes[0].id;
    const edited = await after(group.id, () => ok(mate.api.put(`${notes$}/${noteId}`, { content: 'Edited note' })));
    expect(edited.notes).toMatchObject([{ id: noteId, content: '<p>Edited note</p>', editedByUser: { id: mate.id } }]);
    expect((await after(group.id, () => ok(t.api.delete(`${notes$}/${noteId}`)))).notes).toEqual([]);
  });
});

describe('files of the group (files, file_outsourcing_shares)', () => {
  it('upload, share with all, unshare, delete → files', async () => {
    const { group } = await groupScene(t, w);
    let file: any;
    const uploaded = await after(group.id, async () => (file = await uploadTo(t, group$(group.id), 'glossary.xlsx')));
    expect(uploaded.files).toEqual([file]);
    expect(file).toMatchObject({ name: 'glossary.xlsx', outsourcing: { shareWithAll: false, sharedWith: [] } });
    const share$ = `${group$(group.id)}/files/${file.id}/share/with/all`;
    expect((await after(group.id, () => ok(t.api.put(share$)))).files[0].outsourcing).toEqual({ shareWithAll: true, sharedWith: [] });
    expect((await after(group.id, () => ok(t.api.delete(share$)))).files[0].outsourcing).toEqual({ shareWithAll: false, sharedWith: [] });
    const deleted = await after(group.id, async () => expect((await t.api.delete(`${group$(group.id)}/files/${file.id}`)).status).toBe(204));
    expect(deleted.files).toEqual([]);
  });

  it('shared with an outsourcing of a job of the group (upload into it); that outsourcing deleted → files[].outsourcing.sharedWith', async () => {
    const { group, job, supplier } = await groupScene(t, w);
    const { outsourcingId } = await outsource(t, job.id, { supplier });
    let file: any;
    const uploaded = await after(group.id, async () => (file = await uploadTo(t, group$(group.id), 'brief.txt', outsourcingId)));
    expect(uploaded.files).toEqual([file]);
    expect(file.outsourcing).toEqual({ shareWithAll: false, sharedWith: [outsourcingId] });
    const gone = await after(group.id, () => ok(t.api.delete(`${job$(job.id)}/outsourcing/${outsourcingId}`)));
    expect(gone.files[0].outsourcing).toEqual({ shareWithAll: false, sharedWith: [] });
  });

  it('shared with an outsourcing of a job of the group; that job deleted → files[].outsourcing.sharedWith, jobs', async () => {
    const { group, job, supplier } = await groupScene(t, w);
    const { outsourcingId } = await outsource(t, job.id, { supplier });
    await uploadTo(t, group$(group.id), 'brief.txt', outsourcingId);
    expect((await cacheGroup(t, group.id)).files[0].outsourcing.sharedWith).toEqual([outsourcingId]);
    expect((await t.api.delete(job$(job.id))).status).toBe(204);
    expect(await currentGroup(t, group.id)).toMatchObject({ jobs: [], files: [{ outsourcing: { shareWithAll: false, sharedWith: [] } }] });
  });
});

describe('tenancy', () => {
  it('a group cached for account A is 404 for account B (GET, PUT) and not on its listing', async () => {
    const { group } = await groupScene(t, w);
    expect((await groupHiddenFromOtherAccount(t, group.id)).name).toBe(group.name);
  });
});

describe('a group with every part', () => {
  it('the cached answer (third GET, and the listing) equals the first, freshly built one', async () => {
    const { group, job, supplier, client } = await groupScene(t, w);
    const id = group.id as string;
    const { outsourcingId } = await outsource(t, job.id, { supplier, unitCost: 0.05 });
    await join(t.api, id, (await scene(t, w, { client })).job.id);
    await ok(t.api.post(`${group$(id)}/notes`, { content: 'A note' }));
    await ok(t.api.post(`${group$(id)}/labels/${(await ok(t.api.post('/v2/account/labels', { name: uniq('Label'), color: '#abcdef' }), 201)).id}`));
    await ok(t.api.post(`${job$(job.id)}/trackers`, { duration: 3_600_000, from: '2025-02-01T08:00:00Z' }));
    await uploadTo(t, group$(id), 'all.txt');
    await uploadTo(t, group$(id), 'brief.txt', outsourcingId);
    await putGroup(id, { budget: 500, dueDate: '2030-01-01' });
    const first = await t.api.get(group$(id));
    expect(first.status).toBe(200);
    const body = first.body;
    expect([body.jobs.length, body.notes.length, body.labels.length, body.files.length, body.suppliers.length, body.services.length]).toEqual([
      2, 1, 1, 2, 1, 2,
    ]);
    expect(body.estimation.totalTime).toBe(3_600_000);
    await cacheGroup(t, id);
    const third = await t.api.get(group$(id));
    expect(third.raw.body).toBe(first.raw.body);
    expect(third.body).toEqual(body);
    expect(await listedGroup(t.api, id)).toEqual(body);
  });
});
