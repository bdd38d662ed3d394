import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DefaultQueryExecutor } from 'kysely';
import { Api, MISSING_ID, createTestAccount, createTestApp, expectError, type TestContext } from '../helper.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const ID = expect.stringMatching(/^[0-9a-f]{24}$/);
const DATE = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function freshApi(name: string): Promise<Api> {
  return new Api(t.app, (await createTestAccount(t.database, name)).apiKey);
}

async function events(type: string, id: string): Promise<Array<Record<string, any>>> {
  const rows = await t.database.db.selectFrom('events').selectAll().where('type', '=', type).orderBy('created_at').orderBy('id').execute();
  return rows.map((row) => ({ ...row, data: JSON.parse(row.data) })).filter((row) => row.data.id === id);
}

const newSupplier = async (params: Record<string, any> = {}, api: Api = t.api, options?: { json?: boolean }) => {
  const reply = await api.post('/v2/suppliers', { name: 'Supplier', ...params }, options);
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body;
};
const pair = async (source: string, target: string, api: Api = t.api) => (await api.post('/v2/account/language-pairs', { source, target })).body;
const domain = async (name: string, api: Api = t.api) => (await api.post('/v2/account/domains', { name })).body;
const client = async (name: string, api: Api = t.api) => (await api.post('/v2/clients', { name })).body;

describe('POST /v2/suppliers', () => {
  it('creates a supplier with every default (§8.3) and answers 201 with the full object', async () => {
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

  it('validates referenced ids: unknown, another account\'s, disabled → 400 naming the parameter', async () => {
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
  it('answers 404 for a missing, malformed or another account\'s id', async () => {
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
    const supplier = await newSupplier({ name: 'Updatable', nickname: 'Up', languagePairs: [enFr.id], domains: [legal.id], dedicatedClients: [a.id], address: { city: 'Lyon', country: 'FR' } });
    await sleep(5);
    const reply = await t.api.put(`/v2/suppliers/${supplier.id}`, { rating: 3, languagePairs: [frEn.id, enFr.id], dedicatedClients: [b.id], address: { street: 'Rue 1' } });
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

describe('POST/DELETE /v2/suppliers/:id/language-pairs/:languagePairId', () => {
  it('adds a pair at the end (200, the supplier); adding twice is harmless; removing takes it out', async () => {
    const first = await pair('en', 'pl');
    const second = await pair('en', 'cs');
    const supplier = await newSupplier({ languagePairs: [first.id] });
    await sleep(5);
    const added = await t.api.post(`/v2/suppliers/${supplier.id}/language-pairs/${second.id}`);
    expect(added.status).toBe(200);
    expect(added.body.languagePairs.map((p: { id: string }) => p.id)).toEqual([first.id, second.id]);
    expect(added.body.updatedAt > supplier.updatedAt).toBe(true);
    expect((await events('supplier.updated', supplier.id)).at(-1)!.data).toEqual(added.body);
    const again = await t.api.post(`/v2/suppliers/${supplier.id}/language-pairs/${second.id}`);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(added.body);
    const removed = await t.api.delete(`/v2/suppliers/${supplier.id}/language-pairs/${first.id}`);
    expect(removed.status).toBe(200);
    expect(removed.body.languagePairs.map((p: { id: string }) => p.id)).toEqual([second.id]);
    expectError(await t.api.delete(`/v2/suppliers/${supplier.id}/language-pairs/${first.id}`), 404, 'resource_missing');
  });

  it('stays consistent under concurrent adds and list replacements (every request 200, each pair once)', async () => {
    const a = await pair('en', 'ro');
    const b = await pair('en', 'bg');
    const supplier = await newSupplier();
    const replies = await Promise.all([
      ...Array.from({ length: 4 }, () => t.api.post(`/v2/suppliers/${supplier.id}/language-pairs/${a.id}`)),
      ...Array.from({ length: 3 }, () => t.api.put(`/v2/suppliers/${supplier.id}`, { languagePairs: [b.id, a.id] })),
    ]);
    expect(replies.map((reply) => reply.status)).toEqual(Array(7).fill(200));
    const final = (await t.api.get(`/v2/suppliers/${supplier.id}`)).body.languagePairs.map((p: { id: string }) => p.id);
    expect(new Set(final).size).toBe(final.length);
    expect([...final].sort()).toEqual([a.id, b.id].sort());
  });

  it('answers 404 for an unknown, malformed or another account\'s pair or supplier', async () => {
    const mine = await pair('en', 'hu');
    const theirs = await pair('en', 'hu', t.otherApi);
    const supplier = await newSupplier();
    const base = `/v2/suppliers/${supplier.id}/language-pairs`;
    expectError(await t.api.post(`${base}/${MISSING_ID}`), 404, 'resource_missing');
    expectError(await t.api.post(`${base}/not-an-id`), 404, 'resource_missing');
    expectError(await t.api.post(`${base}/${theirs.id}`), 404, 'resource_missing');
    expectError(await t.api.delete(`${base}/${theirs.id}`), 404, 'resource_missing');
    expectError(await t.api.post(`/v2/suppliers/${MISSING_ID}/language-pairs/${mine.id}`), 404, 'resource_missing');
    expectError(await t.otherApi.post(`${base}/${theirs.id}`), 404, 'resource_missing');
    expect((await t.api.get(`/v2/suppliers/${supplier.id}`)).body.languagePairs).toEqual([]);
  });
});

describe('unavailabilities of a supplier', () => {
  it('creates (201) with dates normalised, lists currents and old sorted by from, updates and deletes', async () => {
    const supplier = await newSupplier({ name: 'Sometimes away' });
    const base = `/v2/suppliers/${supplier.id}/unavailabilities`;
    expect((await t.api.get(base)).body).toEqual({ currents: [], old: [] });
    const created = await t.api.post(base, { from: '2099-08-01', to: '2099-08-15T18:00:00+02:00', reason: 'Holidays' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: ID, from: '2099-08-01T00:00:00.000Z', to: '2099-08-15T16:00:00.000Z', reason: 'Holidays', createdAt: DATE, updatedAt: DATE });
    const early = (await t.api.post(base, { from: '2099-01-01T00:00:00Z', to: '2099-01-02T00:00:00Z' })).body;
    expect(early.reason).toBe('');
    const running = (await t.api.post(base, { from: '2000-01-01', to: '2099-12-31' }, { json: true })).body;
    const past2 = (await t.api.post(base, { from: '2001-05-01', to: '2001-05-02', reason: 'Conference' })).body;
    const past1 = (await t.api.post(base, { from: '2001-01-01', to: '2001-01-01' })).body;
    const list = await t.api.get(base);
    expect(list.status).toBe(200);
    expect(list.body.currents.map((u: { id: string }) => u.id)).toEqual([running.id, early.id, created.body.id]);
    expect(list.body.old.map((u: { id: string }) => u.id)).toEqual([past1.id, past2.id]);

    await sleep(5);
    const updated = await t.api.put(`${base}/${early.id}`, { reason: 'Moving house', to: '2099-01-03' });
    expect(updated.status).toBe(200);
    expect(updated.body).toEqual({ ...early, reason: 'Moving house', to: '2099-01-03T00:00:00.000Z', updatedAt: DATE });
    expect(updated.body.updatedAt > early.updatedAt).toBe(true);
    const moved = (await t.api.put(`${base}/${early.id}`, { from: '2000-06-01', to: '2000-06-02' })).body;
    expect(moved.from).toBe('2000-06-01T00:00:00.000Z');
    expect((await t.api.get(base)).body.old.map((u: { id: string }) => u.id)).toEqual([early.id, past1.id, past2.id]);

    const deleted = await t.api.delete(`${base}/${early.id}`);
    expect(deleted.status).toBe(204);
    expect(deleted.raw.body).toBe('');
    expectError(await t.api.put(`${base}/${early.id}`, { reason: 'x' }), 404, 'resource_missing');
    expect((await t.api.get(base)).body.old).toHaveLength(2);
  });

  it('validates: from and to required, ISO dates, to not before from, reason text, unknown parameters', async () => {
    const supplier = await newSupplier();
    const base = `/v2/suppliers/${supplier.id}/unavailabilities`;
    const missing = expectError(await t.api.post(base, { from: '2030-01-01' }), 400, 'parameter_missing');
    expect(missing.details?.[0]?.param).toBe('to');
    expectError(await t.api.post(base, { to: '2030-01-01' }), 400, 'parameter_missing');
    expectError(await t.api.post(base, { from: 'tomorrow', to: '2030-01-01' }), 400, 'parameter_invalid');
    expectError(await t.api.post(base, { from: '2030-02-30', to: '2030-03-01' }), 400, 'parameter_invalid');
    const order = expectError(await t.api.post(base, { from: '2030-01-10', to: '2030-01-01' }), 400, 'parameter_invalid');
    expect(order.details?.[0]?.param).toBe('to');
    expectError(await t.api.post(base, { from: '2030-01-01', to: '2030-01-02', reason: 'r'.repeat(256) }), 400, 'parameter_invalid');
    expectError(await t.api.post(base, { from: '2030-01-01', to: '2030-01-02', note: 'x' }), 400, 'parameter_unknown');
    const u = (await t.api.post(base, { from: '2030-01-01', to: '2030-01-05' })).body;
    expectError(await t.api.put(`${base}/${u.id}`, { to: '2029-12-31' }), 400, 'parameter_invalid');
    expectError(await t.api.put(`${base}/${u.id}`, { from: '2030-01-06' }), 400, 'parameter_invalid');
    expectError(await t.api.put(`${base}/${u.id}`, { from: 'x' }), 400, 'parameter_invalid');
    expect((await t.api.get(base)).body.currents).toEqual([u]);
  });

  it('bumps the supplier and records supplier.updated for each change', async () => {
    const supplier = await newSupplier({ name: 'Unavailable evented' });
    const base = `/v2/suppliers/${supplier.id}/unavailabilities`;
    await sleep(5);
    const u = (await t.api.post(base, { from: '2030-01-01', to: '2030-01-05' })).body;
    expect((await t.api.get(`/v2/suppliers/${supplier.id}`)).body.updatedAt > supplier.updatedAt).toBe(true);
    await t.api.put(`${base}/${u.id}`, { reason: 'x' });
    await t.api.delete(`${base}/${u.id}`);
    expect(await events('supplier.updated', supplier.id)).toHaveLength(3);
  });

  it('answers 404 for a missing or another account\'s supplier, and an unavailability of another supplier', async () => {
    const supplier = await newSupplier();
    const sibling = await newSupplier();
    const u = (await t.api.post(`/v2/suppliers/${supplier.id}/unavailabilities`, { from: '2030-01-01', to: '2030-01-02' })).body;
    expectError(await t.api.get(`/v2/suppliers/${MISSING_ID}/unavailabilities`), 404, 'resource_missing');
    expectError(await t.api.post(`/v2/suppliers/bad/unavailabilities`, { from: '2030-01-01', to: '2030-01-02' }), 404, 'resource_missing');
    expectError(await t.otherApi.get(`/v2/suppliers/${supplier.id}/unavailabilities`), 404, 'resource_missing');
    expectError(await t.otherApi.post(`/v2/suppliers/${supplier.id}/unavailabilities`, { from: '2030-01-01', to: '2030-01-02' }), 404, 'resource_missing');
    expectError(await t.otherApi.put(`/v2/suppliers/${supplier.id}/unavailabilities/${u.id}`, { reason: 'x' }), 404, 'resource_missing');
    expectError(await t.otherApi.delete(`/v2/suppliers/${supplier.id}/unavailabilities/${u.id}`), 404, 'resource_missing');
    expectError(await t.api.put(`/v2/suppliers/${sibling.id}/unavailabilities/${u.id}`, { reason: 'x' }), 404, 'resource_missing');
    expectError(await t.api.delete(`/v2/suppliers/${sibling.id}/unavailabilities/${u.id}`), 404, 'resource_missing');
    expectError(await t.api.put(`/v2/suppliers/${supplier.id}/unavailabilities/not-an-id`, { reason: 'x' }), 404, 'resource_missing');
    expectError(await t.api.delete(`/v2/suppliers/${supplier.id}/unavailabilities/${MISSING_ID}`), 404, 'resource_missing');
    expect((await t.api.get(`/v2/suppliers/${supplier.id}/unavailabilities`)).body.currents).toEqual([u]);
  });
});

describe('labels on suppliers (§7.4)', () => {
  it('attaches and detaches labels answering the supplier; 404 for another account\'s label', async () => {
    const supplier = await newSupplier();
    const label = (await t.api.post('/v2/account/labels', { name: 'Reliable', color: '#00aa00' })).body;
    const theirs = (await t.otherApi.post('/v2/account/labels', { name: 'Reliable', color: '#00aa00' })).body;
    const attached = await t.api.post(`/v2/suppliers/${supplier.id}/labels/${label.id}`);
    expect(attached.status).toBe(200);
    expect(attached.body).toMatchObject({ object: 'supplier', labels: [{ id: label.id, name: 'Reliable', color: '#00aa00' }] });
    expect((await events('supplier.updated', supplier.id)).at(-1)!.data.labels).toHaveLength(1);
    expectError(await t.api.post(`/v2/suppliers/${supplier.id}/labels/${theirs.id}`), 404, 'resource_missing');
    expectError(await t.otherApi.post(`/v2/suppliers/${supplier.id}/labels/${theirs.id}`), 404, 'resource_missing');
    expect((await t.api.delete(`/v2/suppliers/${supplier.id}/labels/${label.id}`)).body.labels).toEqual([]);
  });
});

describe('GET /v2/suppliers', () => {
  let api: Api;
  const ids: Record<string, string> = {};
  const pairs: Record<string, string> = {};
  const domains: Record<string, string> = {};
  let label: string;

  beforeAll(async () => {
    api = await freshApi('Supplier listing');
    pairs.enFr = (await pair('en', 'fr', api)).id;
    pairs.enDe = (await pair('en', 'de', api)).id;
    pairs.enIt = (await pair('en', 'it', api)).id;
    domains.legal = (await domain('Legal', api)).id;
    domains.tech = (await domain('Technical', api)).id;
    label = (await api.post('/v2/account/labels', { name: 'Preferred', color: '#123456' })).body.id;
    const specs: Array<[string, Record<string, any>]> = [
      ['Anna', { nickname: 'Annie', languagePairs: [pairs.enFr], domains: [domains.legal] }],
      ['Bert', { languagePairs: [pairs.enDe, pairs.enFr], archived: true }],
      ['Carla', { mobilePhone: '+39 333 1234', languagePairs: [pairs.enIt], domains: [domains.tech, domains.legal], pinned: true }],
      ['Dirk', { email: 'dirk@words.example', pinned: true }],
    ];
    for (const [name, params] of specs) ids[name] = (await newSupplier({ name, ...params }, api)).id;
    await api.post(`/v2/suppliers/${ids.Dirk}/labels/${label}`);
    await api.post(`/v2/suppliers/${ids.Anna}/labels/${label}`);
    await newSupplier({ name: 'Anna of account two', nickname: 'Annie' }, t.otherApi);
  });

  const names = (body: { items: Array<{ name: string }> }) => body.items.map((item) => item.name);
  const list = async (query: string) => {
    const reply = await api.get(`/v2/suppliers?${query}${query ? '&' : ''}sort=name&direction=asc`);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return names(reply.body);
  };

  it('answers the paginated envelope with full objects, newest first by default', async () => {
    const reply = (await api.get('/v2/suppliers')).body;
    expect(reply).toMatchObject({ pageSize: 20, page: 1, totalPages: 1, totalItems: 4, hasNextPage: false, hasPreviousPage: false });
    expect(names(reply)).toEqual(['Dirk', 'Carla', 'Bert', 'Anna']);
    const carla = reply.items[1];
    expect(carla.languagePairs.map((p: { target: { code: string } }) => p.target.code)).toEqual(['it']);
    expect(carla.domains.map((d: { name: string }) => d.name)).toEqual(['Technical', 'Legal']);
    expect(reply.items[0].labels).toEqual([{ id: label, name: 'Preferred', color: '#123456' }]);
    const paged = (await api.get('/v2/suppliers', { pageSize: 3, page: 2, sort: 'name', direction: 'desc' })).body;
    expect(paged).toMatchObject({ totalPages: 2, totalItems: 4, hasNextPage: false, hasPreviousPage: true });
    expect(names(paged)).toEqual(['Anna']);
    expect((await api.get('/v2/suppliers', { page: 5 })).body).toMatchObject({ items: [], totalItems: 4, totalPages: 1 });
  });

  it('rejects invalid paging and filter values with 400', async () => {
    for (const query of [{ page: -1 }, { pageSize: 1000 }, { sort: 'rating' }, { direction: 'sideways' }, { pinned: 'x' }, { languagePair: 'nope' }, { domain: 'nope' }]) {
      expectError(await api.get('/v2/suppliers', query), 400, 'parameter_invalid');
    }
    for (const param of ['service', 'languagePair', 'domain', 'label']) {
      const error = expectError(await api.get('/v2/suppliers', { [param]: [MISSING_ID] }), 400, 'parameter_invalid');
      expect(error.details?.[0]?.param).toBe(param);
    }
  });

  it('filters by archived, pinned and q (name, nickname, email, mobile phone)', async () => {
    expect(await list('archived=true')).toEqual(['Bert']);
    expect(await list('archived=false&pinned=true')).toEqual(['Carla', 'Dirk']);
    expect(await list('q=ANNIE')).toEqual(['Anna']);
    expect(await list('q=words.example')).toEqual(['Dirk']);
    expect(await list('q=333%201234')).toEqual(['Carla']);
    expect(await list('q=r')).toEqual(['Bert', 'Carla', 'Dirk']);
  });

  it('filters by languagePair[], domain[] and label[] (values OR, parameters AND)', async () => {
    expect(await list(`languagePair[]=${pairs.enFr}`)).toEqual(['Anna', 'Bert']);
    expect(await list(`languagePair[]=${pairs.enDe}&languagePair[]=${pairs.enIt}`)).toEqual(['Bert', 'Carla']);
    expect(await list(`languagePair=${pairs.enFr}&languagePair=${pairs.enIt}&archived=false`)).toEqual(['Anna', 'Carla']);
    expect(await list(`domain[]=${domains.legal}`)).toEqual(['Anna', 'Carla']);
    expect(await list(`domain[]=${domains.tech}&languagePair[]=${pairs.enFr}`)).toEqual([]);
    expect(await list(`domain[]=${domains.legal}&languagePair[]=${pairs.enFr}`)).toEqual(['Anna']);
    expect(await list(`label[]=${label}`)).toEqual(['Anna', 'Dirk']);
    expect(await list(`label[]=${label}&domain[]=${domains.legal}`)).toEqual(['Anna']);
  });

  it('filters by service[]: suppliers with a supplier service for any of the services', async () => {
    const services = (await api.get('/v2/account/services')).body as Array<{ id: string; name: string }>;
    const units = (await api.get('/v2/account/quantity-types')).body as Array<{ id: string; name: string }>;
    const service = (name: string) => services.find((s) => s.name === name)!.id;
    const words = units.find((u) => u.name === 'Words')!.id;
    const offer = async (supplier: string, serviceName: string) => {
      const reply = await api.post(`/v2/suppliers/${ids[supplier]}/services`, {
        currency: 'EUR', matchesType: 'fixed', quantityType: words, service: service(serviceName), unitCost: 0.1,
      });
      expect(reply.status).toBe(201);
    };
    await offer('Anna', 'Translation');
    await offer('Carla', 'Revision');
    await offer('Carla', 'Translation');
    expect(await list(`service[]=${service('Translation')}`)).toEqual(['Anna', 'Carla']);
    expect(await list(`service=${service('Revision')}`)).toEqual(['Carla']);
    expect(await list(`service[]=${service('Revision')}&service[]=${service('Proofreading')}`)).toEqual(['Carla']);
    expect(await list(`service[]=${service('Translation')}&domain[]=${domains.legal}`)).toEqual(['Anna', 'Carla']);
    expect(await list(`service[]=${service('Proofreading')}`)).toEqual([]);
  });

  it('loads a page of full objects in a constant number of queries, whatever the page size', async () => {
    const queries = async (pageSize: number) => {
      // The same state for every count: the key looked up already (kept while nothing is written).
      await api.get('/v2/suppliers', { pageSize, sort: 'name', direction: 'asc' });
      const spy = vi.spyOn(DefaultQueryExecutor.prototype, 'executeQuery');
      try {
        const reply = await api.get('/v2/suppliers', { pageSize, sort: 'name', direction: 'asc' });
        expect(reply.body.items).toHaveLength(pageSize);
        // The page, its count, the rows and each kind of part: a handful, never one per item.
        expect(spy.mock.calls.length).toBeGreaterThan(3);
        return spy.mock.calls.length;
      } finally {
        spy.mockRestore();
      }
    };
    // Anna alone already has every kind of part; the page of four adds more of each.
    const dedicated = await client('Anna\'s client', api);
    await api.put(`/v2/suppliers/${ids.Anna}`, { dedicatedClients: [dedicated.id] });
    await api.post(`/v2/suppliers/${ids.Anna}/contacts`, { fullName: 'Anna herself' });
    await api.post(`/v2/suppliers/${ids.Dirk}/contacts`, { fullName: 'Dirk himself' });
    expect(await queries(4)).toBe(await queries(1));
  });

  it('never lists another account\'s suppliers; its ids in filters are 400', async () => {
    const theirPair = await pair('en', 'fr', t.otherApi);
    await newSupplier({ name: 'Their translator', languagePairs: [theirPair.id] }, t.otherApi);
    expectError(await api.get(`/v2/suppliers?languagePair[]=${theirPair.id}`), 400, 'parameter_invalid');
    expect(await list('q=account two')).toEqual([]);
    const theirs = (await t.otherApi.get('/v2/suppliers', { pageSize: 100 })).body;
    expect(theirs.items.some((item: { id: string }) => Object.values(ids).includes(item.id))).toBe(false);
  });
});
