import { describe, expect, it } from 'vitest';
import { MISSING_ID, expectError, type TestContext } from '../../helper.js';
import { ACCOUNT_CLIENT_PRICES, EUR, eventsOf, jobParams, newClient, newJob, newPrice, newService, worldPerFile, type World } from './fixture.js';

/**
 * PUT /v2/jobs/:id/price (docs/jobs.md#the-price-endpoint) and the estimation it stores (docs/estimation.md):
 * the rules of each parameter, their validation, the event. The properties over sequences of edits (the
 * match lines written by difference, the answer equal to the stored job) are in update-price-stored.test.ts.
 */
let t: TestContext;
let w: World;
worldPerFile((app, world) => ([t, w] = [app, world]));

const price = (id: string, params: Record<string, unknown>, json = false) => t.api.put(`/v2/jobs/${id}/price`, params as never, { json });

async function pricedJob(mode: 'fixed' | 'percentage', unitCost: number, matches: Array<[string, number]>, extra: Record<string, unknown> = {}) {
  const service = await newService(t.api, 'Priced');
  await newPrice(t.api, ACCOUNT_CLIENT_PRICES, { service, quantityType: w.unit.Words, unitCost, matchesType: mode }, matches);
  return newJob(t.api, jobParams(w, service, extra));
}

describe('PUT /v2/jobs/:id/price', () => {
  it('computes the worked example of docs/estimation.md: matches, a category missing from the price at the full rate, extra charge, discount', async () => {
    const job = await pricedJob('percentage', 0.085, [[w.match['75-84%']!, 0.3]]);
    const reply = await price(job.id, {
      matches: [
        { id: w.match['No match'], value: 1234.5 },
        { id: w.match['75-84%'], value: 300 },
        { id: w.match.Repetitions, value: 100 },
      ],
      extraCharge: 0.1,
      discount: 0.05,
    });
    expect(reply.status).toBe(200);
    const body = reply.body;
    expect(body.quantity).toMatchObject({
      hasMatches: true,
      value: 1634.5,
      matches: [
        { id: w.match['No match'], name: 'No match', percentage: 1, unitCost: 0.085, value: 1234.5 },
        { id: w.match['75-84%'], name: '75-84%', percentage: 0.3, unitCost: 0.0255, value: 300 },
        { id: w.match.Repetitions, name: 'Repetitions', percentage: 1, unitCost: 0.085, value: 100 },
      ],
    });
    expect(body.discount).toBe(0.05);
    expect(body.extraCharge).toEqual({ amount: 12.11, percentage: 0.1, type: 'percentage' });
    expect(body.estimation.details).toEqual({
      currency: EUR,
      discount: { amount: 6.66, value: 0.05 },
      extraCharge: { amount: 12.11, percentage: 0.1, type: 'percentage' },
      matches: [
        { id: w.match['No match'], name: 'No match', value: 1234.5, rate: 0.085, amount: 104.93 },
        { id: w.match['75-84%'], name: '75-84%', value: 300, rate: 0.0255, amount: 7.65 },
        { id: w.match.Repetitions, name: 'Repetitions', value: 100, rate: 0.085, amount: 8.5 },
      ],
      minimumFeeApplied: false,
      quantity: { quantityType: { id: w.unit.Words, name: 'Words' }, value: 1634.5 },
      service: body.service,
      subtotal: 121.08,
      total: 126.53,
      totalDetails: {
        subtotal: { amount: 121.08, discount: 6.05, total: 115.03 },
        extraCharge: { amount: 12.11, discount: 0.61, total: 11.5 },
        total: 126.53,
      },
      unitCost: 0.085,
    });
    expect(body.estimation.total).toBe(126.53);
    // Stored: a read answers the same without computing.
    expect((await t.api.get(`/v2/jobs/${job.id}`)).body).toEqual(body);
  });

  it("fixed mode: the price entry's rate, the full rate for other categories, rates given per line", async () => {
    const job = await pricedJob('fixed', 0.1, [[w.match['100%']!, 0.03]]);
    const body = (
      await price(job.id, {
        matches: [
          { id: w.match['100%'], value: 1000 },
          { id: w.match['No match'], value: 200 },
          { id: w.match['95-99%'], value: 100, unitCost: 0.05 },
        ],
      })
    ).body;
    expect(body.quantity.matches).toEqual([
      { id: w.match['100%'], name: '100%', percentage: 0.3, unitCost: 0.03, value: 1000 },
      { id: w.match['No match'], name: 'No match', percentage: 1, unitCost: 0.1, value: 200 },
      { id: w.match['95-99%'], name: '95-99%', percentage: 0.5, unitCost: 0.05, value: 100 },
    ]);
    expect(body.estimation.total).toBe(55); // 30 + 20 + 5
    // The frozen rate survives a list that left the category out.
    const later = (await price(job.id, { matches: [{ id: w.match['No match'], value: 10 }] })).body;
    expect(later.estimation.total).toBe(1);
    expect((await price(job.id, { matches: [{ id: w.match['100%'], value: 10 }] })).body.estimation.total).toBe(0.3);
    // percentage refused in fixed mode (and unitCost in percentage mode).
    const error = expectError(await price(job.id, { matches: [{ id: w.match['100%'], value: 1, percentage: 0.5 }] }), 400, 'parameter_invalid');
    expect(error.details?.[0]?.param).toBe('matches[0][percentage]');
  });

  it('percentage mode: a percentage per line; unitCost and matchesType changes apply to the rates', async () => {
    const job = await pricedJob('percentage', 0.1, [[w.match['100%']!, 0.3]]);
    let body = (
      await price(job.id, {
        matches: [
          { id: w.match['100%'], value: 1000 },
          { id: w.match['85-94%'], value: 1000, percentage: 0.6 },
        ],
      })
    ).body;
    expect(body.estimation.total).toBe(90);
    const error = expectError(await price(job.id, { matches: [{ id: w.match['100%'], value: 1, unitCost: 0.5 }] }), 400, 'parameter_invalid');
    expect(error.details?.[0]?.param).toBe('matches[0][unitCost]');
    body = (await price(job.id, { unitCost: 0.2 })).body;
    expect(body.quantity.unitCost).toBe(0.2);
    expect(body.estimation.total).toBe(180); // 1000 × 0.06 + 1000 × 0.12
    body = (await price(job.id, { matchesType: 'fixed' })).body;
    expect(body.quantity.matchesType).toBe('fixed');
    // The entries' rates as copied: 0.03 (from the price) and 0.06 (given).
    expect(body.quantity.matches.map((m: { unitCost: number }) => m.unitCost)).toEqual([0.03, 0.06]);
    expect(body.estimation.total).toBe(90);
  });

  it('an empty matches list switches matches off; the quantity stays their last sum', async () => {
    const job = await pricedJob('fixed', 0.1, [[w.match['100%']!, 0.03]]);
    await price(job.id, { matches: [{ id: w.match['100%'], value: 100 }] });
    // A form sends the empty list as an empty value (docs/reference.md#form-values-and-brackets).
    const body = (await price(job.id, { matches: '' })).body;
    expect(body.quantity).toMatchObject({ hasMatches: false, value: 100, matches: [{ id: w.match['100%'], value: 0, unitCost: 0.03 }] });
    expect(body.estimation.total).toBe(10);
    await price(job.id, { matches: [{ id: w.match['100%'], value: 100 }] });
    expect((await price(job.id, { matches: [] }, true)).body.quantity.hasMatches).toBe(false);
  });

  it('fixed price, non-billable, time-based, minimum fee switch', async () => {
    const client = await newClient(t.api, { minimumFee: 50 });
    const job = await pricedJob('fixed', 0.1, [], { client, quantity: 100 });
    expect(job.estimation).toMatchObject({ total: 50, details: { minimumFeeApplied: true } });
    let body = (await price(job.id, { fixedPrice: 20 })).body;
    expect(body.fixedPrice).toEqual({ amount: 20, currency: EUR });
    // A fixed price is never raised to the minimum fee.
    expect(body.estimation).toMatchObject({ total: 20, details: { minimumFeeApplied: false, subtotal: 20 } });
    body = (await price(job.id, { fixedPrice: null })).body;
    expect(body.fixedPrice.amount).toBeNull();
    expect(body.estimation.total).toBe(50);
    body = (await price(job.id, { applyMinimumFee: false })).body;
    expect(body.applyMinimumFee).toBe(false);
    expect(body.estimation.total).toBe(10);
    body = (await price(job.id, { nonBillable: true })).body;
    expect(body.nonBillable).toBe(true);
    expect(body.estimation).toMatchObject({ total: 0, details: { subtotal: 10 }, profitability: { status: 'incorrectStatus' } });
    body = (await price(job.id, { nonBillable: false, timeBasedInvoice: true })).body;
    expect(body.timeBasedInvoice).toBe(true);
    expect(body.estimation).toMatchObject({ total: 0, details: { quantity: { value: 0 } } });
  });

  it('JPY: rounding to whole yen (docs/estimation.md)', async () => {
    const service = await newService(t.api, 'Yen');
    await newPrice(t.api, ACCOUNT_CLIENT_PRICES, { service, quantityType: w.unit.Words, unitCost: 3.5, currency: 'JPY' });
    const job = await newJob(t.api, jobParams(w, service, { currency: 'JPY', quantity: 1234.5 }));
    const body = (await price(job.id, { extraCharge: 0.1, discount: 0.05 })).body;
    expect(body.estimation.details.totalDetails).toEqual({
      subtotal: { amount: 4321, discount: 216, total: 4105 },
      extraCharge: { amount: 432, discount: 22, total: 410 },
      total: 4515,
    });
    expect(body.extraCharge).toEqual({ amount: 432, percentage: 0.1, type: 'percentage' });
  });

  it('a new currency takes the price again in that currency, unless unitCost is sent with it', async () => {
    const service = await newService(t.api, 'Switch');
    await newPrice(t.api, ACCOUNT_CLIENT_PRICES, { service, quantityType: w.unit.Words, unitCost: 0.1 });
    const dollars = await newPrice(t.api, ACCOUNT_CLIENT_PRICES, { service, quantityType: w.unit.Words, unitCost: 0.12, currency: 'USD' });
    const job = await newJob(t.api, jobParams(w, service));
    let body = (await price(job.id, { currency: 'USD' })).body;
    expect(body.currency).toEqual({ code: 'USD', symbol: '$' });
    expect(body.quantity).toMatchObject({ unitCost: 0.12, unitCostPriceReference: { id: dollars, type: 'account' } });
    expect(body.estimation).toMatchObject({ currency: { code: 'USD' }, total: 120 });
    body = (await price(job.id, { currency: 'EUR', unitCost: 0.3 })).body;
    expect(body.quantity.unitCost).toBe(0.3);
    expect(body.estimation.total).toBe(300);
  });

  it('validates its parameters', async () => {
    const job = await pricedJob('fixed', 0.1, []);
    const disabled = (await t.api.post('/v2/account/matches', { name: 'Disabled category' })).body.id;
    await t.api.put(`/v2/account/matches/${disabled}`, { disabled: true });
    const invalid: Array<[Record<string, unknown>, string]> = [
      [{ discount: 1.5 }, 'discount'],
      [{ discount: -1.01 }, 'discount'],
      [{ extraCharge: -0.1 }, 'extraCharge'],
      [{ unitCost: -1 }, 'unitCost'],
      [{ matchesType: 'both' }, 'matchesType'],
      [{ currency: 'XXX1' }, 'currency'],
      [{ fixedPrice: 'free' }, 'fixedPrice'],
      [{ matches: [{ id: w.match['100%'], value: -1 }] }, 'matches[0][value]'],
      [{ matches: [{ id: 'nope', value: 1 }] }, 'matches[0][id]'],
      [{ matches: [{ id: w.other.match, value: 1 }] }, 'matches[0][id]'],
      [{ matches: [{ id: MISSING_ID, value: 1 }] }, 'matches[0][id]'],
      [{ matches: [{ id: disabled, value: 1 }] }, 'matches[0][id]'],
      [
        {
          matches: [
            { id: w.match['100%'], value: 1 },
            { id: w.match['100%'], value: 2 },
          ],
        },
        'matches[1][id]',
      ],
    ];
    for (const [params, param] of invalid) {
      const error = expectError(await price(job.id, params), 400, 'parameter_invalid');
      expect(error.details?.map((d) => d.param)).toContain(param);
    }
    const missing = expectError(await price(job.id, { matches: [{ id: w.match['100%'] }] }), 400, 'parameter_missing');
    expect(missing.details?.[0]?.param).toBe('matches[0][value]');
    expectError(await price(job.id, { name: 'x' }), 400, 'parameter_unknown');
    expectError(await price(job.id, { matches: [{ id: w.match['100%'], value: 1, rate: 2 }] }), 400, 'parameter_unknown');
    expectError(await t.api.put(`/v2/jobs/${MISSING_ID}/price`, { discount: 0 }), 404, 'resource_missing');
    expectError(await t.otherApi.put(`/v2/jobs/${job.id}/price`, { discount: 0 }), 404, 'resource_missing');
  });

  it("keeps a disabled match category that the job's lines already have, and refuses new disabled ones", async () => {
    const job = await pricedJob('fixed', 0.1, []);
    const kept = (await t.api.post('/v2/account/matches', { name: 'Kept when disabled' })).body.id;
    const fresh = (await t.api.post('/v2/account/matches', { name: 'Disabled and new' })).body.id;
    expect((await price(job.id, { matches: [{ id: kept, value: 10 }] })).status).toBe(200);
    for (const id of [kept, fresh]) expect((await t.api.put(`/v2/account/matches/${id}`, { disabled: true })).status).toBe(200);
    const edited = await price(job.id, {
      matches: [
        { id: kept, value: 20 },
        { id: w.match['100%'], value: 5 },
      ],
    });
    expect(edited.status).toBe(200);
    expect(edited.body.quantity.matches.map((m: { id: string; value: number }) => [m.id, m.value])).toEqual([
      [kept, 20],
      [w.match['100%'], 5],
    ]);
    const refused = expectError(
      await price(job.id, {
        matches: [
          { id: kept, value: 30 },
          { id: fresh, value: 1 },
        ],
      }),
      400,
      'parameter_invalid',
    );
    expect(refused.details?.map((d) => d.param)).toEqual(['matches[1][id]']);
    // Once the line is gone, the category is new to the job again.
    expect((await price(job.id, { matches: [{ id: w.match['100%'], value: 5 }] })).status).toBe(200);
    const again = expectError(await price(job.id, { matches: [{ id: kept, value: 1 }] }), 400, 'parameter_invalid');
    expect(again.details?.map((d) => d.param)).toEqual(['matches[0][id]']);
    expect((await t.api.get(`/v2/jobs/${job.id}`)).body.quantity.matches.map((m: { id: string }) => m.id)).toEqual([w.match['100%']]);
  });

  it('records job.updated', async () => {
    const job = await pricedJob('fixed', 0.1, []);
    const body = (await price(job.id, { discount: 0.1 })).body;
    const events = (await eventsOf(t, 'job.updated')) as Array<{ id: string }>;
    expect(events.filter((event) => event.id === job.id)).toEqual([body]);
  });
});
