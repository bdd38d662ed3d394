import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DefaultQueryExecutor } from 'kysely';
import { jobViews } from '../../../src/modules/jobs/index.js';
import { Api, MISSING_ID, createTestAccount, createTestApp, expectError, type TestContext } from '../../helper.js';
import { ACCOUNT_CLIENT_PRICES, ACCOUNT_SUPPLIER_PRICES, buildWorld, newClient, newJob, newPrice, newSupplier } from './fixture.js';

/** GET /v2/jobs: every filter and sort of docs/reference.md#filters, pagination, the account boundary, constant queries. */
let t: TestContext;
let api: Api;
const ids: Record<string, string> = {};
let ref: Record<string, string>;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let updatedMark = '';

async function byName(path: string): Promise<Record<string, string>> {
  const list = (await api.get(path)).body as Array<{ id: string; name: string }>;
  return Object.fromEntries(list.map((item) => [item.name, item.id]));
}

beforeAll(async () => {
  t = await createTestApp();
  // An account of its own, so that the listings hold exactly the jobs below.
  const account = await createTestAccount(t.database, 'Listing agency');
  api = new Api(t.app, account.apiKey);
  const services = await byName('/v2/account/services');
  const units = await byName('/v2/account/quantity-types');
  ref = {
    acme: await newClient(api, { name: 'Acme' }),
    beta: await newClient(api, { name: 'Beta' }),
    translation: services.Translation!,
    revision: services.Revision!,
    words: units.Words!,
    enFr: (await api.post('/v2/account/language-pairs', { source: 'en', target: 'fr' })).body.id,
    deFr: (await api.post('/v2/account/language-pairs', { source: 'de', target: 'fr' })).body.id,
    colleague: (await api.post('/v2/users', { name: 'Colleague' })).body.id,
    owner: account.userId,
  };
  const job = async (key: string, params: Record<string, unknown>, update: Record<string, unknown> = {}) => {
    const created = await newJob(api, { client: ref.acme, quantity: 10, quantityType: ref.words, service: ref.translation, ...params });
    ids[key] = created.id;
    if (Object.keys(update).length > 0) expect((await api.put(`/v2/jobs/${created.id}`, update as never)).status).toBe(200);
    await sleep(5);
  };
  await job('alpha', { name: 'Alpha brochure', languagePair: ref.enFr, externalReference: 'REF-9', dueDate: '2030-01-10' });
  await job('beta', { name: 'beta manual', client: ref.beta, service: ref.revision, purchaseOrder: 'PO-77', dueDate: '2030-02-10', nonBillable: true });
  await job('gamma', { name: 'Gamma site', service: ref.revision, languagePair: ref.deFr }, { owner: ref.colleague, pinned: true, archive: true, status: 2 });
  await job('delta', { name: 'delta app', client: ref.beta }, { status: 5 });
  await job('epsilon', { name: 'Epsilon leaflet', dueDate: '2030-01-20T12:00:00Z' }, { status: 3 });
  // Outsourcing (the `supplier` filter): alpha to Lingua, gamma to Lingua and Scribe, delta to Scribe twice.
  ref.lingua = await newSupplier(api, { name: 'Lingua' });
  ref.scribe = await newSupplier(api, { name: 'Scribe' });
  ref.idle = await newSupplier(api, { name: 'Idle' });
  for (const [key, supplier] of [
    ['alpha', ref.lingua],
    ['gamma', ref.lingua],
    ['gamma', ref.scribe],
    ['delta', ref.scribe],
    ['delta', ref.scribe],
  ] as const) {
    expect((await api.post(`/v2/jobs/${ids[key]}/outsourcing`, { supplier })).status).toBe(200);
    await sleep(5);
  }
  updatedMark = new Date().toISOString();
  await sleep(5);
  expect((await api.put(`/v2/jobs/${ids.alpha}`, { name: 'Alpha brochure' })).status).toBe(200);
});
afterAll(async () => {
  await t.close();
});

const list = async (query: Record<string, unknown> = {}) => {
  const reply = await api.get('/v2/jobs', query as never);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body;
};
const keysOf = (page: { items: Array<{ id: string }> }) => page.items.map((item) => Object.keys(ids).find((key) => ids[key] === item.id));

describe('GET /v2/jobs', () => {
  it("lists the account's jobs in the paginated envelope, newest first by default", async () => {
    const page = await list();
    expect(keysOf(page)).toEqual(['epsilon', 'delta', 'gamma', 'beta', 'alpha']);
    expect(page).toMatchObject({ page: 1, pageSize: 20, totalItems: 5, totalPages: 1, hasNextPage: false, hasPreviousPage: false });
    expect(page.items[4]).toEqual((await api.get(`/v2/jobs/${ids.alpha}`)).body);
  });

  it("filters by each parameter of docs/reference.md#filters (values OR'ed, parameters AND'ed)", async () => {
    const cases: Array<[Record<string, unknown>, string[]]> = [
      [{ status: [2, 5] }, ['delta', 'gamma']],
      [{ status: 3 }, ['epsilon']],
      [{ client: [ref.beta] }, ['delta', 'beta']],
      [{ client: [ref.acme, ref.beta] }, ['epsilon', 'delta', 'gamma', 'beta', 'alpha']],
      [{ service: ref.revision }, ['gamma', 'beta']],
      [{ languagePair: [ref.enFr, ref.deFr] }, ['gamma', 'alpha']],
      [{ user: ref.colleague }, ['gamma']],
      [{ user: [ref.owner] }, ['epsilon', 'delta', 'beta', 'alpha']],
      [{ archive: true }, ['gamma']],
      [{ archive: false }, ['epsilon', 'delta', 'beta', 'alpha']],
      [{ pinned: true }, ['gamma']],
      [{ nonBillable: true }, ['beta']],
      [{ nonBillable: false, client: ref.beta }, ['delta']],
      [{ q: 'ALPHA' }, ['alpha']],
      [{ q: 'ref-9' }, ['alpha']],
      [{ q: 'po-7' }, ['beta']],
      [{ q: 'a' }, ['epsilon', 'delta', 'gamma', 'beta', 'alpha']],
      [{ q: '%' }, []],
      [{ dueBefore: '2030-01-20T12:00:00Z' }, ['alpha']],
      [{ dueBefore: '2030-03-01' }, ['epsilon', 'beta', 'alpha']],
      [{ dueAfter: '2030-01-10' }, ['epsilon', 'beta']],
      [{ dueAfter: '2030-01-01', dueBefore: '2030-02-01' }, ['epsilon', 'alpha']],
      [{ updatedSince: updatedMark }, ['alpha']],
      [{ group: '' }, ['epsilon', 'delta', 'gamma', 'beta', 'alpha']],
      [{ status: [1], service: ref.translation, client: ref.acme }, ['alpha']],
      [{ supplier: ref.lingua }, ['gamma', 'alpha']],
      [{ supplier: [ref.scribe] }, ['delta', 'gamma']],
      [{ supplier: [ref.lingua, ref.scribe] }, ['delta', 'gamma', 'alpha']],
      [{ supplier: ref.idle }, []],
      [{ supplier: ref.scribe, client: ref.beta }, ['delta']],
    ];
    for (const [query, expected] of cases) expect(keysOf(await list(query)), JSON.stringify(query)).toEqual(expected);
    // A repeated parameter without brackets.
    expect(keysOf((await api.get(`/v2/jobs?status=2&status=5&client=${ref.beta}`)).body)).toEqual(['delta']);
  });

  it('sorts by createdAt, updatedAt, name, dueDate and status, both directions, ties by id', async () => {
    const cases: Array<[Record<string, unknown>, string[]]> = [
      [{ sort: 'createdAt', direction: 'asc' }, ['alpha', 'beta', 'gamma', 'delta', 'epsilon']],
      // Outsourcing a job updates it: delta and gamma were outsourced after epsilon was written.
      [{ sort: 'updatedAt' }, ['alpha', 'delta', 'gamma', 'epsilon', 'beta']],
      [{ sort: 'name', direction: 'asc' }, ['alpha', 'beta', 'delta', 'epsilon', 'gamma']],
      [{ sort: 'name', direction: 'desc' }, ['gamma', 'epsilon', 'delta', 'beta', 'alpha']],
      // Jobs without a due date come after every date in ascending order.
      [{ sort: 'dueDate', direction: 'asc' }, ['alpha', 'epsilon', 'beta', 'gamma', 'delta']],
      [{ sort: 'dueDate', direction: 'desc' }, ['delta', 'gamma', 'beta', 'epsilon', 'alpha']],
      [{ sort: 'status', direction: 'asc' }, ['alpha', 'beta', 'gamma', 'epsilon', 'delta']],
      [{ sort: 'status' }, ['delta', 'epsilon', 'gamma', 'beta', 'alpha']],
    ];
    for (const [query, expected] of cases) expect(keysOf(await list(query)), JSON.stringify(query)).toEqual(expected);
  });

  it('pages: pageSize, page, a page past the end', async () => {
    const second = await list({ pageSize: 2, page: 2, sort: 'createdAt', direction: 'asc' });
    expect(keysOf(second)).toEqual(['gamma', 'delta']);
    expect(second).toMatchObject({ page: 2, pageSize: 2, totalItems: 5, totalPages: 3, hasNextPage: true, hasPreviousPage: true });
    const past = await list({ pageSize: 2, page: 9 });
    expect(past).toMatchObject({ items: [], totalItems: 5, totalPages: 3, hasNextPage: false, hasPreviousPage: true });
  });

  it('every page, first half and second half (read from the other end), holds the rows of the full sorted list', async () => {
    for (const [sort, direction] of [
      ['createdAt', 'asc'],
      ['name', 'desc'],
      ['status', 'asc'],
    ] as const) {
      const all = keysOf(await list({ pageSize: 100, sort, direction }));
      expect(all).toHaveLength(5);
      for (const pageSize of [1, 2, 3, 4]) {
        const walked: Array<string | undefined> = [];
        for (let page = 1; page <= Math.ceil(5 / pageSize); page++) walked.push(...keysOf(await list({ pageSize, page, sort, direction })));
        expect(walked, `${sort} ${direction} by ${pageSize}`).toEqual(all);
      }
      // Filtered listings are counted, unfiltered ones use the kept count: both walk the same way.
      const filtered = keysOf(await list({ pageSize: 100, sort, direction, client: ref.acme }));
      const walked: Array<string | undefined> = [];
      for (let page = 1; page <= filtered.length; page++) walked.push(...keysOf(await list({ pageSize: 1, page, sort, direction, client: ref.acme })));
      expect(walked).toEqual(filtered);
    }
  });

  it('the kept count follows creates and deletes (totalItems without filters equals the counted total)', async () => {
    const before = (await list({ pageSize: 1 })).totalItems;
    const made = [];
    for (let i = 0; i < 3; i++)
      made.push((await newJob(api, { name: `Counted temp ${i}`, client: ref.acme, quantity: 1, quantityType: ref.words, service: ref.translation })).id);
    expect((await list({ pageSize: 1 })).totalItems).toBe(before + 3);
    for (const id of made) expect((await api.delete(`/v2/jobs/${id}`)).status).toBe(204);
    const after = await list({ pageSize: 1 });
    expect(after.totalItems).toBe(before);
    // The same figure as a count through a filter every job passes.
    const counted = (await list({ pageSize: 1, status: [1, 2, 3, 4, 5, 6] })).totalItems;
    expect(counted).toBe(before);
    // A row count is per account: the other account's listing is not affected.
    expect((await t.api.get('/v2/jobs')).body.totalItems).toBe(0);
  });

  it('answers 400 for invalid paging, sort, filter values and unknown parameters', async () => {
    for (const query of [
      { page: 0 },
      { pageSize: 101 },
      { sort: 'client' },
      { direction: 'up' },
      { status: 7 },
      { archive: 'maybe' },
      { dueBefore: 'soon' },
      { client: 'bad-id' },
      { supplier: 'bad-id' },
      { updatedSince: 'x' },
    ]) {
      expectError(await api.get('/v2/jobs', query), 400, 'parameter_invalid');
    }
    expectError(await api.get('/v2/jobs', { tag: MISSING_ID }), 400, 'parameter_unknown');
  });

  it("answers 400 for unknown or another account's ids in filters (never an empty page)", async () => {
    const cases: Array<[string, string]> = [
      ['client', t.other.accountId],
      ['client', MISSING_ID],
      ['service', MISSING_ID],
      ['languagePair', MISSING_ID],
      ['user', t.account.userId],
      ['group', MISSING_ID],
      ['supplier', MISSING_ID],
      ['supplier', ref.acme!],
    ];
    for (const [param, value] of cases) {
      const error = expectError(await api.get('/v2/jobs', { [param]: value }), 400, 'parameter_invalid');
      expect(error.details?.[0]?.param).toBe(param);
    }
  });

  it("never lists another account's jobs", async () => {
    const theirs = await t.otherApi.get('/v2/jobs', { pageSize: 100 });
    expect(theirs.body.items.every((item: { id: string }) => !Object.values(ids).includes(item.id))).toBe(true);
    expect((await t.api.get('/v2/jobs')).body.totalItems).toBe(0);
  });
});

describe('loading a page of jobs', () => {
  it('runs a constant number of queries whatever the page size (matches, outsourcing, pairs, labels)', async () => {
    const w = await buildWorld(t);
    await newPrice(t.api, ACCOUNT_CLIENT_PRICES, { service: w.service.Translation, quantityType: w.unit.Words, unitCost: 0.1 }, [[w.match['100%']!, 0.03]]);
    await newPrice(t.api, ACCOUNT_SUPPLIER_PRICES, { service: w.service.Translation, quantityType: w.unit.Words, unitCost: 0.05 });
    const supplier = await newSupplier(t.api, { name: 'Counted supplier' });
    const label = (await t.api.post('/v2/account/labels', { name: 'Counted', color: '#00ff00' })).body.id;
    const manager = (await t.api.post('/v2/users', { name: 'Counted PM' })).body.id;
    for (let i = 0; i < 6; i++) {
      const job = await newJob(t.api, {
        name: `Counted ${i}`,
        client: w.client.acme,
        quantity: 100,
        quantityType: w.unit.Words,
        service: w.service.Translation,
        languagePair: w.pair.enFr,
        domain: w.domain.legal,
        projectManager: manager,
      });
      await t.api.put(`/v2/jobs/${job.id}/price`, {
        matches: [
          { id: w.match['100%'], value: 50 },
          { id: w.match['No match'], value: 50 },
        ],
      });
      await t.api.post(`/v2/jobs/${job.id}/outsourcing`, { supplier, languagePair: w.pair.deFr });
      await t.api.post(`/v2/jobs/${job.id}/labels/${label}`);
    }
    const queries = async (pageSize: number) => {
      // The same state for every count: the key looked up already (kept while nothing is written).
      await t.api.get('/v2/jobs', { pageSize, q: 'counted' });
      jobViews.cacheOf(t.database.reader).clear(); // built, not served from the job view cache
      const spy = vi.spyOn(DefaultQueryExecutor.prototype, 'executeQuery');
      try {
        const reply = await t.api.get('/v2/jobs', { pageSize, q: 'counted' });
        expect(reply.body.items).toHaveLength(pageSize);
        for (const item of reply.body.items) {
          expect(item.labels).toHaveLength(1);
          expect(item.outsourcing).toHaveLength(1);
          expect(item.outsourcing[0].languagePair.id).toBe(w.pair.deFr);
          expect(item.quantity.matches).toHaveLength(2);
          expect(item.languagePair.id).toBe(w.pair.enFr);
          expect(item.estimation.total).toBe(6.5);
        }
        return spy.mock.calls.length;
      } finally {
        spy.mockRestore();
      }
    };
    const small = await queries(2);
    // A handful per kind of part (modules plug in their own parts: notes, files, trackers, groups).
    expect(small).toBeLessThan(25);
    expect(await queries(6)).toBe(small);
    // A single job reads the same way (and does no pricing work: the estimation is stored).
    const spy = vi.spyOn(DefaultQueryExecutor.prototype, 'executeQuery');
    try {
      const first = (await t.api.get('/v2/jobs', { q: 'counted', pageSize: 1 })).body.items[0];
      spy.mockClear();
      await t.api.get(`/v2/jobs/${first.id}`);
      const sql = spy.mock.calls.map((call) => String((call[0] as { sql?: string }).sql ?? ''));
      expect(sql.some((text) => text.includes('"prices"'))).toBe(false);
    } finally {
      spy.mockRestore();
    }
  });
});
