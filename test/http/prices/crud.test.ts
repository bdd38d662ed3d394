import { describe, expect, it } from 'vitest';
import { expectError, MISSING_ID, type TestContext } from '../../helper.js';
import { DATE, eventsOf, FAMILIES, ID, ownerOf, worldPerFile, type FamilyCase, type World } from './fixture.js';

let t: TestContext;
let w: World;
worldPerFile((app, world) => ([t, w] = [app, world]));

const EUR = { code: 'EUR', symbol: '€' };
const enFrRef = () => ({ id: w.pair.enFr, source: { code: 'en', name: 'English' }, target: { code: 'fr', name: 'French' }, bidirectional: true });

describe.each(FAMILIES)('$name: create, retrieve, update, delete', (family: FamilyCase) => {
  const base = (owner = ownerOf(family, w)) => family.base(owner);
  const minimal = (extra: Record<string, unknown> = {}) => ({
    currency: 'EUR',
    matchesType: 'fixed',
    quantityType: w.unit.Words,
    service: w.service.Translation,
    unitCost: 0.12,
    ...extra,
  });
  const withFlags = (record: Record<string, unknown>) => (family.hasPrice ? { ...record, hasPrice: true } : record);

  it('creates (201) with matches empty, optional keys omitted, then retrieves and lists it', async () => {
    const reply = await t.api.post(base(), minimal({ service: w.service.Revision }));
    expect(reply.status).toBe(201);
    const expected = withFlags({
      id: expect.stringMatching(ID),
      currency: EUR,
      matches: [],
      matchesType: 'fixed',
      quantityType: { id: w.unit.Words, name: 'Words' },
      service: { id: w.service.Revision, name: 'Revision' },
      unitCost: 0.12,
      createdAt: expect.stringMatching(DATE),
      updatedAt: expect.stringMatching(DATE),
    });
    expect(reply.body).toEqual(expected);
    expect(Object.keys(reply.body)).not.toContain('client');
    expect((await t.api.get(`${base()}/${reply.body.id}`)).body).toEqual(reply.body);
    const listed = (await t.api.get(base())).body;
    expect(family.paginated ? listed.items : listed).toContainEqual(reply.body);
    expect(await eventsOf(t, 'price.created')).toContainEqual(reply.body);
  });

  it('creates with every optional parameter, as form or as JSON', async () => {
    const params: Record<string, unknown> = minimal({
      service: w.service.Proofreading,
      currency: 'USD',
      matchesType: 'percentage',
      unitCost: 0.1234567,
      domain: w.domain.legal,
      languagePair: w.pair.enFr,
    });
    if (family.acceptsClient) params.client = w.client.beta;
    if (family.hasPrice) params.hasPrice = false;
    const reply = await t.api.post(base(), params as never);
    expect(reply.status).toBe(201);
    const expected: Record<string, unknown> = { id: expect.stringMatching(ID) };
    if (family.acceptsClient) expected.client = { id: w.client.beta, name: 'Beta' };
    Object.assign(expected, {
      currency: { code: 'USD', symbol: '$' },
      domain: { id: w.domain.legal, name: 'Legal' },
      languagePair: enFrRef(),
      matches: [],
      matchesType: 'percentage',
      quantityType: { id: w.unit.Words, name: 'Words' },
      service: { id: w.service.Proofreading, name: 'Proofreading' },
      unitCost: 0.123457,
    });
    if (family.hasPrice) expected.hasPrice = false;
    Object.assign(expected, { createdAt: expect.stringMatching(DATE), updatedAt: expect.stringMatching(DATE) });
    expect(reply.body).toEqual(expected);
    const json = await t.api.post(base(), minimal({ service: w.service['Post-editing'], unitCost: 1, domain: null }), { json: true });
    expect(json.status).toBe(201);
    expect(json.body.unitCost).toBe(1);
    expectError(await t.api.post(base(), minimal({ unitCost: '1' }), { json: true }), 400, 'parameter_invalid');
  });

  it('rejects missing, invalid and unknown parameters', async () => {
    for (const param of ['currency', 'matchesType', 'quantityType', 'service', 'unitCost']) {
      const params: Record<string, unknown> = minimal();
      delete params[param];
      const error = expectError(await t.api.post(base(), params as never), 400, 'parameter_missing');
      expect(error.details).toEqual([{ param, message: 'is required' }]);
    }
    const invalid: Array<[string, unknown]> = [
      ['currency', 'EURO'],
      ['currency', 'XYZ'],
      ['matchesType', 'both'],
      ['unitCost', -1],
      ['unitCost', 'abc'],
      ['quantityType', 'not-an-id'],
      ['service', MISSING_ID],
      ['quantityType', MISSING_ID],
      ['domain', MISSING_ID],
      ['languagePair', MISSING_ID],
    ];
    if (family.acceptsClient) invalid.push(['client', MISSING_ID], ['client', w.supplier.anna]);
    if (family.hasPrice) invalid.push(['hasPrice', 'maybe']);
    for (const [param, value] of invalid) {
      const error = expectError(await t.api.post(base(), minimal({ [param]: value })), 400, 'parameter_invalid');
      expect(error.details?.[0]?.param).toBe(param);
    }
    expectError(await t.api.post(base(), minimal({ name: 'x' })), 400, 'parameter_unknown');
    const notAccepted = [...(family.acceptsClient ? [] : ['client']), ...(family.hasPrice ? [] : ['hasPrice'])];
    for (const param of notAccepted) {
      const error = expectError(await t.api.post(base(), minimal({ [param]: param === 'client' ? w.client.acme : true })), 400, 'parameter_unknown');
      expect(error.details).toEqual([{ param, message: 'is not a parameter of this endpoint' }]);
    }
  });

  it('refuses another account’s ids and disabled references in parameters (400)', async () => {
    const foreign: Array<[string, string]> = [
      ['service', w.other.service],
      ['quantityType', w.other.unit],
      ['domain', w.other.domain],
      ['languagePair', w.other.pair],
    ];
    if (family.acceptsClient) foreign.push(['client', w.other.client]);
    for (const [param, value] of foreign) {
      const error = expectError(await t.api.post(base(), minimal({ [param]: value })), 400, 'parameter_invalid');
      expect(error.details?.[0]?.param).toBe(param);
    }
    const unit = (await t.api.post('/v2/account/quantity-types', { name: `Disabled ${family.key}` })).body.id;
    await t.api.put(`/v2/account/quantity-types/${unit}`, { disabled: true });
    expectError(await t.api.post(base(), minimal({ quantityType: unit })), 400, 'parameter_invalid');
  });

  it('keeps one price per scope, service, unit, currency, pair, domain and client (409)', async () => {
    const scope = { service: w.service['Desktop publishing'], quantityType: w.unit.Pages };
    const first = (await t.api.post(base(), minimal(scope))).body;
    expectError(await t.api.post(base(), minimal({ ...scope, matchesType: 'percentage', unitCost: 5 })), 409, 'resource_exists');
    const withDomain = await t.api.post(base(), minimal({ ...scope, domain: w.domain.medical }));
    expect(withDomain.status).toBe(201);
    expect((await t.api.post(base(), minimal({ ...scope, currency: 'GBP' }))).status).toBe(201);
    if (family.acceptsClient) expect((await t.api.post(base(), minimal({ ...scope, client: w.client.acme }))).status).toBe(201);
    if (family.owner) expect((await t.api.post(base(ownerOf(family, w, 'second')), minimal(scope))).status).toBe(201);
    // an update into an existing scope is refused too
    expectError(await t.api.put(`${base()}/${withDomain.body.id}`, { unitCost: 1, domain: null }), 409, 'resource_exists');
    expect((await t.api.put(`${base()}/${first.id}`, { unitCost: 2 })).status).toBe(200);
  });

  it('updates every parameter, clears nullable ones, and requires unitCost where the specification does', async () => {
    const created = (
      await t.api.post(base(), minimal({ service: w.service.Translation, quantityType: w.unit.Lines, domain: w.domain.legal, languagePair: w.pair.enFr }))
    ).body;
    const url = `${base()}/${created.id}`;
    if (family.hasPrice) {
      const reply = await t.api.put(url, { hasPrice: false });
      expect(reply.status).toBe(200);
      expect(reply.body.hasPrice).toBe(false);
      expect(reply.body.unitCost).toBe(0.12);
    } else {
      expect(expectError(await t.api.put(url, { matchesType: 'percentage' }), 400, 'parameter_missing').details).toEqual([
        { param: 'unitCost', message: 'is required' },
      ]);
    }
    const params: Record<string, unknown> = {
      unitCost: '0.2',
      currency: 'CHF',
      service: w.service.Revision,
      quantityType: w.unit.Characters,
      domain: '',
      languagePair: 'null',
    };
    if (family.acceptsClient) params.client = w.client.acme;
    const reply = await t.api.put(url, params as never);
    expect(reply.status).toBe(200);
    const expected: Record<string, unknown> = { id: created.id };
    if (family.acceptsClient) expected.client = { id: w.client.acme, name: 'Acme' };
    Object.assign(expected, {
      currency: { code: 'CHF', symbol: 'CHF' },
      matches: [],
      matchesType: 'fixed',
      quantityType: { id: w.unit.Characters, name: 'Characters' },
      service: { id: w.service.Revision, name: 'Revision' },
      unitCost: 0.2,
    });
    if (family.hasPrice) expected.hasPrice = false;
    Object.assign(expected, { createdAt: created.createdAt, updatedAt: expect.stringMatching(DATE) });
    expect(reply.body).toEqual(expected);
    if (family.acceptsClient) expect((await t.api.put(url, { unitCost: 0.2, client: null })).body).not.toHaveProperty('client');
    expect(await eventsOf(t, 'price.updated')).toContainEqual(reply.body);
    expectError(await t.api.put(url, { unitCost: 0.2, service: w.other.service }), 400, 'parameter_invalid');
    expectError(await t.api.put(url, { unitCost: 0.2, foo: 1 }), 400, 'parameter_unknown');
    if (!family.acceptsClient) expectError(await t.api.put(url, { unitCost: 0.2, client: w.client.acme }), 400, 'parameter_unknown');
    if (!family.hasPrice) expectError(await t.api.put(url, { unitCost: 0.2, hasPrice: true }), 400, 'parameter_unknown');
  });

  it('answers 404 for missing, malformed and foreign price ids and for foreign or missing owners', async () => {
    const mine = (await t.api.post(base(), minimal({ quantityType: w.unit.Hours }))).body;
    const theirs = (
      await t.otherApi.post(family.base(family.owner === 'clients' ? w.other.client : w.other.supplier), {
        currency: 'EUR',
        matchesType: 'fixed',
        quantityType: w.other.unit,
        service: w.other.service,
        unitCost: 1,
      })
    ).body;
    expect(theirs.id).toMatch(ID);
    for (const id of [MISSING_ID, 'not-an-id', theirs.id]) {
      expectError(await t.api.get(`${base()}/${id}`), 404, 'resource_missing');
      expectError(await t.api.put(`${base()}/${id}`, { unitCost: 1 }), 404, 'resource_missing');
      expectError(await t.api.delete(`${base()}/${id}`), 404, 'resource_missing');
      expectError(await t.api.post(`${base()}/${id}/match`, { match: w.match['100%'], unitCost: 1 }), 404, 'resource_missing');
    }
    expectError(await t.otherApi.get(`${family.base(ownerOf(family, w))}/${mine.id}`), 404, 'resource_missing');
    if (family.owner) {
      // a price of one owner under another owner, and owners that are missing or another account's
      expectError(await t.api.get(`${base(ownerOf(family, w, 'second'))}/${mine.id}`), 404, 'resource_missing');
      expectError(await t.api.delete(`${base(ownerOf(family, w, 'second'))}/${mine.id}`), 404, 'resource_missing');
      for (const owner of [MISSING_ID, 'nope', family.owner === 'clients' ? w.other.client : w.other.supplier]) {
        expectError(await t.api.get(base(owner)), 404, 'resource_missing');
        expectError(await t.api.post(base(owner), minimal()), 404, 'resource_missing');
        expectError(await t.api.get(`${base(owner)}/${mine.id}`), 404, 'resource_missing');
      }
    }
    // the other account's listing never shows this account's prices
    const listed = (await t.otherApi.get(family.base(family.owner === 'clients' ? w.other.client : w.other.supplier))).body;
    expect((family.paginated ? listed.items : listed).map((p: { id: string }) => p.id)).toEqual([theirs.id]);
  });

  it('deletes (204, empty body, event with the last state)', async () => {
    const created = (await t.api.post(base(), minimal({ quantityType: w.unit.Characters, currency: 'JPY' }))).body;
    const withMatch = (await t.api.post(`${base()}/${created.id}/match`, { match: w.match['100%'], unitCost: 0.01 })).body;
    const reply = await t.api.delete(`${base()}/${created.id}`);
    expect(reply.status).toBe(204);
    expect(reply.raw.body).toBe('');
    expectError(await t.api.get(`${base()}/${created.id}`), 404, 'resource_missing');
    expect(await eventsOf(t, 'price.deleted')).toContainEqual({ ...withMatch, updatedAt: expect.stringMatching(DATE) });
    const rows = await t.database.db.selectFrom('price_matches').select('price_id').where('price_id', '=', created.id).execute();
    expect(rows).toEqual([]);
  });
});

describe('listings', () => {
  it('answers bare arrays in creation order for supplier services and client prices, the envelope for account families', async () => {
    const services = FAMILIES[2]!;
    const owner = await (await import('./fixture.js')).insertParty(t, 'suppliers', t.account.accountId, 'Fresh supplier');
    expect((await t.api.get(services.base(owner))).body).toEqual([]);
    const a = (
      await t.api.post(services.base(owner), { currency: 'EUR', matchesType: 'fixed', quantityType: w.unit.Words, service: w.service.Translation, unitCost: 1 })
    ).body;
    const b = (
      await t.api.post(services.base(owner), { currency: 'EUR', matchesType: 'fixed', quantityType: w.unit.Words, service: w.service.Revision, unitCost: 1 })
    ).body;
    expect((await t.api.get(services.base(owner))).body.map((p: { id: string }) => p.id)).toEqual([a.id, b.id]);
    expectError(await t.api.get(services.base(owner), { page: 2 }), 400, 'parameter_unknown');
    const envelope = (await t.api.get('/v2/account/prices/clients', { pageSize: 1 })).body;
    expect(envelope).toMatchObject({ pageSize: 1, page: 1, hasPreviousPage: false });
    expect(envelope.items).toHaveLength(1);
  });
});
