import { describe, expect, it } from 'vitest';
import { MISSING_ID, expectError, type TestContext } from '../../helper.js';
import { ACCOUNT_CLIENT_PRICES, eventsOf, jobParams, newClient, newJob, newPrice, newService, worldPerFile, type World } from './fixture.js';

let t: TestContext;
let w: World;
worldPerFile((app, world) => ([t, w] = [app, world]));

const put = (id: string, params: Record<string, unknown>, json = false) => t.api.put(`/v2/jobs/${id}`, params as never, { json });

describe('PUT /v2/jobs/:id', () => {
  it('updates every parameter of the specification; unsent ones stay', async () => {
    const service = await newService(t.api, 'Update');
    const job = await newJob(t.api, jobParams(w, service, { externalReference: 'EXT', purchaseOrder: 'PO', dueDate: '2030-01-01' }));
    const colleague = (await t.api.post('/v2/users', { name: 'Colleague' })).body.id;
    const reply = await put(job.id, {
      name: 'Renamed',
      additionalInfo: 'Info',
      archive: true,
      deliveryDate: '2030-02-02T10:00:00Z',
      domain: w.domain.medical,
      dueDate: '2030-03-03',
      externalReference: 'EXT-2',
      languagePair: w.pair.deFr,
      owner: colleague,
      pinned: true,
      progress: 0.5,
      projectManager: colleague,
      purchaseOrder: 'PO-2',
      startDate: '2030-01-15',
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      name: 'Renamed',
      additionalInfo: 'Info',
      archive: true,
      deliveryDate: '2030-02-02T10:00:00.000Z',
      domain: { id: w.domain.medical, name: 'Medical' },
      dueDate: '2030-03-03T00:00:00.000Z',
      externalReference: 'EXT-2',
      languagePair: { id: w.pair.deFr, source: { code: 'de', name: 'German' }, target: { code: 'fr', name: 'French' }, bidirectional: false },
      user: { id: colleague, name: 'Colleague' },
      pinned: true,
      progress: 0.5,
      projectManager: { id: colleague, name: 'Colleague' },
      purchaseOrder: 'PO-2',
      startDate: '2030-01-15T00:00:00.000Z',
      status: 1,
      client: { id: w.client.acme, name: 'Acme' },
    });
    expect(reply.body.updatedAt >= job.updatedAt).toBe(true);
    expect(reply.body.createdAt).toBe(job.createdAt);
    // Nothing sent: nothing changes but updatedAt.
    const same = (await put(job.id, {})).body;
    expect({ ...same, updatedAt: null }).toEqual({ ...reply.body, updatedAt: null });
    // Nulls clear the nullable parameters (JSON and form).
    const cleared = (
      await put(
        job.id,
        {
          additionalInfo: null,
          deliveryDate: null,
          domain: null,
          dueDate: null,
          externalReference: null,
          languagePair: null,
          projectManager: null,
          purchaseOrder: null,
          startDate: null,
        },
        true,
      )
    ).body;
    expect(cleared).toMatchObject({
      additionalInfo: null,
      deliveryDate: null,
      domain: null,
      dueDate: null,
      externalReference: null,
      projectManager: null,
      purchaseOrder: null,
      startDate: null,
    });
    expect(cleared).not.toHaveProperty('languagePair');
    expect((await put(job.id, { domain: '', projectManager: '' })).body).toMatchObject({ domain: null, projectManager: null });
  });

  it('re-prices when the service changes, not when the name changes (docs/jobs.md#update)', async () => {
    const first = await newService(t.api, 'First');
    const second = await newService(t.api, 'Second');
    const price = await newPrice(t.api, ACCOUNT_CLIENT_PRICES, { service: first, quantityType: w.unit.Words, unitCost: 0.1 });
    const secondPrice = await newPrice(
      t.api,
      ACCOUNT_CLIENT_PRICES,
      { service: second, quantityType: w.unit.Words, unitCost: 0.2, matchesType: 'percentage' },
      [[w.match['100%']!, 0.5]],
    );
    const job = await newJob(t.api, jobParams(w, first));
    expect(job.estimation.total).toBe(100);
    await t.api.put(`${ACCOUNT_CLIENT_PRICES}/${price}`, { unitCost: 0.15 });
    const renamed = (await put(job.id, { name: 'Only the name' })).body;
    expect(renamed.quantity.unitCost).toBe(0.1);
    expect(renamed.estimation.total).toBe(100);
    const moved = (await put(job.id, { service: second })).body;
    expect(moved.quantity).toMatchObject({
      unitCost: 0.2,
      matchesType: 'percentage',
      unitCostPriceReference: { id: secondPrice, type: 'account' },
      matches: [{ id: w.match['100%'], name: '100%', percentage: 0.5, unitCost: 0.1, value: 0 }],
    });
    expect(moved.estimation.total).toBe(200);
    // Back to the first service: its price as it is now.
    expect((await put(job.id, { service: first })).body.quantity.unitCost).toBe(0.15);
  });

  it('re-prices when the client, unit, language pair or domain changes', async () => {
    const service = await newService(t.api, 'Criteria');
    const general = await newPrice(t.api, ACCOUNT_CLIENT_PRICES, { service, quantityType: w.unit.Words, unitCost: 0.1 });
    const forBeta = await newPrice(t.api, `/v2/clients/${w.client.beta}/prices`, { service, quantityType: w.unit.Words, unitCost: 0.11 });
    const pages = await newPrice(t.api, ACCOUNT_CLIENT_PRICES, { service, quantityType: w.unit.Pages, unitCost: 12 });
    const withPair = await newPrice(t.api, ACCOUNT_CLIENT_PRICES, { service, quantityType: w.unit.Words, unitCost: 0.13, languagePair: w.pair.enFr });
    const withDomain = await newPrice(t.api, ACCOUNT_CLIENT_PRICES, { service, quantityType: w.unit.Words, unitCost: 0.14, domain: w.domain.legal });
    const job = await newJob(t.api, jobParams(w, service));
    const reference = async (params: Record<string, unknown>) => (await put(job.id, params)).body.quantity.unitCostPriceReference?.id;
    expect(job.quantity.unitCostPriceReference.id).toBe(general);
    expect(await reference({ client: w.client.beta })).toBe(forBeta);
    expect(await reference({ client: w.client.acme })).toBe(general);
    expect(await reference({ quantityType: w.unit.Pages })).toBe(pages);
    expect(await reference({ quantityType: w.unit.Words, languagePair: w.pair.enFr })).toBe(withPair);
    expect(await reference({ languagePair: null, domain: w.domain.legal })).toBe(withDomain);
    expect(await reference({ domain: null })).toBe(general);
  });

  it("keeps the match quantities with the new price's rates, and a plain quantity replaces them", async () => {
    const first = await newService(t.api, 'Lines one');
    const second = await newService(t.api, 'Lines two');
    await newPrice(t.api, ACCOUNT_CLIENT_PRICES, { service: first, quantityType: w.unit.Words, unitCost: 0.1 }, [[w.match['100%']!, 0.03]]);
    await newPrice(t.api, ACCOUNT_CLIENT_PRICES, { service: second, quantityType: w.unit.Words, unitCost: 0.2 }, [[w.match.Repetitions!, 0.05]]);
    const job = await newJob(t.api, jobParams(w, first));
    const priced = await t.api.put(`/v2/jobs/${job.id}/price`, {
      matches: [
        { id: w.match['100%'], value: 100 },
        { id: w.match['No match'], value: 50 },
      ],
    });
    expect(priced.body.estimation.total).toBe(8); // 100 × 0.03 + 50 × 0.1
    const moved = (await put(job.id, { service: second })).body;
    expect(moved.quantity.hasMatches).toBe(true);
    expect(moved.quantity.matches).toEqual([
      { id: w.match['100%'], name: '100%', percentage: 1, unitCost: 0.2, value: 100 },
      { id: w.match['No match'], name: 'No match', percentage: 1, unitCost: 0.2, value: 50 },
    ]);
    expect(moved.estimation.total).toBe(30);
    const plain = (await put(job.id, { quantity: 10 })).body;
    expect(plain.quantity).toMatchObject({ hasMatches: false, value: 10 });
    expect(plain.quantity.matches.map((m: { value: number }) => m.value)).toEqual([0, 0]);
    expect(plain.estimation.total).toBe(2);
  });

  it('keeps a disabled service or unit that the job already has, and refuses new disabled ones', async () => {
    const service = await newService(t.api, 'Soon disabled');
    const other = await newService(t.api, 'Disabled other');
    const job = await newJob(t.api, jobParams(w, service));
    await t.api.put(`/v2/account/services/${service}`, { disabled: true });
    await t.api.put(`/v2/account/services/${other}`, { disabled: true });
    expect((await put(job.id, { service, name: 'Still fine' })).status).toBe(200);
    const error = expectError(await put(job.id, { service: other }), 400, 'parameter_invalid');
    expect(error.details?.[0]?.param).toBe('service');
  });

  it('validates values: progress, status, dates, booleans, unknown parameters', async () => {
    const job = await newJob(t.api, jobParams(w, await newService(t.api)));
    const invalid: Array<[Record<string, unknown>, string]> = [
      [{ progress: 101 }, 'progress'],
      [{ progress: -0.1 }, 'progress'],
      [{ status: 0 }, 'status'],
      [{ status: 7 }, 'status'],
      [{ status: 2.5 }, 'status'],
      [{ quantity: -3 }, 'quantity'],
      [{ dueDate: '31/12/2030' }, 'dueDate'],
      [{ archive: 'nope' }, 'archive'],
      [{ name: '' }, 'name'],
      [{ owner: '' }, 'owner'],
    ];
    for (const [params, param] of invalid) {
      const error = expectError(await put(job.id, params), 400, 'parameter_invalid');
      expect(error.details?.map((d) => d.param)).toContain(param);
    }
    for (const param of ['currency', 'unitCost', 'discount', 'user', 'nonBillable', 'fixedPrice']) {
      const error = expectError(await put(job.id, { [param]: '1' }), 400, 'parameter_unknown');
      expect(error.details?.[0]?.param).toBe(param);
    }
  });

  it("answers 400 for another account's or unknown ids in parameters, 404 for the job path", async () => {
    const job = await newJob(t.api, jobParams(w, await newService(t.api)));
    const cases: Array<[string, string]> = [
      ['client', w.other.client],
      ['service', w.other.service],
      ['quantityType', w.other.unit],
      ['domain', w.other.domain],
      ['languagePair', w.other.pair],
      ['owner', t.other.userId],
      ['projectManager', t.other.userId],
      ['owner', MISSING_ID],
    ];
    for (const [param, value] of cases) {
      const error = expectError(await put(job.id, { [param]: value }), 400, 'parameter_invalid');
      expect(error.details?.[0]?.param).toBe(param);
    }
    expectError(await t.api.put(`/v2/jobs/${MISSING_ID}`, { name: 'x' }), 404, 'resource_missing');
    expectError(await t.api.put('/v2/jobs/nope', { name: 'x' }), 404, 'resource_missing');
    expectError(await t.otherApi.put(`/v2/jobs/${job.id}`, { name: 'x' }), 404, 'resource_missing');
  });

  it('records job.updated with the full job', async () => {
    const job = await newJob(t.api, jobParams(w, await newService(t.api)));
    const updated = (await put(job.id, { name: 'Evented update' })).body;
    const events = (await eventsOf(t, 'job.updated')) as Array<{ id: string }>;
    expect(events.filter((event) => event.id === job.id)).toEqual([updated]);
  });
});

describe("the client's minimum fee (docs/estimation.md#3-minimum-fee-and-non-billable)", () => {
  it('applies when the client has a fee in the job currency, and follows changes of the fee and currency', async () => {
    const service = await newService(t.api, 'Fee');
    await newPrice(t.api, ACCOUNT_CLIENT_PRICES, { service, quantityType: w.unit.Words, unitCost: 0.1 });
    const client = await newClient(t.api, { minimumFee: 25 });
    const job = await newJob(t.api, jobParams(w, service, { client, quantity: 100 }));
    expect(job.estimation).toMatchObject({ total: 25, details: { minimumFeeApplied: true, total: 25, subtotal: 10, totalDetails: { total: 10 } } });
    await t.api.put(`/v2/clients/${client}`, { minimumFee: 5 });
    expect((await t.api.get(`/v2/jobs/${job.id}`)).body.estimation).toMatchObject({ total: 10, details: { minimumFeeApplied: false } });
    await t.api.put(`/v2/clients/${client}`, { minimumFee: 30 });
    expect((await t.api.get(`/v2/jobs/${job.id}`)).body.estimation.total).toBe(30);
    const events = (await eventsOf(t, 'job.updated')) as Array<{ id: string; estimation: { total: number } }>;
    expect(events.filter((event) => event.id === job.id).map((event) => event.estimation.total)).toEqual([10, 30]);
    // A fee in another currency does not apply.
    await t.api.put(`/v2/clients/${client}`, { currency: 'USD' });
    expect((await t.api.get(`/v2/jobs/${job.id}`)).body.estimation).toMatchObject({ total: 10, details: { minimumFeeApplied: false } });
    // Switched off on the job: no fee.
    await t.api.put(`/v2/clients/${client}`, { currency: 'EUR' });
    expect((await t.api.put(`/v2/jobs/${job.id}/price`, { applyMinimumFee: false })).body.estimation.total).toBe(10);
  });
});
