import { describe, expect, it } from 'vitest';
import { insertApiKey } from '../../../src/modules/accounts/provisioning.js';
import { expectError, MISSING_ID, type TestContext } from '../../helper.js';
import { eventsOf, worldPerFile, type World } from './fixture.js';

/** POST {base}/copy (docs/prices.md#copying-a-grid): another grid copied into a family. */
let t: TestContext;
let w: World;
worldPerFile((app, world) => ([t, w] = [app, world]));

const ACCOUNT_CLIENT = '/v2/account/prices/clients';
const clientPrices = (id: string) => `/v2/clients/${id}/prices`;
const supplierServices = (id: string) => `/v2/suppliers/${id}/services`;

async function price(path: string, body: Record<string, unknown>) {
  const reply = await t.api.post(path, { currency: 'EUR', service: w.service.Translation, quantityType: w.unit.Words, ...body }, { json: true });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body;
}

describe('POST {base}/copy', () => {
  it('copies the account’s default client prices into a client’s prices, entries and all; skips what the client has', async () => {
    const words = await price(ACCOUNT_CLIENT, {
      matchesType: 'percentage',
      unitCost: 0.12,
      languagePair: w.pair.enFr,
      matches: [
        { match: w.match['Context match'], percentage: 0 },
        { match: w.match['100%'], percentage: 0.3 },
      ],
    });
    const pages = await price(ACCOUNT_CLIENT, { matchesType: 'fixed', unitCost: 8, quantityType: w.unit.Pages, domain: w.domain.legal });
    const usd = await price(ACCOUNT_CLIENT, { matchesType: 'fixed', unitCost: 0.15, currency: 'USD' });
    // Acme already has the per-word EUR price for en>fr: that one is skipped.
    const own = await price(clientPrices(w.client.acme), { matchesType: 'fixed', unitCost: 0.2, languagePair: w.pair.enFr });

    const reply = await t.api.post(`${clientPrices(w.client.acme)}/copy`, { source: 'clientDefaults', currency: 'EUR' });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.skipped).toEqual([{ id: words.id, code: 'resource_exists', message: expect.stringContaining('already exists') }]);
    expect(reply.body.created).toHaveLength(1);
    const copied = reply.body.created[0];
    expect(copied).toMatchObject({ unitCost: 8, matchesType: 'fixed', quantityType: { id: w.unit.Pages }, domain: { id: w.domain.legal }, matches: [] });
    expect(copied.id).not.toBe(pages.id);
    expect(await eventsOf(t, 'price.created')).toContainEqual(copied);
    const list = (await t.api.get(clientPrices(w.client.acme))).body.map((p: { id: string }) => p.id);
    expect(list).toEqual([own.id, copied.id]);
    expect(list).not.toContain(usd.id);

    // Into Beta, which has none: all three, with their entries at the same rates.
    const beta = await t.api.post(`${clientPrices(w.client.beta)}/copy`, { source: 'clientDefaults' });
    expect(beta.body.skipped).toEqual([]);
    expect(beta.body.created.map((p: { unitCost: number }) => p.unitCost)).toEqual([0.12, 8, 0.15]);
    expect(beta.body.created[0].matches).toEqual(words.matches);
    expect(beta.body.created[0].languagePair.id).toBe(w.pair.enFr);
  });

  it('copies one supplier’s services into another’s, and a supplier’s services into the default supplier prices (client restriction kept)', async () => {
    const anna = await price(supplierServices(w.supplier.anna), {
      matchesType: 'fixed',
      unitCost: 0.08,
      client: w.client.acme,
      hasPrice: false,
      matches: [{ match: w.match.Repetitions, unitCost: 0.01 }],
    });
    const toBob = await t.api.post(`${supplierServices(w.supplier.bob)}/copy`, { source: 'supplier', sourceId: w.supplier.anna });
    expect(toBob.status).toBe(200);
    expect(toBob.body.created).toEqual([
      expect.objectContaining({ client: { id: w.client.acme, name: 'Acme' }, hasPrice: false, unitCost: 0.08, matches: anna.matches }),
    ]);
    const toDefaults = await t.api.post('/v2/account/prices/suppliers/copy', { source: 'supplier', sourceId: w.supplier.anna });
    expect(toDefaults.body.created[0]).toMatchObject({ client: { id: w.client.acme }, unitCost: 0.08 });
    expect(toDefaults.body.created[0]).not.toHaveProperty('hasPrice');
    // A client's prices take no client restriction: copied without it.
    const toClient = await t.api.post(`${clientPrices(w.client.beta)}/copy`, { source: 'supplier', sourceId: w.supplier.anna, currency: 'EUR' });
    expect(toClient.body.created[0]).not.toHaveProperty('client');
    // And a client's grid into the account's client defaults (the fourth family).
    const toClientDefaults = await t.api.post('/v2/account/prices/clients/copy', { source: 'client', sourceId: w.client.beta });
    expect(toClientDefaults.status, JSON.stringify(toClientDefaults.body)).toBe(200);
    expect(toClientDefaults.body.created[0]).toMatchObject({ unitCost: 0.08 });
  });

  it('skips a price that names a disabled record, copying the rest', async () => {
    const unit = (await t.api.post('/v2/account/quantity-types', { name: 'Copy lines' })).body.id;
    const off = await price(supplierServices(w.supplier.bob), { matchesType: 'fixed', unitCost: 1, quantityType: unit });
    await t.api.put(`/v2/account/quantity-types/${unit}`, { disabled: true });
    const reply = await t.api.post(`${clientPrices(w.client.acme)}/copy`, { source: 'supplier', sourceId: w.supplier.bob });
    expect(reply.status).toBe(200);
    expect(reply.body.skipped).toContainEqual({ id: off.id, code: 'parameter_invalid', message: expect.stringContaining('disabled') });
  });

  it('validates the source', async () => {
    const url = `${clientPrices(w.client.acme)}/copy`;
    expect(expectError(await t.api.post(url, {}), 400, 'parameter_missing').details?.[0]?.param).toBe('source');
    expect(expectError(await t.api.post(url, { source: 'everything' }), 400, 'parameter_invalid').details?.[0]?.param).toBe('source');
    expect(expectError(await t.api.post(url, { source: 'client' }), 400, 'parameter_missing').details?.[0]?.param).toBe('sourceId');
    expect(expectError(await t.api.post(url, { source: 'clientDefaults', sourceId: w.client.beta }), 400, 'parameter_invalid').details?.[0]?.param).toBe(
      'sourceId',
    );
    expect(expectError(await t.api.post(url, { source: 'client', sourceId: w.client.acme }), 400, 'parameter_invalid').details?.[0]?.param).toBe('source');
    expect(expectError(await t.api.post(url, { source: 'client', sourceId: MISSING_ID }), 400, 'parameter_invalid').details?.[0]?.param).toBe('sourceId');
    expect(expectError(await t.api.post(url, { source: 'client', sourceId: 'nope' }), 400, 'parameter_invalid').details?.[0]?.param).toBe('sourceId');
    expect(expectError(await t.api.post(url, { source: 'clientDefaults', currency: 'XXXX' }), 400, 'parameter_invalid').details?.[0]?.param).toBe('currency');
    expectError(await t.api.post(url, { source: 'clientDefaults', extra: 1 }), 400, 'parameter_unknown');
    expectError(await t.api.post('/v2/account/prices/clients/copy', { source: 'clientDefaults' }), 400, 'parameter_invalid');
  });

  it('keeps to the account: another account’s owner is 404 and its party is not a source', async () => {
    expectError(await t.api.post(`${clientPrices(w.other.client)}/copy`, { source: 'clientDefaults' }), 404, 'resource_missing');
    expectError(await t.api.post(`${clientPrices(MISSING_ID)}/copy`, { source: 'clientDefaults' }), 404, 'resource_missing');
    expect(
      expectError(await t.api.post(`${clientPrices(w.client.acme)}/copy`, { source: 'client', sourceId: w.other.client }), 400, 'parameter_invalid')
        .details?.[0]?.param,
    ).toBe('sourceId');
    const other = await t.otherApi.post('/v2/account/prices/suppliers/copy', { source: 'clientDefaults' });
    expect(other.status).toBe(200);
    expect(other.body.created).toEqual([]);
  });

  it('is a write: refused to a read-only key and to the viewer and finance roles (403)', async () => {
    const url = `${clientPrices(w.client.acme)}/copy`;
    expectError(await t.api.withKey(t.account.readKey).post(url, { source: 'clientDefaults' }), 403, 'forbidden');
    for (const role of ['viewer', 'finance']) {
      const user = (await t.api.post('/v2/users', { name: `Copy ${role}`, role })).body.id;
      const { apiKey } = await insertApiKey(t.database.db, t.account.accountId, user, {});
      expectError(await t.api.withKey(apiKey).post(url, { source: 'clientDefaults' }), 403, 'forbidden');
    }
    const manager = (await t.api.post('/v2/users', { name: 'Copy manager', role: 'manager' })).body.id;
    const { apiKey } = await insertApiKey(t.database.db, t.account.accountId, manager, {});
    expect((await t.api.withKey(apiKey).post(`${clientPrices(w.client.beta)}/copy`, { source: 'supplier', sourceId: w.supplier.anna })).status).toBe(200);
  });
});
