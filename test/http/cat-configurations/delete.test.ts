import { describe, expect, it } from 'vitest';
import { expectError, type TestContext } from '../../helper.js';
import { BASE, catConfigurationsFixture, catConfigurationsPerFile, type CatWorld } from './fixture.js';

/** DELETE /v2/account/cat-configurations/:id (docs/cat-configurations.md), and the references a configuration holds. */
let t: TestContext;
let w: CatWorld;
catConfigurationsPerFile((app, world) => ([t, w] = [app, world]));
const { create, add, events } = catConfigurationsFixture(() => ({ t, w }));

describe('DELETE /v2/account/cat-configurations/:id', () => {
  it('deletes (204, event) and 409 while a client or supplier has it as catConfiguration', async () => {
    const config = await create({ name: 'Default of a client' });
    await add(config.id, w.match['100%']!, 'exact');
    const now = new Date().toISOString();
    const party = {
      account_id: t.account.accountId,
      name: 'P',
      name_key: 'p',
      search_text: 'p',
      archived: 0,
      pinned: 0,
      address: '{}',
      email: '',
      phone: '',
      vat_number: '',
      national_identification_number: '',
      details: '',
      currency: 'EUR',
      cat_configuration_id: config.id,
      created_at: now,
      updated_at: now,
    };
    await t.database.db
      .insertInto('clients')
      .values({ ...party, id: 'c00000000000000000000001', website: '', document_match_display: 'none', show_exchange_rate_on_invoice: 0 })
      .execute();
    expectError(await t.api.delete(`${BASE}/${config.id}`), 409, 'resource_in_use');
    await t.database.db.updateTable('clients').set({ cat_configuration_id: null }).where('id', '=', 'c00000000000000000000001').execute();
    await t.database.db
      .insertInto('suppliers')
      .values({ ...party, id: 'c00000000000000000000002', supplier_type: 'freelance', mobile_phone: '', nickname: '' })
      .execute();
    expectError(await t.api.delete(`${BASE}/${config.id}`), 409, 'resource_in_use');
    await t.database.db.updateTable('suppliers').set({ cat_configuration_id: null }).where('id', '=', 'c00000000000000000000002').execute();
    const last = (await t.api.get(`${BASE}/${config.id}`)).body;
    const reply = await t.api.delete(`${BASE}/${config.id}`);
    expect(reply.status).toBe(204);
    expect(reply.raw.body).toBe('');
    expectError(await t.api.get(`${BASE}/${config.id}`), 404, 'resource_missing');
    expect(await events('catConfiguration.deleted')).toContainEqual(last);
    const rows = await t.database.db.selectFrom('cat_configuration_mappings').select('configuration_id').where('configuration_id', '=', config.id).execute();
    expect(rows).toEqual([]);
  });

  it('makes a unit or match category in use undeletable (409) until the configuration goes', async () => {
    const pages = (await t.api.post('/v2/account/quantity-types', { name: 'Half pages' })).body.id;
    const category = (await t.api.post('/v2/account/matches', { name: 'Locked segments' })).body.id;
    const config = await create({ destinationQuantityType: pages });
    await add(config.id, category, 'locked');
    expectError(await t.api.delete(`/v2/account/quantity-types/${pages}`), 409, 'resource_in_use');
    expectError(await t.api.delete(`/v2/account/matches/${category}`), 409, 'resource_in_use');
    expect((await t.api.delete(`${BASE}/${config.id}`)).status).toBe(204);
    expect((await t.api.delete(`/v2/account/quantity-types/${pages}`)).status).toBe(204);
    expect((await t.api.delete(`/v2/account/matches/${category}`)).status).toBe(204);
  });
});
