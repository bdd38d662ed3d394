import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, MISSING_ID, type TestContext } from '../../helper.js';
import { twoApps } from '../caches/job-view-cache-fixture.js';
import { person, type Person } from './fixture.js';

let t: TestContext;
let manager: Person;
let admin: Person;
beforeAll(async () => {
  t = await createTestApp();
  manager = await person(t, 'manager', 'Mia Manager');
  admin = await person(t, 'admin', 'Ada Admin');
});
afterAll(async () => {
  await t.close();
});

const newKey = async (api = t.api, params: Record<string, string> = {}) => {
  const reply = await api.post('/v2/api-keys', { name: 'To revoke', ...params });
  expect(reply.status).toBe(201);
  return reply.body as { id: string; secret: string };
};

describe('DELETE /v2/api-keys/:id', () => {
  it('answers 204; the key answers 401 from then on; apiKey.deleted records its last state; a second revoke is 404', async () => {
    const key = await newKey();
    expect((await t.api.withKey(key.secret).get('/v2/users/me')).status).toBe(200);
    const reply = await t.api.delete(`/v2/api-keys/${key.id}`);
    expect(reply.status).toBe(204);
    expect(reply.raw.body).toBe('');
    expectError(await t.api.withKey(key.secret).get('/v2/users/me'), 401, 'unauthorized');
    const [event] = (await t.api.get('/v2/events', { type: ['apiKey.deleted'], objectType: 'apiKey', objectId: key.id })).body.items;
    expect(event.data).toMatchObject({ id: key.id, name: 'To revoke', revokedAt: expect.stringMatching(/Z$/) });
    expect(JSON.stringify(event)).not.toContain(key.secret);
    expect(event.actor.type).toBe('key');
    expectError(await t.api.delete(`/v2/api-keys/${key.id}`), 404, 'resource_missing');
  });

  it("a user revokes their own keys; another user's key is 404 to them and keeps working", async () => {
    const own = await newKey(manager.session);
    expect((await manager.session.delete(`/v2/api-keys/${own.id}`)).status).toBe(204);
    const owners = await newKey();
    expectError(await manager.session.delete(`/v2/api-keys/${owners.id}`), 404, 'resource_missing');
    expectError(await manager.key.delete(`/v2/api-keys/${admin.keyId}`), 404, 'resource_missing');
    expect((await t.api.withKey(owners.secret).get('/v2/users/me')).status).toBe(200);
    // A user may revoke the very key they call with: the answer is still given.
    expect((await manager.key.delete(`/v2/api-keys/${manager.keyId}`)).status).toBe(204);
    expectError(await manager.key.get('/v2/users/me'), 401, 'unauthorized');
  });

  it('owner and admin revoke any key of the account', async () => {
    const mias = await newKey(manager.session);
    expect((await admin.session.delete(`/v2/api-keys/${mias.id}`)).status).toBe(204);
    expectError(await t.api.withKey(mias.secret).get('/v2/users/me'), 401, 'unauthorized');
    const adas = await newKey(admin.session);
    expect((await t.api.delete(`/v2/api-keys/${adas.id}`)).status).toBe(204);
  });

  it("404 for another account's key (which keeps working), an unknown or a malformed id", async () => {
    const theirs = await newKey(t.otherApi);
    expectError(await t.api.delete(`/v2/api-keys/${theirs.id}`), 404, 'resource_missing');
    expect((await t.otherApi.withKey(theirs.secret).get('/v2/users/me')).status).toBe(200);
    expectError(await t.api.delete(`/v2/api-keys/${MISSING_ID}`), 404, 'resource_missing');
    expectError(await t.api.delete('/v2/api-keys/nope'), 404, 'resource_missing');
    const mine = await newKey();
    expectError(await t.api.withKey(t.account.readKey).delete(`/v2/api-keys/${mine.id}`), 403, 'forbidden');
    expectError(await manager.session.request('DELETE', `/v2/api-keys/${mine.id}`, undefined, { headers: { 'x-csrf-token': 'forged' } }), 403, 'forbidden');
    expect((await t.api.withKey(mine.secret).get('/v2/users/me')).status).toBe(200);
  });

  it('takes effect at once in another server process on the same database (the key epoch on SQLite)', async () => {
    const apps = await twoApps(t);
    try {
      const made = await apps.api1.post('/v2/api-keys', { name: 'Shared' });
      expect(made.status).toBe(201);
      const other = apps.api2.withKey(made.body.secret);
      // Found twice by the second app: the second time from what it keeps.
      expect((await other.get('/v2/users/me')).status).toBe(200);
      expect((await other.get('/v2/users/me')).status).toBe(200);
      expect((await apps.api1.delete(`/v2/api-keys/${made.body.id}`)).status).toBe(204);
      expectError(await other.get('/v2/users/me'), 401, 'unauthorized');
    } finally {
      await apps.close();
    }
  });
});
