import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, type TestContext } from '../../helper.js';
import { keyOfRole, sendCsv } from './fixture.js';

let t: TestContext;
let service: string;
let unit: string;
beforeAll(async () => {
  t = await createTestApp();
  service = (await t.api.post('/v2/account/services', { name: 'Import Translation' })).body.id;
  unit = (await t.api.post('/v2/account/quantity-types', { name: 'Import Words' })).body.id;
  await t.api.post('/v2/account/matches', { name: '101%' });
  await t.api.post('/v2/account/matches', { name: '100%' });
  await t.api.post('/v2/account/matches', { name: '75-84%' });
  await t.api.post('/v2/account/domains', { name: 'Legal' });
  await t.api.post('/v2/account/language-pairs', { source: 'en', target: 'fr' });
  await t.api.post('/v2/account/language-pairs', { source: 'de', target: 'en', bidirectional: true });
});
afterAll(async () => {
  await t.close();
});

const HEADER = 'side,owner,service,unit,languagePair,domain,currency,unitCost,matchesType,match:101%,match:100%,match:75-84%';

describe('POST /v2/imports/prices', () => {
  it('imports default, client and supplier prices with match columns, and updates a price of the same identity', async () => {
    const client = (await t.api.post('/v2/clients', { name: 'Price Client' })).body;
    const supplier = (await t.api.post('/v2/suppliers', { name: 'Price Supplier' })).body;
    const existing = (
      await t.api.post(`/v2/clients/${client.id}/prices`, {
        currency: 'EUR',
        matchesType: 'percentage',
        quantityType: unit,
        service,
        unitCost: 0.1,
        languagePair: undefined,
      })
    ).body;
    const csv = [
      HEADER,
      'client,account,Import Translation,Import Words,en>fr,Legal,EUR,0.12,percentage,0,25%,0.6',
      'supplier,account,import translation,import words,en>de,,EUR,0.08,fixed,0,0.02,',
      'client,Price Client,Import Translation,Import Words,,,EUR,0.15,,,30%,',
      `supplier,${supplier.id},Import Translation,Import Words,de>en,,GBP,0.07,fixed,,0.01,`,
    ].join('\r\n');
    const dry = await sendCsv(t, 'prices', csv, { dryRun: true });
    expect(dry.status).toBe(200);
    expect(dry.body.rows.map((r: { action: string }) => r.action)).toEqual(['create', 'create', 'update', 'create']);
    expect(dry.body.rows[2].id).toBe(existing.id);
    expect((await t.api.get('/v2/account/prices/clients')).body.totalItems).toBe(0);

    const real = await sendCsv(t, 'prices', csv);
    expect(real.status).toBe(200);
    const [defaultClient] = (await t.api.get('/v2/account/prices/clients')).body.items;
    expect(defaultClient).toMatchObject({
      unitCost: 0.12,
      matchesType: 'percentage',
      domain: { name: 'Legal' },
      languagePair: { source: { code: 'en' }, target: { code: 'fr' } },
    });
    expect(defaultClient.matches.map((m: { name: string; percentage: number }) => [m.name, m.percentage])).toEqual([
      ['101%', 0],
      ['100%', 0.25],
      ['75-84%', 0.6],
    ]);
    const clientPrices = (await t.api.get(`/v2/clients/${client.id}/prices`)).body;
    expect(clientPrices).toHaveLength(1);
    expect(clientPrices[0]).toMatchObject({ id: existing.id, unitCost: 0.15, matches: [{ name: '100%', percentage: 0.3 }] });
    const services = (await t.api.get(`/v2/suppliers/${supplier.id}/services`)).body;
    // de>en is bidirectional: en>de (row 2) names it too.
    expect(services[0]).toMatchObject({ currency: { code: 'GBP' }, matchesType: 'fixed', matches: [{ name: '100%', unitCost: 0.01 }] });
    const events = (await t.api.get('/v2/events', { pageSize: 30 })).body.items.map((e: { type: string }) => e.type);
    expect(events).toEqual(expect.arrayContaining(['price.created', 'price.updated']));
  });

  it('reports unknown names, pairs, match categories and values per row and column', async () => {
    const csv = [
      HEADER.replace('match:75-84%', 'match:50%'),
      'client,account,Nope,Import Words,,,EUR,1,,,,',
      'client,account,Import Translation,Import Words,xx>yy,,EUR,1,,,,',
      'client,account,Import Translation,Import Words,,,EUR,1,,,,5%',
      'client,account,Import Translation,Import Words,,,USD,1,fixed,,20%,',
      'middle,account,Import Translation,Import Words,,,EUR,1,,,,',
      'client,account,Import Translation,Import Words,,,CHF,abc,,,,',
    ].join('\n');
    const reply = await sendCsv(t, 'prices', csv, { dryRun: true });
    expect(reply.status).toBe(200);
    expect(reply.body.errors.map((e: { row: number; column: string }) => [e.row, e.column])).toEqual([
      [1, 'service'],
      [2, 'languagePair'],
      [3, 'match:50%'],
      [4, 'match:100%'],
      [5, 'side'],
      [6, 'unitCost'],
    ]);
  });

  it('refuses a second row of the same price identity', async () => {
    const csv = `${HEADER}\nclient,account,Import Translation,Import Words,,,JPY,1,,,,\nclient,account,import translation,import words,,,jpy,2,,,,\n`;
    const reply = await sendCsv(t, 'prices', csv, { dryRun: true });
    expect(reply.body.errors).toEqual([{ row: 2, column: null, message: 'names the same price as row 1' }]);
  });

  it('keeps to its account: another account’s client as owner is an error, not a write', async () => {
    const foreign = (await t.otherApi.post('/v2/clients', { name: 'Foreign Price Owner' })).body;
    const reply = await sendCsv(t, 'prices', `side,owner,service,unit,currency,unitCost\nclient,${foreign.id},Import Translation,Import Words,EUR,1\n`);
    expectError(reply, 400, 'parameter_invalid');
    expect(reply.body.errors).toEqual([{ row: 1, column: 'owner', message: expect.stringContaining('no client') }]);
    expect((await t.otherApi.get(`/v2/clients/${foreign.id}/prices`)).body).toEqual([]);
  });

  it('names missing required columns', async () => {
    const reply = await sendCsv(t, 'prices', 'side,owner,service\nclient,account,X\n');
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe('parameter_missing');
    expect(reply.body.details.map((d: { param: string }) => d.param)).toEqual(['unit', 'currency', 'unitCost']);
  });

  it('refuses viewers (403)', async () => {
    expect((await sendCsv(t, 'prices', `${HEADER}\n`, { apiKey: await keyOfRole(t, 'viewer') })).status).toBe(403);
  });
});
