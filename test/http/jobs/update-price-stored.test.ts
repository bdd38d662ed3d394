import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TestContext } from '../../helper.js';
import {
  ACCOUNT_CLIENT_PRICES,
  expectStoredAsAnswered,
  jobParams,
  newClient,
  newJob,
  newPrice,
  newService,
  newSupplier,
  worldPerFile,
  type World,
} from './fixture.js';

/**
 * PUT /v2/jobs/:id/price: what it stores, checked by properties over sequences of edits (the rules of
 * each parameter and its validation are in update-price.test.ts).
 *
 * The price endpoint writes only the match lines that changed (line-store.ts). Whatever sequence
 * of `matches` lists a job is given (categories added, dropped, reordered, requantified, rated),
 * its stored rows, its answer and its next read must be those of the last list, in its order.
 *
 * A new job and a price edit are answered from what the request stores, not read back
 * (jobStore.save in src/modules/jobs/store.ts): the answer and the event must still be exactly
 * the object built from the database afterwards, whatever the edit and whatever parts the job has.
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
  return rows.map((row) => ({
    id: row.match_category_id,
    position: Number(row.position),
    value: Number(row.value),
    unitCost: row.unit_cost === null ? null : Number(row.unit_cost),
  }));
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
      fc.record(
        {
          id: fc.constant(id),
          value: fc.integer({ min: 0, max: 2 }) /* few values: lines often stay the same */,
          unitCost: fc.option(fc.constantFrom(0.01, 0.03, 0.1), { nil: undefined }),
        },
        { requiredKeys: ['id', 'value'] },
      );
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
    expect((await t.api.put(`/v2/jobs/${job.id}/price`, { matches: sent }, { json: true })).status).toBe(200);
    // Mark the rows: a row rewritten (deleted and inserted, or updated) loses the mark.
    await t.database.db.updateTable('job_matches').set({ percentage: '0.5' }).where('job_id', '=', job.id).where('unit_cost', 'is', null).execute();
    const marked = async () =>
      (
        await t.database.db.selectFrom('job_matches').select(['match_category_id', 'percentage']).where('job_id', '=', job.id).orderBy('position').execute()
      ).map((row) => row.percentage !== null);
    expect(await marked()).toEqual([true, true, true]);
    expect((await t.api.put(`/v2/jobs/${job.id}/price`, { matches: sent }, { json: true })).status).toBe(200);
    expect(await marked()).toEqual([true, true, true]);
    const changed = [sent[0], { id: b, value: 21 }, sent[2]];
    const reply = await t.api.put(`/v2/jobs/${job.id}/price`, { matches: changed }, { json: true });
    expect(reply.status).toBe(200);
    expect(reply.body.quantity.value).toBe(61);
    expect(await marked()).toEqual([true, false, true]);
  });
});

describe('PUT /v2/jobs/:id/price: the answer is the stored job', () => {
  it('after any sequence of edits of a job with parts (label, tracker, note, outsourcing, group)', async () => {
    const categories = [w.match['100%']!, w.match['95-99%']!, w.match['Context match']!, w.match['No match']!, w.match.Repetitions!];
    const service = await newService(t.api, 'Edited');
    // Two prices: switching the currency takes the other one, with other match entries.
    await newPrice(t.api, ACCOUNT_CLIENT_PRICES, { service, quantityType: w.unit.Words, unitCost: 0.1, currency: 'EUR' }, [
      [categories[0]!, 0.03],
      [categories[1]!, 0.05],
    ]);
    await newPrice(t.api, ACCOUNT_CLIENT_PRICES, { service, quantityType: w.unit.Words, unitCost: 0.12, currency: 'USD', matchesType: 'percentage' }, [
      [categories[2]!, 0.2],
      [categories[3]!, 1],
    ]);
    const client = await newClient(t.api, { currency: 'EUR', minimumFee: 40 });
    const job = await newJob(t.api, jobParams(w, service, { client, languagePair: w.pair.enFr }));
    const label = (await t.api.post('/v2/account/labels', { name: `Edited ${Date.now()}`, color: '#336699' })).body.id as string;
    expect((await t.api.post(`/v2/jobs/${job.id}/labels/${label}`)).status).toBe(200);
    expect((await t.api.post(`/v2/jobs/${job.id}/trackers`, { duration: 5_400_000, from: '2026-10-01T09:00:00Z', billable: true })).status).toBe(200);
    expect((await t.api.post(`/v2/jobs/${job.id}/notes`, { content: 'Client wants a glossary' })).status).toBe(200);
    const supplier = await newSupplier(t.api);
    const outsourced = await t.api.post(`/v2/jobs/${job.id}/outsourcing`, { supplier, quantity: 300, quantityType: w.unit.Words, service, unitCost: 0.04 });
    expect(outsourced.status, JSON.stringify(outsourced.body)).toBe(200);
    const group = await t.api.post('/v2/groups', { name: `Edited ${Date.now()}`, client, currency: 'EUR' });
    expect((await t.api.post(`/v2/groups/${group.body.id}/jobs/${job.id}`)).status).toBe(200);

    const edit = fc.record(
      {
        currency: fc.constantFrom('EUR', 'USD'),
        unitCost: fc.constantFrom(0.05, 0.1, 0.2),
        matchesType: fc.constantFrom('fixed', 'percentage'),
        // [] drops the lines for the price's entries: categories the job may have no line of.
        matches: fc.oneof(
          fc.constant([]),
          fc.shuffledSubarray(categories, { minLength: 1 }).map((ids) => ids.map((id, k) => ({ id, value: 100 * (k + 1) }))),
        ),
        discount: fc.constantFrom(0, 0.1),
        extraCharge: fc.constantFrom(0, 0.05),
        fixedPrice: fc.constantFrom(null, 250),
        applyMinimumFee: fc.boolean(),
        timeBasedInvoice: fc.boolean(),
        nonBillable: fc.boolean(),
      },
      { requiredKeys: [] },
    );
    let edits = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(edit, { minLength: 1, maxLength: 4 }), async (sequence) => {
        for (const params of sequence) {
          const reply = await t.api.put(`/v2/jobs/${job.id}/price`, params as never, { json: true });
          expect(reply.status, JSON.stringify(reply.body)).toBe(200);
          await expectStoredAsAnswered(t, reply.body, 'job.updated');
          expect(reply.body.labels.map((item: { id: string }) => item.id)).toEqual([label]);
          expect(reply.body.group).toEqual({ id: group.body.id, name: group.body.name });
          expect(reply.body.outsourcing).toHaveLength(1);
          edits += 1;
        }
      }),
      { numRuns: 12 },
    );
    expect(edits).toBeGreaterThanOrEqual(12);
  });
});
