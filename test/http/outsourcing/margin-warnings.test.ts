import { describe, expect, it } from 'vitest';
import type { TestContext } from '../../helper.js';
import { ACCOUNT_CLIENT_PRICES, jobParams, newJob, newPrice, newService, newSupplier, worldPerFile, type World } from '../jobs/fixture.js';

/** The margin warnings of an outsourcing (docs/estimation.md#margin-warnings), in the job's answer. */
let t: TestContext;
let w: World;
worldPerFile((app, world) => ([t, w] = [app, world]));

const outsource = (jobId: string, body: Record<string, string | number>) => t.api.post(`/v2/jobs/${jobId}/outsourcing`, body);

/** A job of 1 000 context-match words (0 for the client) and 1 000 new words (0.1) for Acme. */
async function scene() {
  const service = await newService(t.api, `Warned ${Math.random().toString(36).slice(2, 8)}`);
  await newPrice(t.api, ACCOUNT_CLIENT_PRICES, { service, quantityType: w.unit.Words, unitCost: 0.1 }, [[w.match['Context match']!, 0]]);
  const supplier = await newSupplier(t.api, { name: `Supplier ${service.slice(-4)}` });
  const job = await newJob(t.api, jobParams(w, service));
  const priced = await t.api.put(`/v2/jobs/${job.id}/price`, {
    matches: [
      { id: w.match['Context match'], value: 1000 },
      { id: w.match['No match'], value: 1000 },
    ],
  });
  expect(priced.status, JSON.stringify(priced.body)).toBe(200);
  expect(priced.body.estimation.total).toBe(100);
  return { service, supplier, job };
}

describe('outsourcing warnings', () => {
  it('warns when the supplier price lacks a band the client price has: the margin it costs is visible', async () => {
    const { service, supplier, job } = await scene();
    await newPrice(t.api, `/v2/suppliers/${supplier}/services`, { service, quantityType: w.unit.Words, unitCost: 0.04 });
    const reply = await outsource(job.id, { supplier });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const [outsourcing] = reply.body.outsourcing;
    // 1 000 context-match words at the supplier's full 0.04 = 40.00, billed 0 to the client.
    expect(outsourcing.warnings).toEqual([
      { code: 'supplierPriceLacksMatch', match: { id: w.match['Context match'], name: 'Context match' }, clientRate: 0, supplierRate: 0.04, quantity: 1000 },
    ]);
    expect(outsourcing.total).toBe(80);
    expect(reply.body.estimation.profitability).toMatchObject({ margin: 20, marginRate: 0.2 });
    expect((await t.api.get(`/v2/jobs/${job.id}`)).body.outsourcing[0].warnings).toEqual(outsourcing.warnings);
  });

  it('says nothing when the supplier price has the band, has a fixed price, or none applies', async () => {
    const { service, supplier, job } = await scene();
    await newPrice(t.api, `/v2/suppliers/${supplier}/services`, { service, quantityType: w.unit.Words, unitCost: 0.04 }, [[w.match['Context match']!, 0]]);
    const covered = await outsource(job.id, { supplier });
    expect(covered.body.outsourcing[0].warnings).toEqual([]);
    expect(covered.body.outsourcing[0].total).toBe(40);

    const other = await scene();
    const fixed = await outsource(other.job.id, { supplier: other.supplier, fixedPrice: 30 });
    expect(fixed.status, JSON.stringify(fixed.body)).toBe(200);
    expect(fixed.body.outsourcing[0].warnings).toEqual([]);
    // Unpriced (no supplier price): the profitability says so already.
    const unpriced = await outsource(other.job.id, { supplier: await newSupplier(t.api, { name: 'Nobody priced' }) });
    expect(unpriced.body.outsourcing[1].warnings).toEqual([]);
  });

  it('warns about the band before it has words, and again when the supplier price is fixed by adding the band', async () => {
    const service = await newService(t.api, 'Warned early');
    await newPrice(t.api, ACCOUNT_CLIENT_PRICES, { service, quantityType: w.unit.Words, unitCost: 0.1 }, [[w.match.Repetitions!, 0.02]]);
    const supplier = await newSupplier(t.api, { name: 'Early supplier' });
    const servicePrice = await newPrice(t.api, `/v2/suppliers/${supplier}/services`, { service, quantityType: w.unit.Words, unitCost: 0.05 });
    const job = await newJob(t.api, jobParams(w, service));
    const reply = await outsource(job.id, { supplier });
    expect(reply.body.outsourcing[0].warnings).toEqual([
      { code: 'supplierPriceLacksMatch', match: { id: w.match.Repetitions, name: 'Repetitions' }, clientRate: 0.02, supplierRate: 0.05, quantity: 0 },
    ]);
    // The outsourcing keeps the price it took (docs/jobs.md#outsourcing): the warning stays until it takes the price again.
    await t.api.post(`/v2/suppliers/${supplier}/services/${servicePrice}/match`, { match: w.match.Repetitions, unitCost: 0.01 });
    expect((await t.api.get(`/v2/jobs/${job.id}`)).body.outsourcing[0].warnings).toHaveLength(1);
  });
});
