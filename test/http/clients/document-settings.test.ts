import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, type TestContext } from '../../helper.js';

/** A client's and a supplier's document language and a client's match display (docs/clients-suppliers.md). */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('documentLanguage and documentMatchDisplay of clients', () => {
  it('default to null (the account language) and none; are set on create and update, cleared with null', async () => {
    const plain = await t.api.post('/v2/clients', { name: 'Plain' });
    expect(plain.body).toMatchObject({ documentLanguage: null, documentMatchDisplay: 'none' });
    const created = await t.api.post('/v2/clients', { name: 'Mainz GmbH', documentLanguage: 'de', documentMatchDisplay: 'breakdown' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ documentLanguage: 'de', documentMatchDisplay: 'breakdown' });
    const id = created.body.id as string;
    const updated = await t.api.put(`/v2/clients/${id}`, { documentLanguage: 'pl', documentMatchDisplay: 'hiddenMatches' }, { json: true });
    expect(updated.body).toMatchObject({ documentLanguage: 'pl', documentMatchDisplay: 'hiddenMatches' });
    expect((await t.api.get(`/v2/clients/${id}`)).body).toMatchObject({ documentLanguage: 'pl', documentMatchDisplay: 'hiddenMatches' });
    const listed = (await t.api.get('/v2/clients')).body.items.find((client: { id: string }) => client.id === id);
    expect(listed).toMatchObject({ documentLanguage: 'pl', documentMatchDisplay: 'hiddenMatches' });
    // An empty form value is null: the account's language again; the match display stays.
    expect((await t.api.put(`/v2/clients/${id}`, { documentLanguage: '' })).body).toMatchObject({
      documentLanguage: null,
      documentMatchDisplay: 'hiddenMatches',
    });
    expect((await t.api.put(`/v2/clients/${id}`, { documentLanguage: null }, { json: true })).body.documentLanguage).toBeNull();
  });

  it('refuses an unknown language or match display, naming the parameter', async () => {
    const id = (await t.api.post('/v2/clients', { name: 'Refused' })).body.id as string;
    for (const [param, value] of [
      ['documentLanguage', 'ja'],
      ['documentLanguage', 'FR'],
      ['documentMatchDisplay', 'all'],
      ['documentMatchDisplay', ''],
    ] as const) {
      expect(expectError(await t.api.post('/v2/clients', { name: 'X', [param]: value }), 400, 'parameter_invalid').details?.[0]?.param).toBe(param);
      expect(expectError(await t.api.put(`/v2/clients/${id}`, { [param]: value }), 400, 'parameter_invalid').details?.[0]?.param).toBe(param);
    }
    expect((await t.api.get(`/v2/clients/${id}`)).body).toMatchObject({ documentLanguage: null, documentMatchDisplay: 'none' });
  });
});

describe('documentLanguage of suppliers', () => {
  it('defaults to null, is set on create and update, listed, and validated', async () => {
    const created = await t.api.post('/v2/suppliers', { name: 'Traductions Dupont', documentLanguage: 'fr' });
    expect(created.status).toBe(201);
    expect(created.body.documentLanguage).toBe('fr');
    const id = created.body.id as string;
    expect((await t.api.put(`/v2/suppliers/${id}`, { documentLanguage: 'it' })).body.documentLanguage).toBe('it');
    const listed = (await t.api.get('/v2/suppliers')).body.items.find((supplier: { id: string }) => supplier.id === id);
    expect(listed.documentLanguage).toBe('it');
    expect((await t.api.post('/v2/suppliers', { name: 'Default' })).body.documentLanguage).toBeNull();
    expect(expectError(await t.api.put(`/v2/suppliers/${id}`, { documentLanguage: 'xx' }), 400, 'parameter_invalid').details?.[0]?.param).toBe(
      'documentLanguage',
    );
    // Suppliers have no match display of their own (purchase orders always show the breakdown).
    expectError(await t.api.put(`/v2/suppliers/${id}`, { documentMatchDisplay: 'none' }), 400, 'parameter_unknown');
    expect((await t.api.get(`/v2/suppliers/${id}`)).body.documentLanguage).toBe('it');
  });
});
