import { describe, expect, it } from 'vitest';
import { expectError, type TestContext } from '../../helper.js';
import { newClient, newSupplier } from '../jobs/fixture.js';
import { insertRate } from '../jobs/rates-fixture.js';
import { EUR, addJob, getGroup, newGroup, newJob, worldPerFile, type World } from './fixture.js';

/**
 * A group's profitability across currencies (docs/estimation.md#6-profitability-and-performance,
 * docs/estimation.md#7-group-estimation): each job's revenue and costs converted with the rates of
 * its own day to the account's currency (EUR). Rates are inserted in the database directly.
 */
let t: TestContext;
let w: World;
worldPerFile((app, world) => ([t, w] = [app, world]));

/** Two GBP jobs (100.00 due 2030-01-10, 50.00 due 2030-02-10), each with a EUR outsourcing of 30.00, in a GBP group. */
async function scene() {
  const client = await newClient(t.api, { currency: 'GBP' });
  const supplier = await newSupplier(t.api);
  const group = await newGroup(t.api, { currency: 'GBP' });
  const jobs = [];
  for (const [fixedPrice, dueDate] of [
    [100, '2030-01-10'],
    [50, '2030-02-10'],
  ] as const) {
    const job = await newJob(t, w, { client, fixedPrice, dueDate });
    const outsourced = await t.api.post(`/v2/jobs/${job.id}/outsourcing`, { supplier, unitCost: 0.03, currency: 'EUR' });
    expect(outsourced.body.outsourcing[0]).toMatchObject({ currency: EUR, total: 30 });
    await addJob(t.api, group.id, job.id);
    jobs.push(job.id as string);
  }
  return { group: group.id as string, jobs, client };
}

describe('GET /v2/groups/:id: profitability converted job by job', () => {
  it('no rate: noExchangeRate for each day; rates added later convert the cached group', async () => {
    const { group } = await scene();
    const estimation = (await getGroup(t.api, group)).estimation;
    expect(estimation).toMatchObject({ currency: { code: 'GBP' }, total: 150, outsourcing: { totals: [{ currency: EUR, total: 60 }] } });
    expect(estimation.profitability).toEqual({
      status: 'noExchangeRate',
      withMargin: { status: 'noExchangeRate' },
      missing: [
        { currency: 'GBP', date: '2030-01-10' },
        { currency: 'GBP', date: '2030-02-10' },
      ],
    });
    // One rate for both days: 100.00 ÷ 0.8 = 125.00, 50.00 ÷ 0.8 = 62.50; 187.50 − 60.00 = 127.50; 0.68
    await insertRate(t, 'GBP', '2030-01-01', '0.8');
    expect((await getGroup(t.api, group)).estimation.profitability).toEqual({
      status: 'profitable',
      margin: 127.5,
      marginRate: 0.68,
      withMargin: { status: 'aboveTarget' },
      revenue: 187.5,
      cost: 60,
      currency: EUR,
      rates: [{ currency: 'GBP', date: '2030-01-01', rate: 0.8 }],
    });
    // February's own rate: 50.00 ÷ 0.9 = 55.555… → 55.56; revenue 180.56; margin 120.56; 0.66770… → 0.6677
    await insertRate(t, 'GBP', '2030-02-01', '0.9');
    expect((await getGroup(t.api, group)).estimation.profitability).toMatchObject({
      status: 'profitable',
      revenue: 180.56,
      margin: 120.56,
      marginRate: 0.6677,
      rates: [
        { currency: 'GBP', date: '2030-01-01', rate: 0.8 },
        { currency: 'GBP', date: '2030-02-01', rate: 0.9 },
      ],
    });
    // The group's figures are the sum of its jobs' (each converted at its day).
    const figures: number[] = [];
    for (const id of (await getGroup(t.api, group)).jobs as string[]) figures.push((await t.api.get(`/v2/jobs/${id}`)).body.estimation.profitability.revenue);
    expect(figures).toEqual([125, 55.56]);
    expectError(await t.otherApi.get(`/v2/groups/${group}`), 404, 'resource_missing');
  });

  it('a job with an unpriced outsourcing makes the group unpriced', async () => {
    const { group, client } = await scene();
    // (The rates of the first case hold for these days too: same account.)
    expect((await getGroup(t.api, group)).estimation.profitability.status).toBe('profitable');
    const job = await newJob(t, w, { client, fixedPrice: 10, dueDate: '2030-03-01' });
    const unpriced = await newSupplier(t.api, { name: 'Without prices' });
    const reply = await t.api.post(`/v2/jobs/${job.id}/outsourcing`, { supplier: unpriced });
    expect(reply.body.estimation.profitability.status).toBe('unpriced');
    await addJob(t.api, group, job.id);
    expect((await getGroup(t.api, group)).estimation.profitability).toEqual({ status: 'unpriced', withMargin: { status: 'unpriced' } });
  });
});
