import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, type Api, type TestContext } from '../../helper.js';
import { allEvents } from '../events/fixture.js';
import { DATE, PATH, newRate, roleApis } from './fixture.js';

/** POST /v2/account/exchange-rates (docs/exchange-rates.md#the-api). */
let t: TestContext;
let roles: Awaited<ReturnType<typeof roleApis>>;
beforeAll(async () => {
  t = await createTestApp();
  roles = await roleApis(t);
});
afterAll(async () => {
  await t.close();
});

const post = (params: Record<string, unknown>, api: Api = t.api, json = true) => api.post(PATH, params as never, { json });

describe('POST /v2/account/exchange-rates', () => {
  it('adds a manual rate (201), records exchangeRate.created, and keeps every digit', async () => {
    const reply = await post({ date: '2026-11-20', currency: 'USD', rate: 1.0856 });
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      date: '2026-11-20',
      currency: 'USD',
      rate: 1.0856,
      source: 'manual',
      createdAt: DATE,
      updatedAt: DATE,
    });
    expect((await t.api.get(`${PATH}/${reply.body.id}`)).body).toEqual(reply.body);
    const [event] = await allEvents(t.api, { objectType: 'exchangeRate', objectId: reply.body.id });
    expect(event).toMatchObject({ type: 'exchangeRate.created', data: reply.body });
    const row = await t.database.db.selectFrom('exchange_rates').select('rate').where('id', '=', reply.body.id).executeTakeFirstOrThrow();
    expect(row.rate).toBe('1.0856');
    const precise = await newRate(t.api, { currency: 'JPY', rate: 162.123456789012 });
    const stored = await t.database.db.selectFrom('exchange_rates').select('rate').where('id', '=', precise.id).executeTakeFirstOrThrow();
    expect(stored.rate).toBe('162.123456789012');
  });

  it('takes a form body', async () => {
    const reply = await post({ date: '2026-11-21', currency: 'GBP', rate: '0.84623' }, t.api, false);
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    expect(reply.body).toMatchObject({ currency: 'GBP', rate: 0.84623, date: '2026-11-21' });
  });

  it('answers 409 resource_exists for the same currency and day, whatever its source', async () => {
    await newRate(t.api, { date: '2026-10-01', currency: 'CHF', rate: 0.94 });
    const error = expectError(await post({ date: '2026-10-01', currency: 'CHF', rate: 0.95 }), 409, 'resource_exists');
    expect(error.message).toContain('CHF on 2026-10-01');
  });

  it.each([
    ['the account currency', { currency: 'EUR' }, 'currency', 'account currency'],
    ['an unknown currency', { currency: 'XYZ' }, 'currency', ''],
    ['a lower-case currency', { currency: 'usd' }, 'currency', ''],
    ['a zero rate', { rate: 0 }, 'rate', ''],
    ['a negative rate', { rate: -1.2 }, 'rate', ''],
    ['a string rate in JSON', { rate: 'abc' }, 'rate', ''],
    ['more than 15 significant digits', { rate: 1.1234567890123457 }, 'rate', '15 significant digits'],
    ['a date with a time', { date: '2026-11-20T10:00:00Z' }, 'date', ''],
    ['a day that does not exist', { date: '2026-02-30' }, 'date', 'calendar'],
  ])('%s: 400 parameter_invalid naming the field', async (_name, params, param, message) => {
    const error = expectError(await post({ date: '2026-09-01', currency: 'USD', rate: 1.1, ...params }), 400, 'parameter_invalid');
    expect(error.details![0]!.param).toBe(param);
    expect(error.message).toContain(message);
  });

  it('refuses missing and unknown parameters', async () => {
    for (const field of ['date', 'currency', 'rate']) {
      const params: Record<string, unknown> = { date: '2026-09-02', currency: 'USD', rate: 1.1 };
      delete params[field];
      expect(expectError(await post(params), 400, 'parameter_missing').details![0]!.param).toBe(field);
    }
    expectError(await post({ date: '2026-09-02', currency: 'USD', rate: 1.1, source: 'ecb' }), 400, 'parameter_unknown');
  });

  it('finance and admin may add rates; manager and viewer get 403; a read key 403', async () => {
    expect((await post({ date: '2026-08-01', currency: 'USD', rate: 1.1 }, roles.finance)).status).toBe(201);
    expect((await post({ date: '2026-08-02', currency: 'USD', rate: 1.1 }, roles.admin)).status).toBe(201);
    expectError(await post({ date: '2026-08-03', currency: 'USD', rate: 1.1 }, roles.manager), 403, 'forbidden');
    expectError(await post({ date: '2026-08-03', currency: 'USD', rate: 1.1 }, roles.viewer), 403, 'forbidden');
    expectError(await post({ date: '2026-08-03', currency: 'USD', rate: 1.1 }, t.api.withKey(t.account.readKey)), 403, 'forbidden');
  });

  it('accounts are separate: the same currency and day in another account is its own rate', async () => {
    const mine = await newRate(t.api, { date: '2026-07-01' });
    const theirs = await newRate(t.otherApi, { date: '2026-07-01' });
    expect(theirs.id).not.toBe(mine.id);
  });
});
