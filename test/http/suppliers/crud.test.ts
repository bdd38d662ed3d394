import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MISSING_ID, createTestApp, expectError, type TestContext } from '../../helper.js';
import { DATE, ID, partiesFixture, sleep } from '../clients/parties-fixture.js';

/** Suppliers: create, retrieve, update, delete (parts in suppliers/parts.test.ts, the listing in suppliers/list.test.ts). */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const { events, newSupplier, pair, domain, client } = partiesFixture(() => t);

describe('POST /v2/suppliers', () => {
  it('creates a supplier with every default (docs/clients-suppliers.md#supplier-object) and answers 201 with the full object', async () => {
    const reply = await t.api.post('/v2/suppliers', { name: 'Jane Doe' });
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual({
      id: ID,
      object: 'supplier',
      name: 'Jane Doe',
      supplierType: 'freelance',
      archived: false,
      pinned: false,
      address: { name: '', street: '', city: '', postalCode: '', state: '', country: null },
      email: '',
      phone: '',
      mobilePhone: '',
      nickname: '',
      vatNumber: '',
      nationalIdentificationNumber: '',
      details: '',
      currency: { code: 'EUR', symbol: '€' },
      rating: null,
      timezone: null,
      domains: [],
      languagePairs: [],
      dedicatedClients: [],
      catConfiguration: null,
      documentLanguage: null,
      labels: [],
      contacts: [],
      files: [],
      notes: [],
      createdAt: DATE,
      updatedAt: DATE,
    });
    expect((await t.api.get(`/v2/suppliers/${reply.body.id}`)).body).toEqual(reply.body);
    expect((await events('supplier.created', reply.body.id))[0]!.data).toEqual(reply.body);
  });

  it('takes every field from a form body with bracket notation, lists in the order given', async () => {
    const enFr = await pair('en', 'fr');
    const deNl = await pair('de', 'nl-BE');
    const legal = await domain('Legal');
    const medical = await domain('Medical');
    const acme = await client('Acme for suppliers');
    const body = await newSupplier({
      name: 'Lingua BV',
      supplierType: 'company',
      archived: 'false',
      pinned: 'true',
      address: { name: 'Lingua BV', street: 'Kade 2', city: 'Rotterdam', postalCode: '3011', state: 'ZH', country: 'nl' },
      email: 'jobs@lingua.example',
      phone: '+31 10 000 0000',
      mobilePhone: '+31 6 0000 0000',
      nickname: 'Lingua',
      vatNumber: 'NL000099998B57',
      nationalIdentificationNumber: 'KVK 1234',
      details: 'Prefers XLIFF',
      currency: 'USD',
      rating: '4.5',
      timezone: 'Europe/Amsterdam',
      domains: [medical.id, legal.id],
      languagePairs: [deNl.id, enFr.id, deNl.id],
      dedicatedClients: [acme.id],
    });
    expect(body).toMatchObject({
      name: 'Lingua BV',
      supplierType: 'company',
      archived: false,
      pinned: true,
      address: { name: 'Lingua BV', street: 'Kade 2', city: 'Rotterdam', postalCode: '3011', state: 'ZH', country: 'NL' },
      email: 'jobs@lingua.example',
      phone: '+31 10 000 0000',
      mobilePhone: '+31 6 0000 0000',
      nickname: 'Lingua',
      vatNumber: 'NL000099998B57',
      nationalIdentificationNumber: 'KVK 1234',
      details: 'Prefers XLIFF',
      currency: { code: 'USD', symbol: '$' },
      rating: 4.5,
      timezone: 'Europe/Amsterdam',
      domains: [
        { id: medical.id, name: 'Medical' },
        { id: legal.id, name: 'Legal' },
      ],
      languagePairs: [
        { id: deNl.id, source: { code: 'de', name: 'German' }, target: { code: 'nl-BE', name: 'Dutch Belgium' }, bidirectional: false },
        { id: enFr.id, source: { code: 'en', name: 'English' }, target: { code: 'fr', name: 'French' }, bidirectional: false },
      ],
      dedicatedClients: [{ id: acme.id, name: 'Acme for suppliers' }],
    });
  });

  it('takes a JSON body with native types', async () => {
    const legal = await domain('JSON legal');
    const body = await newSupplier({ name: 'JSON Supplier', rating: 0, timezone: null, domains: [legal.id], supplierType: 'freelance' }, t.api, { json: true });
    expect(body).toMatchObject({ rating: 0, timezone: null, domains: [{ id: legal.id }] });
    expectError(await t.api.post('/v2/suppliers', { name: 'X', rating: '3' }, { json: true }), 400, 'parameter_invalid');
    expectError(await t.api.post('/v2/suppliers', { name: 'X', domains: legal.id }, { json: true }), 400, 'parameter_invalid');
  });

  it('validates: name, supplierType, rating range, timezone, email, country, currency, unknown parameters', async () => {
    expectError(await t.api.post('/v2/suppliers', { nickname: 'No name' }), 400, 'parameter_missing');
    const cases: Array<[Record<string, any>, string]> = [
      [{ name: '' }, 'name'],
      [{ name: '  ' }, 'name'],
      [{ supplierType: 'agency' }, 'supplierType'],
      [{ rating: '6' }, 'rating'],
      [{ rating: '-1' }, 'rating'],
      [{ rating: 'five' }, 'rating'],
      [{ timezone: 'Mars/Olympus' }, 'timezone'],
      [{ timezone: 'EST' }, 'timezone'],
      [{ email: 'nope' }, 'email'],
      [{ address: { country: 'XY' } }, 'address[country]'],
      [{ currency: 'ABC' }, 'currency'],
      [{ pinned: 'often' }, 'pinned'],
      [{ languagePairs: ['bad'] }, 'languagePairs[0]'],
      [{ catConfiguration: MISSING_ID }, 'catConfiguration'],
    ];
    for (const [params, param] of cases) {
      const error = expectError(await t.api.post('/v2/suppliers', { name: 'Invalid', ...params }), 400, 'parameter_invalid');
      expect(error.details?.map((d) => d.param)).toContain(param);
    }
    expectError(await t.api.post('/v2/suppliers', { name: 'X', website: 'x.example' }), 400, 'parameter_unknown');
    expectError(await t.api.post('/v2/suppliers', { name: 'X', services: [MISSING_ID] }), 400, 'parameter_unknown');
    expectError(await t.api.post('/v2/suppliers', { name: 'X', unavailabilities: 'x' }), 400, 'parameter_unknown');
  });

  it("validates referenced ids: unknown, another account's, disabled → 400 naming the parameter", async () => {
    const theirPair = await pair('en', 'de', t.otherApi);
    const theirDomain = await domain('Their domain', t.otherApi);
    const theirClient = await client('Their client', t.otherApi);
    const disabled = await pair('fr', 'it');
    await t.api.put(`/v2/account/language-pairs/${disabled.id}`, { disabled: true });
    const cases: Array<[string, string]> = [
      ['languagePairs', MISSING_ID],
      ['languagePairs', theirPair.id],
      ['languagePairs', disabled.id],
      ['domains', MISSING_ID],
      ['domains', theirDomain.id],
      ['dedicatedClients', MISSING_ID],
      ['dedicatedClients', theirClient.id],
    ];
    for (const [param, id] of cases) {
      const error = expectError(await t.api.post('/v2/suppliers', { name: 'Refs', [param]: [id] }), 400, 'parameter_invalid');
      expect(error.details?.[0]?.param).toBe(param);
    }
    expect((await t.api.get('/v2/suppliers', { q: 'refs' })).body.totalItems).toBe(0);
  });
});

describe('GET, PUT, DELETE /v2/suppliers/:id', () => {
  it("answers 404 for a missing, malformed or another account's id", async () => {
    const supplier = await newSupplier();
    for (const api of [t.api]) {
      expectError(await api.get(`/v2/suppliers/${MISSING_ID}`), 404, 'resource_missing');
      expectError(await api.get('/v2/suppliers/123'), 404, 'resource_missing');
      expectError(await api.put(`/v2/suppliers/${MISSING_ID}`, { name: 'x' }), 404, 'resource_missing');
      expectError(await api.delete(`/v2/suppliers/${MISSING_ID}`), 404, 'resource_missing');
    }
    expectError(await t.otherApi.get(`/v2/suppliers/${supplier.id}`), 404, 'resource_missing');
    expectError(await t.otherApi.put(`/v2/suppliers/${supplier.id}`, { name: 'x' }), 404, 'resource_missing');
    expectError(await t.otherApi.delete(`/v2/suppliers/${supplier.id}`), 404, 'resource_missing');
  });

  it('updates only the given fields, replaces link lists when given, and records supplier.updated', async () => {
    const enFr = await pair('en', 'es');
    const frEn = await pair('es', 'en');
    const legal = await domain('Update legal');
    const a = await client('Dedicated A');
    const b = await client('Dedicated B');
    const supplier = await newSupplier({
      name: 'Updatable',
      nickname: 'Up',
      languagePairs: [enFr.id],
      domains: [legal.id],
      dedicatedClients: [a.id],
      address: { city: 'Lyon', country: 'FR' },
    });
    await sleep(5);
    const reply = await t.api.put(`/v2/suppliers/${supplier.id}`, {
      rating: 3,
      languagePairs: [frEn.id, enFr.id],
      dedicatedClients: [b.id],
      address: { street: 'Rue 1' },
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      ...supplier,
      rating: 3,
      address: { ...supplier.address, street: 'Rue 1' },
      languagePairs: [expect.objectContaining({ id: frEn.id }), expect.objectContaining({ id: enFr.id })],
      dedicatedClients: [{ id: b.id, name: 'Dedicated B' }],
      updatedAt: DATE,
    });
    expect(reply.body.updatedAt > supplier.updatedAt).toBe(true);
    expect((await events('supplier.updated', supplier.id)).at(-1)!.data).toEqual(reply.body);
    // An empty form value empties a list; null-able values clear.
    const cleared = (await t.api.put(`/v2/suppliers/${supplier.id}`, { domains: '', rating: '', timezone: '' })).body;
    expect(cleared).toMatchObject({ domains: [], rating: null, timezone: null, languagePairs: [{ id: frEn.id }, { id: enFr.id }] });
    expect((await t.api.put(`/v2/suppliers/${supplier.id}`, { languagePairs: [] }, { json: true })).body.languagePairs).toEqual([]);
  });

  it('keeps a language pair disabled after it was added, but refuses to newly add a disabled pair', async () => {
    const kept = await pair('ja', 'en');
    const other = await pair('ko', 'en');
    const supplier = await newSupplier({ languagePairs: [kept.id] });
    await t.api.put(`/v2/account/language-pairs/${kept.id}`, { disabled: true });
    await t.api.put(`/v2/account/language-pairs/${other.id}`, { disabled: true });
    expect((await t.api.put(`/v2/suppliers/${supplier.id}`, { name: 'Still fine' })).body.languagePairs).toEqual([expect.objectContaining({ id: kept.id })]);
    expect((await t.api.put(`/v2/suppliers/${supplier.id}`, { languagePairs: [kept.id] })).status).toBe(200);
    const error = expectError(await t.api.put(`/v2/suppliers/${supplier.id}`, { languagePairs: [kept.id, other.id] }), 400, 'parameter_invalid');
    expect(error.details?.[0]?.param).toBe('languagePairs');
    expectError(await t.api.post(`/v2/suppliers/${supplier.id}/language-pairs/${other.id}`), 400, 'parameter_invalid');
  });

  it('validates like create (timezone, rating, foreign ids) and leaves the supplier unchanged', async () => {
    const supplier = await newSupplier({ name: 'Unchanged' });
    const theirDomain = await domain('Their PUT domain', t.otherApi);
    expectError(await t.api.put(`/v2/suppliers/${supplier.id}`, { timezone: 'Nowhere/Land' }), 400, 'parameter_invalid');
    expectError(await t.api.put(`/v2/suppliers/${supplier.id}`, { rating: 5.5 }), 400, 'parameter_invalid');
    expectError(await t.api.put(`/v2/suppliers/${supplier.id}`, { domains: [theirDomain.id] }), 400, 'parameter_invalid');
    expectError(await t.api.put(`/v2/suppliers/${supplier.id}`, { website: 'x' }), 400, 'parameter_unknown');
    expect((await t.api.get(`/v2/suppliers/${supplier.id}`)).body).toEqual(supplier);
  });

  it('deletes a supplier with its own parts (204) and records supplier.deleted', async () => {
    const p = await pair('pt', 'en');
    const d = await domain('Deleted domain link');
    const c = await client('Deleted supplier client');
    const label = (await t.api.post('/v2/account/labels', { name: 'Supplier label', color: '#abcdef' })).body;
    const supplier = await newSupplier({ languagePairs: [p.id], domains: [d.id], dedicatedClients: [c.id] });
    await t.api.post(`/v2/suppliers/${supplier.id}/contacts`, { fullName: 'Contact' });
    await t.api.post(`/v2/suppliers/${supplier.id}/unavailabilities`, { from: '2030-01-01', to: '2030-01-10' });
    await t.api.post(`/v2/suppliers/${supplier.id}/labels/${label.id}`);
    const last = (await t.api.get(`/v2/suppliers/${supplier.id}`)).body;
    const reply = await t.api.delete(`/v2/suppliers/${supplier.id}`);
    expect(reply.status).toBe(204);
    expect(reply.raw.body).toBe('');
    expectError(await t.api.get(`/v2/suppliers/${supplier.id}`), 404, 'resource_missing');
    const db = t.database.db;
    expect(await db.selectFrom('contacts').select('id').where('supplier_id', '=', supplier.id).execute()).toEqual([]);
    expect(await db.selectFrom('supplier_unavailabilities').select('id').where('supplier_id', '=', supplier.id).execute()).toEqual([]);
    expect(await db.selectFrom('supplier_language_pairs').select('supplier_id').where('supplier_id', '=', supplier.id).execute()).toEqual([]);
    expect(await db.selectFrom('supplier_domains').select('supplier_id').where('supplier_id', '=', supplier.id).execute()).toEqual([]);
    expect(await db.selectFrom('supplier_dedicated_clients').select('supplier_id').where('supplier_id', '=', supplier.id).execute()).toEqual([]);
    expect(await db.selectFrom('entity_labels').select('label_id').where('entity_id', '=', supplier.id).execute()).toEqual([]);
    expect((await events('supplier.deleted', supplier.id))[0]!.data).toEqual(last);
    // What it referenced is free again.
    expect((await t.api.delete(`/v2/account/language-pairs/${p.id}`)).status).toBe(204);
    expect((await t.api.delete(`/v2/account/domains/${d.id}`)).status).toBe(204);
    expect((await t.api.delete(`/v2/clients/${c.id}`)).status).toBe(204);
  });

  it('makes a language pair or domain used by a supplier impossible to delete (409)', async () => {
    const p = await pair('sv', 'en');
    const d = await domain('Domain in use');
    await newSupplier({ languagePairs: [p.id], domains: [d.id] });
    expectError(await t.api.delete(`/v2/account/language-pairs/${p.id}`), 409, 'resource_in_use');
    expectError(await t.api.delete(`/v2/account/domains/${d.id}`), 409, 'resource_in_use');
  });
});
