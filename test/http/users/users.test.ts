import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, MISSING_ID, type TestContext } from '../../helper.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const ID = expect.stringMatching(/^[0-9a-f]{24}$/);
const DATE = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

/** The user of a POST /v2/users answer, without its invitation (what GET and the events show). */
function withoutInvitation(body: Record<string, any>): Record<string, any> {
  const { invitation: _invitation, ...user } = body;
  return user;
}

async function eventsOf(type: string) {
  return (await t.api.get('/v2/events', { type: [type], pageSize: 100 })).body.items as Array<{ type: string; data: Record<string, unknown> }>;
}

describe('GET /v2/users/me and the owner', () => {
  it('answers the user behind the key, the owner of a new account', async () => {
    const reply = await t.api.get('/v2/users/me');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      id: t.account.userId,
      name: 'Owner',
      email: null,
      role: 'owner',
      status: 'active',
      isOwner: true,
      hasPassword: false,
      lastLoginAt: null,
      createdAt: DATE,
      updatedAt: DATE,
    });
    expect((await t.otherApi.get('/v2/users/me')).body.id).toBe(t.other.userId);
  });

  it('works with a read-only key, and needs a key', async () => {
    expect((await t.api.withKey(t.account.readKey).get('/v2/users/me')).status).toBe(200);
    const anonymous = await t.api.withKey(undefined).get('/v2/users/me');
    expectError(anonymous, 401, 'unauthorized');
  });
});

describe('POST /v2/users', () => {
  it('creates a user (201) with an email, and records user.created', async () => {
    const reply = await t.api.post('/v2/users', { name: '  Ana Translator ', email: 'ana@example.com' });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({
      id: ID,
      name: 'Ana Translator',
      email: 'ana@example.com',
      role: 'viewer',
      status: 'invited',
      isOwner: false,
      hasPassword: false,
      lastLoginAt: null,
      createdAt: DATE,
      updatedAt: DATE,
    });
    const events = await eventsOf('user.created');
    expect(events.filter((event) => event.data.id === reply.body.id)).toEqual([
      expect.objectContaining({ type: 'user.created', data: withoutInvitation(reply.body) }),
    ]);
    expect(reply.body.invitation).toEqual({ url: expect.stringMatching(/\/accept-invitation#token=[\w-]{43}$/), expiresAt: DATE, emailed: false });
  });

  it('creates a user without an email (null), with a form or a JSON body', async () => {
    expect((await t.api.post('/v2/users', { name: 'No Mail' })).body.email).toBeNull();
    expect((await t.api.post('/v2/users', { name: 'Empty Mail', email: '' })).body.email).toBeNull();
    const json = await t.api.post('/v2/users', { name: 'Json Person', email: null }, { json: true });
    expect(json.status).toBe(201);
    expect(json.body.email).toBeNull();
  });

  it('validates name and email', async () => {
    expect(expectError(await t.api.post('/v2/users', { role: 'manager' }), 400, 'parameter_missing').details).toEqual([
      { param: 'name', message: 'is required' },
    ]);
    expectError(await t.api.post('/v2/users', { email: null, role: 'manager' }), 400, 'parameter_missing');
    // With an e-mail, the name may wait: the e-mail stands for it until the person accepts.
    const invited = await t.api.post('/v2/users', { email: 'A@B.co', role: 'manager' });
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({ name: 'A@B.co', email: 'A@B.co', role: 'manager', status: 'invited' });
    expect(expectError(await t.api.post('/v2/users', { name: '' }), 400, 'parameter_invalid').details?.[0]?.param).toBe('name');
    expect(expectError(await t.api.post('/v2/users', { name: '   ' }), 400, 'parameter_invalid').details?.[0]?.param).toBe('name');
    expect(expectError(await t.api.post('/v2/users', { name: 'x'.repeat(256) }), 400, 'parameter_invalid').details?.[0]?.param).toBe('name');
    expect((await t.api.post('/v2/users', { name: 'x'.repeat(255) })).status).toBe(201);
    const email = expectError(await t.api.post('/v2/users', { name: 'Bad Mail', email: 'not-an-email' }), 400, 'parameter_invalid');
    expect(email.details).toEqual([{ param: 'email', message: 'must be an email address' }]);
    expectError(await t.api.post('/v2/users', { name: 'X', isOwner: true }), 400, 'parameter_unknown');
    expectError(await t.api.post('/v2/users', { name: 42 }, { json: true }), 400, 'parameter_invalid');
  });

  it('is refused to a read-only key (403)', async () => {
    expectError(await t.api.withKey(t.account.readKey).post('/v2/users', { name: 'Nope' }), 403, 'forbidden');
  });
});

describe('GET /v2/users', () => {
  it('answers a bare array in creation order, of this account only', async () => {
    const created = (await t.api.post('/v2/users', { name: 'Zed Last' })).body;
    const list = (await t.api.get('/v2/users')).body as Array<{ id: string; name: string; createdAt: string }>;
    expect(Array.isArray(list)).toBe(true);
    expect(list[0]!.id).toBe(t.account.userId);
    expect(list.at(-1)!.id).toBe(created.id);
    const ids = list.map((user) => user.id);
    expect(ids).toEqual([...ids].sort());
    expect(ids).not.toContain(t.other.userId);
    const others = (await t.otherApi.get('/v2/users')).body;
    expect(others.map((user: { id: string }) => user.id)).toEqual([t.other.userId]);
  });
});

describe('GET /v2/users/:id', () => {
  it('answers a user, 404 for a missing, malformed or foreign id', async () => {
    const created = withoutInvitation((await t.api.post('/v2/users', { name: 'Bo' })).body);
    expect((await t.api.get(`/v2/users/${created.id}`)).body).toEqual(created);
    expectError(await t.api.get(`/v2/users/${MISSING_ID}`), 404, 'resource_missing');
    expectError(await t.api.get('/v2/users/abc'), 404, 'resource_missing');
    expectError(await t.otherApi.get(`/v2/users/${created.id}`), 404, 'resource_missing');
    expectError(await t.otherApi.get(`/v2/users/${t.account.userId}`), 404, 'resource_missing');
  });
});

describe('PUT /v2/users/:id', () => {
  it('updates name and email, leaves the rest, and records user.updated', async () => {
    const created = withoutInvitation((await t.api.post('/v2/users', { name: 'Cy', email: 'cy@example.com' })).body);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const renamed = await t.api.put(`/v2/users/${created.id}`, { name: 'Cyrus' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({ ...created, name: 'Cyrus', updatedAt: DATE });
    expect(renamed.body.updatedAt > created.updatedAt).toBe(true);
    const mailed = (await t.api.put(`/v2/users/${created.id}`, { email: 'cyrus@example.com' })).body;
    expect(mailed).toMatchObject({ name: 'Cyrus', email: 'cyrus@example.com' });
    const events = (await eventsOf('user.updated')).filter((event) => event.data.id === created.id);
    expect(events.map((event) => event.data.name)).toEqual(['Cyrus', 'Cyrus']);
    expect(events[0]!.data).toEqual(mailed);
  });

  it('clears the email with null (form or JSON)', async () => {
    const created = (await t.api.post('/v2/users', { name: 'Di', email: 'di@example.com' })).body;
    expect((await t.api.put(`/v2/users/${created.id}`, { email: null })).body.email).toBeNull();
    await t.api.put(`/v2/users/${created.id}`, { email: 'di@example.com' });
    expect((await t.api.put(`/v2/users/${created.id}`, { email: null }, { json: true })).body.email).toBeNull();
  });

  it('updates the owner too, seen at /me', async () => {
    await t.api.put(`/v2/users/${t.account.userId}`, { name: 'The Boss' });
    expect((await t.api.get('/v2/users/me')).body).toMatchObject({ name: 'The Boss', isOwner: true });
  });

  it('validates, and answers 404 for a missing or foreign id', async () => {
    const created = (await t.api.post('/v2/users', { name: 'Ed' })).body;
    expectError(await t.api.put(`/v2/users/${created.id}`, { name: '' }), 400, 'parameter_invalid');
    expectError(await t.api.put(`/v2/users/${created.id}`, { email: 'nope' }), 400, 'parameter_invalid');
    expectError(await t.api.put(`/v2/users/${created.id}`, { isOwner: true }), 400, 'parameter_unknown');
    expectError(await t.api.put(`/v2/users/${MISSING_ID}`, { name: 'Z' }), 404, 'resource_missing');
    expectError(await t.otherApi.put(`/v2/users/${created.id}`, { name: 'Stolen' }), 404, 'resource_missing');
    expect((await t.api.get(`/v2/users/${created.id}`)).body.name).toBe('Ed');
  });
});

describe('user reads refuse query parameters', () => {
  for (const path of ['/v2/users', '/v2/users/me']) {
    it(`GET ${path}?sort=name: 400 parameter_unknown naming the parameter (the listing takes none)`, async () => {
      const error = expectError(await t.api.get(`${path}?sort=name`), 400, 'parameter_unknown');
      expect(error.details).toEqual([expect.objectContaining({ param: 'sort' })]);
    });
  }
});
