import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importForAllAccounts, startRateImports } from '../../../src/modules/exchange-rates/index.js';
import { createTestApp, expectError, type TestContext } from '../../helper.js';
import { allEvents } from '../events/fixture.js';
import { ECB_FILE, PATH, newRate, rateServer, roleApis } from './fixture.js';

/**
 * POST /v2/account/exchange-rates/import and the daily import (docs/exchange-rates.md#the-ecb-import),
 * against a local server answering a file in the ECB's format: the tests never reach the internet.
 */
let t: TestContext;
let source: Awaited<ReturnType<typeof rateServer>>;
let answer: { status?: number; body: string } = { body: ECB_FILE };
let roles: Awaited<ReturnType<typeof roleApis>>;
beforeAll(async () => {
  source = await rateServer(() => answer);
  t = await createTestApp({ EXCHANGE_RATES_URL: source.url });
  roles = await roleApis(t);
});
afterAll(async () => {
  await t.close();
  await source.close();
});

const rateOf = async (api = t.api, currency: string, date: string) =>
  (await api.get(PATH, { currency, dateFrom: date, dateTo: date })).body.items[0] as { rate: number; source: string } | undefined;
const silent = { info() {}, warn() {}, error() {} };

describe('POST /v2/account/exchange-rates/import', () => {
  it('imports every day and currency of the file for a EUR account, as published; a manual rate is kept', async () => {
    const manual = await newRate(t.api, { date: '2026-11-19', currency: 'USD', rate: 1.1 });
    const reply = await t.api.post(`${PATH}/import`);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body).toMatchObject({
      source: 'ecb',
      days: 3,
      dateFrom: '2026-11-18',
      dateTo: '2026-11-20',
      created: 89,
      updated: 0,
      unchanged: 0,
      keptManual: 1,
    });
    expect(reply.body.currencies).toHaveLength(30);
    expect(await rateOf(t.api, 'USD', '2026-11-20')).toMatchObject({ rate: 1.0856, source: 'ecb' });
    expect(await rateOf(t.api, 'JPY', '2026-11-20')).toMatchObject({ rate: 162.53, source: 'ecb' });
    expect((await t.api.get(`${PATH}/${manual.id}`)).body).toEqual(manual);
    const [event] = await allEvents(t.api, { type: 'exchangeRate.imported' });
    expect(event).toMatchObject({ type: 'exchangeRate.imported', data: { created: 89 } });
    // The other account is untouched by this account's import.
    expect((await t.otherApi.get(PATH)).body.totalItems).toBe(0);
  });

  it('is idempotent: the same file again changes nothing; a correction by the source updates the imported rate', async () => {
    expect((await t.api.post(`${PATH}/import`)).body).toMatchObject({ created: 0, updated: 0, unchanged: 89, keptManual: 1 });
    answer = { body: ECB_FILE.replace("currency='USD' rate='1.0856'", "currency='USD' rate='1.0857'") };
    try {
      expect((await t.api.post(`${PATH}/import`)).body).toMatchObject({ created: 0, updated: 1, unchanged: 88 });
      expect(await rateOf(t.api, 'USD', '2026-11-20')).toMatchObject({ rate: 1.0857, source: 'ecb' });
    } finally {
      answer = { body: ECB_FILE };
    }
  });

  it('an account in GBP gets cross rates through the euro, 10 significant digits', async () => {
    expect((await t.otherApi.put('/v2/account', { currency: 'GBP' })).status).toBe(200);
    const reply = await t.otherApi.post(`${PATH}/import`);
    expect(reply.body).toMatchObject({ days: 3, created: 90 });
    expect(reply.body.currencies).toContain('EUR');
    expect(reply.body.currencies).not.toContain('GBP');
    // 1 GBP = 1 / 0.84623 EUR = 1.0856 / 0.84623 USD.
    expect(await rateOf(t.otherApi, 'EUR', '2026-11-20')).toMatchObject({ rate: 1.181711828, source: 'ecb' });
    expect(await rateOf(t.otherApi, 'USD', '2026-11-20')).toMatchObject({ rate: 1.28286636 });
    expect(await rateOf(t.otherApi, 'JPY', '2026-11-20')).toMatchObject({ rate: 192.0636234 });
  });

  it('answers 409 state_conflict with a clear body when the source answers garbage, an error, or no day; nothing is stored', async () => {
    const before = (await t.api.get(PATH)).body.totalItems;
    for (const [body, status, reason] of [
      ['<html><body>Maintenance</body></html>', 200, 'not the ECB format'],
      ['not xml at all <<<', 200, ''],
      ['', 503, 'HTTP 503'],
      [ECB_FILE.replace("rate='162.53'", "rate='abc'"), 200, 'bad rate'],
      [ECB_FILE.replace("time='2026-11-20'", "time='yesterday'"), 200, 'valid time'],
    ] as const) {
      answer = { status, body };
      const error = expectError(await t.api.post(`${PATH}/import`), 409, 'state_conflict');
      expect(error.message).toContain('The exchange rate source (');
      expect(error.message).not.toContain('EXCHANGE_RATES_URL');
      expect(error.message).toContain(reason);
    }
    answer = { body: ECB_FILE };
    expect((await t.api.get(PATH)).body.totalItems).toBe(before);
  });

  it('finance may import, manager may not (403)', async () => {
    expect((await roles.finance.post(`${PATH}/import`)).status).toBe(200);
    expectError(await roles.manager.post(`${PATH}/import`), 403, 'forbidden');
  });

  it('answers 409 when EXCHANGE_RATES_URL is not set', async () => {
    const bare = await createTestApp();
    try {
      const error = expectError(await bare.api.post(`${PATH}/import`), 409, 'state_conflict');
      expect(error.message).toBe('Exchange rates cannot be imported: the operator of this installation has not configured a source of exchange rates');
    } finally {
      await bare.close();
    }
  });
});

describe('the daily import (every account, as the server runs it)', () => {
  it('stores the file in every account, twice at once without doubles', async () => {
    const hits = source.hits();
    await Promise.all([importForAllAccounts(t.database, source.url, silent), importForAllAccounts(t.database, source.url, silent)]);
    expect(source.hits()).toBe(hits + 2);
    const rows = await t.database.db.selectFrom('exchange_rates').select(['account_id', 'currency', 'date']).execute();
    expect(new Set(rows.map((row) => `${row.account_id} ${row.currency} ${row.date}`)).size).toBe(rows.length);
    expect((await t.otherApi.get(PATH, { source: 'ecb' })).body.totalItems).toBe(90);
  });

  it('a failing source is logged and changes nothing', async () => {
    answer = { status: 500, body: 'oops' };
    const warnings: string[] = [];
    try {
      expect(await importForAllAccounts(t.database, source.url, { ...silent, warn: (_object, message) => warnings.push(message) })).toBe(0);
    } finally {
      answer = { body: ECB_FILE };
    }
    expect(warnings).toHaveLength(1);
  });
});

describe('startRateImports (the server at start)', () => {
  it('imports at once when EXCHANGE_RATES_URL is set; stop() waits for the run; nothing without it', async () => {
    const hits = source.hits();
    const running = startRateImports(t.database, source.url, silent);
    await running.stop();
    expect(source.hits()).toBe(hits + 1);
    await startRateImports(t.database, undefined, silent).stop();
    expect(source.hits()).toBe(hits + 1);
  });
});
