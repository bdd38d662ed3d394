import { describe, expect, it } from 'vitest';
import { expectError, type TestContext } from '../../helper.js';
import { FAMILIES, insertParty, worldPerFile, type World } from './fixture.js';

let t: TestContext;
let w: World;
worldPerFile((app, world) => ([t, w] = [app, world]));

const [supplierDefaults, clientDefaults, supplierServices, clientPrices] = FAMILIES as [
  (typeof FAMILIES)[0],
  (typeof FAMILIES)[0],
  (typeof FAMILIES)[0],
  (typeof FAMILIES)[0],
];
const priceCount = async (where: { owner_client_id?: string; owner_supplier_id?: string }) => {
  let query = t.database.db.selectFrom('prices').select('id');
  if (where.owner_client_id) query = query.where('owner_client_id', '=', where.owner_client_id);
  if (where.owner_supplier_id) query = query.where('owner_supplier_id', '=', where.owner_supplier_id);
  return (await query.execute()).length;
};

/** Deletes a client or supplier through the API when its module is registered, otherwise directly. */
async function deleteParty(table: 'clients' | 'suppliers', id: string): Promise<{ status: number; code?: string }> {
  const reply = await t.api.delete(`/v2/${table}/${id}`);
  if (reply.status !== 404 || reply.body?.code !== 'route_missing') return { status: reply.status, code: reply.body?.code };
  try {
    await t.database.db.deleteFrom(table).where('id', '=', id).execute();
    return { status: 204 };
  } catch {
    return { status: 409, code: 'resource_in_use' };
  }
}

describe('references held by prices (docs/master-data.md#deletion)', () => {
  it('refuses to delete a unit, service, domain, language pair or match category still used by a price (409), then allows it', async () => {
    const unit = (await t.api.post('/v2/account/quantity-types', { name: 'Minutes' })).body.id;
    const service = (await t.api.post('/v2/account/services', { name: 'Transcreation' })).body.id;
    const domain = (await t.api.post('/v2/account/domains', { name: 'Finance' })).body.id;
    const pair = (await t.api.post('/v2/account/language-pairs', { source: 'it', target: 'es' })).body.id;
    const match = (await t.api.post('/v2/account/matches', { name: 'Fuzzy' })).body.id;
    const base = clientDefaults.base();
    const price = (await t.api.post(base, { currency: 'EUR', matchesType: 'fixed', quantityType: unit, service, unitCost: 1, domain, languagePair: pair }))
      .body;
    await t.api.post(`${base}/${price.id}/match`, { match, unitCost: 0.5 });
    const paths = [
      `/v2/account/quantity-types/${unit}`,
      `/v2/account/services/${service}`,
      `/v2/account/domains/${domain}`,
      `/v2/account/language-pairs/${pair}`,
      `/v2/account/matches/${match}`,
    ];
    for (const path of paths) expectError(await t.api.delete(path), 409, 'resource_in_use');
    // removing the match entry frees the category; deleting the price frees the rest
    await t.api.delete(`${base}/${price.id}/matches/${match}`);
    expect((await t.api.delete(`/v2/account/matches/${match}`)).status).toBe(204);
    await t.api.delete(`${base}/${price.id}`);
    for (const path of paths.slice(0, 4)) expect((await t.api.delete(path)).status).toBe(204);
  });

  it('keeps a reference that was disabled after it was set, and refuses it as a new one', async () => {
    const service = (await t.api.post('/v2/account/services', { name: 'Voice-over' })).body.id;
    const base = clientDefaults.base();
    const price = (await t.api.post(base, { currency: 'EUR', matchesType: 'fixed', quantityType: w.unit.Words, service, unitCost: 1 })).body;
    await t.api.put(`/v2/account/services/${service}`, { disabled: true });
    expect((await t.api.put(`${base}/${price.id}`, { unitCost: 2 })).status).toBe(200);
    expect((await t.api.put(`${base}/${price.id}`, { unitCost: 3, service })).status).toBe(200);
    expectError(await t.api.post(base, { currency: 'USD', matchesType: 'fixed', quantityType: w.unit.Words, service, unitCost: 1 }), 400, 'parameter_invalid');
  });

  it('removes the prices of a client that is deleted (its parts), and refuses while a price is restricted to it', async () => {
    const client = await insertParty(t, 'clients', t.account.accountId, 'Leaving client');
    const base = clientPrices.base(client);
    const price = (await t.api.post(base, { currency: 'EUR', matchesType: 'fixed', quantityType: w.unit.Words, service: w.service.Translation, unitCost: 1 }))
      .body;
    await t.api.post(`${base}/${price.id}/match`, { match: w.match['100%'], unitCost: 0.3 });
    expect(await priceCount({ owner_client_id: client })).toBe(1);

    const restricted = (
      await t.api.post(supplierDefaults.base(), {
        currency: 'EUR',
        matchesType: 'fixed',
        quantityType: w.unit.Words,
        service: w.service.Translation,
        unitCost: 1,
        client,
      })
    ).body;
    expect(await deleteParty('clients', client)).toEqual({ status: 409, code: 'resource_in_use' });
    await t.api.delete(`${supplierDefaults.base()}/${restricted.id}`);

    expect((await deleteParty('clients', client)).status).toBe(204);
    expect(await priceCount({ owner_client_id: client })).toBe(0);
    const entries = await t.database.db.selectFrom('price_matches').select('price_id').where('price_id', '=', price.id).execute();
    expect(entries).toEqual([]);
  });

  it('removes the services of a supplier that is deleted', async () => {
    const supplier = await insertParty(t, 'suppliers', t.account.accountId, 'Leaving supplier');
    const base = supplierServices.base(supplier);
    await t.api.post(base, {
      currency: 'EUR',
      matchesType: 'fixed',
      quantityType: w.unit.Words,
      service: w.service.Translation,
      unitCost: 1,
      client: w.client.acme,
    });
    expect(await priceCount({ owner_supplier_id: supplier })).toBe(1);
    expect((await deleteParty('suppliers', supplier)).status).toBe(204);
    expect(await priceCount({ owner_supplier_id: supplier })).toBe(0);
    // the client the service was restricted to is untouched
    expect((await t.database.db.selectFrom('clients').select('id').where('id', '=', w.client.acme).execute()).length).toBe(1);
  });
});
