import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../helper.js';
import { EMPTY_ESTIMATION, EUR, USD, addJob, buildWorld, eventsOf, getGroup, newGroup, newJob, putJob, type World } from './fixture.js';

let t: TestContext;
let w: World;
let owner: { id: string; name: string };
beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t);
  owner = (await t.api.get('/v2/users/me')).body;
});
afterAll(async () => {
  await t.close();
});

/** A group holding `count` fresh jobs (created with `params`); answers the group id and the job ids. */
async function groupWith(
  count: number,
  params: Record<string, unknown> = {},
  groupParams: Record<string, unknown> = {},
): Promise<{ id: string; jobs: string[] }> {
  const group = await newGroup(t.api, groupParams);
  const jobs: string[] = [];
  for (let i = 0; i < count; i++) {
    const job = await newJob(t, w, { name: `member ${i}`, ...params });
    await addJob(t.api, group.id, job.id);
    jobs.push(job.id);
  }
  return { id: group.id, jobs };
}

describe('derived fields (docs/groups.md#derived-values)', () => {
  it('progress is the mean progress of the non-cancelled jobs (2 decimals)', async () => {
    const { id, jobs } = await groupWith(3);
    expect((await getGroup(t.api, id)).progress).toBe(0);
    await putJob(t.api, jobs[0]!, { progress: 10 });
    await putJob(t.api, jobs[1]!, { progress: 20 });
    expect((await getGroup(t.api, id)).progress).toBe(10); // (10 + 20 + 0) / 3
    await putJob(t.api, jobs[2]!, { progress: 25 });
    expect((await getGroup(t.api, id)).progress).toBe(18.33); // 55 / 3 = 18.333…
    await putJob(t.api, jobs[2]!, { status: 5 });
    expect((await getGroup(t.api, id)).progress).toBe(15); // the cancelled job does not count
    await putJob(t.api, jobs[0]!, { status: 5 });
    await putJob(t.api, jobs[1]!, { status: 5 });
    expect((await getGroup(t.api, id)).progress).toBe(0); // none left
    // A finished job counts 100 (status 3 sets progress 100).
    await putJob(t.api, jobs[0]!, { status: 1 });
    await putJob(t.api, jobs[0]!, { status: 3 });
    expect((await getGroup(t.api, id)).progress).toBe(100);
  });

  it('status follows each rule', async () => {
    const empty = await newGroup(t.api);
    expect(empty.status).toBe(1); // no jobs
    const { id, jobs } = await groupWith(3);
    const [j1, j2, j3] = jobs as [string, string, string];
    const status = async () => (await getGroup(t.api, id)).status;
    expect(await status()).toBe(1); // all not started
    await putJob(t.api, j1, { status: 2 });
    expect(await status()).toBe(2); // mixed
    await putJob(t.api, j1, { status: 1 });
    for (const job of jobs) await putJob(t.api, job, { status: 6 });
    expect(await status()).toBe(6); // all on hold
    for (const job of jobs) await putJob(t.api, job, { status: 5 });
    expect(await status()).toBe(5); // all cancelled
    await putJob(t.api, j1, { status: 1 });
    expect(await status()).toBe(1); // the only non-cancelled job is not started
    await putJob(t.api, j1, { status: 3 });
    expect(await status()).toBe(3); // all non-cancelled finished
    await putJob(t.api, j1, { status: 4 });
    expect(await status()).toBe(4); // all non-cancelled invoiced
    await putJob(t.api, j2, { status: 1 });
    expect(await status()).toBe(2); // invoiced + not started
    await putJob(t.api, j2, { status: 3 });
    expect(await status()).toBe(3); // finished or invoiced
    await putJob(t.api, j3, { status: 1 });
    await putJob(t.api, j3, { status: 6 });
    expect(await status()).toBe(2); // finished, invoiced, on hold
    // Removing the on-hold job brings it back to 3.
    await t.api.delete(`/v2/groups/${id}/jobs/${j3}`);
    expect(await status()).toBe(3);
    // The status filter of the listing reads the derived status.
    const listed = (await t.api.get('/v2/groups', { status: [3], pageSize: 100 })).body.items.map((g: { id: string }) => g.id);
    expect(listed).toContain(id);
  });

  it('dueDate follows the latest job due date while dueDateAuto, else the group own date', async () => {
    const group = await newGroup(t.api, { dueDate: '2030-01-01' });
    expect(group.dueDateAuto).toBe(true);
    const due = async () => (await getGroup(t.api, group.id)).dueDate;
    const a = await newJob(t, w, { dueDate: '2030-06-01' });
    const b = await newJob(t, w, { dueDate: '2030-03-01' });
    const c = await newJob(t, w);
    expect((await addJob(t.api, group.id, a.id)).dueDate).toBe('2030-06-01T00:00:00.000Z');
    await addJob(t.api, group.id, b.id);
    await addJob(t.api, group.id, c.id); // no due date: ignored
    expect(await due()).toBe('2030-06-01T00:00:00.000Z');
    await putJob(t.api, b.id, { dueDate: '2030-09-01T12:00:00Z' });
    expect(await due()).toBe('2030-09-01T12:00:00.000Z');
    await t.api.delete(`/v2/groups/${group.id}/jobs/${b.id}`);
    expect(await due()).toBe('2030-06-01T00:00:00.000Z');
    // Switched off: the group's own date; on again: the jobs' latest.
    expect((await t.api.put(`/v2/groups/${group.id}`, { dueDateAuto: false })).body.dueDate).toBe('2030-01-01T00:00:00.000Z');
    await putJob(t.api, a.id, { dueDate: '2031-01-01' });
    expect(await due()).toBe('2030-01-01T00:00:00.000Z');
    expect((await t.api.put(`/v2/groups/${group.id}`, { dueDateAuto: true })).body.dueDate).toBe('2031-01-01T00:00:00.000Z');
    // No job with a due date: the own date.
    await putJob(t.api, a.id, { dueDate: null });
    expect(await due()).toBe('2030-01-01T00:00:00.000Z');
  });

  it('services, users and suppliers are the distinct references of the jobs and their outsourcing', async () => {
    const { id, jobs } = await groupWith(2);
    const other = await newJob(t, w, { service: w.service.Proofreading ?? Object.values(w.service)[1] });
    await addJob(t.api, id, other.id);
    const group = await getGroup(t.api, id);
    expect(group.services.map((s: { id: string }) => s.id)).toEqual([w.service.Translation, other.service.id]);
    expect(group.users).toEqual([{ id: owner.id, name: owner.name }]);
    expect(group.suppliers).toEqual([]);
    await t.api.post(`/v2/jobs/${jobs[0]}/outsourcing`, { supplier: w.supplier.anna, unitCost: 0.01 });
    await t.api.post(`/v2/jobs/${jobs[1]}/outsourcing`, { supplier: w.supplier.anna, unitCost: 0.01 });
    await t.api.post(`/v2/jobs/${other.id}/outsourcing`, { supplier: w.supplier.bob, unitCost: 0.01 });
    const after = await getGroup(t.api, id);
    expect(after.suppliers.map((s: { id: string }) => s.id)).toEqual([w.supplier.anna, w.supplier.bob]);
    expect(after.estimation.outsourcing.suppliers.map((s: { id: string }) => s.id)).toEqual([w.supplier.anna, w.supplier.bob]);
    // A renamed supplier shows its current name.
    await t.database.db.updateTable('suppliers').set({ name: 'Anna Renamed' }).where('id', '=', w.supplier.anna).execute();
    expect((await getGroup(t.api, id)).suppliers[0]).toEqual({ id: w.supplier.anna, name: 'Anna Renamed' });
  });
});

describe('group estimation (docs/estimation.md#7-group-estimation)', () => {
  it('sums the jobs in the group currency and follows every kind of job change', async () => {
    const group = await newGroup(t.api, { name: 'Priced' });
    expect(group.estimation).toEqual(EMPTY_ESTIMATION);
    const a = await newJob(t, w, { fixedPrice: 100 });
    const b = await newJob(t, w, { fixedPrice: 50.5 });
    await addJob(t.api, group.id, a.id);
    let estimation = (await addJob(t.api, group.id, b.id)).estimation;
    expect(estimation).toEqual({
      currency: EUR,
      isV2: true,
      outsourcing: { suppliers: [], totals: [] },
      profitability: { status: 'noOutsourcing', withMargin: { status: 'noOutsourcing' } },
      total: 150.5,
      totalInvoiced: 0,
      totalTime: 0,
    });
    // Price change of a job.
    await putJob(t.api, a.id, { fixedPrice: 200 }, '/price');
    expect((await getGroup(t.api, group.id)).estimation.total).toBe(250.5);
    // Outsourcing: 1000 words × 0.02 = 20.00; margin 230.50, rate 230.5 / 250.5 = 0.92016 → 0.9202.
    await t.api.post(`/v2/jobs/${a.id}/outsourcing`, { supplier: w.supplier.anna, unitCost: 0.02 });
    estimation = (await getGroup(t.api, group.id)).estimation;
    expect(estimation.outsourcing).toEqual({ suppliers: [{ id: w.supplier.anna, name: expect.any(String) }], totals: [{ currency: EUR, total: 20 }] });
    expect(estimation.profitability).toEqual({
      status: 'profitable',
      margin: 230.5,
      marginRate: 0.9202,
      withMargin: { status: 'aboveTarget' },
      revenue: 250.5,
      cost: 20,
      currency: EUR,
      rates: [],
    });
    // A job in another currency is left out of the totals; its revenue converts with the rate of its day, none here.
    const usd = await newJob(t, w, { fixedPrice: 10, currency: 'USD' });
    expect(usd.currency).toEqual(USD);
    estimation = (await addJob(t.api, group.id, usd.id)).estimation;
    expect(estimation).toMatchObject({ currency: EUR, total: 250.5, profitability: { status: 'noExchangeRate', withMargin: { status: 'noExchangeRate' } } });
    // Cancelled, it no longer counts.
    await putJob(t.api, usd.id, { status: 5 });
    expect((await getGroup(t.api, group.id)).estimation.profitability.status).toBe('profitable');
    // Cancelling a priced job takes it out of the total.
    await putJob(t.api, b.id, { status: 5 });
    expect((await getGroup(t.api, group.id)).estimation.total).toBe(200);
    // Every refresh that changed the group recorded group.updated with the full group.
    expect((await eventsOf(t, 'group.updated')).at(-1)).toEqual(await getGroup(t.api, group.id));
  });

  it("a group in another currency than its jobs: currency shown, total 0 (profitability: its jobs' figures)", async () => {
    const group = await newGroup(t.api, { currency: 'USD' });
    const job = await newJob(t, w, { fixedPrice: 100 });
    const estimation = (await addJob(t.api, group.id, job.id)).estimation;
    expect(estimation).toMatchObject({ currency: USD, total: 0, totalInvoiced: 0, profitability: { status: 'noOutsourcing' } });
    // All cancelled: no priced job, no currency shown.
    await putJob(t.api, job.id, { status: 5 });
    const cancelled = (await getGroup(t.api, group.id)).estimation;
    expect(cancelled.currency).toBeUndefined();
    expect(cancelled.profitability.status).toBe('incorrectStatus');
  });

  it('non-billable jobs only: incorrectStatus', async () => {
    const { id } = await groupWith(1, { fixedPrice: 10, nonBillable: true });
    expect((await getGroup(t.api, id)).estimation.profitability).toEqual({ status: 'incorrectStatus', withMargin: { status: 'incorrectStatus' } });
  });

  it('totalTime sums the tracked time of all jobs, cancelled ones too', async () => {
    const { id, jobs } = await groupWith(2);
    const tracked = await t.api.post(`/v2/jobs/${jobs[0]}/trackers`, { duration: 3_600_000, from: '2030-01-01T00:00:00Z' });
    expect(tracked.status, JSON.stringify(tracked.body)).toBe(200);
    await t.api.post(`/v2/jobs/${jobs[1]}/trackers`, { duration: 1_800_000, from: '2030-01-01T00:00:00Z', billable: true });
    expect((await getGroup(t.api, id)).estimation.totalTime).toBe(5_400_000);
    await putJob(t.api, jobs[1]!, { status: 5 });
    expect((await getGroup(t.api, id)).estimation.totalTime).toBe(5_400_000);
  });
});
