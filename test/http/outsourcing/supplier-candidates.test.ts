import { describe, expect, it } from 'vitest';
import { MISSING_ID, expectError, type TestContext } from '../../helper.js';
import { ACCOUNT_SUPPLIER_PRICES, EUR, jobParams, newJob, newPrice, newService, newSupplier, worldPerFile, type World } from '../jobs/fixture.js';
import { compareCandidates } from '../../../src/modules/outsourcing/candidates.js';
import { defaultDueDate } from '../../../src/core/outsourcing-due-date.js';

/** Suppliers for an outsourcing (docs/jobs.md#supplier-candidates) and the outsourcing's default due date (docs/jobs.md#outsourcing). */
let t: TestContext;
let w: World;
worldPerFile((app, world) => ([t, w] = [app, world]));

const path = (id: string) => `/v2/jobs/${id}/supplier-candidates`;

/** An en→fr translation job due 2030-05-10, started 2030-05-01, and suppliers around it. */
async function scene() {
  const service = await newService(t.api, 'Candidates translation');
  const review = await newService(t.api, 'Candidates review');
  const job = await newJob(t.api, jobParams(w, service, { name: 'Brochure', languagePair: w.pair.enFr, startDate: '2030-05-01', dueDate: '2030-05-10' }));
  const withPair = async (name: string, rating?: number) => {
    const id = await newSupplier(t.api, { name, ...(rating === undefined ? {} : { rating }) });
    expect((await t.api.post(`/v2/suppliers/${id}/language-pairs/${w.pair.enFr}`)).status).toBe(200);
    return id;
  };
  const service0 = (id: string, unitCost: number, extra: Record<string, unknown> = {}) =>
    newPrice(t.api, `/v2/suppliers/${id}/services`, { service, quantityType: w.unit.Words, unitCost, ...extra });
  // Both the pair and the service: the best three, told apart by availability, rating and price.
  const cheap = await withPair('Zoe Cheap', 4);
  await service0(cheap, 0.05);
  const dear = await withPair('Yann Dear', 4);
  await service0(dear, 0.09);
  const busy = await withPair('Xavier Busy', 5);
  await service0(busy, 0.04);
  expect((await t.api.post(`/v2/suppliers/${busy}/unavailabilities`, { from: '2030-05-05', to: '2030-05-20', reason: 'Holiday' })).status).toBe(201);
  // Only the pair (no service of the job's); only the service (a de→fr price); neither (another service); archived.
  const pairOnly = await withPair('Walter Pair', 5);
  const serviceOnly = await newSupplier(t.api, { name: 'Vera Service', rating: 3 });
  await newPrice(t.api, `/v2/suppliers/${serviceOnly}/services`, { service, quantityType: w.unit.Words, unitCost: 0.07, languagePair: w.pair.deFr });
  const neither = await newSupplier(t.api, { name: 'Ursula Elsewhere', rating: 5 });
  await newPrice(t.api, `/v2/suppliers/${neither}/services`, { service: review, quantityType: w.unit.Words, unitCost: 0.01 });
  const archived = await withPair('Tom Archived', 5);
  expect((await t.api.put(`/v2/suppliers/${archived}`, { archived: true })).status).toBe(200);
  return { job, service, cheap, dear, busy, pairOnly, serviceOnly, neither, archived };
}

describe('GET /v2/jobs/:id/supplier-candidates', () => {
  it("ranks the suppliers with the job's pair and service first, with their price for the job, rating and availability", async () => {
    const s = await scene();
    // A default supplier price of the account prices a supplier without a service of its own.
    await newPrice(t.api, ACCOUNT_SUPPLIER_PRICES, { service: s.service, quantityType: w.unit.Words, unitCost: 0.11 });
    const reply = await t.api.get(path(s.job.id));
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.object).toBe('supplier_candidates');
    expect(reply.body.period).toEqual({ from: '2030-05-01T00:00:00.000Z', to: '2030-05-10T00:00:00.000Z' });
    const items = reply.body.items as any[];
    expect(items.map((item) => item.supplier.name)).toEqual(['Zoe Cheap', 'Yann Dear', 'Xavier Busy', 'Walter Pair', 'Vera Service']);
    expect(items[0]).toEqual({
      supplier: { id: s.cheap, name: 'Zoe Cheap' },
      rating: 4,
      hasLanguagePair: true,
      hasService: true,
      price: { unitCost: 0.05, currency: EUR, type: 'supplier' },
      available: true,
      unavailabilities: [],
    });
    expect(items[2]).toMatchObject({
      available: false,
      unavailabilities: [{ from: '2030-05-05T00:00:00.000Z', to: '2030-05-20T00:00:00.000Z', reason: 'Holiday' }],
    });
    expect(items[3]).toMatchObject({ hasLanguagePair: true, hasService: false, price: { unitCost: 0.11, type: 'account' } });
    expect(items[4]).toMatchObject({ hasLanguagePair: false, hasService: true, rating: 3 });
  });

  it("takes the job's period: an unavailability outside it leaves the supplier available", async () => {
    const s = await scene();
    const later = await newJob(t.api, jobParams(w, s.service, { name: 'Later', languagePair: w.pair.enFr, startDate: '2030-06-01', dueDate: '2030-06-05' }));
    const items = (await t.api.get(path(later.id))).body.items as any[];
    expect(items.find((item) => item.supplier.id === s.busy)).toMatchObject({ available: true, unavailabilities: [] });
    // Free then, the best rated of the suppliers with both matches comes first.
    expect(items[0].supplier.name).toBe('Xavier Busy');
  });

  it('a job without a pair ranks by service; null hasLanguagePair', async () => {
    const s = await scene();
    const noPair = await newJob(t.api, jobParams(w, s.service, { name: 'No pair' }));
    const items = (await t.api.get(path(noPair.id))).body.items as any[];
    expect(items.every((item) => item.hasLanguagePair === null && item.hasService)).toBe(true);
    expect(items.map((item) => item.supplier.id)).toContain(s.serviceOnly);
    expect(items.map((item) => item.supplier.id)).not.toContain(s.pairOnly);
  });

  it("never lists another account's suppliers; another account's job is 404; unknown parameters 400", async () => {
    const s = await scene();
    // The other account's supplier shares nothing with this account's pair id, even when linked to its own en→fr.
    expect((await t.otherApi.post(`/v2/suppliers/${w.other.supplier}/language-pairs/${w.other.pair}`)).status).toBe(200);
    const items = (await t.api.get(path(s.job.id))).body.items as any[];
    expect(items.map((item) => item.supplier.id)).not.toContain(w.other.supplier);
    expectError(await t.otherApi.get(path(s.job.id)), 404, 'resource_missing');
    expectError(await t.api.get(path(MISSING_ID)), 404, 'resource_missing');
    expectError(await t.api.get(path(s.job.id), { limit: 3 }), 400, 'parameter_unknown');
  });

  it('is a read: a viewer key may call it', async () => {
    const s = await scene();
    const reply = await t.api.withKey(t.account.readKey).get(path(s.job.id));
    expect(reply.status).toBe(200);
  });
});

describe('ranking and default due date', () => {
  const item = (name: string, extra: Record<string, unknown> = {}) => ({
    supplier: { id: name, name },
    rating: null,
    hasLanguagePair: true,
    hasService: true,
    price: null,
    available: true,
    unavailabilities: [],
    ...extra,
  });
  it('orders by matches, availability, rating, price, name', () => {
    const list = [
      item('e', { hasService: false }),
      item('d', { available: false, rating: 5 }),
      item('c', { rating: 2, price: { unitCost: 0.2, currency: EUR, type: 'supplier' } }),
      item('b', { rating: 2, price: { unitCost: 0.1, currency: EUR, type: 'supplier' } }),
      item('a', { rating: 2 }),
      item('f', { rating: 3 }),
    ];
    expect(list.sort(compareCandidates).map((entry) => entry.supplier.name)).toEqual(['f', 'b', 'c', 'a', 'd', 'e']);
  });

  it('POST …/outsourcing without a due date: a job due Monday gives the Friday before; a job overdue gives its own', async () => {
    const service = await newService(t.api, 'Deadline translation');
    const supplier = await newSupplier(t.api, { name: 'Deadline Supplier' });
    const monday = await newJob(t.api, jobParams(w, service, { name: 'Due Monday', startDate: '2030-05-01', dueDate: '2030-05-13T09:00:00Z' }));
    const reply = await t.api.post(`/v2/jobs/${monday.id}/outsourcing`, { supplier });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.outsourcing[0].dueDate).toBe('2030-05-10T09:00:00.000Z');
    const overdue = await newJob(t.api, jobParams(w, service, { name: 'Overdue', dueDate: '2020-03-02T09:00:00Z' }));
    const late = await t.api.post(`/v2/jobs/${overdue.id}/outsourcing`, { supplier });
    expect(late.status, JSON.stringify(late.body)).toBe(200);
    expect(late.body.outsourcing[0].dueDate).toBe('2020-03-02T09:00:00.000Z');
  });

  it("one working day before the client's due date, never before the outsourcing starts nor in the past; none without a due date", () => {
    const now = '2030-01-01T00:00:00.000Z';
    // Friday 10 May 2030 → Thursday; Monday 13 May → Friday 10 May (the weekend skipped); Sunday 12 May → Friday.
    expect(defaultDueDate('2030-05-10T12:00:00.000Z', '2030-05-01T00:00:00.000Z', now)).toBe('2030-05-09T12:00:00.000Z');
    expect(defaultDueDate('2030-05-10T12:00:00.000Z', null, now)).toBe('2030-05-09T12:00:00.000Z');
    expect(defaultDueDate('2030-05-13T09:00:00.000Z', null, now)).toBe('2030-05-10T09:00:00.000Z');
    expect(defaultDueDate('2030-05-12T09:00:00.000Z', null, now)).toBe('2030-05-10T09:00:00.000Z');
    expect(defaultDueDate('2030-05-14T09:00:00.000Z', null, now)).toBe('2030-05-13T09:00:00.000Z');
    // Before the start, or in the past: the job's own due date.
    expect(defaultDueDate('2030-05-10T12:00:00.000Z', '2030-05-10T00:00:00.000Z', now)).toBe('2030-05-10T12:00:00.000Z');
    expect(defaultDueDate('2030-05-13T09:00:00.000Z', null, '2030-05-11T00:00:00.000Z')).toBe('2030-05-13T09:00:00.000Z');
    expect(defaultDueDate(null, '2030-05-01T00:00:00.000Z', now)).toBeNull();
  });
});
