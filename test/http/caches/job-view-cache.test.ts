import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, type Api, type TestContext } from '../../helper.js';
import { buildWorld, DATE } from '../prices/fixture.js';
import {
  afterChange,
  cacheJob,
  colleague,
  current,
  fresh,
  job$,
  jobHiddenFromOtherAccount,
  listed,
  ok,
  outsource,
  scene,
  uniq,
  uploadTo,
  type World,
} from './job-view-cache-fixture.js';

/**
 * The job view cache (GET /v2/jobs/:id and GET /v2/jobs serve kept JSON, checked against
 * job_versions and view_epochs) never serves a stale job. Each case caches the job first
 * (`cacheJob`: two GETs and a listing page), makes ONE change, then reads both paths (`current`:
 * each equal to a job built from the database without the cache) and checks the changed field.
 * This file: the job's own rows and parts, tenancy, and a job with every part; changes made
 * elsewhere (names, SQL, another app) are in caches/job-view-cache-outside-changes.test.ts.
 */
let t: TestContext;
let w: World;
let mate: { id: string; api: Api };
beforeAll(async () => {
  // VIEW_CACHE_MB=0 in the environment runs the same cases without the cache (the reference behaviour).
  t = await createTestApp({ FILE_STORAGE: 'db', ...(process.env.VIEW_CACHE_MB ? { VIEW_CACHE_MB: process.env.VIEW_CACHE_MB } : {}) });
  w = await buildWorld(t);
  mate = await colleague(t);
});
afterAll(async () => {
  await t.close();
});

/** Caches the job, makes the change, answers the job as read afterwards (checked against a fresh build). */
const after = (id: string, change: () => Promise<unknown>) => afterChange(t, id, change);

describe('the job itself (job_versions ← jobs, job_matches)', () => {
  it('PUT /v2/jobs/:id: name; status (startDate side effect); references', async () => {
    const { job } = await scene(t, w);
    expect((await after(job.id, () => ok(t.api.put(job$(job.id), { name: 'Renamed while cached' })))).name).toBe('Renamed while cached');
    const started = await after(job.id, () => ok(t.api.put(job$(job.id), { status: 2 })));
    expect(started.status).toBe(2);
    expect(started.startDate).toMatch(DATE);
    const moved = await after(job.id, () => ok(t.api.put(job$(job.id), { domain: w.domain.medical, projectManager: mate.id, languagePair: w.pair.deFr })));
    expect(moved.domain).toEqual({ id: w.domain.medical, name: 'Medical' });
    expect(moved.projectManager.id).toBe(mate.id);
    expect(moved.languagePair).toMatchObject({ id: w.pair.deFr, source: { code: 'de' } });
  });

  it('PUT /v2/jobs/:id/price: match lines → quantity.matches and the estimation; discount → estimation', async () => {
    const { job } = await scene(t, w);
    const priced = await after(job.id, () =>
      ok(
        t.api.put(`${job$(job.id)}/price`, {
          matches: [
            { id: w.match['100%'], value: 600 },
            { id: w.match['No match'], value: 400 },
          ],
        }),
      ),
    );
    expect(priced.quantity).toMatchObject({
      hasMatches: true,
      value: 1000,
      matches: [
        { id: w.match['100%'], name: '100%', unitCost: 0.03, value: 600 },
        { id: w.match['No match'], name: 'No match', unitCost: 0.1, value: 400 },
      ],
    });
    expect(priced.estimation.total).toBe(58); // 600 × 0.03 + 400 × 0.1
    const discounted = await after(job.id, () => ok(t.api.put(`${job$(job.id)}/price`, { discount: 0.1 })));
    expect(discounted.discount).toBe(0.1);
    expect(discounted.estimation.total).toBe(52.2);
  });

  it('DELETE /v2/jobs/:id: 404 afterwards and gone from the listing', async () => {
    const { job } = await scene(t, w);
    await cacheJob(t, job.id);
    expect((await t.api.delete(job$(job.id))).status).toBe(204);
    expectError(await t.api.get(job$(job.id)), 404, 'resource_missing');
    expect(await listed(t.api, job.id)).toBeUndefined();
  });

  it("the client's minimum fee (its jobs recomputed) → estimation", async () => {
    const { job, client } = await scene(t, w);
    const fee = await after(job.id, () => ok(t.api.put(`/v2/clients/${client}`, { minimumFee: 150 })));
    expect(fee.estimation).toMatchObject({ total: 150, details: { minimumFeeApplied: true } });
  });

  it('an invoice takes the job (status 4, invoiced) and gives it back (status 3)', async () => {
    const { job, client } = await scene(t, w);
    let invoice: any;
    const invoiced = await after(job.id, async () => (invoice = await ok(t.api.post('/v2/invoices', { client, jobs: [job.id] }), 201)));
    expect(invoiced).toMatchObject({ status: 4, estimation: { type: 'invoiced', total: 100, totalInvoiced: 100 } });
    const back = await after(job.id, () => ok(t.api.delete(`/v2/invoices/${invoice.id}/jobs/${job.id}`)));
    expect(back).toMatchObject({ status: 3, estimation: { type: 'estimation', totalInvoiced: null } });
  });
});

describe('outsourcing (job_versions ← outsourcing, outsourcing_matches)', () => {
  // The API has no match-line parameter for outsourcing: lines are copied from the job on creation
  // and replaced by a plain quantity on update; both are checked.
  it("create (the job's lines copied), update, delete → outsourcing and the estimation", async () => {
    const { job, supplier } = await scene(t, w);
    await ok(
      t.api.put(`${job$(job.id)}/price`, {
        matches: [
          { id: w.match['100%'], value: 600 },
          { id: w.match['No match'], value: 400 },
        ],
      }),
    );
    let outsourcingId = '';
    const created = await after(job.id, async () => ({ outsourcingId } = await outsource(t, job.id, { supplier, unitCost: 0.05 })));
    expect(created.outsourcing).toHaveLength(1);
    expect(created.outsourcing[0]).toMatchObject({
      id: outsourcingId,
      supplier: { id: supplier },
      quantity: {
        hasMatches: true,
        value: 1000,
        matches: [
          { id: w.match['100%'], value: 600 },
          { id: w.match['No match'], value: 400 },
        ],
      },
      total: 50,
    });
    expect(created.estimation.outsourcing.totals).toEqual([{ currency: { code: 'EUR', symbol: '€' }, total: 50 }]);
    const updated = await after(job.id, () => ok(t.api.put(`${job$(job.id)}/outsourcing/${outsourcingId}`, { quantity: 200, status: 2, name: 'Part' })));
    expect(updated.outsourcing[0]).toMatchObject({ name: 'Part', status: 2, quantity: { hasMatches: false, value: 200 }, total: 10 });
    expect(updated.outsourcing[0].startDate).toMatch(DATE);
    expect(updated.estimation.outsourcing.totals[0].total).toBe(10);
    const deleted = await after(job.id, () => ok(t.api.delete(`${job$(job.id)}/outsourcing/${outsourcingId}`)));
    expect(deleted.outsourcing).toEqual([]);
    expect(deleted.estimation.outsourcing).toEqual({ suppliers: [], totals: [] });
  });
});

describe('time trackers (job_versions ← tracker_entries)', () => {
  it('start, stop, add, update, delete an entry → timeTrackers', async () => {
    const { job } = await scene(t, w);
    const trackers = `${job$(job.id)}/trackers`;
    const running = await after(job.id, () => ok(t.api.post(`${trackers}/start`)));
    expect(running.timeTrackers).toMatchObject({ running: true, duration: 0, list: [{ running: true, user: { id: t.account.userId } }] });
    const stopped = await after(job.id, () => ok(t.api.put(`${trackers}/stop`, { duration: 60_000 })));
    expect(stopped.timeTrackers).toMatchObject({ running: false, duration: 60_000, list: [{ running: false, duration: 60_000 }] });
    const added = await after(job.id, () => ok(t.api.post(trackers, { duration: 5_400_000, from: '2025-03-01T09:00:00Z', billable: true })));
    expect(added.timeTrackers.duration).toBe(5_460_000);
    const entry = added.timeTrackers.list.find((item: { duration: number }) => item.duration === 5_400_000);
    expect(entry).toMatchObject({ billable: true, from: '2025-03-01T09:00:00.000Z', to: '2025-03-01T10:30:00.000Z' });
    const edited = await after(job.id, () => ok(t.api.put(`${trackers}/${entry.id}`, { billable: false, duration: 1_800_000 })));
    expect(edited.timeTrackers.list.find((item: { id: string }) => item.id === entry.id)).toMatchObject({
      billable: false,
      duration: 1_800_000,
      to: '2025-03-01T09:30:00.000Z',
    });
    const removed = await after(job.id, () => ok(t.api.delete(`${trackers}/${entry.id}`)));
    expect(removed.timeTrackers).toMatchObject({ duration: 60_000, list: [{ duration: 60_000 }] });
    expect(removed.timeTrackers.list).toHaveLength(1);
  });
});

describe('notes (job_versions ← notes of jobs)', () => {
  it('add, edit (by another user), delete → notes', async () => {
    const { job } = await scene(t, w);
    const added = await after(job.id, () => ok(t.api.post(`${job$(job.id)}/notes`, { content: 'First note' })));
    expect(added.notes).toMatchObject([{ content: '<p>First note</p>', user: { id: t.account.userId } }]);
    const noteId = added.notes[0].id;
    const edited = await after(job.id, () => ok(mate.api.put(`${job$(job.id)}/notes/${noteId}`, { content: 'Edited note' })));
    expect(edited.notes).toMatchObject([{ id: noteId, content: '<p>Edited note</p>', editedByUser: { id: mate.id } }]);
    expect((await after(job.id, () => ok(t.api.delete(`${job$(job.id)}/notes/${noteId}`)))).notes).toEqual([]);
  });
});

describe('labels (job_versions ← entity_labels; view_epochs ← labels)', () => {
  it('attach, rename, recolour, detach → labels', async () => {
    const { job } = await scene(t, w);
    const label = (await ok(t.api.post('/v2/account/labels', { name: uniq('Label'), color: '#112233' }), 201)).id as string;
    const attached = await after(job.id, () => ok(t.api.post(`${job$(job.id)}/labels/${label}`)));
    expect(attached.labels).toMatchObject([{ id: label, color: '#112233' }]);
    const name = uniq('Renamed label');
    expect((await after(job.id, () => ok(t.api.put(`/v2/account/labels/${label}`, { name })))).labels).toEqual([{ id: label, name, color: '#112233' }]);
    expect((await after(job.id, () => ok(t.api.put(`/v2/account/labels/${label}`, { color: '#445566' })))).labels).toEqual([
      { id: label, name, color: '#445566' },
    ]);
    expect((await after(job.id, () => ok(t.api.delete(`${job$(job.id)}/labels/${label}`)))).labels).toEqual([]);
  });
});

describe('files (job_versions ← files, file_outsourcing_shares; view_epochs ← group files)', () => {
  it('a job file: upload, share with all, share with an outsourcing, unshare, delete → files', async () => {
    const { job, supplier } = await scene(t, w);
    const { outsourcingId } = await outsource(t, job.id, { supplier });
    let file: any;
    const uploaded = await after(job.id, async () => (file = await uploadTo(t, job$(job.id), 'source.docx')));
    expect(uploaded.files).toEqual([file]);
    expect(file).toMatchObject({ name: 'source.docx', outsourcing: { shareWithAll: false, sharedWith: [] } });
    const fileBase = `${job$(job.id)}/files/${file.id}`;
    expect((await after(job.id, () => ok(t.api.put(`${fileBase}/share/with/all`)))).files[0].outsourcing).toEqual({ shareWithAll: true, sharedWith: [] });
    expect((await after(job.id, () => ok(t.api.put(`${fileBase}/share/with/${outsourcingId}`)))).files[0].outsourcing).toEqual({
      shareWithAll: true,
      sharedWith: [outsourcingId],
    });
    expect((await after(job.id, () => ok(t.api.delete(`${fileBase}/share/with/${outsourcingId}`)))).files[0].outsourcing).toEqual({
      shareWithAll: false,
      sharedWith: [],
    });
    const deleted = await after(job.id, async () => expect((await t.api.delete(fileBase)).status).toBe(204));
    expect(deleted.files).toEqual([]);
  });

  it("a file of the job's group: upload, share with all, job leaves and rejoins, delete → the job's files", async () => {
    const { job } = await scene(t, w);
    const group = (await ok(t.api.post('/v2/groups', { name: uniq('Group') }), 201)).id as string;
    await ok(t.api.post(`/v2/groups/${group}/jobs/${job.id}`));
    let file: any;
    const uploaded = await after(job.id, async () => (file = await uploadTo(t, `/v2/groups/${group}`, 'glossary.xlsx')));
    expect(uploaded.files).toEqual([{ ...file, groupFileId: file.id }]);
    const shared = await after(job.id, () => ok(t.api.put(`/v2/groups/${group}/files/${file.id}/share/with/all`)));
    expect(shared.files[0]).toMatchObject({ id: file.id, groupFileId: file.id, outsourcing: { shareWithAll: true, sharedWith: [] } });
    expect((await after(job.id, () => ok(t.api.delete(`/v2/groups/${group}/jobs/${job.id}`)))).files).toEqual([]);
    expect((await after(job.id, () => ok(t.api.post(`/v2/groups/${group}/jobs/${job.id}`)))).files).toEqual([shared.files[0]]);
    const deleted = await after(job.id, async () => expect((await t.api.delete(`/v2/groups/${group}/files/${file.id}`)).status).toBe(204));
    expect(deleted.files).toEqual([]);
  });

  /** Jobs A and B in one group; a group file uploaded into an outsourcing of A, as B shows it (B cached). */
  async function sharedThroughA(): Promise<{ a: string; b: string; outsourcingId: string; fileId: string }> {
    const { job: a, supplier, client } = await scene(t, w);
    // A group holds the jobs of one client (docs/groups.md#one-client-per-group).
    const { job: b } = await scene(t, w, { client });
    const group = (await ok(t.api.post('/v2/groups', { name: uniq('Group') }), 201)).id as string;
    await ok(t.api.post(`/v2/groups/${group}/jobs/${a.id}`));
    await ok(t.api.post(`/v2/groups/${group}/jobs/${b.id}`));
    const { outsourcingId } = await outsource(t, a.id, { supplier });
    const file = await uploadTo(t, `/v2/groups/${group}`, 'brief.txt', outsourcingId);
    expect((await cacheJob(t, b.id)).files).toEqual([{ ...file, groupFileId: file.id, outsourcing: { shareWithAll: false, sharedWith: [outsourcingId] } }]);
    return { a: a.id, b: b.id, outsourcingId, fileId: file.id };
  }

  it("a group file shared with an outsourcing of ANOTHER job of the group, that outsourcing deleted → the job's files[].outsourcing.sharedWith", async () => {
    const { a, b, outsourcingId } = await sharedThroughA();
    await ok(t.api.delete(`${job$(a)}/outsourcing/${outsourcingId}`));
    expect((await current(t, b)).files[0].outsourcing.sharedWith).toEqual([]);
  });

  it("a group file shared with an outsourcing of ANOTHER job of the group, that job deleted → the job's files[].outsourcing.sharedWith", async () => {
    const { a, b } = await sharedThroughA();
    expect((await t.api.delete(job$(a))).status).toBe(204);
    expect((await current(t, b)).files[0].outsourcing.sharedWith).toEqual([]);
  });
});

describe('group (job_versions ← jobs.group_id; view_epochs ← group names)', () => {
  it('added to a group, the group renamed, moved, removed, added again, the group deleted → group', async () => {
    const { job } = await scene(t, w);
    const [g1, g2] = [await ok(t.api.post('/v2/groups', { name: uniq('Group') }), 201), await ok(t.api.post('/v2/groups', { name: uniq('Group') }), 201)];
    expect((await after(job.id, () => ok(t.api.post(`/v2/groups/${g1.id}/jobs/${job.id}`)))).group).toEqual({ id: g1.id, name: g1.name });
    const name = uniq('Renamed group');
    expect((await after(job.id, () => ok(t.api.put(`/v2/groups/${g1.id}`, { name })))).group).toEqual({ id: g1.id, name });
    expect((await after(job.id, () => ok(t.api.post(`/v2/groups/${g2.id}/jobs/${job.id}`)))).group).toEqual({ id: g2.id, name: g2.name });
    expect((await after(job.id, () => ok(t.api.delete(`/v2/groups/${g2.id}/jobs/${job.id}`)))).group).toBeNull();
    expect((await after(job.id, () => ok(t.api.post(`/v2/groups/${g1.id}/jobs/${job.id}`)))).group).toEqual({ id: g1.id, name });
    expect((await after(job.id, async () => expect((await t.api.delete(`/v2/groups/${g1.id}`)).status).toBe(204))).group).toBeNull();
  });
});

describe('tenancy', () => {
  it('a job cached for account A is 404 for account B (GET, PUT) and not on its listing', async () => {
    const { job } = await scene(t, w);
    expect((await jobHiddenFromOtherAccount(t, job.id)).name).toBe(job.name);
  });
});

describe('a job with every part', () => {
  it('the cached answer (third GET, and the listing) equals the first, freshly built one', async () => {
    const { job, supplier } = await scene(t, w);
    const id = job.id;
    await ok(
      t.api.put(`${job$(id)}/price`, {
        matches: [
          { id: w.match['100%'], value: 600 },
          { id: w.match['No match'], value: 400 },
        ],
      }),
    );
    const { outsourcingId } = await outsource(t, id, { supplier });
    await ok(t.api.post(`${job$(id)}/notes`, { content: 'A note' }));
    await ok(t.api.post(`${job$(id)}/labels/${(await ok(t.api.post('/v2/account/labels', { name: uniq('Label'), color: '#abcdef' }), 201)).id}`));
    await ok(t.api.post(`${job$(id)}/trackers`, { duration: 3_600_000, from: '2025-02-01T08:00:00Z', billable: true }));
    await uploadTo(t, job$(id), 'own.txt', outsourcingId);
    const group = (await ok(t.api.post('/v2/groups', { name: uniq('Group') }), 201)).id as string;
    await ok(t.api.post(`/v2/groups/${group}/jobs/${id}`));
    await uploadTo(t, `/v2/groups/${group}`, 'group.txt');
    const first = await t.api.get(job$(id));
    expect(first.status).toBe(200);
    const body = first.body;
    expect([
      body.quantity.matches.length,
      body.outsourcing.length,
      body.notes.length,
      body.labels.length,
      body.timeTrackers.list.length,
      body.files.length,
    ]).toEqual([2, 1, 1, 1, 1, 2]);
    expect(body.group.id).toBe(group);
    expect(body).toEqual(await fresh(t, t.account, id));
    await t.api.get(job$(id));
    const third = await t.api.get(job$(id));
    expect(third.raw.body).toBe(first.raw.body);
    expect(third.body).toEqual(body);
    expect(await listed(t.api, id)).toEqual(body);
  });
});
