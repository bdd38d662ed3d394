import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ctx } from '../../../src/core/context.js';
import { ApiError } from '../../../src/core/errors.js';
import { jobExtensions, jobStore } from '../../../src/modules/jobs/index.js';
import { composeModules } from '../../../src/modules/index.js';
import { createTestApp, expectError, type TestContext } from '../../helper.js';
import { ACCOUNT_CLIENT_PRICES, buildWorld, jobParams, newJob, newPrice, newService, type World } from './fixture.js';

/** What later modules plug into jobs (trackers, files, notes, groups, invoices): jobs/extensions.ts. */
let t: TestContext;
let w: World;
let ctx: Ctx;
const calls: string[][] = [];
const deleted: string[] = [];
const tracked = new Map<string, number>();
const blocked = new Set<string>();
let grouped: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t);
  ctx = { db: t.database.db, dialect: t.database.dialect, accountId: t.account.accountId, userId: t.account.userId };
  // The app's extensions, and this test's after them.
  jobExtensions.configure([
    ...jobExtensions.list(),
    {
      name: 'test-trackers',
      async loadParts(_ctx, jobIds) {
        calls.push([...jobIds]);
        return new Map(jobIds.filter((id) => tracked.has(id)).map((id) => [id, { timeTrackers: { duration: tracked.get(id)!, running: false, list: [] } }]));
      },
      async estimationInputs(_ctx, jobIds) {
        return new Map(jobIds.filter((id) => tracked.has(id)).map((id) => [id, { billableMs: tracked.get(id)!, trackedMs: tracked.get(id)! }]));
      },
      async beforeDelete(_ctx, job) {
        if (blocked.has(job.id)) throw new ApiError('resource_in_use', `Job "${job.name}" is on an invoice`);
      },
      async deleteParts(_ctx, jobId) {
        deleted.push(jobId);
      },
      async beforeStatusChange(_ctx, job, to) {
        if (blocked.has(job.id) && job.status === 4 && to === 3) throw new ApiError('invalid_transition', 'the job is on an invoice');
      },
      async jobsOfGroup(_ctx, groupId) {
        return groupId === 'aaaaaaaaaaaaaaaaaaaaaaaa' ? grouped : null;
      },
    },
  ]);
});
afterAll(async () => {
  composeModules();
  await t.close();
});

describe('job extensions', () => {
  it('load parts for a whole page in one call, and feed the estimation (time-based, performance)', async () => {
    const service = await newService(t.api, 'Extended');
    await newPrice(t.api, ACCOUNT_CLIENT_PRICES, { service, quantityType: w.unit.Hours, unitCost: 45.5 });
    const first = await newJob(t.api, jobParams(w, service, { timeBasedInvoice: true }));
    const second = await newJob(t.api, jobParams(w, service));
    tracked.set(first.id, 1_200_000);
    await t.database.db.transaction().execute((tx) => jobStore.recompute({ ...ctx, db: tx }, [first.id, second.id]));
    calls.length = 0;
    const page = (await t.api.get('/v2/jobs', { pageSize: 10 })).body;
    expect(calls).toHaveLength(1);
    expect(new Set(calls[0])).toEqual(new Set([first.id, second.id]));
    const job = page.items.find((item: { id: string }) => item.id === first.id);
    expect(job.timeTrackers).toEqual({ duration: 1_200_000, running: false, list: [] });
    // 20 minutes at 45.5/h (docs/estimation.md): 15.17; revenue per hour 45.51.
    expect(job.estimation).toMatchObject({
      total: 15.17,
      details: { quantity: { value: 0.333333 }, unitCost: 45.5 },
      performance: { status: 'tracked', revenuePerHour: 45.51 },
    });
    expect(page.items.find((item: { id: string }) => item.id === second.id).timeTrackers.duration).toBe(0);
  });

  it('guard deletes and status moves, remove their parts, and answer the group filter', async () => {
    const service = await newService(t.api, 'Guarded ext');
    const job = await newJob(t.api, jobParams(w, service));
    await t.api.put(`/v2/jobs/${job.id}`, { status: 3 });
    await t.api.put(`/v2/jobs/${job.id}`, { status: 4 });
    blocked.add(job.id);
    expectError(await t.api.put(`/v2/jobs/${job.id}`, { status: 3 }), 409, 'invalid_transition');
    blocked.delete(job.id);
    expect((await t.api.put(`/v2/jobs/${job.id}`, { status: 3 })).status).toBe(200);
    blocked.add(job.id);
    expectError(await t.api.delete(`/v2/jobs/${job.id}`), 409, 'resource_in_use');
    expect(deleted).not.toContain(job.id);
    blocked.delete(job.id);
    grouped = [job.id];
    expect((await t.api.get('/v2/jobs', { group: 'aaaaaaaaaaaaaaaaaaaaaaaa' })).body.items.map((item: { id: string }) => item.id)).toEqual([job.id]);
    expect((await t.api.delete(`/v2/jobs/${job.id}`)).status).toBe(204);
    expect(deleted).toContain(job.id);
    grouped = [];
    expect((await t.api.get('/v2/jobs', { group: 'aaaaaaaaaaaaaaaaaaaaaaaa' })).body.totalItems).toBe(0);
  });
});
