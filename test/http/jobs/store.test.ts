import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timeStatements } from '../../../bench/statement-timing.mjs';
import type { Ctx } from '../../../src/core/context.js';
import { jobStore, type StoredJob } from '../../../src/modules/jobs/index.js';
import { createTestApp, usingPostgres, type TestContext } from '../../helper.js';

/**
 * The job store's surface (src/modules/jobs/store.ts, docs/jobs.md#stored-estimation): a job is
 * loaded, changed as a plain object and saved; only what changed is written, the estimation with
 * the row. The statements are counted on SQLite; what is stored is checked on both databases.
 */
let t: TestContext;
let statements: ReturnType<typeof timeStatements> | undefined;
let categories: string[] = [];
const ids = { client: '', service: '', unit: '' };

beforeAll(async () => {
  t = await createTestApp();
  if (!usingPostgres) statements = timeStatements();
  const units = (await t.api.get('/v2/account/quantity-types')).body as Array<{ id: string; name: string }>;
  ids.unit = units.find((unit) => unit.name === 'Words')!.id;
  categories = ((await t.api.get('/v2/account/matches')).body as Array<{ id: string }>).map((category) => category.id);
  ids.client = (await t.api.post('/v2/clients', { name: 'Stored', currency: 'EUR' })).body.id;
  ids.service = (await t.api.post('/v2/account/services', { name: 'Stored service' })).body.id;
  await t.api.post('/v2/account/prices/clients', { currency: 'EUR', matchesType: 'fixed', service: ids.service, quantityType: ids.unit, unitCost: 0.1 });
});
afterAll(async () => {
  await t?.close();
});

/** A job with three match lines, through the API. */
async function newJob(): Promise<string> {
  const job = (await t.api.post('/v2/jobs', { name: 'Stored job', client: ids.client, service: ids.service, quantityType: ids.unit, quantity: 10 })).body;
  const matches = categories.slice(0, 3).map((id, i) => ({ id, value: 100 * (i + 1) }));
  expect((await t.api.put(`/v2/jobs/${job.id}/price`, { matches })).status).toBe(200);
  return job.id as string;
}

/** Runs `work` in a transaction of the first account; answers its result and the writes it ran (SQLite). */
async function inTransaction<T>(work: (ctx: Ctx) => Promise<T>): Promise<{ value: T; writes: string[] }> {
  statements?.clear();
  const value = await t.database.db
    .transaction()
    .execute((tx) => work({ db: tx, dialect: t.database.dialect, accountId: t.account.accountId, userId: t.account.userId }));
  const writes = [...(statements ?? new Map<string, { count: number }>())].flatMap(([sql, { count }]) =>
    /^(insert|update|delete)/i.test(sql) ? Array.from({ length: count }, () => sql.replace(/\s+/g, ' ').slice(0, 60)) : [],
  );
  return { value, writes };
}

const stored = async (id: string) =>
  await t.database.db.selectFrom('jobs').select(['estimation', 'updated_at', 'discount']).where('id', '=', id).executeTakeFirstOrThrow();
const storedLines = async (id: string) =>
  (await t.database.db.selectFrom('job_matches').select(['match_category_id', 'value', 'position']).where('job_id', '=', id).orderBy('position').execute()).map(
    (row) => ({
      id: row.match_category_id,
      value: Number(row.value),
      position: Number(row.position),
    }),
  );
const eventsOf = async (id: string) => (await t.api.get('/v2/events', { pageSize: 100 })).body.items.filter((event: any) => event.data.id === id).length;

describe('job store', () => {
  it('saving a job unchanged writes neither its row nor its lines (only the event of the save)', async () => {
    const id = await newJob();
    const before = await stored(id);
    const { value: job, writes } = await inTransaction(async (ctx) => jobStore.save(ctx, await jobStore.load(ctx, id)));
    expect(await stored(id)).toEqual(before);
    expect(job.updatedAt).toBe(before.updated_at);
    if (!usingPostgres) expect(writes).toEqual([expect.stringMatching(/^insert into "events"/)]);
  });

  it('writes only the lines that changed, and the estimation in the statement of the row', async () => {
    const id = await newJob();
    const linesBefore = await storedLines(id);
    const { value: job, writes } = await inTransaction(async (ctx) => {
      const loaded = await jobStore.load(ctx, id);
      expect(loaded.lines.map((line) => line.id)).toEqual(linesBefore.map((line) => line.id));
      loaded.lines[1] = { ...loaded.lines[1]!, value: '250' };
      loaded.row.discount = '0.1';
      return jobStore.save(ctx, loaded);
    });
    expect(await storedLines(id)).toEqual(linesBefore.map((line, i) => (i === 1 ? { ...line, value: 250 } : line)));
    const after = await stored(id);
    expect(Number(after.discount)).toBe(0.1);
    expect(Number(JSON.parse(after.estimation).total)).toBe(job.estimation.total);
    expect(job.quantity.matches.map((match) => match.value)).toEqual([100, 250, 300]);
    if (!usingPostgres) {
      expect(writes.filter((sql) => sql.startsWith('update "jobs"'))).toHaveLength(1);
      expect(writes.filter((sql) => /job_matches/.test(sql))).toEqual([expect.stringMatching(/^update "job_matches"/)]);
    }
  });

  it('saves the same object again: only what changed since the last save', async () => {
    const id = await newJob();
    const { writes } = await inTransaction(async (ctx) => {
      const job = await jobStore.load(ctx, id);
      job.row.name = 'Saved twice';
      await jobStore.save(ctx, job);
      statements?.clear();
      return jobStore.save(ctx, job);
    });
    expect((await t.api.get(`/v2/jobs/${id}`)).body.name).toBe('Saved twice');
    if (!usingPostgres) expect(writes).toEqual([expect.stringMatching(/^insert into "events"/)]);
  });

  it('recomputes a job whose estimation did not change without writing it or recording an event', async () => {
    const id = await newJob();
    const events = await eventsOf(id);
    const { writes } = await inTransaction((ctx) => jobStore.recompute(ctx, [id, 'ffffffffffffffffffffffff']));
    expect(await eventsOf(id)).toBe(events);
    if (!usingPostgres) expect(writes).toEqual([]);
  });

  it('saves only jobs it handed out', async () => {
    const id = await newJob();
    await expect(
      inTransaction(async (ctx) => {
        const job = await jobStore.load(ctx, id);
        const copy: StoredJob = { row: { ...job.row }, lines: [...job.lines] };
        return jobStore.save(ctx, copy);
      }),
    ).rejects.toThrow(/not given by jobStore/);
  });
});
