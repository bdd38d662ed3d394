import fc from 'fast-check';
import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { applicablePrices } from '../../../src/modules/prices/index.js';
import { priceRepository } from '../../../src/modules/prices/repository.js';
import { usingPostgres, type Api, type TestContext } from '../../helper.js';
import { twoApps } from './job-view-cache-fixture.js';
import { ACCOUNT_CLIENT_PRICES, expectTakesFirstListed, jobParams, newJob, newPrice, newService, worldPerFile, type World } from '../jobs/fixture.js';

/**
 * The prices new jobs take, kept per price epoch on SQLite (modules/prices/applicable.ts,
 * migration 0019): whatever changes what resolution reads, by whichever writer, the next job takes
 * the prices of that moment. On PostgreSQL nothing is kept; the same tests check resolution there.
 */
let t: TestContext;
let w: World;
worldPerFile((app, world) => ([t, w] = [app, world]));

let counter = 0;
const unique = (prefix: string) => `${prefix} ${++counter} ${Math.random().toString(36).slice(2, 7)}`;

async function ok(reply: Promise<{ status: number; body: any }>, ...statuses: number[]): Promise<any> {
  const { status, body } = await reply;
  expect(statuses.length > 0 ? statuses : [200, 201], JSON.stringify(body)).toContain(status);
  return body;
}

interface LivePrice {
  base: string;
  id: string;
  mode: 'fixed' | 'percentage';
  matches: string[];
}

interface MatchStep {
  kind: 'addMatch' | 'moveMatch' | 'removeMatch' | 'editMatch';
  price: number;
  match: number;
  value: number;
}

type Step =
  | { kind: 'add'; owned: boolean; unit: 'Words' | 'Hours'; pair: boolean; domain: boolean; cost: number; mode: 'fixed' | 'percentage' }
  | { kind: 'cost' | 'mode' | 'delete'; price: number; cost: number }
  | MatchStep
  | { kind: 'renameCategory'; match: number }
  | { kind: 'hoursUnit'; unit: 'Hours' | 'Pages' };

const CATEGORIES = ['100%', '95-99%', 'Repetitions', 'No match'];
const costs = fc.constantFrom(0.05, 0.08, 0.1, 0.125, 40);
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('add' as const),
    owned: fc.boolean(),
    unit: fc.constantFrom('Words' as const, 'Hours' as const),
    pair: fc.boolean(),
    domain: fc.boolean(),
    cost: costs,
    mode: fc.constantFrom('fixed' as const, 'percentage' as const),
  }),
  fc.record({ kind: fc.constantFrom('cost' as const, 'mode' as const, 'delete' as const), price: fc.nat(), cost: costs }),
  fc.record({
    kind: fc.constantFrom('addMatch' as const, 'moveMatch' as const, 'removeMatch' as const, 'editMatch' as const),
    price: fc.nat(),
    match: fc.nat(),
    value: fc.constantFrom(0.3, 0.5, 0.02),
  }),
  fc.record({ kind: fc.constant('renameCategory' as const), match: fc.nat() }),
  fc.record({ kind: fc.constant('hoursUnit' as const), unit: fc.constantFrom('Hours' as const, 'Pages' as const) }),
);

/** Carries out one step through the API; refusals the step may meet (a price already there) are skipped. */
async function apply(api: Api, service: string, live: LivePrice[], s: Step): Promise<void> {
  if (s.kind === 'add') {
    const base = s.owned ? `/v2/clients/${w.client.acme}/prices` : ACCOUNT_CLIENT_PRICES;
    const params = {
      service,
      quantityType: w.unit[s.unit],
      unitCost: s.cost,
      matchesType: s.mode,
      currency: 'EUR',
      ...(s.pair ? { languagePair: w.pair.enFr } : {}),
      ...(s.domain ? { domain: w.domain.legal } : {}),
    };
    const reply = await api.post(base, params);
    if (reply.status === 409) return;
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    live.push({ base, id: reply.body.id, mode: s.mode, matches: [] });
    return;
  }
  if (s.kind === 'renameCategory') {
    await ok(api.put(`/v2/account/matches/${w.match[CATEGORIES[s.match % CATEGORIES.length]!]}`, { name: unique('Category') }));
    return;
  }
  if (s.kind === 'hoursUnit') {
    await ok(api.put(`/v2/account/quantity-types/${w.unit[s.unit]}`, { isHours: true }));
    return;
  }
  const price = live[s.price % Math.max(live.length, 1)];
  if (!price) return;
  const url = `${price.base}/${price.id}`;
  if (s.kind === 'cost') await ok(api.put(url, { unitCost: s.cost }));
  else if (s.kind === 'mode') {
    price.mode = price.mode === 'fixed' ? 'percentage' : 'fixed';
    await ok(api.put(url, { unitCost: s.cost, matchesType: price.mode }));
  } else if (s.kind === 'delete') {
    await ok(api.delete(url), 204);
    live.splice(live.indexOf(price), 1);
  } else {
    const m = s as MatchStep;
    const category = w.match[CATEGORIES[m.match % CATEGORIES.length]!]!;
    const value = price.mode === 'fixed' ? { unitCost: m.value } : { percentage: m.value };
    if (s.kind === 'addMatch') {
      if (price.matches.includes(category)) return;
      await ok(api.post(`${url}/match`, { match: category, ...value }));
      price.matches.push(category);
    } else if (price.matches.length > 0) {
      const match = price.matches[m.match % price.matches.length]!;
      if (s.kind === 'editMatch') await ok(api.put(`${url}/match/${match}`, value));
      else if (s.kind === 'moveMatch') await ok(api.put(`${url}/matches/${match}/move/0`));
      else {
        await ok(api.delete(`${url}/matches/${match}`));
        price.matches.splice(price.matches.indexOf(match), 1);
      }
    }
  }
}

describe('the prices a new job takes', () => {
  it('after any sequence of changes to prices, their matches, match categories and the hours unit, are the first of its listing', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), fc.boolean(), fc.boolean(), async (steps, pair, domain) => {
        const service = await newService(t.api, 'Epoch');
        const live: LivePrice[] = [];
        const criteria = { ...(pair ? { languagePair: w.pair.enFr } : {}), ...(domain ? { domain: w.domain.legal } : {}) };
        // A job before the steps: what it took is kept (SQLite) under the epoch of that moment.
        await expectTakesFirstListed(t.api, await newJob(t.api, jobParams(w, service, criteria)));
        for (const s of steps) {
          await apply(t.api, service, live, s);
          await expectTakesFirstListed(t.api, await newJob(t.api, jobParams(w, service, criteria)));
        }
      }),
      { numRuns: 30 },
    );
  });

  it('are kept per criteria: a job that differs in any one of them takes its own', async () => {
    const [service, otherService] = [await newService(t.api, 'Criteria'), await newService(t.api, 'Other criteria')];
    const account = (params: Record<string, unknown>, unitCost: number) =>
      newPrice(t.api, ACCOUNT_CLIENT_PRICES, { service, quantityType: w.unit.Words, unitCost, ...params });
    await account({}, 0.1);
    await account({ domain: w.domain.legal }, 0.11);
    await account({ languagePair: w.pair.enFr }, 0.12);
    await account({ currency: 'USD' }, 0.13);
    await account({ quantityType: w.unit.Pages }, 0.14);
    await newPrice(t.api, `/v2/clients/${w.client.acme}/prices`, { service, quantityType: w.unit.Words, unitCost: 0.15 });
    await account({ service: otherService }, 0.16);
    const base = { client: w.client.beta, currency: 'EUR' };
    const costOf = async (params: Record<string, unknown>) => (await newJob(t.api, jobParams(w, service, { ...base, ...params }))).quantity.unitCost as number;
    expect(await costOf({})).toBe(0.1);
    expect(await costOf({ client: w.client.acme })).toBe(0.15);
    expect(await costOf({ domain: w.domain.legal })).toBe(0.11);
    expect(await costOf({ languagePair: w.pair.enFr })).toBe(0.12);
    expect(await costOf({ currency: 'USD' })).toBe(0.13);
    expect(await costOf({ quantityType: w.unit.Pages })).toBe(0.14);
    expect(await costOf({ service: otherService })).toBe(0.16);
    expect(await costOf({})).toBe(0.1);
  });

  it("follow each thing resolution reads: a match category's name, the hours unit, a language pair", async () => {
    const service = await newService(t.api, 'Each source');
    const category = w.match.Repetitions!;
    await ok(t.api.put(`/v2/account/quantity-types/${w.unit.Hours}`, { isHours: true })); // as the steps above may have left it
    const price = await newPrice(t.api, ACCOUNT_CLIENT_PRICES, { service, quantityType: w.unit.Words, unitCost: 0.1 }, [[category, 0.02]]);
    await newPrice(t.api, ACCOUNT_CLIENT_PRICES, { service, quantityType: w.unit.Pages, unitCost: 7 });
    const taken = async (params: Record<string, unknown> = {}) => {
      const job = await newJob(t.api, jobParams(w, service, params));
      await expectTakesFirstListed(t.api, job);
      return job.quantity;
    };
    expect((await taken()).matches.map((match: { id: string }) => match.id)).toEqual([category]);
    // Match entries through the API also touch their price's row; in plain SQL only the entry is written.
    await sql`update price_matches set unit_cost = '0.03' where price_id = ${price}`.execute(t.database.db);
    expect((await taken()).matches.map((match: { unitCost: number }) => match.unitCost)).toEqual([0.03]);
    const renamed = unique('Repeated');
    await ok(t.api.put(`/v2/account/matches/${category}`, { name: renamed }));
    expect((await taken()).matches.map((match: { name: string }) => match.name)).toEqual([renamed]);

    expect((await taken()).timeBasedUnitCost).toBe(0);
    await ok(t.api.put(`/v2/account/quantity-types/${w.unit.Pages}`, { isHours: true }));
    try {
      expect((await taken()).timeBasedUnitCost).toBe(7);
    } finally {
      await ok(t.api.put(`/v2/account/quantity-types/${w.unit.Hours}`, { isHours: true }));
    }
    expect((await taken()).timeBasedUnitCost).toBe(0);

    // Pair codes never change through the API; in plain SQL they count too.
    const pair = (await ok(t.api.post('/v2/account/language-pairs', { source: 'pt', target: 'nl' }))).id as string;
    const reversed = (await ok(t.api.post('/v2/account/language-pairs', { source: 'nl', target: 'pt' }))).id as string;
    await newPrice(t.api, ACCOUNT_CLIENT_PRICES, { service, quantityType: w.unit.Words, unitCost: 0.3, languagePair: pair });
    expect((await taken({ languagePair: reversed })).unitCost).toBe(0.1);
    await sql`update language_pairs set bidirectional = 1 where id = ${pair}`.execute(t.database.db);
    expect((await taken({ languagePair: reversed })).unitCost).toBe(0.3);
  });

  it('count changes made through another connection and in plain SQL', async () => {
    const two = await twoApps(t);
    try {
      const service = await newService(two.api1, 'Two connections');
      const words = (await two.api1.get('/v2/account/quantity-types')).body.find((unit: { name: string }) => unit.name === 'Words').id as string;
      const client = (await ok(two.api1.post('/v2/clients', { name: unique('Client') }))).id as string;
      const price = await newPrice(two.api1, ACCOUNT_CLIENT_PRICES, { service, quantityType: words, unitCost: 0.1 });
      const params = { name: 'Job', client, quantity: 100, quantityType: words, service };
      const costOfNewJob = async () => (await newJob(two.api1, params)).quantity.unitCost as number;
      expect(await costOfNewJob()).toBe(0.1);
      expect(await costOfNewJob()).toBe(0.1);
      await ok(two.api2.put(`${ACCOUNT_CLIENT_PRICES}/${price}`, { unitCost: 0.2 }));
      expect(await costOfNewJob()).toBe(0.2);
      await sql`update prices set unit_cost = '0.3' where id = ${price}`.execute(two.t.database.db);
      expect(await costOfNewJob()).toBe(0.3);
      await sql`update prices set unit_cost = '0.4' where id = ${price}`.execute(two.api2.app.database.db);
      expect(await costOfNewJob()).toBe(0.4);
    } finally {
      await two.close();
    }
  });

  it.skipIf(usingPostgres)('are kept while nothing they depend on changes, also across other writes (SQLite)', async () => {
    const service = await newService(t.api, 'Kept');
    await newPrice(t.api, ACCOUNT_CLIENT_PRICES, { service, quantityType: w.unit.Words, unitCost: 0.1 });
    const resolved = vi.spyOn(priceRepository, 'candidatesWithHoursUnit');
    try {
      await newJob(t.api, jobParams(w, service));
      expect(resolved).toHaveBeenCalledTimes(1);
      await newJob(t.api, jobParams(w, service));
      await ok(t.api.post('/v2/clients', { name: unique('Unrelated') }));
      await newJob(t.api, jobParams(w, service, { quantity: 7 }));
      expect(resolved).toHaveBeenCalledTimes(1);
      // Other criteria are resolved on their own.
      await newJob(t.api, jobParams(w, service, { domain: w.domain.legal }));
      expect(resolved).toHaveBeenCalledTimes(2);
      // Another account's prices change nothing of this one's.
      const theirs = await newService(t.otherApi, 'Theirs');
      await newPrice(t.otherApi, ACCOUNT_CLIENT_PRICES, { service: theirs, quantityType: w.other.unit, unitCost: 1 });
      await newJob(t.api, jobParams(w, service));
      expect(resolved).toHaveBeenCalledTimes(2);
      await ok(t.api.put(`/v2/account/domains/${w.domain.medical}`, { name: unique('Domain') })); // not read by resolution: kept
      await newJob(t.api, jobParams(w, service));
      expect(resolved).toHaveBeenCalledTimes(2);
      await ok(t.api.post('/v2/account/language-pairs', { source: 'it', target: 'es' }), 201);
      await newJob(t.api, jobParams(w, service));
      expect(resolved).toHaveBeenCalledTimes(3);
    } finally {
      resolved.mockRestore();
    }
  });

  it.skipIf(usingPostgres)('never take what a rolled-back transaction resolved (SQLite: an epoch taken back is not drawn again)', async () => {
    const service = await newService(t.api, 'Rolled back');
    const price = await newPrice(t.api, ACCOUNT_CLIENT_PRICES, { service, quantityType: w.unit.Words, unitCost: 0.1 });
    const query = { clientId: w.client.acme, serviceId: service, unitId: w.unit.Words!, currency: 'EUR' };
    const resolveIn = async (cost: string, rollBack: boolean) => {
      let taken: number | undefined;
      await t.database.db
        .transaction()
        .execute(async (trx) => {
          await sql`update prices set unit_cost = ${cost} where id = ${price}`.execute(trx);
          const ctx = { db: trx, dialect: t.database.dialect, accountId: t.account.accountId, userId: t.account.userId };
          taken = (await applicablePrices.firstForClient(ctx, query)).first?.unitCost;
          if (rollBack) throw new Error('rolled back');
        })
        .catch((error: Error) => expect(error.message).toBe('rolled back'));
      return taken;
    };
    expect(await resolveIn('0.5', true)).toBe(0.5);
    // Same epoch as before the rollback, with a counter the next bump would have been the one taken back.
    expect(await resolveIn('0.7', false)).toBe(0.7);
    expect((await newJob(t.api, jobParams(w, service))).quantity.unitCost).toBe(0.7);
  });
});
