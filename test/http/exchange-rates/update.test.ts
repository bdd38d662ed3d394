import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MISSING_ID, createTestApp, expectError, type TestContext } from '../../helper.js';
import { allEvents } from '../events/fixture.js';
import { PATH, newRate, roleApis } from './fixture.js';

/** PUT /v2/account/exchange-rates/:id (docs/exchange-rates.md#the-api). */
let t: TestContext;
let roles: Awaited<ReturnType<typeof roleApis>>;
beforeAll(async () => {
  t = await createTestApp();
  roles = await roleApis(t);
});
afterAll(async () => {
  await t.close();
});

let day = 0;

describe('PUT /v2/account/exchange-rates/:id', () => {
  it('changes the parameters given, records exchangeRate.updated', async () => {
    const rate = await newRate(t.api, { date: '2026-01-05' });
    const reply = await t.api.put(`${PATH}/${rate.id}`, { rate: 1.0901 }, { json: true });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ id: rate.id, date: '2026-01-05', currency: 'USD', rate: 1.0901, source: 'manual' });
    const moved = await t.api.put(`${PATH}/${rate.id}`, { date: '2026-01-06', currency: 'CAD' });
    expect(moved.body).toMatchObject({ date: '2026-01-06', currency: 'CAD', rate: 1.0901 });
    const events = await allEvents(t.api, { objectType: 'exchangeRate', objectId: rate.id });
    expect(events.map((event) => event.type).sort()).toEqual(['exchangeRate.created', 'exchangeRate.updated', 'exchangeRate.updated']);
  });

  it('an imported rate changed by hand becomes manual', async () => {
    const rate = await newRate(t.api, { date: '2026-01-07' });
    await t.database.db.updateTable('exchange_rates').set({ source: 'ecb' }).where('id', '=', rate.id).execute();
    expect((await t.api.put(`${PATH}/${rate.id}`, { rate: 1.2 }, { json: true })).body.source).toBe('manual');
  });

  it('answers 409 when it would take another rate’s currency and day', async () => {
    await newRate(t.api, { date: '2026-02-01', currency: 'USD' });
    const other = await newRate(t.api, { date: '2026-02-02', currency: 'USD' });
    expectError(await t.api.put(`${PATH}/${other.id}`, { date: '2026-02-01' }), 409, 'resource_exists');
  });

  it.each([
    ['the account currency', { currency: 'EUR' }, 'currency'],
    ['a zero rate', { rate: 0 }, 'rate'],
    ['a bad date', { date: '2026-13-01' }, 'date'],
  ])('%s: 400 naming the field', async (_name, params, param) => {
    const rate = await newRate(t.api, { date: `2026-03-${String(10 + (day += 1))}`, currency: 'SEK', rate: 11.4 });
    expect(expectError(await t.api.put(`${PATH}/${rate.id}`, params, { json: true }), 400, 'parameter_invalid').details![0]!.param).toBe(param);
    expectError(await t.api.put(`${PATH}/${rate.id}`, { source: 'ecb' }), 400, 'parameter_unknown');
  });

  it('answers 404 for a missing id and another account’s; manager 403, finance 200', async () => {
    expectError(await t.api.put(`${PATH}/${MISSING_ID}`, { rate: 1.1 }), 404, 'resource_missing');
    const theirs = await newRate(t.otherApi);
    expectError(await t.api.put(`${PATH}/${theirs.id}`, { rate: 1.1 }), 404, 'resource_missing');
    const rate = await newRate(t.api, { date: '2026-04-01' });
    expectError(await roles.manager.put(`${PATH}/${rate.id}`, { rate: 1.1 }), 403, 'forbidden');
    expect((await roles.finance.put(`${PATH}/${rate.id}`, { rate: 1.1 })).status).toBe(200);
  });
});
