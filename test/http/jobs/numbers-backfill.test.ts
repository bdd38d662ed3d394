import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { jobNumbers } from '../../../src/core/db/migrations/0037_job_numbers.js';
import type { Api, TestContext } from '../../helper.js';
import { worldPerFile, type World } from './fixture.js';

/**
 * Migration 0037 (docs/jobs.md#job-numbers) numbers the jobs that exist before it, in creation
 * order within their account and year. Run here on jobs made through the API, with the database
 * put back as it was before the migration: the column, its index and the sequences gone, the
 * search text without the number, and chosen creation times.
 */
let t: TestContext;
let w: World;
worldPerFile((app, world) => ([t, w] = [app, world]));

const create = async (api: Api, params: Record<string, unknown>): Promise<string> => {
  const reply = await api.post('/v2/jobs', { quantity: 10, ...params });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body.id as string;
};

describe('migration 0037: existing jobs numbered', () => {
  it('in creation order per account and year (ties by id); the sequences continue after them; the search text finds them', async () => {
    const db = t.database.db as unknown as Kysely<any>;
    const now = new Date().getUTCFullYear();
    const [last, current] = [now - 1, now];
    const ours = (name: string) => create(t.api, { name, client: w.client.acme, quantityType: w.unit.Words, service: w.service.Translation });
    const theirs = (name: string) => create(t.otherApi, { name, client: w.other.client, quantityType: w.other.unit, service: w.other.service });
    const times: Array<[string, string]> = [
      [await ours('Late last year'), `${last}-12-31T23:59:59.999Z`],
      [await ours('First this year'), `${current}-01-01T00:00:00.000Z`],
      [await ours('Early last year'), `${last}-02-01T10:00:00.000Z`],
      [await ours('Tie one'), `${current}-03-01T09:00:00.000Z`],
      [await ours('Tie two'), `${current}-03-01T09:00:00.000Z`],
      [await theirs('Other account'), `${current}-05-01T09:00:00.000Z`],
      [await theirs('Other account, earlier'), `${current}-04-01T09:00:00.000Z`],
    ];
    for (const [id, createdAt] of times) await db.updateTable('jobs').set({ created_at: createdAt }).where('id', '=', id).execute();

    // As before the migration.
    await db.schema.dropIndex('jobs_by_number').execute();
    await db.schema.alterTable('jobs').dropColumn('number').execute();
    await db.schema.dropTable('job_sequences').execute();
    await db
      .updateTable('jobs')
      .set({ search_text: sql`lower(name)` })
      .execute();

    await jobNumbers(t.database.dialect).up(db as Kysely<unknown>);

    const rows = await db.selectFrom('jobs').select(['id', 'name', 'number', 'search_text']).execute();
    const byName = new Map(rows.map((row) => [row.name as string, row]));
    const [tieFirst, tieSecond] = [times[3]![0], times[4]![0]].sort();
    const numbered = Object.fromEntries(rows.map((row) => [row.id, row.number]));
    expect(byName.get('Early last year')!.number).toBe(`J-${last}-0001`);
    expect(byName.get('Late last year')!.number).toBe(`J-${last}-0002`);
    expect(byName.get('First this year')!.number).toBe(`J-${current}-0001`);
    expect([numbered[tieFirst!], numbered[tieSecond!]]).toEqual([`J-${current}-0002`, `J-${current}-0003`]);
    expect(byName.get('Other account, earlier')!.number).toBe(`J-${current}-0001`);
    expect(byName.get('Other account')!.number).toBe(`J-${current}-0002`);
    expect(byName.get('Tie one')!.search_text).toBe(`tie one\n${(numbered[times[3]![0]] as string).toLowerCase()}`);

    // The sequences continue after the numbered jobs; the unique index is back.
    const next = await t.api.post('/v2/jobs', {
      name: 'After',
      quantity: 1,
      client: w.client.acme,
      quantityType: w.unit.Words,
      service: w.service.Translation,
    });
    expect(next.body.number).toBe(`J-${current}-0004`);
    const otherNext = await t.otherApi.post('/v2/jobs', {
      name: 'After',
      quantity: 1,
      client: w.other.client,
      quantityType: w.other.unit,
      service: w.other.service,
    });
    expect(otherNext.body.number).toBe(`J-${current}-0003`);
    await expect(
      db
        .updateTable('jobs')
        .set({ number: `J-${current}-0001` })
        .where('id', '=', next.body.id)
        .execute(),
    ).rejects.toThrow();
    // Found by number after the backfill.
    const found = (await t.api.get('/v2/jobs', { q: `J-${last}-0002` })).body.items.map((item: { id: string }) => item.id);
    expect(found).toEqual([times[0]![0]]);
  });
});
