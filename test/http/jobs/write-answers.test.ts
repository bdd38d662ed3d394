import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadJobs } from '../../../src/modules/jobs/assembly.js';
import { type TestContext } from '../../helper.js';
import { ACCOUNT_CLIENT_PRICES, eventsOf, jobParams, newClient, newJob, newPrice, newService, newSupplier, worldPerFile, type World } from './fixture.js';

/**
 * A new job and a price edit are answered from what the request stores, not read back
 * (PendingJobWrite in src/modules/jobs/service.ts): the answer and the event must still be exactly
 * the object built from the database afterwards, whatever the edit and whatever parts the job has.
 */
let t: TestContext;
let w: World;
worldPerFile((app, world) => ([t, w] = [app, world]));

/** The job built from the database alone (no view cache, no answer of the request). */
async function fromDatabase(id: string): Promise<unknown> {
  const ctx = { db: t.database.db, dialect: t.database.dialect, accountId: t.account.accountId, userId: t.account.userId };
  return JSON.parse(JSON.stringify((await loadJobs(ctx, [id])).get(id)));
}

async function expectStoredAsAnswered(answer: { id: string }, event: 'job.created' | 'job.updated') {
  expect(await fromDatabase(answer.id)).toEqual(answer);
  expect((await eventsOf(t, event)).at(-1)).toEqual(answer);
}

describe('POST /v2/jobs: the answer is the stored job', () => {
  it('with a price with match entries, a domain, a pair, a project manager, a client with a minimum fee', async () => {
    const service = await newService(t.api, 'Answered');
    await newPrice(t.api, ACCOUNT_CLIENT_PRICES, { service, quantityType: w.unit.Words, unitCost: 0.1 }, [
      [w.match['100%']!, 0.03],
      [w.match.Repetitions!, 0.02],
    ]);
    const client = await newClient(t.api, { currency: 'EUR', minimumFee: 500 });
    const manager = (await t.api.post('/v2/users', { name: 'Paula Manager', email: `pm-${Date.now()}@example.com` } as never)).body.id as string;
    const reply = await t.api.post('/v2/jobs', jobParams(w, service, { client, languagePair: w.pair.enFr, domain: w.domain.legal, projectManager: manager }) as never);
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    expect(reply.body.quantity.matches.map((line: { name: string }) => line.name)).toEqual(['100%', 'Repetitions']);
    expect(reply.body.projectManager).toEqual({ id: manager, name: 'Paula Manager' });
    expect(reply.body.estimation.total).toBe(500); // 1000 words × 0.1 = 100, raised to the client's minimum fee
    await expectStoredAsAnswered(reply.body, 'job.created');
  });

  it('without any applicable price, and after the calling user was renamed (the owner under its new name)', async () => {
    const renamed = await t.api.put(`/v2/users/${t.account.userId}`, { name: `Renamed ${Date.now()}` } as never);
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const job = await newJob(t.api, jobParams(w, await newService(t.api, 'Unpriced')));
    expect(job.user).toEqual({ id: t.account.userId, name: renamed.body.name });
    expect(job.quantity.matches).toEqual([]);
    await expectStoredAsAnswered(job, 'job.created');
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
    const label = (await t.api.post('/v2/account/labels', { name: `Edited ${Date.now()}`, color: '#336699' } as never)).body.id as string;
    expect((await t.api.post(`/v2/jobs/${job.id}/labels/${label}`)).status).toBe(200);
    expect((await t.api.post(`/v2/jobs/${job.id}/trackers`, { duration: 5_400_000, from: '2026-10-01T09:00:00Z', billable: true } as never)).status).toBe(200);
    expect((await t.api.post(`/v2/jobs/${job.id}/notes`, { content: 'Client wants a glossary' } as never)).status).toBe(200);
    const supplier = await newSupplier(t.api);
    const outsourced = await t.api.post(`/v2/jobs/${job.id}/outsourcing`, { supplier, quantity: 300, quantityType: w.unit.Words, service, unitCost: 0.04 } as never);
    expect(outsourced.status, JSON.stringify(outsourced.body)).toBe(200);
    const group = await t.api.post('/v2/groups', { name: `Edited ${Date.now()}`, client, currency: 'EUR' } as never);
    expect((await t.api.post(`/v2/groups/${group.body.id}/jobs/${job.id}`)).status).toBe(200);

    const edit = fc.record(
      {
        currency: fc.constantFrom('EUR', 'USD'),
        unitCost: fc.constantFrom(0.05, 0.1, 0.2),
        matchesType: fc.constantFrom('fixed', 'percentage'),
        // [] drops the lines for the price's entries: categories the job may have no line of.
        matches: fc.oneof(fc.constant([]), fc.shuffledSubarray(categories, { minLength: 1 }).map((ids) => ids.map((id, k) => ({ id, value: 100 * (k + 1) })))),
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
          await expectStoredAsAnswered(reply.body, 'job.updated');
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
