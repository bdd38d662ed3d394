import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, MISSING_ID, type TestContext } from '../../helper.js';
import { person, type Person } from './fixture.js';

let t: TestContext;
let manager: Person;
let viewer: Person;
beforeAll(async () => {
  t = await createTestApp();
  manager = await person(t, 'manager', 'Mia Manager');
  viewer = await person(t, 'viewer', 'Vic Viewer');
});
afterAll(async () => {
  await t.close();
});

const keyCount = async () =>
  Number(
    (
      await t.database.db
        .selectFrom('api_keys')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('POST /v2/api-keys', () => {
  it('answers 201 with the key and its secret once; the secret authenticates as the caller; only its hash is stored', async () => {
    const reply = await t.api.post('/v2/api-keys', { name: 'Invoicing export' });
    expect(reply.status).toBe(201);
    const { secret, ...key } = reply.body;
    expect(key).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      name: 'Invoicing export',
      prefix: secret.slice(0, 8),
      scope: 'write',
      user: { id: t.account.userId, name: 'Owner' },
      createdAt: expect.stringMatching(/Z$/),
      lastUsedAt: null,
      revokedAt: null,
    });
    expect(secret).toMatch(/^td_[A-Za-z0-9_-]{43}$/);
    const me = await t.api.withKey(secret).get('/v2/users/me');
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(t.account.userId);
    const row = await t.database.db.selectFrom('api_keys').selectAll().where('id', '=', key.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(secret.slice(3));
    expect(row).toMatchObject({ name: 'Invoicing export', scope: 'write', user_id: t.account.userId, account_id: t.account.accountId });
    // The listing shows it, without the secret.
    const listed = (await t.api.get('/v2/api-keys')).body.find((k: { id: string }) => k.id === key.id);
    expect({ ...listed, lastUsedAt: null }).toEqual(key);
  });

  it('records apiKey.created with the key object, never the secret, naming the caller as actor', async () => {
    const reply = await t.api.post('/v2/api-keys', { name: 'Audited', scope: 'read' }, { json: true });
    expect(reply.status).toBe(201);
    const { secret, ...key } = reply.body;
    const events = (await t.api.get('/v2/events', { type: ['apiKey.created'], pageSize: 100 })).body.items;
    const event = events.find((e: { data: { id: string } }) => e.data.id === key.id);
    expect(event.data).toEqual(key);
    expect(event.actor).toMatchObject({ type: 'key', user: { id: t.account.userId, name: 'Owner' } });
    expect(JSON.stringify(events)).not.toContain(secret);
    const stored = await t.database.db.selectFrom('events').select('data').execute();
    expect(stored.some((row) => row.data.includes(secret.slice(3)))).toBe(false);
  });

  it('scope read makes a read-only key', async () => {
    const { secret } = (await t.api.post('/v2/api-keys', { name: 'Reader', scope: 'read' })).body;
    expect((await t.api.withKey(secret).get('/v2/users')).status).toBe(200);
    expectError(await t.api.withKey(secret).post('/v2/api-keys', { name: 'Escalate' }), 403, 'forbidden');
  });

  it('owner and admin make keys for another active user of the account', async () => {
    const reply = await t.api.post('/v2/api-keys', { name: 'For Mia', userId: manager.id });
    expect(reply.status).toBe(201);
    expect(reply.body.user).toEqual({ id: manager.id, name: 'Mia Manager' });
    expect((await t.api.withKey(reply.body.secret).get('/v2/users/me')).body.id).toBe(manager.id);
    const admin = await person(t, 'admin', 'Ada Admin');
    const byAdmin = await admin.session.post('/v2/api-keys', { name: 'For Vic', userId: viewer.id });
    expect(byAdmin.status).toBe(201);
    expect(byAdmin.body.user.id).toBe(viewer.id);
  });

  it('400 for a user of another account, unknown, disabled or not yet active; nothing is made', async () => {
    const before = await keyCount();
    const disabled = await person(t, 'viewer', 'Dee Disabled');
    expect((await t.api.put(`/v2/users/${disabled.id}`, { disabled: true })).status).toBe(200);
    const invited = (await t.api.post('/v2/users', { name: 'Ivy Invited', email: 'ivy@example.com' })).body;
    expect(invited.status).toBe('invited');
    const afterSetUp = await keyCount();
    expect(afterSetUp).toBe(before + 1);
    for (const userId of [t.other.userId, MISSING_ID, disabled.id, invited.id]) {
      const error = expectError(await t.api.post('/v2/api-keys', { name: 'No', userId }), 400, 'parameter_invalid');
      expect(error.details?.[0]?.param).toBe('userId');
    }
    expect(await keyCount()).toBe(afterSetUp);
  });

  it('every role makes its own keys (a viewer too, whose role still limits the key); only owner and admin for others', async () => {
    const mine = await manager.session.post('/v2/api-keys', { name: 'Mia laptop' });
    expect(mine.status).toBe(201);
    expect(mine.body.user).toEqual({ id: manager.id, name: 'Mia Manager' });
    const self = await manager.key.post('/v2/api-keys', { name: 'Mia again', userId: manager.id });
    expect(self.status).toBe(201);
    const viewerKey = await viewer.session.post('/v2/api-keys', { name: 'Vic script', scope: 'write' });
    expect(viewerKey.status).toBe(201);
    expect(viewerKey.body).toMatchObject({ scope: 'write', user: { id: viewer.id } });
    const before = await keyCount();
    expectError(await manager.session.post('/v2/api-keys', { name: 'For the owner', userId: t.account.userId }), 403, 'forbidden');
    expectError(await viewer.key.post('/v2/api-keys', { name: 'For Mia', userId: manager.id }), 403, 'forbidden');
    expect(await keyCount()).toBe(before);
  });

  it('a session must send its CSRF token: a cross-site form post makes nothing', async () => {
    const before = await keyCount();
    const crossSite = await manager.session.request('POST', '/v2/api-keys', { name: 'Forged' }, { headers: { 'x-csrf-token': 'forged' } });
    expectError(crossSite, 403, 'forbidden');
    expect(await keyCount()).toBe(before);
  });

  it('validates the body', async () => {
    const before = await keyCount();
    expectError(await t.api.post('/v2/api-keys', {}), 400, 'parameter_missing');
    expectError(await t.api.post('/v2/api-keys', { name: '' }), 400, 'parameter_invalid');
    expect(expectError(await t.api.post('/v2/api-keys', { name: '   ' }), 400, 'parameter_invalid').details?.[0]?.param).toBe('name');
    expectError(await t.api.post('/v2/api-keys', { name: 'x'.repeat(256) }), 400, 'parameter_invalid');
    expect(expectError(await t.api.post('/v2/api-keys', { name: 'Bad', scope: 'admin' }), 400, 'parameter_invalid').details?.[0]?.param).toBe('scope');
    expectError(await t.api.post('/v2/api-keys', { name: 'Bad', userId: 'nope' }), 400, 'parameter_invalid');
    expectError(await t.api.post('/v2/api-keys', { name: 'Bad', secret: 'td_mine' }), 400, 'parameter_unknown');
    expectError(await t.api.post('/v2/api-keys', { name: 42 }, { json: true }), 400, 'parameter_invalid');
    expectError(await t.api.withKey(undefined).post('/v2/api-keys', { name: 'Anonymous' }), 401, 'unauthorized');
    expect(await keyCount()).toBe(before);
  });

  it('names are trimmed', async () => {
    expect((await t.api.post('/v2/api-keys', { name: '  Spaced  ' })).body.name).toBe('Spaced');
  });
});
