import { expect } from 'vitest';
import { loadJobs } from '../../../src/modules/jobs/assembly.js';
import type { Api, TestContext } from '../../helper.js';
import { buildWorld, insertParty, worldPerFile, type World } from '../prices/fixture.js';

/** Shared set-up of the jobs and outsourcing tests: the prices world, and small builders. */
export { buildWorld, insertParty, worldPerFile, type World };
export { DATE, ID, eventsOf } from '../prices/fixture.js';
import { eventsOf } from '../prices/fixture.js';

export const EUR = { code: 'EUR', symbol: '€' };
export const USD = { code: 'USD', symbol: '$' };

let counter = 0;
/** A fresh service of the account, so that each test has prices of its own. */
export async function newService(api: Api, name = 'Service'): Promise<string> {
  counter += 1;
  const reply = await api.post('/v2/account/services', { name: `${name} ${counter} ${Math.random().toString(36).slice(2, 8)}` });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body.id as string;
}

/** A client through the API (currency, minimum fee). */
export async function newClient(api: Api, params: Record<string, unknown> = {}): Promise<string> {
  counter += 1;
  const reply = await api.post('/v2/clients', { name: `Client ${counter}`, ...params });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body.id as string;
}

export async function newSupplier(api: Api, params: Record<string, unknown> = {}): Promise<string> {
  counter += 1;
  const reply = await api.post('/v2/suppliers', { name: `Supplier ${counter}`, ...params });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body.id as string;
}

/** Creates a price at a family path; answers its id. `matches`: [category id, value] in the price's mode. */
export async function newPrice(api: Api, path: string, params: Record<string, unknown>, matches: Array<[string, number]> = []): Promise<string> {
  const reply = await api.post(path, { currency: 'EUR', matchesType: 'fixed', ...params });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  const id = reply.body.id as string;
  const mode = (params.matchesType ?? 'fixed') === 'fixed' ? 'unitCost' : 'percentage';
  for (const [match, value] of matches) {
    const added = await api.post(`${path}/${id}/match`, { match, [mode]: value });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
  }
  return id;
}

export const ACCOUNT_CLIENT_PRICES = '/v2/account/prices/clients';
export const ACCOUNT_SUPPLIER_PRICES = '/v2/account/prices/suppliers';

/** POST /v2/jobs expecting 201; answers the job. */
export async function newJob(api: Api, params: Record<string, unknown>): Promise<any> {
  const reply = await api.post('/v2/jobs', params as never);
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body;
}

/** The minimal create parameters of a job of `w` (Acme, Words, the given service). */
export const jobParams = (w: World, service: string, extra: Record<string, unknown> = {}) => ({
  name: 'A job',
  client: w.client.acme,
  quantity: 1000,
  quantityType: w.unit.Words,
  service,
  ...extra,
});

export async function setUp(t: TestContext): Promise<World> {
  return buildWorld(t);
}

/**
 * A job's taken prices equal the first of its listing (`GET /v2/jobs/:id/prices`, read from the
 * full price records, never kept) and the first of `isTimeBased=true`: what price resolution must
 * give a new job (docs/prices.md#which-price-applies, docs/jobs.md#creation).
 */
export async function expectTakesFirstListed(api: Api, job: { id: string; quantity: any }): Promise<void> {
  const listed = async (query: Record<string, unknown>) => {
    const reply = await api.get(`/v2/jobs/${job.id}/prices`, query as never);
    expect(reply.status).toBe(200);
    return reply.body[0] as
      | { id: string; type: string; unitCost: number; matchesType: string; matches: Array<{ id: string; name: string; unitCost: number; percentage: number }> }
      | undefined;
  };
  const [first, hourly] = [await listed({}), await listed({ isTimeBased: true })];
  const quantity = job.quantity;
  expect(quantity.unitCostPriceReference).toEqual(first && { id: first.id, type: first.type });
  expect(quantity.unitCost).toBe(first?.unitCost ?? 0);
  expect(quantity.matchesType).toBe(first?.matchesType ?? 'fixed');
  expect(quantity.matches).toEqual((first?.matches ?? []).map((match) => ({ ...match, value: 0 })));
  expect(quantity.timeBasedUnitCostPriceReference).toEqual(hourly && { id: hourly.id, type: hourly.type });
  expect(quantity.timeBasedUnitCost).toBe(hourly?.unitCost ?? 0);
}

/** The job built from the database alone (no view cache, no answer of the request). */
export async function storedJob(t: TestContext, id: string): Promise<unknown> {
  const ctx = { db: t.database.db, dialect: t.database.dialect, accountId: t.account.accountId, userId: t.account.userId };
  return JSON.parse(JSON.stringify((await loadJobs(ctx, [id])).get(id)));
}

/**
 * A new job and a price edit are answered from what the request stores, not read back: the answer
 * and the last event must still be exactly the job built from the database afterwards.
 */
export async function expectStoredAsAnswered(t: TestContext, answer: { id: string }, event: 'job.created' | 'job.updated'): Promise<void> {
  expect(await storedJob(t, answer.id)).toEqual(answer);
  expect((await eventsOf(t, event)).at(-1)).toEqual(answer);
}
