import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MISSING_ID, createTestApp, expectError, type TestContext } from '../../helper.js';
import { ACCOUNT_CLIENT_PRICES, EUR, buildWorld, expectTakesFirstListed, jobParams, newJob, newPrice, newService, type World } from './fixture.js';

/** GET /v2/jobs/:id/prices: the applicable prices of docs/prices.md#which-price-applies, query parameters replacing the job's values. */
let t: TestContext;
let w: World;
let service: string;
let other: string;
const p: Record<string, string> = {};
let job: { id: string };
/** fr→en: matched by the bidirectional en→fr price through its codes reversed, not its id. */
let frEn: string;
beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t);
  service = await newService(t.api, 'Listed');
  other = await newService(t.api, 'Other listed');
  const clientPrices = `/v2/clients/${w.client.acme}/prices`;
  p.client = await newPrice(t.api, clientPrices, { service, quantityType: w.unit.Words, unitCost: 0.09, matchesType: 'percentage' }, [[w.match['100%']!, 0.3]]);
  p.clientPair = await newPrice(t.api, clientPrices, { service, quantityType: w.unit.Words, unitCost: 0.095, languagePair: w.pair.enFr });
  p.account = await newPrice(t.api, ACCOUNT_CLIENT_PRICES, { service, quantityType: w.unit.Words, unitCost: 0.1 });
  p.accountDomain = await newPrice(t.api, ACCOUNT_CLIENT_PRICES, { service, quantityType: w.unit.Words, unitCost: 0.11, domain: w.domain.legal });
  p.usd = await newPrice(t.api, ACCOUNT_CLIENT_PRICES, { service, quantityType: w.unit.Words, unitCost: 0.12, currency: 'USD' });
  p.pages = await newPrice(t.api, ACCOUNT_CLIENT_PRICES, { service, quantityType: w.unit.Pages, unitCost: 10 });
  p.hours = await newPrice(t.api, ACCOUNT_CLIENT_PRICES, { service, quantityType: w.unit.Hours, unitCost: 40 });
  p.otherService = await newPrice(t.api, ACCOUNT_CLIENT_PRICES, { service: other, quantityType: w.unit.Words, unitCost: 0.2 });
  job = await newJob(t.api, jobParams(w, service));
  frEn = (await t.api.post('/v2/account/language-pairs', { source: 'fr', target: 'en' })).body.id as string;
});
afterAll(async () => {
  await t.close();
});

const prices = async (query: Record<string, unknown> = {}) => {
  const reply = await t.api.get(`/v2/jobs/${job.id}/prices`, query as never);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body as Array<{ id: string }>;
};
const idsOf = (list: Array<{ id: string }>) => list.map((item) => Object.keys(p).find((key) => p[key] === item.id));

describe('GET /v2/jobs/:id/prices', () => {
  it('answers a bare array of the applicable prices of the job, in docs/prices.md#which-price-applies order, the first being the one the job took', async () => {
    const list = await prices();
    expect(idsOf(list)).toEqual(['client', 'account']);
    expect(list[0]).toEqual({
      id: p.client,
      currency: EUR,
      matches: [{ id: w.match['100%'], name: '100%', percentage: 0.3, unitCost: 0.027 }],
      matchesType: 'percentage',
      type: 'client',
      unitCost: 0.09,
    });
    expect(list[1]).toEqual({ id: p.account, currency: EUR, matches: [], matchesType: 'fixed', type: 'account', unitCost: 0.1 });
  });

  it("replaces the job's values with the query parameters", async () => {
    expect(idsOf(await prices({ currency: 'USD' }))).toEqual(['usd']);
    expect(idsOf(await prices({ quantityTypeId: w.unit.Pages }))).toEqual(['pages']);
    expect(idsOf(await prices({ serviceId: other }))).toEqual(['otherService']);
    expect(idsOf(await prices({ languagePairId: w.pair.enFr }))).toEqual(['clientPair', 'client', 'account']);
    expect(idsOf(await prices({ domainId: w.domain.legal }))).toEqual(['client', 'accountDomain', 'account']);
    expect(idsOf(await prices({ languagePairId: w.pair.enFr, domainId: w.domain.legal }))).toEqual(['clientPair', 'client', 'accountDomain', 'account']);
    expect(idsOf(await prices({ languagePairId: '', domainId: '' }))).toEqual(['client', 'account']);
    expect(idsOf(await prices({ currency: 'JPY' }))).toEqual([]);
  });

  it('whatever its criteria, a new job takes the first price of its listing, and the first of isTimeBased=true as its time-based one', async () => {
    // The job takes its prices from the candidate rows (applicable.ts firstForClient), the listing from the full records.
    const criteria = fc.record({
      quantityType: fc.constantFrom(w.unit.Words!, w.unit.Pages!, w.unit.Hours!),
      currency: fc.constantFrom('EUR', 'USD'),
      languagePair: fc.constantFrom(undefined, w.pair.enFr, frEn, w.pair.deFr),
      domain: fc.constantFrom(undefined, w.domain.legal),
      service: fc.constantFrom(service, other),
    });
    await fc.assert(
      fc.asyncProperty(criteria, async (picked) => {
        const params = Object.fromEntries(Object.entries(picked).filter(([, value]) => value !== undefined));
        await expectTakesFirstListed(t.api, await newJob(t.api, jobParams(w, picked.service, params)));
      }),
      { numRuns: 25 },
    );
  });

  it('isTimeBased=true looks for the unit flagged isHours', async () => {
    expect(idsOf(await prices({ isTimeBased: true }))).toEqual(['hours']);
    expect(idsOf(await prices({ isTimeBased: true, quantityTypeId: w.unit.Pages }))).toEqual(['hours']);
    expect(idsOf(await prices({ isTimeBased: false }))).toEqual(['client', 'account']);
    // The job itself took the same price as its time-based unit cost.
    expect((await t.api.get(`/v2/jobs/${job.id}`)).body.quantity).toMatchObject({
      timeBasedUnitCost: 40,
      timeBasedUnitCostPriceReference: { id: p.hours, type: 'account' },
    });
  });

  it("answers 400 for unknown or another account's ids, 404 for the job, 400 for unknown parameters", async () => {
    const cases: Array<[string, string]> = [
      ['serviceId', w.other.service],
      ['serviceId', MISSING_ID],
      ['quantityTypeId', w.other.unit],
      ['languagePairId', w.other.pair],
      ['domainId', w.other.domain],
      ['domainId', 'bad'],
      ['currency', 'EU'],
      ['isTimeBased', 'maybe'],
    ];
    for (const [param, value] of cases) {
      const error = expectError(await t.api.get(`/v2/jobs/${job.id}/prices`, { [param]: value }), 400, 'parameter_invalid');
      expect(error.details?.[0]?.param).toBe(param);
    }
    expectError(await t.api.get(`/v2/jobs/${job.id}/prices`, { clientId: w.client.beta }), 400, 'parameter_unknown');
    expectError(await t.api.get(`/v2/jobs/${MISSING_ID}/prices`), 404, 'resource_missing');
    expectError(await t.otherApi.get(`/v2/jobs/${job.id}/prices`), 404, 'resource_missing');
  });

  it('accepts a disabled service as a query value (a look-up, not a reference)', async () => {
    const disabled = await newService(t.api, 'Disabled listed');
    await newPrice(t.api, ACCOUNT_CLIENT_PRICES, { service: disabled, quantityType: w.unit.Words, unitCost: 0.3 });
    await t.api.put(`/v2/account/services/${disabled}`, { disabled: true });
    expect((await prices({ serviceId: disabled })).map((price) => (price as unknown as { unitCost: number }).unitCost)).toEqual([0.3]);
  });
});
