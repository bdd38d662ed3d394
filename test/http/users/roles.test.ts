import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../../src/core/db/schema.js';
import { insertApiKey } from '../../../src/modules/accounts/provisioning.js';
import { sessions } from '../../../src/modules/auth/sessions.js';
import { Api, createTestAccount, createTestApp, expectError, type TestContext } from '../../helper.js';
import { twoApps } from '../caches/job-view-cache-fixture.js';

/**
 * The rules of users' roles (docs/access.md#roles): only an owner makes, changes, demotes or
 * disables an owner; the last active owner stays; nobody disables themselves; disabling ends the
 * user's sessions and keys at once, in this process and in another one on the same database.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

interface Member {
  id: string;
  api: Api;
  key: string;
}

let counter = 0;

/** A user of the role, made by `by` (default: the account's owner), with a key of their own. */
async function member(role: Role, options: { by?: Api; accountId?: string; email?: string } = {}): Promise<Member> {
  const by = options.by ?? t.api;
  const reply = await by.post('/v2/users', { name: `${role} ${++counter}`, role, ...(options.email ? { email: options.email } : {}) });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  const { apiKey } = await insertApiKey(t.database.db, options.accountId ?? t.account.accountId, reply.body.id);
  return { id: reply.body.id, api: new Api(t.app, apiKey), key: apiKey };
}

/** A fresh account whose only owner is `owner` (its rules about the last owner start from scratch). */
async function freshAccount(): Promise<{ accountId: string; ownerId: string; owner: Api }> {
  const account = await createTestAccount(t.database, `Roles ${++counter}`);
  return { accountId: account.accountId, ownerId: account.userId, owner: new Api(t.app, account.apiKey) };
}

async function userCount(accountId: string): Promise<number> {
  return (await t.database.db.selectFrom('users').select('id').where('account_id', '=', accountId).execute()).length;
}

describe('only an owner makes or touches an owner', () => {
  it('an admin cannot create an owner (403, no user); an owner can', async () => {
    const admin = await member('admin');
    const before = await userCount(t.account.accountId);
    const refused = expectError(await admin.api.post('/v2/users', { name: 'Would-be owner', role: 'owner' }), 403, 'forbidden');
    expect(refused.message).toContain('Only an owner');
    expect(await userCount(t.account.accountId)).toBe(before);
    const made = await t.api.post('/v2/users', { name: 'Second owner', role: 'owner' });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ role: 'owner', isOwner: true, status: 'active' });
    // An admin still makes admins and the other roles.
    expect((await admin.api.post('/v2/users', { name: 'Another admin', role: 'admin' })).body.role).toBe('admin');
  });

  it('an admin cannot promote to owner, nor rename, demote or disable an owner; an owner can', async () => {
    const admin = await member('admin');
    const owner = await member('owner');
    const viewer = await member('viewer');
    expectError(await admin.api.put(`/v2/users/${viewer.id}`, { role: 'owner' }), 403, 'forbidden');
    for (const change of [{ name: 'Renamed' }, { role: 'admin' }, { disabled: true }]) {
      expectError(await admin.api.put(`/v2/users/${owner.id}`, change), 403, 'forbidden');
    }
    expect((await t.api.get(`/v2/users/${owner.id}`)).body).toMatchObject({ role: 'owner', status: 'active' });
    expect((await t.api.get(`/v2/users/${viewer.id}`)).body.role).toBe('viewer');
    // Other roles are the admin's to change.
    expect((await admin.api.put(`/v2/users/${viewer.id}`, { role: 'finance' })).body.role).toBe('finance');
    // An owner promotes and demotes owners.
    expect((await owner.api.put(`/v2/users/${viewer.id}`, { role: 'owner' })).body).toMatchObject({ role: 'owner', isOwner: true });
    expect((await owner.api.put(`/v2/users/${viewer.id}`, { role: 'manager' })).body).toMatchObject({ role: 'manager', isOwner: false });
  });

  it('a manager, finance or viewer changes no user at all (the role matrix)', async () => {
    const target = await member('viewer');
    for (const role of ['manager', 'finance', 'viewer'] as const) {
      const caller = await member(role);
      expectError(await caller.api.put(`/v2/users/${target.id}`, { name: 'Renamed' }), 403, 'forbidden');
      expectError(await caller.api.post('/v2/users', { name: 'Someone' }), 403, 'forbidden');
      // …but reads every user, and themselves.
      expect((await caller.api.get('/v2/users')).status).toBe(200);
      expect((await caller.api.get('/v2/users/me')).body).toMatchObject({ id: caller.id, role });
    }
  });
});

describe('the last active owner', () => {
  it('cannot be demoted while no other owner is active (an invited or disabled owner does not count)', async () => {
    const { accountId, ownerId, owner } = await freshAccount();
    expectError(await owner.put(`/v2/users/${ownerId}`, { role: 'admin' }), 409, 'state_conflict');
    // An invited owner cannot sign in yet: still the last active owner.
    await member('owner', { by: owner, accountId, email: `invited-owner-${++counter}@example.com` });
    expectError(await owner.put(`/v2/users/${ownerId}`, { role: 'admin' }), 409, 'state_conflict');
    // A disabled owner does not count either.
    const disabled = await member('owner', { by: owner, accountId });
    expect((await owner.put(`/v2/users/${disabled.id}`, { disabled: true })).body.status).toBe('disabled');
    expectError(await owner.put(`/v2/users/${ownerId}`, { role: 'admin' }), 409, 'state_conflict');
    expect((await owner.get(`/v2/users/${ownerId}`)).body.role).toBe('owner');
    // With another active owner, the first may step down; then the other is the last.
    const second = await member('owner', { by: owner, accountId });
    expect((await owner.put(`/v2/users/${ownerId}`, { role: 'admin' })).body.role).toBe('admin');
    expectError(await second.api.put(`/v2/users/${second.id}`, { role: 'manager' }), 409, 'state_conflict');
    // The former owner, an admin now, no longer touches owners.
    expectError(await owner.put(`/v2/users/${second.id}`, { role: 'admin' }), 403, 'forbidden');
  });

  it('cannot be disabled by another owner when they are the last active one', async () => {
    const { accountId, ownerId, owner } = await freshAccount();
    const second = await member('owner', { by: owner, accountId });
    expect((await second.api.put(`/v2/users/${ownerId}`, { disabled: true })).body.status).toBe('disabled');
    // `second` is the last active owner now: the first cannot act any more (disabled), and nobody disables `second`.
    expectError(await owner.get('/v2/users/me'), 401, 'unauthorized');
    const third = await member('admin', { by: second.api, accountId });
    expectError(await third.api.put(`/v2/users/${second.id}`, { disabled: true }), 403, 'forbidden');
  });

  it('two owners demoting each other at once: one succeeds, one owner stays', async () => {
    for (let round = 0; round < 3; round++) {
      const { accountId, ownerId, owner } = await freshAccount();
      const second = await member('owner', { by: owner, accountId });
      const replies = await Promise.all([owner.put(`/v2/users/${second.id}`, { role: 'admin' }), second.api.put(`/v2/users/${ownerId}`, { role: 'admin' })]);
      // The second to run finds itself demoted (403) or the other the last owner (409).
      const [first, second_] = replies.map((reply) => reply.status).sort();
      expect(first).toBe(200);
      expect([403, 409]).toContain(second_);
      const owners = await t.database.db
        .selectFrom('users')
        .select('id')
        .where('account_id', '=', accountId)
        .where('role', '=', 'owner')
        .where('status', '=', 'active')
        .execute();
      expect(owners).toHaveLength(1);
    }
  });
});

describe('disabling', () => {
  it('nobody disables themselves (409), an owner included', async () => {
    const admin = await member('admin');
    expectError(await admin.api.put(`/v2/users/${admin.id}`, { disabled: true }), 409, 'state_conflict');
    expectError(await t.api.put(`/v2/users/${t.account.userId}`, { disabled: true }), 409, 'state_conflict');
    expect((await admin.api.get('/v2/users/me')).body.status).toBe('active');
  });

  it("ends the user's sessions and keys at once (a key used a moment before included); enabling again does not revive them", async () => {
    const manager = await member('manager');
    const session = await sessions.start(t.database.db, { id: manager.id, account_id: t.account.accountId }, 'password');
    const bySession = () => manager.api.withKey(undefined).request('GET', '/v2/users/me', undefined, { headers: { cookie: `td_session=${session.token}` } });
    expect((await manager.api.get('/v2/users/me')).status).toBe(200);
    expect((await bySession()).status).toBe(200);
    const admin = await member('admin');
    expect((await admin.api.put(`/v2/users/${manager.id}`, { disabled: true })).body.status).toBe('disabled');
    expectError(await manager.api.get('/v2/users/me'), 401, 'unauthorized');
    expectError(await bySession(), 401, 'unauthorized');
    const key = await t.database.db.selectFrom('api_keys').select('revoked_at').where('user_id', '=', manager.id).executeTakeFirstOrThrow();
    const ended = await t.database.db.selectFrom('sessions').select('ended_at').where('id', '=', session.id).executeTakeFirstOrThrow();
    expect(key.revoked_at).not.toBeNull();
    expect(ended.ended_at).not.toBeNull();
    expect((await admin.api.put(`/v2/users/${manager.id}`, { disabled: false })).body.status).toBe('active');
    expectError(await manager.api.get('/v2/users/me'), 401, 'unauthorized');
    expectError(await bySession(), 401, 'unauthorized');
  });

  it('ends them in another process on the same database too (two apps, each with its own caches)', async () => {
    const apps = await twoApps(t);
    try {
      const make = await apps.api1.post('/v2/users', { name: 'Remote manager', role: 'manager' });
      expect(make.status).toBe(201);
      const { apiKey } = await insertApiKey(apps.t.database.db, apps.account.accountId, make.body.id);
      const session = await sessions.start(apps.t.database.db, { id: make.body.id, account_id: apps.account.accountId }, 'password');
      const onSecond = apps.api2.withKey(apiKey);
      const bySession = () => apps.api2.withKey(undefined).request('GET', '/v2/users/me', undefined, { headers: { cookie: `td_session=${session.token}` } });
      // Found (and remembered) by the second app first.
      expect((await onSecond.get('/v2/users/me')).status).toBe(200);
      expect((await bySession()).status).toBe(200);
      expect((await apps.api1.put(`/v2/users/${make.body.id}`, { disabled: true })).body.status).toBe('disabled');
      expectError(await onSecond.get('/v2/users/me'), 401, 'unauthorized');
      expectError(await bySession(), 401, 'unauthorized');
    } finally {
      await apps.close();
    }
  });
});
