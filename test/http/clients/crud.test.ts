import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MISSING_ID, createTestApp, expectError, type TestContext } from '../../helper.js';
import { DATE, ID, partiesFixture, sleep } from './parties-fixture.js';

/** Clients: create, retrieve, update, delete and labels (the listing is in clients/list.test.ts). */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const { freshApi, events, newClient } = partiesFixture(() => t);

describe('POST /v2/clients', () => {
  it('creates a client with every default (docs/clients-suppliers.md#client-object) and answers 201 with the full object', async () => {
    const reply = await t.api.post('/v2/clients', { name: '  Acme Translations  ' });
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual({
      id: ID,
      object: 'client',
      name: 'Acme Translations',
      archived: false,
      pinned: false,
      address: { name: '', street: '', city: '', postalCode: '', state: '', country: null },
      email: '',
      phone: '',
      website: '',
      vatNumber: '',
      nationalIdentificationNumber: '',
      details: '',
      currency: { code: 'EUR', symbol: '€' },
      minimumFee: null,
      tax1: null,
      tax2: null,
      catConfiguration: null,
      documentLanguage: null,
      documentMatchDisplay: 'none',
      showExchangeRateOnInvoice: false,
      labels: [],
      contacts: [],
      files: [],
      notes: [],
      createdAt: DATE,
      updatedAt: DATE,
    });
    expect(reply.body.createdAt).toBe(reply.body.updatedAt);
    expect((await t.api.get(`/v2/clients/${reply.body.id}`)).body).toEqual(reply.body);
  });

  it('takes every field from a form body with bracket notation', async () => {
    const tax = (await t.api.post('/v2/account/taxes', { name: 'VAT form', value: 0.21 })).body;
    const reply = await t.api.post('/v2/clients', {
      name: 'Form Client',
      archived: 'true',
      pinned: '1',
      address: { name: 'Form Client SA', street: 'Rue Haute 1', city: 'Bruxelles', postalCode: '1000', state: 'BXL', country: 'be' },
      email: 'billing@form.example',
      phone: '+32 2 000 00 00',
      website: 'https://form.example',
      vatNumber: 'BE0123456789',
      nationalIdentificationNumber: 'NIN-1',
      details: 'Pays at 30 days',
      currency: 'USD',
      minimumFee: '150.50',
      tax1: tax.id,
      tax2: '',
      catConfiguration: '',
    });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({
      name: 'Form Client',
      archived: true,
      pinned: true,
      address: { name: 'Form Client SA', street: 'Rue Haute 1', city: 'Bruxelles', postalCode: '1000', state: 'BXL', country: 'BE' },
      email: 'billing@form.example',
      phone: '+32 2 000 00 00',
      website: 'https://form.example',
      vatNumber: 'BE0123456789',
      nationalIdentificationNumber: 'NIN-1',
      details: 'Pays at 30 days',
      currency: { code: 'USD', symbol: '$' },
      minimumFee: 150.5,
      tax1: { id: tax.id, name: 'VAT form' },
      tax2: null,
      catConfiguration: null,
    });
  });

  it('takes a JSON body with native types and rejects strings for booleans and numbers there', async () => {
    const reply = await t.api.post(
      '/v2/clients',
      { name: 'JSON Client', pinned: true, minimumFee: 99.99, address: { country: 'NL' }, currency: 'JPY' },
      { json: true },
    );
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ pinned: true, minimumFee: 99.99, address: { country: 'NL' }, currency: { code: 'JPY', symbol: '¥' } });
    expectError(await t.api.post('/v2/clients', { name: 'X', pinned: 'true' }, { json: true }), 400, 'parameter_invalid');
    expectError(await t.api.post('/v2/clients', { name: 'X', minimumFee: '10' }, { json: true }), 400, 'parameter_invalid');
  });

  it('defaults the currency to the account currency', async () => {
    const api = await freshApi('Dollar agency');
    const account = (await api.get('/v2/clients')).status;
    expect(account).toBe(200);
    const rows = await t.database.db.selectFrom('accounts').select('id').where('name', '=', 'Dollar agency').execute();
    await t.database.db.updateTable('accounts').set({ currency: 'GBP' }).where('id', '=', rows[0]!.id).execute();
    expect((await newClient({}, api)).currency).toEqual({ code: 'GBP', symbol: '£' });
  });

  it('defaults tax1 and tax2 to the taxes flagged isDefaultTax1 / isDefaultTax2, unless disabled or given', async () => {
    const api = await freshApi('Default taxes');
    const first = (await api.post('/v2/account/taxes', { name: 'VAT 21', value: 0.21 })).body;
    const second = (await api.post('/v2/account/taxes', { name: 'Withholding', value: -0.15 })).body;
    const other = (await api.post('/v2/account/taxes', { name: 'VAT 6', value: 0.06 })).body;
    expect(await newClient({}, api)).toMatchObject({ tax1: null, tax2: null });
    await api.put(`/v2/account/taxes/${first.id}`, { isDefaultTax1: true });
    await api.put(`/v2/account/taxes/${second.id}`, { isDefaultTax2: true });
    expect(await newClient({}, api)).toMatchObject({ tax1: { id: first.id, name: 'VAT 21' }, tax2: { id: second.id, name: 'Withholding' } });
    expect(await newClient({ tax1: other.id, tax2: null }, api)).toMatchObject({ tax1: { id: other.id, name: 'VAT 6' }, tax2: null });
    await api.put(`/v2/account/taxes/${first.id}`, { disabled: true });
    expect(await newClient({}, api)).toMatchObject({ tax1: null, tax2: { id: second.id } });
  });

  it('rejects a missing, empty or too long name, and unknown parameters', async () => {
    const missing = expectError(await t.api.post('/v2/clients', { email: 'a@b.example' }), 400, 'parameter_missing');
    expect(missing.details?.[0]?.param).toBe('name');
    expectError(await t.api.post('/v2/clients', { name: '' }), 400, 'parameter_invalid');
    const blank = expectError(await t.api.post('/v2/clients', { name: '   ' }), 400, 'parameter_invalid');
    expect(blank.details?.[0]?.param).toBe('name');
    expectError(await t.api.post('/v2/clients', { name: 'x'.repeat(256) }), 400, 'parameter_invalid');
    const unknown = expectError(await t.api.post('/v2/clients', { name: 'X', colour: 'red' }), 400, 'parameter_unknown');
    expect(unknown.details?.[0]?.param).toBe('colour');
    const nested = expectError(await t.api.post('/v2/clients', { name: 'X', address: { planet: 'Mars' } }), 400, 'parameter_unknown');
    expect(nested.details?.[0]?.param).toBe('address[planet]');
    for (const field of ['id', 'object', 'labels', 'contacts', 'files', 'notes', 'createdAt']) {
      expectError(await t.api.post('/v2/clients', { name: 'X', [field]: 'x' }), 400, 'parameter_unknown');
    }
  });

  it('validates types and formats: booleans, email, country, currency, minimum fee', async () => {
    const cases: Array<[Record<string, any>, string]> = [
      [{ archived: 'maybe' }, 'archived'],
      [{ pinned: 'yes' }, 'pinned'],
      [{ email: 'not-an-email' }, 'email'],
      [{ email: 'a b@example.com' }, 'email'],
      [{ address: { country: 'XY' } }, 'address[country]'],
      [{ address: { country: 'Belgium' } }, 'address[country]'],
      [{ currency: 'XYZ' }, 'currency'],
      [{ currency: 'eur' }, 'currency'],
      [{ minimumFee: '-1' }, 'minimumFee'],
      [{ minimumFee: 'abc' }, 'minimumFee'],
      [{ phone: 'p'.repeat(256) }, 'phone'],
    ];
    for (const [params, param] of cases) {
      const error = expectError(await t.api.post('/v2/clients', { name: 'Invalid', ...params }), 400, 'parameter_invalid');
      expect(error.details?.map((d) => d.param)).toContain(param);
    }
    // An empty email is "no email".
    expect((await newClient({ email: '' })).email).toBe('');
  });

  it("validates tax references: malformed, unknown, another account's, disabled → 400", async () => {
    const disabled = (await t.api.post('/v2/account/taxes', { name: 'Old VAT', value: 0.19 })).body;
    await t.api.put(`/v2/account/taxes/${disabled.id}`, { disabled: true });
    const foreign = (await t.otherApi.post('/v2/account/taxes', { name: 'Their VAT', value: 0.2 })).body;
    for (const [param, value] of [
      ['tax1', 'nope'],
      ['tax1', MISSING_ID],
      ['tax2', foreign.id],
      ['tax1', disabled.id],
    ] as const) {
      const error = expectError(await t.api.post('/v2/clients', { name: 'Taxed', [param]: value }), 400, 'parameter_invalid');
      expect(error.details?.[0]?.param).toBe(param);
    }
  });

  it('accepts catConfiguration as null, and rejects an unknown configuration id (400)', async () => {
    expect((await newClient({ catConfiguration: null }, t.api)).catConfiguration).toBeNull();
    const error = expectError(await t.api.post('/v2/clients', { name: 'Cat', catConfiguration: MISSING_ID }), 400, 'parameter_invalid');
    expect(error.details?.[0]?.param).toBe('catConfiguration');
  });

  it('refuses writes with a read-only key (403)', async () => {
    const readOnly = t.api.withKey(t.account.readKey);
    expectError(await readOnly.post('/v2/clients', { name: 'Nope' }), 403, 'forbidden');
    expect((await readOnly.get('/v2/clients')).status).toBe(200);
  });

  it('records client.created with the full object', async () => {
    const client = await newClient({ name: 'Evented' });
    const rows = await events('client.created', client.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.account_id).toBe(t.account.accountId);
    expect(rows[0]!.data).toEqual(client);
  });
});

describe('GET /v2/clients/:id', () => {
  it("answers 404 for a missing, malformed or another account's id", async () => {
    const client = await newClient();
    expectError(await t.api.get(`/v2/clients/${MISSING_ID}`), 404, 'resource_missing');
    expectError(await t.api.get('/v2/clients/not-an-id'), 404, 'resource_missing');
    expectError(await t.otherApi.get(`/v2/clients/${client.id}`), 404, 'resource_missing');
    expectError(await t.otherApi.put(`/v2/clients/${client.id}`, { name: 'Mine now' }), 404, 'resource_missing');
    expectError(await t.otherApi.delete(`/v2/clients/${client.id}`), 404, 'resource_missing');
    expect((await t.api.get(`/v2/clients/${client.id}`)).body.name).toBe('Client');
  });
});

describe('PUT /v2/clients/:id', () => {
  it('changes only the given parameters, merges the address, bumps updatedAt and records client.updated', async () => {
    const client = await newClient({ name: 'Before', email: 'a@before.example', address: { street: 'Main 1', city: 'Gent', country: 'BE' } });
    await sleep(5);
    const reply = await t.api.put(`/v2/clients/${client.id}`, { name: 'After', address: { city: 'Antwerpen', country: 'nl' }, website: 'after.example' });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      ...client,
      name: 'After',
      address: { ...client.address, street: 'Main 1', city: 'Antwerpen', country: 'NL' },
      website: 'after.example',
      updatedAt: DATE,
    });
    expect(reply.body.updatedAt > client.updatedAt).toBe(true);
    expect(reply.body.createdAt).toBe(client.createdAt);
    const rows = await events('client.updated', client.id);
    expect(rows.at(-1)!.data).toEqual(reply.body);
  });

  it('clears nullable values with an empty form value or JSON null', async () => {
    const tax = (await t.api.post('/v2/account/taxes', { name: 'VAT clear', value: 0.1 })).body;
    const client = await newClient({ minimumFee: 10, tax1: tax.id, tax2: tax.id, address: { country: 'FR' }, email: 'x@y.example' });
    const cleared = (await t.api.put(`/v2/clients/${client.id}`, { minimumFee: '', tax1: '', address: { country: '' }, email: '' })).body;
    expect(cleared).toMatchObject({ minimumFee: null, tax1: null, tax2: { id: tax.id }, address: { country: null }, email: '' });
    const json = (await t.api.put(`/v2/clients/${client.id}`, { tax2: null, address: { country: null } }, { json: true })).body;
    expect(json).toMatchObject({ tax2: null, address: { country: null } });
  });

  it('keeps a tax that was disabled after it was set, but refuses to newly set a disabled tax', async () => {
    const tax = (await t.api.post('/v2/account/taxes', { name: 'VAT soon disabled', value: 0.12 })).body;
    const client = await newClient({ tax1: tax.id });
    await t.api.put(`/v2/account/taxes/${tax.id}`, { disabled: true });
    expect((await t.api.put(`/v2/clients/${client.id}`, { name: 'Still taxed' })).body.tax1).toEqual({ id: tax.id, name: 'VAT soon disabled' });
    expect((await t.api.put(`/v2/clients/${client.id}`, { tax1: tax.id })).status).toBe(200);
    const error = expectError(await t.api.put(`/v2/clients/${client.id}`, { tax2: tax.id }), 400, 'parameter_invalid');
    expect(error.details?.[0]?.param).toBe('tax2');
  });

  it('validates like create: empty name, bad email, bad country, unknown parameter, foreign tax', async () => {
    const client = await newClient();
    const foreign = (await t.otherApi.post('/v2/account/taxes', { name: 'Foreign PUT', value: 0.2 })).body;
    expectError(await t.api.put(`/v2/clients/${client.id}`, { name: '' }), 400, 'parameter_invalid');
    expectError(await t.api.put(`/v2/clients/${client.id}`, { email: 'bad@' }), 400, 'parameter_invalid');
    expectError(await t.api.put(`/v2/clients/${client.id}`, { address: { country: 'ZZ' } }), 400, 'parameter_invalid');
    expectError(await t.api.put(`/v2/clients/${client.id}`, { nickname: 'x' }), 400, 'parameter_unknown');
    expectError(await t.api.put(`/v2/clients/${client.id}`, { tax1: foreign.id }), 400, 'parameter_invalid');
    expectError(await t.api.put(`/v2/clients/${client.id}`, { currency: 'EURO' }), 400, 'parameter_invalid');
    expectError(await t.api.put(`/v2/clients/${MISSING_ID}`, { name: 'Ghost' }), 404, 'resource_missing');
    expect((await t.api.get(`/v2/clients/${client.id}`)).body).toEqual(client);
  });
});

describe('DELETE /v2/clients/:id', () => {
  it('answers 204, removes the client with its contacts and label attachments, and records client.deleted', async () => {
    const client = await newClient({ name: 'Doomed' });
    const label = (await t.api.post('/v2/account/labels', { name: 'Doomed label', color: '#112233' })).body;
    await t.api.post(`/v2/clients/${client.id}/labels/${label.id}`);
    await t.api.post(`/v2/clients/${client.id}/contacts`, { fullName: 'Doomed contact' });
    const last = (await t.api.get(`/v2/clients/${client.id}`)).body;
    const reply = await t.api.delete(`/v2/clients/${client.id}`);
    expect(reply.status).toBe(204);
    expect(reply.raw.body).toBe('');
    expectError(await t.api.get(`/v2/clients/${client.id}`), 404, 'resource_missing');
    expectError(await t.api.delete(`/v2/clients/${client.id}`), 404, 'resource_missing');
    expect(await t.database.db.selectFrom('contacts').select('id').where('client_id', '=', client.id).execute()).toEqual([]);
    expect(await t.database.db.selectFrom('entity_labels').select('label_id').where('entity_id', '=', client.id).execute()).toEqual([]);
    expect((await events('client.deleted', client.id))[0]!.data).toEqual(last);
    // The label itself stays, and can now be deleted.
    expect((await t.api.delete(`/v2/account/labels/${label.id}`)).status).toBe(204);
  });

  it('answers 409 resource_in_use while a supplier has the client as dedicated client, and keeps everything', async () => {
    const client = await newClient({ name: 'Dedicated' });
    await t.api.post(`/v2/clients/${client.id}/contacts`, { fullName: 'Kept contact' });
    const supplier = (await t.api.post('/v2/suppliers', { name: 'Loyal', dedicatedClients: [client.id] })).body;
    const error = expectError(await t.api.delete(`/v2/clients/${client.id}`), 409, 'resource_in_use');
    expect(error.message).toMatch(/archive/);
    expect((await t.api.get(`/v2/clients/${client.id}`)).body.contacts).toHaveLength(1);
    await t.api.put(`/v2/suppliers/${supplier.id}`, { dedicatedClients: '' });
    expect((await t.api.delete(`/v2/clients/${client.id}`)).status).toBe(204);
  });

  it('makes a tax used by a client impossible to delete (409), possible once unused', async () => {
    const tax = (await t.api.post('/v2/account/taxes', { name: 'VAT in use', value: 0.07 })).body;
    const client = await newClient({ tax2: tax.id });
    expectError(await t.api.delete(`/v2/account/taxes/${tax.id}`), 409, 'resource_in_use');
    await t.api.put(`/v2/clients/${client.id}`, { tax2: null }, { json: true });
    expect((await t.api.delete(`/v2/account/taxes/${tax.id}`)).status).toBe(204);
  });
});

describe('labels on clients (docs/master-data.md)', () => {
  it('attaches and detaches labels, answering the client, bumping updatedAt and recording client.updated', async () => {
    const client = await newClient({ name: 'Labelled' });
    const vip = (await t.api.post('/v2/account/labels', { name: 'VIP client', color: '#ff0000' })).body;
    await sleep(5);
    const attached = await t.api.post(`/v2/clients/${client.id}/labels/${vip.id}`);
    expect(attached.status).toBe(200);
    expect(attached.body.labels).toEqual([{ id: vip.id, name: 'VIP client', color: '#ff0000' }]);
    expect(attached.body.updatedAt > client.updatedAt).toBe(true);
    expect((await events('client.updated', client.id)).at(-1)!.data.labels).toHaveLength(1);
    expect((await t.api.post(`/v2/clients/${client.id}/labels/${vip.id}`)).body.labels).toHaveLength(1);
    const detached = await t.api.delete(`/v2/clients/${client.id}/labels/${vip.id}`);
    expect(detached.status).toBe(200);
    expect(detached.body.labels).toEqual([]);
    expectError(await t.api.delete(`/v2/clients/${client.id}/labels/${vip.id}`), 404, 'resource_missing');
  });

  it("answers 404 for another account's label or client", async () => {
    const client = await newClient();
    const theirs = (await t.otherApi.post('/v2/account/labels', { name: 'Their label', color: '#000000' })).body;
    const mine = (await t.api.post('/v2/account/labels', { name: 'My label', color: '#00ff00' })).body;
    expectError(await t.api.post(`/v2/clients/${client.id}/labels/${theirs.id}`), 404, 'resource_missing');
    expectError(await t.otherApi.post(`/v2/clients/${client.id}/labels/${theirs.id}`), 404, 'resource_missing');
    expectError(await t.api.post(`/v2/clients/${client.id}/labels/bad`), 404, 'resource_missing');
    expectError(await t.api.post(`/v2/clients/${MISSING_ID}/labels/${mine.id}`), 404, 'resource_missing');
  });
});
