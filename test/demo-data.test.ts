import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helper.js';
import { createDemoData, DEMO_DATA_REQUESTS } from '../src/modules/demo/demo-data.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('transdesk demo-data', () => {
  it('fills an account through the API, leaves no key behind, and refuses a second run', async () => {
    const keysBefore = await t.database.db.selectFrom('api_keys').select('id').execute();
    const reports: Array<[number, number]> = [];
    const summary = await createDemoData(t.database, t.account.accountId, { onProgress: (done, total) => reports.push([done, total]) });
    expect(summary).toMatch(/^Demo data added/);
    const clients = (await t.api.get('/v2/clients', { sort: 'name', direction: 'asc' })).body;
    expect(clients.items.map((c: { name: string }) => c.name)).toEqual(['Acme Pharma NV', 'Globex Legal LLP', 'Initech Software GmbH']);
    const acme = clients.items[0];
    expect(acme.contacts).toHaveLength(2);
    expect(acme.catConfiguration).toMatchObject({ name: 'Trados Studio — words' });
    expect(acme.tax1).toMatchObject({ name: 'VAT 21%' });
    expect((await t.api.get('/v2/suppliers')).body.totalItems).toBe(3);
    const prices = (await t.api.get('/v2/account/prices/clients')).body;
    expect(prices.totalItems).toBe(4);
    const perWord = prices.items.find((p: { unitCost: number; currency: { code: string } }) => p.unitCost === 0.12);
    expect(perWord.matches.map((m: { unitCost: number }) => m.unitCost)).toEqual([0, 0.012, 0.036, 0.06, 0.084, 0.12, 0.12, 0.12]);
    // The other account sees none of it.
    expect((await t.otherApi.get('/v2/clients')).body.totalItems).toBe(0);
    const keysAfter = await t.database.db.selectFrom('api_keys').select('id').execute();
    expect(keysAfter).toHaveLength(keysBefore.length);
    // Its changes are the system's: no event names the key that is gone.
    const events = (await t.api.get('/v2/events', { pageSize: 100, type: ['client.created'] })).body.items;
    expect(events).toHaveLength(3);
    for (const event of events) expect(event.actor).toEqual({ type: 'system', user: null, apiKeyId: null, portalPersonId: null });
    // Progress: one report per request, counting up to the announced total exactly.
    expect(reports).toEqual(Array.from({ length: DEMO_DATA_REQUESTS }, (_, index) => [index + 1, DEMO_DATA_REQUESTS]));
    const domains = (await t.api.get('/v2/account/domains')).body.map((d: { name: string }) => d.name);
    expect(domains).toEqual(expect.arrayContaining(['Legal', 'Medical', 'Marketing', 'IT & software']));
    const marie = (await t.api.get('/v2/suppliers', { sort: 'name', direction: 'asc' })).body.items.find((s: { name: string }) => s.name === 'Marie Dubois');
    expect(marie.languagePairs.map((p: { source: { code: string }; target: { code: string } }) => `${p.source.code}>${p.target.code}`)).toEqual(['en>fr']);
    await expect(createDemoData(t.database, t.account.accountId)).rejects.toThrow(/already has the demo data/);
    await expect(createDemoData(t.database, 'ffffffffffffffffffffffff')).rejects.toThrow(/no account/);
  });
});
