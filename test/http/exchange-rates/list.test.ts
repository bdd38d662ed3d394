import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, type TestContext } from '../../helper.js';
import { PATH, newRate, roleApis } from './fixture.js';

/** GET /v2/account/exchange-rates (docs/exchange-rates.md#the-api). */
let t: TestContext;
let roles: Awaited<ReturnType<typeof roleApis>>;
beforeAll(async () => {
  t = await createTestApp();
  roles = await roleApis(t);
  for (const [date, currency, rate] of [
    ['2026-11-18', 'USD', 1.081],
    ['2026-11-19', 'USD', 1.0833],
    ['2026-11-20', 'USD', 1.0856],
    ['2026-11-19', 'GBP', 0.84445],
    ['2026-11-20', 'GBP', 0.84623],
  ] as const) {
    await newRate(t.api, { date, currency, rate });
  }
  await newRate(t.otherApi, { date: '2026-11-20', currency: 'JPY', rate: 162.53 });
});
afterAll(async () => {
  await t.close();
});

const days = (items: Array<{ date: string; currency: string }>) => items.map((item) => `${item.currency} ${item.date}`);

describe('GET /v2/account/exchange-rates', () => {
  it('lists the account’s rates, newest day first by default, paginated', async () => {
    const reply = await t.api.get(PATH);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ page: 1, pageSize: 20, totalItems: 5, totalPages: 1, hasNextPage: false, hasPreviousPage: false });
    expect(reply.body.items.map((item: { date: string }) => item.date)).toEqual(['2026-11-20', '2026-11-20', '2026-11-19', '2026-11-19', '2026-11-18']);
    expect(reply.body.items.some((item: { currency: string }) => item.currency === 'JPY')).toBe(false);
    const second = await t.api.get(PATH, { pageSize: 2, page: 2, direction: 'asc' });
    expect(second.body).toMatchObject({ totalItems: 5, totalPages: 3, hasNextPage: true, hasPreviousPage: true });
    expect(second.body.items.map((item: { date: string }) => item.date)).toEqual(['2026-11-19', '2026-11-20']);
  });

  it('filters by currency, source and days', async () => {
    expect(days((await t.api.get(PATH, { currency: 'GBP' })).body.items)).toEqual(['GBP 2026-11-20', 'GBP 2026-11-19']);
    expect(days((await t.api.get(PATH, { currency: 'USD', dateFrom: '2026-11-19', dateTo: '2026-11-19' })).body.items)).toEqual(['USD 2026-11-19']);
    expect((await t.api.get(PATH, { source: 'ecb' })).body.totalItems).toBe(0);
    expect((await t.api.get(PATH, { source: 'manual' })).body.totalItems).toBe(5);
  });

  it('refuses bad filters with 400 naming them', async () => {
    expect(expectError(await t.api.get(PATH, { currency: 'XX' }), 400, 'parameter_invalid').details![0]!.param).toBe('currency');
    expect(expectError(await t.api.get(PATH, { dateFrom: '20-11-2026' }), 400, 'parameter_invalid').details![0]!.param).toBe('dateFrom');
    expect(expectError(await t.api.get(PATH, { sort: 'rate' }), 400, 'parameter_invalid').details![0]!.param).toBe('sort');
    expectError(await t.api.get(PATH, { base: 'EUR' }), 400, 'parameter_unknown');
  });

  it('every role reads them', async () => {
    for (const api of Object.values(roles)) expect((await api.get(PATH)).status).toBe(200);
  });
});
