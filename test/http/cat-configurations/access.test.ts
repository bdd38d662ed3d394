import { describe, expect, it } from 'vitest';
import { expectError, MISSING_ID, type TestContext } from '../../helper.js';
import { BASE, catConfigurationsFixture, catConfigurationsPerFile, type CatWorld } from './fixture.js';

/** Every operation of the CAT configurations against ids that are missing, malformed or of the other account, and with a read-only key. */
let t: TestContext;
let w: CatWorld;
catConfigurationsPerFile((app, world) => ([t, w] = [app, world]));
const { valid, create, add, removeMatch, move } = catConfigurationsFixture(() => ({ t, w }));

describe('ids of other accounts and read-only keys', () => {
  it('answers 404 for missing, malformed and foreign ids; the other account cannot change or delete', async () => {
    const config = await create({ name: 'Mine' });
    for (const id of [MISSING_ID, 'not-an-id', config.id]) {
      const api = id === config.id ? t.otherApi : t.api;
      expectError(await api.get(`${BASE}/${id}`), 404, 'resource_missing');
      expectError(await api.put(`${BASE}/${id}`, { name: 'Theirs' }), 404, 'resource_missing');
      expectError(await api.delete(`${BASE}/${id}`), 404, 'resource_missing');
    }
    expect((await t.api.get(`${BASE}/${config.id}`)).body).toEqual(config);
  });

  it('refuses every write with a read-only key (403) and allows reads', async () => {
    const config = await create();
    const read = t.api.withKey(t.account.readKey);
    expect((await read.get(BASE)).status).toBe(200);
    expect((await read.get(`${BASE}/${config.id}`)).status).toBe(200);
    expectError(await read.post(BASE, valid()), 403, 'forbidden');
    expectError(await read.put(`${BASE}/${config.id}`, { name: 'x' }), 403, 'forbidden');
    expectError(await read.delete(`${BASE}/${config.id}`), 403, 'forbidden');
    expectError(await add(config.id, w.match['100%']!, 'exact', read), 403, 'forbidden');
    expectError(await move(config.id, w.match['100%']!, 0, read), 403, 'forbidden');
    expectError(await removeMatch(config.id, w.match['100%']!, 'exact', read), 403, 'forbidden');
  });
});
