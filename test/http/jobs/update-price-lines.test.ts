import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type TestContext } from '../../helper.js';
import { ACCOUNT_CLIENT_PRICES, jobParams, newJob, newPrice, newService, worldPerFile, type World } from './fixture.js';

/**
 * The price endpoint writes only the match lines that changed (line-store.ts). Whatever sequence
 * of `matches` lists a job is given (categories added, dropped, reordered, requantified, rated),
 * its stored rows, its answer and its next read must be those of the last list, in its order.
 */
let t: TestContext;
let w: World;
worldPerFile((app, world) => ([t, w] = [app, world]));

interface Sent {
  id: string;
  value: number;
  unitCost?: number;
}

async function storedRows(jobId: string) {
  const rows = await t.database.db
    .selectFrom('job_matches')
    .select(['match_category_id', 'position', 'value', 'unit_cost'])
    .where('job_id', '=', jobId)
    .orderBy('position')
    .execute();
  return rows.map((row) => ({ id: row.match_category_id, position: Number(row.position), value: Number(row.value), unitCost: row.unit_cost === null ? null : Number(row.unit_cost) }));
}

describe('PUT /v2/jobs/:id/price: match lines written by difference', () => {
  it('after any sequence of match lists, the rows, the answer and the next read are the last list', async () => {
    const categories = Object.values(w.match);
    expect(categories.length).toBeGreaterThanOrEqual(6);
    const service = await newService(t.api, 'Lines');
    // The price defines three categories (their rate comes from it unless one is sent).
    await newPrice(t.api, ACCOUNT_CLIENT_PRICES, { service, quantityType: w.unit.Words, unitCost: 0.1, matchesType: 'fixed' }, [
      [categories[0]!, 0.02],
      [categories[1]!, 0.05],
      [categories[2]!, 0.08],
    ]);
    const job = await newJob(t.api, jobParams(w, service));

    const line = (id: string) =>
      fc.record({ id: fc.constant(id), value: fc.integer({ min: 0, max: 2 }) /* few values: lines often stay the same */, unitCost: fc.option(fc.constantFrom(0.01, 0.03, 0.1), { nil: undefined }) }, { requiredKeys: ['id', 'value'] });
    // A list: some categories, each once, in any order, with a quantity and maybe a rate.
    const list = fc.shuffledSubarray(categories, { minLength: 1 }).chain((ids) => fc.tuple(...ids.map(line)));
    await fc.assert(
      fc.asyncProperty(fc.array(list, { minLength: 1, maxLength: 5 }), async (lists) => {
        let last: Sent[] = [];
        let answer: unknown;
        for (const sent of lists as Sent[][]) {
          const reply = await t.api.put(`/v2/jobs/${job.id}/price`, { matches: sent } as never, { json: true });
          expect(reply.status, JSON.stringify(reply.body)).toBe(200);
          expect(reply.body.quantity.matches.map((m: { id: string; value: number }) => [m.id, m.value])).toEqual(sent.map((s) => [s.id, s.value]));
          last = sent;
          answer = reply.body;
        }
        // The answer (built from the estimation just computed) is what a read builds from the stored one.
        expect((await t.api.get(`/v2/jobs/${job.id}`)).body).toEqual(answer);
        const rows = await storedRows(job.id);
        expect(rows.map((row) => row.id)).toEqual(last.map((s) => s.id));
        expect(rows.map((row) => row.position)).toEqual(last.map((_, i) => i));
        expect(rows.map((row) => row.value)).toEqual(last.map((s) => s.value));
        const priceRates = new Map([
          [categories[0]!, 0.02],
          [categories[1]!, 0.05],
          [categories[2]!, 0.08],
        ]);
        // The rate sent, else the price's entry, else none stored (the full rate).
        expect(rows.map((row) => row.unitCost)).toEqual(last.map((s) => s.unitCost ?? priceRates.get(s.id) ?? null));
        const read = await t.api.get(`/v2/jobs/${job.id}`);
        expect(read.body.quantity.matches.map((m: { id: string; value: number; unitCost: number }) => [m.id, m.value, m.unitCost])).toEqual(
          last.map((s) => [s.id, s.value, s.unitCost ?? priceRates.get(s.id) ?? 0.1]),
        );
        expect(read.body.quantity.value).toBe(last.reduce((sum, s) => sum + s.value, 0));
      }),
      { numRuns: 25 },
    );
  });

  it('the same list again changes no line row; one changed quantity changes one', async () => {
    const service = await newService(t.api, 'Same');
    const job = await newJob(t.api, jobParams(w, service));
    const [a, b, c] = Object.values(w.match) as [string, string, string];
    const sent = [
      { id: a, value: 10 },
      { id: b, value: 20 },
      { id: c, value: 30 },
    ];
    expect((await t.api.put(`/v2/jobs/${job.id}/price`, { matches: sent } as never, { json: true })).status).toBe(200);
    // Mark the rows: a row rewritten (deleted and inserted, or updated) loses the mark.
    await t.database.db.updateTable('job_matches').set({ percentage: '0.5' }).where('job_id', '=', job.id).where('unit_cost', 'is', null).execute();
    const marked = async () =>
      (await t.database.db.selectFrom('job_matches').select(['match_category_id', 'percentage']).where('job_id', '=', job.id).orderBy('position').execute()).map(
        (row) => row.percentage !== null,
      );
    expect(await marked()).toEqual([true, true, true]);
    expect((await t.api.put(`/v2/jobs/${job.id}/price`, { matches: sent } as never, { json: true })).status).toBe(200);
    expect(await marked()).toEqual([true, true, true]);
    const changed = [sent[0], { id: b, value: 21 }, sent[2]];
    const reply = await t.api.put(`/v2/jobs/${job.id}/price`, { matches: changed } as never, { json: true });
    expect(reply.status).toBe(200);
    expect(reply.body.quantity.value).toBe(61);
    expect(await marked()).toEqual([true, false, true]);
  });
});
