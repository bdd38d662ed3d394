import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, type Api, type TestContext } from '../../helper.js';

/** The default `catConfiguration` of clients and suppliers (settable on both). */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function newConfiguration(api: Api, name: string): Promise<{ id: string; name: string }> {
  const units = (await api.get('/v2/account/quantity-types')).body as Array<{ id: string; name: string }>;
  const words = units.find((unit) => unit.name === 'Words')!;
  const reply = await api.post('/v2/account/cat-configurations', {
    name,
    catTool: 'trados',
    conversionFactor: 1,
    destinationQuantityType: words.id,
    sourceQuantityType: 'words',
  });
  expect(reply.status).toBe(201);
  return reply.body;
}

describe.each([
  { parent: 'client', path: '/v2/clients' },
  { parent: 'supplier', path: '/v2/suppliers' },
])('catConfiguration of a $parent', ({ path }) => {
  it('is set on create and update, answered as {id, name}, and cleared with null', async () => {
    const first = await newConfiguration(t.api, `Trados words ${path}`);
    const second = await newConfiguration(t.api, `Trados words 2 ${path}`);
    const created = await t.api.post(path, { name: 'Acme', catConfiguration: first.id });
    expect(created.status).toBe(201);
    expect(created.body.catConfiguration).toEqual({ id: first.id, name: first.name });
    const updated = await t.api.put(`${path}/${created.body.id}`, { catConfiguration: second.id }, { json: true });
    expect(updated.body.catConfiguration).toEqual({ id: second.id, name: second.name });
    expect((await t.api.get(`${path}/${created.body.id}`)).body.catConfiguration).toEqual({ id: second.id, name: second.name });
    const listed = (await t.api.get(path, { pageSize: 100 })).body.items.find((item: { id: string }) => item.id === created.body.id);
    expect(listed.catConfiguration).toEqual({ id: second.id, name: second.name });
    const cleared = await t.api.put(`${path}/${created.body.id}`, { catConfiguration: '' });
    expect(cleared.body.catConfiguration).toBeNull();
  });

  it("rejects another account's configuration id (400 parameter_invalid) and changes nothing", async () => {
    const foreign = await newConfiguration(t.otherApi, `Foreign ${path}`);
    const created = (await t.api.post(path, { name: 'Beta' })).body;
    const error = expectError(await t.api.put(`${path}/${created.id}`, { catConfiguration: foreign.id }), 400, 'parameter_invalid');
    expect(error.details?.[0]?.param).toBe('catConfiguration');
    expectError(await t.api.post(path, { name: 'Gamma', catConfiguration: foreign.id }), 400, 'parameter_invalid');
    expect((await t.api.get(`${path}/${created.id}`)).body.catConfiguration).toBeNull();
  });

  it('keeps the configuration from being deleted while it is a default (409), then allows it', async () => {
    const configuration = await newConfiguration(t.api, `In use ${path}`);
    const created = (await t.api.post(path, { name: 'Delta', catConfiguration: configuration.id })).body;
    expectError(await t.api.delete(`/v2/account/cat-configurations/${configuration.id}`), 409, 'resource_in_use');
    await t.api.put(`${path}/${created.id}`, { catConfiguration: null }, { json: true });
    expect((await t.api.delete(`/v2/account/cat-configurations/${configuration.id}`)).status).toBe(204);
  });
});
