import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../helper.js';
import { docWorld, fixedJob, job, newInvoice, type DocWorld } from './fixture.js';

/** Group lines (docs/documents.md#rules): the jobs of a group with `groupOnInvoice` make one line per group. */
let t: TestContext;
let w: DocWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await docWorld(t.api);
});
afterAll(() => t.close());

async function group(name: string, groupOnInvoice: boolean, jobIds: string[]): Promise<string> {
  const created = await t.api.post('/v2/groups', { name, client: w.client });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.id as string;
  if (groupOnInvoice) expect((await t.api.put(`/v2/groups/${id}`, { groupOnInvoice: true })).status).toBe(200);
  for (const jobId of jobIds) expect((await t.api.post(`/v2/groups/${id}/jobs/${jobId}`)).status).toBe(200);
  return id;
}

// A job line shows the job's quantity and the effective unit cost: total ÷ quantity.
const ROW = { id: expect.any(String), quantity: 100, quantityType: { id: expect.any(String), name: expect.any(String) } };

describe('group lines on invoices', () => {
  it('one line per group with groupOnInvoice; each job invoiced with its own total; removal updates the line', async () => {
    const a = await fixedJob(t.api, w, 100);
    const b = await fixedJob(t.api, w, 23.45);
    const c = await fixedJob(t.api, w, 10);
    const d = await fixedJob(t.api, w, 5.5);
    const g = await group('Website launch', true, [a, b]);
    await group('Loose group', false, [c]);
    const invoice = await newInvoice(t.api, { client: w.client, jobs: [a, c, b, d], tax1: w.vat });
    const cName = (await job(t.api, c)).name;
    const dName = (await job(t.api, d)).name;
    expect(invoice.lines).toEqual([
      {
        id: expect.any(String),
        group: { id: g, name: 'Website launch' },
        description: 'Website launch',
        quantity: 1,
        quantityType: null,
        unitCost: 123.45,
        total: 123.45,
      },
      { ...ROW, job: { id: c, name: cName }, description: cName, unitCost: 0.1, total: 10 },
      { ...ROW, job: { id: d, name: dName }, description: dName, unitCost: 0.055, total: 5.5 },
    ]);
    // 123.45 + 10 + 5.5 = 138.95; × 0.21 = 29.1795 → 29.18; 168.13
    expect(invoice.total).toEqual({ subtotal: 138.95, discount: 0, tax1: 29.18, tax2: 0, total: 168.13 });
    for (const [id, total] of [
      [a, 100],
      [b, 23.45],
    ] as const) {
      expect(await job(t.api, id)).toMatchObject({ status: 4, estimation: { type: 'invoiced', total, totalInvoiced: total } });
    }

    // Removing a job of the group: the group line holds the other one.
    const removedA = await t.api.delete(`/v2/invoices/${invoice.id}/jobs/${a}`);
    expect(removedA.status, JSON.stringify(removedA.body)).toBe(200);
    expect(removedA.body.lines[0]).toEqual({
      id: expect.any(String),
      group: { id: g, name: 'Website launch' },
      description: 'Website launch',
      quantity: 1,
      quantityType: null,
      unitCost: 23.45,
      total: 23.45,
    });
    // 23.45 + 10 + 5.5 = 38.95; × 0.21 = 8.1795 → 8.18; 47.13
    expect(removedA.body.total).toEqual({ subtotal: 38.95, discount: 0, tax1: 8.18, tax2: 0, total: 47.13 });
    expect(await job(t.api, a)).toMatchObject({ status: 3, estimation: { type: 'estimation', total: 100, totalInvoiced: null } });
    expect(await job(t.api, b)).toMatchObject({ status: 4, estimation: { type: 'invoiced', total: 23.45 } });

    // The last job leaves: the group line goes.
    const removedB = await t.api.delete(`/v2/invoices/${invoice.id}/jobs/${b}`);
    expect(removedB.body.lines.map((line: any) => line.job?.id)).toEqual([c, d]);
    // 15.5 × 0.21 = 3.255 → 3.26; 18.76
    expect(removedB.body.total).toEqual({ subtotal: 15.5, discount: 0, tax1: 3.26, tax2: 0, total: 18.76 });
    expect((await job(t.api, b)).status).toBe(3);

    // Added again (by path): the group line comes back, after the others.
    const added = await t.api.post(`/v2/invoices/${invoice.id}/jobs/${b}`);
    expect(added.body.lines.map((line: any) => line.group?.id ?? line.job.id)).toEqual([c, d, g]);
    expect(added.body.lines[2]).toMatchObject({ quantity: 1, unitCost: 23.45, total: 23.45 });
    expect(added.body.total.subtotal).toBe(38.95);
    expect((await t.api.get(`/v2/invoices/${invoice.id}`)).body).toEqual(added.body);

    // Sent and credited: the credit note has the group line negated; the jobs go back to 3.
    await t.api.post(`/v2/invoices/${invoice.id}/send`);
    const credit = await t.api.post(`/v2/invoices/${invoice.id}/credit`);
    expect(credit.status, JSON.stringify(credit.body)).toBe(201);
    expect(credit.body.lines[2]).toEqual({
      id: expect.any(String),
      group: { id: g, name: 'Website launch' },
      description: 'Website launch',
      quantity: -1,
      quantityType: null,
      unitCost: 23.45,
      total: -23.45,
    });
    expect(credit.body.total).toEqual({ subtotal: -38.95, discount: 0, tax1: -8.18, tax2: 0, total: -47.13 });
    expect((await job(t.api, b)).status).toBe(3);
  });

  it('deleting a draft with a group line frees every job of the group', async () => {
    const a = await fixedJob(t.api, w, 7);
    const b = await fixedJob(t.api, w, 8);
    await group('Deleted draft group', true, [a, b]);
    const invoice = await newInvoice(t.api, { client: w.client, jobs: [a, b] });
    expect(invoice.lines).toHaveLength(1);
    expect(invoice.total.total).toBe(15);
    expect((await t.api.delete(`/v2/invoices/${invoice.id}`)).status).toBe(204);
    for (const id of [a, b]) expect(await job(t.api, id)).toMatchObject({ status: 3, estimation: { type: 'estimation', totalInvoiced: null } });
  });
});

describe('group lines on quotes', () => {
  it('one line for the group; accepting fixes each job to its own total', async () => {
    const e = await fixedJob(t.api, w, 40);
    const f = await fixedJob(t.api, w, 2.5);
    const g = await group('Brochure', true, [e, f]);
    const created = await t.api.post('/v2/quotes', { client: w.client, jobs: [e, f], discount: 0.1 });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.lines).toEqual([
      { id: expect.any(String), group: { id: g, name: 'Brochure' }, description: 'Brochure', quantity: 1, quantityType: null, unitCost: 42.5, total: 42.5 },
    ]);
    // 42.5 − 4.25 = 38.25
    expect(created.body.total).toEqual({ subtotal: 42.5, discount: 4.25, tax1: 0, tax2: 0, total: 38.25 });
    // Quotes do not move jobs.
    expect((await job(t.api, e)).status).toBe(1);
    const removed = await t.api.delete(`/v2/quotes/${created.body.id}/jobs/${e}`);
    expect(removed.body.lines).toMatchObject([{ group: { id: g }, quantity: 1, unitCost: 2.5, total: 2.5 }]);
    await t.api.post(`/v2/quotes/${created.body.id}/jobs/${e}`);
    await t.api.post(`/v2/quotes/${created.body.id}/send`);
    // Prices change after the quote; acceptance fixes each job to its line total.
    await t.api.put(`/v2/jobs/${e}/price`, { fixedPrice: 50 });
    await t.api.put(`/v2/jobs/${f}/price`, { fixedPrice: 3 });
    expect((await t.api.post(`/v2/quotes/${created.body.id}/accept`)).body.status).toBe(3);
    expect((await job(t.api, e)).estimation).toMatchObject({ type: 'quote', total: 40 });
    expect((await job(t.api, f)).estimation).toMatchObject({ type: 'quote', total: 2.5 });
  });
});
