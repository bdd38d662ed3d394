import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUniqueViolation } from '../../../src/core/db/dialect.js';
import { nowIso } from '../../../src/core/dates.js';
import { newId } from '../../../src/core/ids.js';
import { createTestApp, expectError, type TestContext } from '../../helper.js';
import { ACCOUNT_CLIENT_PRICES, newPrice } from '../jobs/fixture.js';
import { buildWorld, countRows, jobParams, newJob, newService, ok, runningRows, secondUser, trackersOf, type World } from './fixture.js';

/** Trackers feed the stored estimation (docs/estimation.md#1-base-amount, docs/estimation.md#6-profitability-and-performance) and stay consistent under concurrent requests (docs/trackers.md#concurrency). */
let t: TestContext;
let w: World;

beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t);
});
afterAll(async () => {
  await t.close();
});

/** A time-based job whose hourly price is `rate` (and, optionally, a words price). */
async function pricedJob(rate: number, extra: Record<string, unknown> = {}, wordRate?: number): Promise<any> {
  const service = await newService(t.api, 'Hourly');
  await newPrice(t.api, ACCOUNT_CLIENT_PRICES, { service, quantityType: w.unit.Hours, unitCost: rate });
  if (wordRate !== undefined) await newPrice(t.api, ACCOUNT_CLIENT_PRICES, { service, quantityType: w.unit.Words, unitCost: wordRate });
  return newJob(t.api, jobParams(w, service, extra));
}

const figures = (job: any) => ({
  total: job.estimation.total,
  hours: job.estimation.details.quantity.value,
  unitCost: job.estimation.details.unitCost,
  performance: job.estimation.performance,
});

describe('estimation', () => {
  it('prices a time-based job from its billable stopped entries; performance uses all tracked time', async () => {
    const job = await pricedJob(40, { timeBasedInvoice: true });
    expect(job.quantity.timeBasedUnitCost).toBe(40);
    expect(figures(job)).toMatchObject({ total: 0, performance: { status: 'noTimeTracked' } });
    const path = trackersOf(job.id);

    // 90 min billable at 40/h: 5 400 000 × 40 / 3 600 000 = 60.00; 60 per 1.5 h = 40.00 per hour.
    let answer = await ok(t.api.post(path, { duration: 5_400_000, from: '2025-03-01T09:00:00Z', billable: true }));
    expect(figures(answer)).toEqual({ total: 60, hours: 1.5, unitCost: 40, performance: { status: 'tracked', revenuePerHour: 40 } });
    const ninety = answer.timeTrackers.list[0].id;

    // 30 min non-billable: the price stays 60.00; tracked 2 h → 30.00 per hour.
    answer = await ok(t.api.post(path, { duration: 1_800_000, from: '2025-03-01T11:00:00Z' }));
    expect(figures(answer)).toEqual({ total: 60, hours: 1.5, unitCost: 40, performance: { status: 'tracked', revenuePerHour: 30 } });
    const thirty = answer.timeTrackers.list[1].id;

    // A running billable entry counts nothing until it stops.
    answer = await ok(t.api.post(`${path}/start`));
    const running = answer.timeTrackers.list.find((entry: { running: boolean }) => entry.running).id;
    answer = await ok(t.api.put(`${path}/${running}`, { billable: true }));
    expect(figures(answer)).toEqual({ total: 60, hours: 1.5, unitCost: 40, performance: { status: 'tracked', revenuePerHour: 30 } });

    // Stopped at 15 min: billable 105 min → 70.00; tracked 135 min → 70 × 60 / 135 = 31.11 per hour.
    answer = await ok(t.api.put(`${path}/stop/${running}`, { duration: 900_000 }));
    expect(figures(answer)).toEqual({ total: 70, hours: 1.75, unitCost: 40, performance: { status: 'tracked', revenuePerHour: 31.11 } });

    // The 30 min become billable: 135 min → 90.00; 40.00 per hour.
    answer = await ok(t.api.put(`${path}/${thirty}`, { billable: true }));
    expect(figures(answer)).toEqual({ total: 90, hours: 2.25, unitCost: 40, performance: { status: 'tracked', revenuePerHour: 40 } });

    // A shorter entry: 90 → 60 min: 105 min → 70.00.
    answer = await ok(t.api.put(`${path}/${ninety}`, { duration: 3_600_000 }));
    expect(figures(answer)).toMatchObject({ total: 70, hours: 1.75 });

    // Deleting the 60 min: 45 min → 30.00; deleting everything: nothing tracked.
    answer = await ok(t.api.delete(`${path}/${ninety}`));
    expect(figures(answer)).toEqual({ total: 30, hours: 0.75, unitCost: 40, performance: { status: 'tracked', revenuePerHour: 40 } });
    await ok(t.api.delete(`${path}/${thirty}`));
    answer = await ok(t.api.delete(`${path}/${running}`));
    expect(answer.timeTrackers).toEqual({ duration: 0, running: false, list: [] });
    expect(figures(answer)).toMatchObject({ total: 0, performance: { status: 'noTimeTracked' } });
    // The stored estimation is what a read answers.
    expect((await t.api.get(`/v2/jobs/${job.id}`)).body.estimation).toEqual(answer.estimation);
  });

  it('rounds a time-based amount once, half away from zero (20 min at 45.5/h = 15.17)', async () => {
    const job = await pricedJob(45.5, { timeBasedInvoice: true });
    const answer = await ok(t.api.post(trackersOf(job.id), { duration: 1_200_000, from: '2025-03-01', billable: true }));
    expect(figures(answer)).toEqual({ total: 15.17, hours: 0.333333, unitCost: 45.5, performance: { status: 'tracked', revenuePerHour: 45.51 } });
  });

  it('leaves a quantity-priced job’s total alone and gives its performance from the tracked time', async () => {
    const job = await pricedJob(40, {}, 0.1);
    expect(job.estimation.total).toBe(100);
    // 30 min (not billable): 100.00 per half hour = 200.00 per hour.
    let answer = await ok(t.api.post(trackersOf(job.id), { duration: 1_800_000, from: '2025-03-01' }));
    expect(answer.estimation).toMatchObject({ total: 100, performance: { status: 'tracked', revenuePerHour: 200 } });
    // Billable time does not price a job that is not time-based; 1 h tracked → 100.00 per hour.
    answer = await ok(t.api.post(trackersOf(job.id), { duration: 1_800_000, from: '2025-03-02', billable: true }));
    expect(answer.estimation).toMatchObject({ total: 100, performance: { status: 'tracked', revenuePerHour: 100 } });
  });
});

describe('concurrency (docs/trackers.md#concurrency)', () => {
  it('20 parallel starts of one user on one job: one running entry, 19 × 409', async () => {
    const job = await newJob(t.api, jobParams(w, await newService(t.api, 'Race')));
    const replies = await Promise.all(Array.from({ length: 20 }, () => t.api.post(`${trackersOf(job.id)}/start`)));
    const statuses = replies.map((reply) => reply.status).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    for (const reply of replies.filter((r) => r.status === 409)) expectError(reply, 409, 'state_conflict');
    expect(await runningRows(t, job.id)).toHaveLength(1);
    const read = (await t.api.get(`/v2/jobs/${job.id}`)).body.timeTrackers;
    expect(read).toMatchObject({ duration: 0, running: true });
    expect(read.list).toHaveLength(1);
    // The database keeps working after the refused inserts.
    expect((await ok(t.api.put(`${trackersOf(job.id)}/stop`, { duration: 1 }))).timeTrackers).toMatchObject({ duration: 1, running: false });
  });

  it('parallel starts of two users: one running entry each', async () => {
    const job = await newJob(t.api, jobParams(w, await newService(t.api, 'Race two')));
    const second = await secondUser(t, 'Racer');
    const replies = await Promise.all(Array.from({ length: 16 }, (_, i) => (i % 2 === 0 ? t.api : second.api).post(`${trackersOf(job.id)}/start`)));
    expect(replies.filter((reply) => reply.status === 200)).toHaveLength(2);
    expect(replies.filter((reply) => reply.status === 409 && reply.body.code === 'state_conflict')).toHaveLength(14);
    expect((await runningRows(t, job.id)).map((row) => row.user_id).sort()).toEqual([t.account.userId, second.id].sort());
  });

  it('concurrent stops and starts never lose an entry nor leave two running for one user', async () => {
    const job = await newJob(t.api, jobParams(w, await newService(t.api, 'Race three')));
    const second = await secondUser(t, 'Stopper');
    await ok(t.api.post(`${trackersOf(job.id)}/start`));
    const path = trackersOf(job.id);
    const calls = Array.from({ length: 18 }, (_, i) =>
      i % 3 === 0 ? () => t.api.put(`${path}/stop`) : i % 3 === 1 ? () => t.api.post(`${path}/start`) : () => second.api.post(`${path}/start`),
    );
    const replies = await Promise.all(calls.map((call) => call()));
    for (const reply of replies) {
      if (reply.status !== 200) expectError(reply, 409, 'state_conflict');
    }
    const starts = replies.filter((reply, i) => i % 3 !== 0 && reply.status === 200).length;
    expect(await countRows(t, job.id)).toBe(starts + 1);
    const running = (await runningRows(t, job.id)).map((row) => row.user_id);
    expect(new Set(running).size).toBe(running.length);
    const read = (await t.api.get(`/v2/jobs/${job.id}`)).body.timeTrackers;
    expect(read.list).toHaveLength(starts + 1);
    for (const entry of read.list) {
      if (entry.running) expect(entry).not.toHaveProperty('to');
      else expect(entry.to).toBe(new Date(Date.parse(entry.from) + entry.duration).toISOString());
    }
    expect(read.running).toBe(running.length > 0);
  });

  it('the partial unique index itself refuses a second running entry of one user and job (any process)', async () => {
    const job = await newJob(t.api, jobParams(w, await newService(t.api, 'Index')));
    const row = (running: number) => ({
      id: newId(),
      account_id: t.account.accountId,
      job_id: job.id,
      user_id: t.account.userId,
      from_at: nowIso(),
      to_at: running ? null : nowIso(),
      duration_ms: 0,
      billable: 0,
      running,
      created_at: nowIso(),
      updated_at: nowIso(),
    });
    await t.database.db.insertInto('tracker_entries').values(row(1)).execute();
    // Stopped entries are not in the index.
    await t.database.db
      .insertInto('tracker_entries')
      .values([row(0), row(0)])
      .execute();
    const error = await t.database.db
      .insertInto('tracker_entries')
      .values(row(1))
      .execute()
      .then(
        () => null,
        (caught: unknown) => caught,
      );
    expect(isUniqueViolation(error)).toBe(true);
    expectError(await t.api.post(`${trackersOf(job.id)}/start`), 409, 'state_conflict');
  });
});
