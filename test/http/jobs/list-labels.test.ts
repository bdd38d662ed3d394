import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DefaultQueryExecutor, type CompiledQuery } from 'kysely';
import { Api, MISSING_ID, createTestAccount, createTestApp, expectError, usingPostgres, type TestContext } from '../../helper.js';
import { newClient, newJob } from './fixture.js';

/**
 * GET /v2/jobs?label[]= (docs/jobs.md#listing): jobs carrying any of the labels, with the other
 * filters, sorts and pages; ids of another account are 400. The filter starts from the labels when
 * their attachments are fewer than a twentieth of the account's jobs (a tenth for the count with
 * other filters), else from the jobs: with the 42 jobs below, `rare` (1 attachment) and `pair` (2)
 * start from the labels, `rare`+`pair` (3) reads its page from the jobs but counts from the labels
 * when other filters apply, `common` (14) starts from the jobs. Each must answer what filtering the
 * unfiltered listing by hand gives.
 */
let t: TestContext;
let api: Api;
const JOBS = 42;
const jobIds: string[] = [];
const label: Record<'rare' | 'pair' | 'common', string> = { rare: '', pair: '', common: '' };
/** Job index → the labels it carries. */
const carried = new Map<number, string[]>();
let beta = '';
let words = '';
let translation = '';

interface Item {
  id: string;
  name: string;
  status: number;
  client: { id: string };
  labels: Array<{ id: string }>;
}

beforeAll(async () => {
  t = await createTestApp();
  const account = await createTestAccount(t.database, 'Label listing agency');
  api = new Api(t.app, account.apiKey);
  const byName = async (path: string) =>
    Object.fromEntries(((await api.get(path)).body as Array<{ id: string; name: string }>).map((item) => [item.name, item.id]));
  const services = await byName('/v2/account/services');
  const units = await byName('/v2/account/quantity-types');
  words = units.Words!;
  translation = services.Translation!;
  const acme = await newClient(api, { name: 'Acme' });
  beta = await newClient(api, { name: 'Beta' });
  for (const name of Object.keys(label) as Array<keyof typeof label>) {
    const reply = await api.post('/v2/account/labels', { name, color: '#336699' });
    expect(reply.status).toBe(201);
    label[name] = reply.body.id;
  }
  for (let i = 0; i < JOBS; i++) {
    const job = await newJob(api, {
      name: `Job ${String(i).padStart(2, '0')} ${i % 4 === 0 ? 'urgent' : 'plain'}`,
      client: i % 2 === 0 ? beta : acme,
      quantity: 10,
      quantityType: words,
      service: translation,
      dueDate: `2030-01-${String((i % 28) + 1).padStart(2, '0')}`,
    });
    jobIds.push(job.id);
    if (i % 5 === 0) expect((await api.put(`/v2/jobs/${job.id}`, { status: 2 })).status).toBe(200);
  }
  const attach = async (index: number, name: keyof typeof label) => {
    expect((await api.post(`/v2/jobs/${jobIds[index]}/labels/${label[name]}`)).status).toBe(200);
    carried.set(index, [...(carried.get(index) ?? []), label[name]]);
  };
  await attach(3, 'rare');
  await attach(4, 'pair');
  await attach(5, 'pair');
  for (let i = 0; i < JOBS; i += 3) await attach(i, 'common');
}, 60_000);
afterAll(async () => {
  await t.close();
});

const list = async (query: Record<string, unknown>) => {
  const reply = await api.get('/v2/jobs', query as never);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body as { items: Item[]; totalItems: number; totalPages: number };
};

/** The same listing without the label filter, narrowed by hand to the jobs carrying any of `labels`. */
async function byHand(labels: string[], query: Record<string, unknown>): Promise<string[]> {
  const all = await list({ ...query, pageSize: 100 });
  return all.items.filter((item) => item.labels.some((attached) => labels.includes(attached.id))).map((item) => item.id);
}

/** The SQL of the listing request(s) run inside `run`. */
async function statementsOf(run: () => Promise<unknown>): Promise<CompiledQuery[]> {
  const spy = vi.spyOn(DefaultQueryExecutor.prototype, 'executeQuery');
  try {
    await run();
    return spy.mock.calls.map((call) => call[0]);
  } finally {
    spy.mockRestore();
  }
}

const SETS: Array<[string, Array<keyof typeof label>, 'labels' | 'jobs']> = [
  ['one rare label', ['rare'], 'labels'],
  ['a common label', ['common'], 'jobs'],
  ['a label on two jobs', ['pair'], 'labels'],
  ['two labels (values OR’ed)', ['rare', 'pair'], 'jobs'],
  ['a rare label and a common one', ['rare', 'common'], 'jobs'],
];

describe('GET /v2/jobs?label[]=', () => {
  it('lists the jobs carrying any of the labels, each with its labels, from either side', async () => {
    for (const [what, names, side] of SETS) {
      const ids = names.map((name) => label[name]);
      const page = await list({ label: ids, pageSize: 100 });
      const expected = [...carried].filter(([, labels]) => labels.some((id) => ids.includes(id))).map(([index]) => jobIds[index]);
      expect(new Set(page.items.map((item) => item.id)), what).toEqual(new Set(expected));
      expect(page.totalItems, what).toBe(expected.length);
      expect(
        page.items.every((item) => item.labels.some((attached) => ids.includes(attached.id))),
        what,
      ).toBe(true);
      // The side the filter started from (docs/jobs.md#listing): probing from the jobs is an EXISTS.
      const sql = (await statementsOf(() => list({ label: ids }))).map((query) => query.sql).join('\n');
      expect(sql.includes('exists (select 1 from entity_labels'), `${what}: from the ${side}`).toBe(side === 'jobs');
    }
    // The same id twice is the id once.
    expect((await list({ label: [label.rare, label.rare] })).totalItems).toBe(1);
  });

  it('combines with the other filters (AND) and sorts, in the order and totals of the unfiltered listing', async () => {
    const others: Array<Record<string, unknown>> = [
      {},
      { status: [2] },
      { client: [beta] },
      { q: 'urgent' },
      { dueBefore: '2030-01-10', status: [1, 2] },
      { client: [beta], status: [1], q: 'job' },
      { sort: 'name', direction: 'asc' },
      { sort: 'dueDate', direction: 'desc', client: [beta] },
      { sort: 'status', direction: 'asc' },
    ];
    for (const [what, names] of SETS) {
      const ids = names.map((name) => label[name]);
      for (const query of others) {
        const expected = await byHand(ids, query);
        const page = await list({ ...query, label: ids, pageSize: 100 });
        expect(
          page.items.map((item) => item.id),
          `${what} ${JSON.stringify(query)}`,
        ).toEqual(expected);
        expect(page.totalItems).toBe(expected.length);
      }
    }
    // Not vacuous: some combinations leave jobs, some none.
    expect(await byHand([label.common], { client: [beta] })).toHaveLength(7);
    expect(await byHand([label.rare], { client: [beta] })).toHaveLength(0);
  });

  it('pages hold the rows of the full sorted list (first half, and second half read from the other end)', async () => {
    for (const names of [['common'], ['rare', 'pair']] as const) {
      const ids = names.map((name) => label[name]);
      const all = (await list({ label: ids, pageSize: 100, sort: 'name', direction: 'asc' })).items.map((item) => item.id);
      for (const pageSize of [1, 3, 4]) {
        const walked: string[] = [];
        const pages = Math.ceil(all.length / pageSize);
        for (let page = 1; page <= pages; page++) {
          const answer = await list({ label: ids, pageSize, page, sort: 'name', direction: 'asc' });
          expect(answer).toMatchObject({ totalItems: all.length, totalPages: pages });
          walked.push(...answer.items.map((item) => item.id));
        }
        expect(walked, `${names.join('+')} by ${pageSize}`).toEqual(all);
      }
    }
  });

  it('follows attachments: a detached label or a deleted job no longer matches', async () => {
    const before = (await list({ label: [label.common] })).totalItems;
    expect((await api.delete(`/v2/jobs/${jobIds[6]}/labels/${label.common}`)).status).toBe(200);
    expect((await list({ label: [label.common] })).totalItems).toBe(before - 1);
    expect((await api.post(`/v2/jobs/${jobIds[6]}/labels/${label.common}`)).status).toBe(200);
    expect((await list({ label: [label.common] })).totalItems).toBe(before);
    const extra = await newJob(api, { name: 'Deleted soon', client: beta, quantity: 1, quantityType: words, service: translation });
    expect((await api.post(`/v2/jobs/${extra.id}/labels/${label.common}`)).status).toBe(200);
    expect((await list({ label: [label.common] })).totalItems).toBe(before + 1);
    expect((await api.delete(`/v2/jobs/${extra.id}`)).status).toBe(204);
    expect((await list({ label: [label.common] })).totalItems).toBe(before);
  });

  it('answers 400 for a malformed, unknown or another account’s label id (never an empty page)', async () => {
    const theirs = (await t.otherApi.post('/v2/account/labels', { name: 'theirs', color: '#000000' })).body.id as string;
    for (const value of ['bad-id', MISSING_ID, theirs, [label.rare, theirs]]) {
      const error = expectError(await api.get('/v2/jobs', { label: value }), 400, 'parameter_invalid');
      expect(error.details?.[0]?.param, JSON.stringify(value)).toMatch(/^label/);
    }
    // The other account's label lists their own jobs only, and ours are never among them.
    const services = (await t.otherApi.get('/v2/account/services')).body as Array<{ id: string; name: string }>;
    const units = (await t.otherApi.get('/v2/account/quantity-types')).body as Array<{ id: string; name: string }>;
    const theirJob = await newJob(t.otherApi, {
      name: 'Their job',
      client: await newClient(t.otherApi),
      quantity: 1,
      quantityType: units.find((unit) => unit.name === 'Words')!.id,
      service: services.find((service) => service.name === 'Translation')!.id,
    });
    expect((await t.otherApi.post(`/v2/jobs/${theirJob.id}/labels/${theirs}`)).status).toBe(200);
    const listed = await t.otherApi.get('/v2/jobs', { label: theirs });
    expect(listed.body.items.map((item: Item) => item.id)).toEqual([theirJob.id]);
    expectError(await t.otherApi.get('/v2/jobs', { label: label.common }), 400, 'parameter_invalid');
  });

  it.skipIf(usingPostgres)('SQLite plans: each side reads through indexes, never the whole jobs table', async () => {
    for (const names of [['rare'], ['common']] as const) {
      const ids = names.map((name) => label[name]);
      const statements = (await statementsOf(() => list({ label: ids, sort: 'name' }))).filter(
        (query) => /from "jobs"/.test(query.sql) && query.sql.includes('entity_labels'),
      );
      expect(statements.length, names.join()).toBeGreaterThanOrEqual(2);
      for (const statement of statements) {
        const plan = (
          t.database.sqlite!.prepare(`explain query plan ${statement.sql}`).all(...(statement.parameters as unknown[])) as Array<{ detail: string }>
        )
          .map((row) => row.detail)
          .join(' | ');
        expect(plan, statement.sql).not.toMatch(/SCAN (jobs|entity_labels)\b(?! USING COVERING INDEX)/);
        expect(plan).toMatch(/entity_labels USING (COVERING )?INDEX (entity_labels_label|sqlite_autoindex_entity_labels_1)/);
      }
    }
  });
});
