import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, expectError, MISSING_ID, type TestContext } from '../../helper.js';
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

interface KeyItem {
  id: string;
  name: string;
  user: { id: string; name: string };
  lastUsedAt: string | null;
  revokedAt: string | null;
}

const ids = (keys: KeyItem[]) => keys.map((key) => key.id);

/** The account's live keys as stored, in creation order. */
async function liveKeysOf(userId?: string): Promise<string[]> {
  let query = t.database.db.selectFrom('api_keys').select('id').where('account_id', '=', t.account.accountId).where('revoked_at', 'is', null);
  if (userId) query = query.where('user_id', '=', userId);
  return (await query.orderBy('created_at').orderBy('id').execute()).map((row) => row.id);
}

describe('GET /v2/api-keys', () => {
  it("owner and admin see every live key of the account, in creation order, with each key's user", async () => {
    const mine = await t.api.get('/v2/api-keys');
    expect(mine.status).toBe(200);
    expect(ids(mine.body)).toEqual(await liveKeysOf());
    expect(mine.body.map((key: KeyItem) => key.user.id)).toEqual(expect.arrayContaining([t.account.userId, manager.id, admin.id]));
    expect(mine.body.find((key: KeyItem) => key.id === manager.keyId)).toMatchObject({
      name: "Mia Manager's key",
      user: { id: manager.id, name: 'Mia Manager' },
    });
    expect(ids((await admin.session.get('/v2/api-keys')).body)).toEqual(await liveKeysOf());
    for (const key of mine.body) expect(Object.keys(key).sort()).toEqual(['createdAt', 'id', 'lastUsedAt', 'name', 'prefix', 'revokedAt', 'scope', 'user']);
  });

  it('other roles see only their own keys, whatever userId they ask for', async () => {
    await manager.session.post('/v2/api-keys', { name: 'Second' });
    const own = await manager.session.get('/v2/api-keys');
    expect(own.status).toBe(200);
    expect(ids(own.body)).toEqual(await liveKeysOf(manager.id));
    expect(own.body).toHaveLength(2);
    expect(ids((await manager.key.get('/v2/api-keys', { userId: manager.id })).body)).toEqual(await liveKeysOf(manager.id));
    expect((await manager.key.get('/v2/api-keys', { userId: t.account.userId })).body).toEqual([]);
  });

  it('userId narrows to one user for owner and admin; 400 for an id that is not a user of the account', async () => {
    expect(ids((await t.api.get('/v2/api-keys', { userId: manager.id })).body)).toEqual(await liveKeysOf(manager.id));
    expect(ids((await admin.key.get('/v2/api-keys', { userId: t.account.userId })).body)).toEqual(await liveKeysOf(t.account.userId));
    for (const userId of [t.other.userId, MISSING_ID]) {
      expect(expectError(await t.api.get('/v2/api-keys', { userId }), 400, 'parameter_invalid').details?.[0]?.param).toBe('userId');
    }
    expectError(await t.api.get('/v2/api-keys', { userId: 'abc' }), 400, 'parameter_invalid');
    expectError(await t.api.get('/v2/api-keys', { scope: 'read' }), 400, 'parameter_unknown');
    expectError(await t.api.withKey(undefined).get('/v2/api-keys'), 401, 'unauthorized');
  });

  it("never shows another account's keys, nor revoked keys", async () => {
    const theirs = await t.otherApi.get('/v2/api-keys');
    expect(theirs.status).toBe(200);
    expect(theirs.body.length).toBeGreaterThan(0);
    expect(theirs.body.every((key: KeyItem) => key.user.id === t.other.userId)).toBe(true);
    const made = (await t.api.post('/v2/api-keys', { name: 'Short-lived' })).body;
    expect(ids((await t.api.get('/v2/api-keys')).body)).toContain(made.id);
    expect((await t.api.delete(`/v2/api-keys/${made.id}`)).status).toBe(204);
    expect(ids((await t.api.get('/v2/api-keys')).body)).not.toContain(made.id);
  });

  it('lastUsedAt: null until the key is used, then the time of its use', async () => {
    const made = (await t.api.post('/v2/api-keys', { name: 'Unused yet' })).body;
    const listed = async () => (await t.api.get('/v2/api-keys')).body.find((key: KeyItem) => key.id === made.id) as KeyItem;
    expect((await listed()).lastUsedAt).toBeNull();
    const before = new Date().toISOString();
    expect((await t.api.withKey(made.secret).get('/v2/jobs')).status).toBe(200);
    // Written beside the request, not in it: it shows up a moment later.
    await vi.waitFor(async () => expect((await listed()).lastUsedAt).not.toBeNull());
    expect((await listed()).lastUsedAt! >= before).toBe(true);
  });

  it("shows the user's current name", async () => {
    expect((await t.api.put(`/v2/users/${manager.id}`, { name: 'Mia Renamed' })).status).toBe(200);
    const key = (await t.api.get('/v2/api-keys')).body.find((k: KeyItem) => k.id === manager.keyId);
    expect(key.user).toEqual({ id: manager.id, name: 'Mia Renamed' });
  });
});
