import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../helper.js';
import { created, ok } from '../reports/fixture.js';

/**
 * The dashboard's money and the margins report count revenue the same way (docs/dashboard.md#revenue-supplier-cost-and-margin):
 * the jobs' value on the job's day, in the account's currency. The dashboard once showed
 * €0.00 (an invoice minus its credit note) beside €256.22 in the margins report for the same jobs.
 */
let t: TestContext;
const now = new Date();
const monthOf = (offset: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1));
const dayOf = (month: Date, day: number) => new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth(), day)).toISOString();
const label = (month: Date) => month.toISOString().slice(0, 7);
const lastDay = (month: Date) => new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 0)).toISOString().slice(0, 10);
const thisMonth = monthOf(0);
const lastMonth = monthOf(-1);

beforeAll(async () => {
  t = await createTestApp();
  const client = (await created(t.api, '/v2/clients', { name: 'Acme', currency: 'EUR' })).id;
  const supplier = (await created(t.api, '/v2/suppliers', { name: 'Sam', currency: 'EUR' })).id;
  const service = (await created(t.api, '/v2/account/services', { name: 'Agreement translation' })).id;
  const quantityType = (await created(t.api, '/v2/account/quantity-types', { name: 'Agreement words' })).id;
  const job = (name: string, fixedPrice: number, dueDate: string) =>
    created(t.api, '/v2/jobs', { name, client, fixedPrice, dueDate, quantity: 10, quantityType, service });
  // This month: 256.22, outsourced for 100.5, invoiced and then credited in full.
  const billed = await job('Billed and credited', 256.22, dayOf(thisMonth, 15));
  await ok(t.api.post(`/v2/jobs/${billed.id}/outsourcing`, { supplier, currency: 'EUR', fixedPrice: 100.5 }));
  const invoice = await created(t.api, '/v2/invoices', {
    client,
    lines: [{ description: 'Work', quantity: 1, unitCost: 256.22 }],
    issueDate: dayOf(thisMonth, 1),
  });
  await ok(t.api.post(`/v2/invoices/${invoice.id}/send`));
  await created(t.api, `/v2/invoices/${invoice.id}/credit`, {});
  // A cancelled job counts nowhere; last month: 100, never invoiced.
  const cancelled = await job('Cancelled', 999, dayOf(thisMonth, 2));
  await ok(t.api.put(`/v2/jobs/${cancelled.id}`, { status: 5 }));
  await job('Last month', 100, dayOf(lastMonth, 20));
});

afterAll(async () => {
  await t?.close();
});

describe('revenue on the dashboard and in the margins report', () => {
  it('is the jobs’ revenue in both, with the same numbers for the same month', async () => {
    const dashboard = await ok(t.api.get('/v2/dashboard'));
    expect(dashboard.money).toEqual([
      {
        currency: { code: 'EUR', symbol: '€' },
        thisMonth: { revenue: 256.22, supplierCost: 100.5, margin: 155.72, jobs: 1, unpricedOutsourcings: 0, excludesUnconverted: false },
        lastMonth: { revenue: 100, supplierCost: 0, margin: 100, jobs: 1, unpricedOutsourcings: 0, excludesUnconverted: false },
      },
    ]);
    for (const [month, key] of [
      [thisMonth, 'thisMonth'],
      [lastMonth, 'lastMonth'],
    ] as const) {
      const report = await ok(t.api.get(`/v2/reports/margins?by=client&from=${label(month)}-01&to=${lastDay(month)}`));
      const { revenue, supplierCost, margin, jobs } = report.totals;
      expect({ revenue, supplierCost, margin, jobs }).toEqual({
        revenue: dashboard.money[0][key].revenue,
        supplierCost: dashboard.money[0][key].supplierCost,
        margin: dashboard.money[0][key].margin,
        jobs: dashboard.money[0][key].jobs,
      });
    }
  });
});
