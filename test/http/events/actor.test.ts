import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKeyAsSystem } from '../../../src/modules/accounts/index.js';
import { createTestApp, expectError, MISSING_ID, type Api, type TestContext } from '../../helper.js';
import { person, sessionOf, type Person, type SessionApi } from '../api-keys/fixture.js';
import { allEvents as allEventsOf, makeJob } from './fixture.js';

/** Who did what (docs/access.md#who-did-what): every event names its actor; GET /v2/events?userId=… */
let t: TestContext;
let owner: SessionApi;
let ownerKeyId: string;
let admin: Person;
let started: string;
beforeAll(async () => {
  t = await createTestApp();
  started = new Date().toISOString();
  owner = await sessionOf(t, t.account.userId);
  const key = await t.database.db
    .selectFrom('api_keys')
    .select('id')
    .where('user_id', '=', t.account.userId)
    .where('scope', '=', 'write')
    .orderBy('created_at')
    .executeTakeFirstOrThrow();
  ownerKeyId = key.id;
  admin = await person(t, 'admin', 'Ada Admin');
});
afterAll(async () => {
  await t.close();
});

const allEvents = (api: Api = t.api, query: Record<string, string | string[]> = {}) => allEventsOf(api, query);

const eventOf = async (id: string) => (await allEvents()).filter((event) => event.data.id === id);

describe('the actor of an event', () => {
  it('a change by a session is the user’s, with no key', async () => {
    const client = await owner.post('/v2/clients', { name: 'By session' });
    expect(client.status).toBe(201);
    const [event] = await eventOf(client.body.id);
    expect(event).toMatchObject({ type: 'client.created', actor: { type: 'user', user: { id: t.account.userId, name: 'Owner' }, apiKeyId: null } });
    const byAdmin = await admin.session.post('/v2/account/domains', { name: 'Medical' });
    expect((await eventOf(byAdmin.body.id))[0]!.actor).toEqual({
      type: 'user',
      user: { id: admin.id, name: 'Ada Admin' },
      apiKeyId: null,
      portalPersonId: null,
    });
  });

  it("a change by a key is the key's, with the key's user", async () => {
    const client = await t.api.post('/v2/clients', { name: 'By key' });
    expect((await eventOf(client.body.id))[0]!.actor).toEqual({
      type: 'key',
      user: { id: t.account.userId, name: 'Owner' },
      apiKeyId: ownerKeyId,
      portalPersonId: null,
    });
    const byAdmin = await admin.key.post('/v2/clients', { name: "By Ada's key" });
    expect((await eventOf(byAdmin.body.id))[0]!.actor).toEqual({
      type: 'key',
      user: { id: admin.id, name: 'Ada Admin' },
      apiKeyId: admin.keyId,
      portalPersonId: null,
    });
  });

  it('account creation, start-up and the command line are the system', async () => {
    const creation = (await allEvents()).filter((event) => event.createdAt < started);
    expect(creation.map((event) => event.type)).toContain('account.created');
    expect(creation.every((event) => event.actor.type === 'system' && event.actor.user === null && event.actor.apiKeyId === null)).toBe(true);
    const { keyId } = await createKeyAsSystem(t.database.db, t.database.dialect, t.account.accountId, admin.id, { name: 'From the CLI' });
    const [event] = await eventOf(keyId);
    expect(event).toMatchObject({
      type: 'apiKey.created',
      data: { name: 'From the CLI', user: { id: admin.id } },
      actor: { type: 'system', user: null, apiKeyId: null, portalPersonId: null },
    });
  });

  it("names the user's current name", async () => {
    const made = await admin.key.post('/v2/clients', { name: 'Before the rename' });
    expect((await t.api.put(`/v2/users/${admin.id}`, { name: 'Ada Renamed' })).status).toBe(200);
    expect((await eventOf(made.body.id))[0]!.actor.user).toEqual({ id: admin.id, name: 'Ada Renamed' });
    expect((await t.api.put(`/v2/users/${admin.id}`, { name: 'Ada Admin' })).status).toBe(200);
  });

  it('every change made through the API names a user or a key', async () => {
    const job = await makeJob(t.api);
    await t.api.put(`/v2/jobs/${job}`, { name: 'Renamed job' });
    await owner.post(`/v2/jobs/${job}/notes`, { content: 'A note' });
    await t.api.put('/v2/account', { name: 'Agency One' });
    const since = (await allEvents()).filter((event) => event.createdAt >= started);
    expect(since.length).toBeGreaterThan(8);
    const systems = since.filter((event) => event.actor.type === 'system');
    // Only the key made by the command line's path above.
    expect(systems.map((event) => event.type)).toEqual(['apiKey.created']);
  });
});

describe('GET /v2/events?userId=…', () => {
  it("answers the changes of one user, made signed in or with one of the user's keys, combinable with type[]", async () => {
    await admin.session.post('/v2/clients', { name: 'Ada signed in' });
    await admin.key.post('/v2/account/domains', { name: 'Legal' });
    const all = await allEvents();
    const ada = await allEvents(t.api, { userId: admin.id });
    expect(ada.map((event) => event.id)).toEqual(all.filter((event) => event.actor.user?.id === admin.id).map((event) => event.id));
    expect(new Set(ada.map((event) => event.actor.type))).toEqual(new Set(['user', 'key']));
    const clients = await allEvents(t.api, { userId: admin.id, type: ['client.created'] });
    expect(clients.map((event) => event.id)).toEqual(ada.filter((event) => event.type === 'client.created').map((event) => event.id));
    expect(clients.length).toBeGreaterThan(1);
    const later = await allEvents(t.api, { userId: admin.id, createdAfter: ada.at(-2)!.createdAt });
    expect(later.map((event) => event.id)).toEqual(ada.filter((event) => event.createdAt > ada.at(-2)!.createdAt).map((event) => event.id));
  });

  it("another account's user or an unknown id finds nothing; a malformed one is 400", async () => {
    expect((await t.api.get('/v2/events', { userId: t.other.userId })).body).toMatchObject({ items: [], totalItems: 0 });
    expect((await t.otherApi.get('/v2/events', { userId: admin.id })).body).toMatchObject({ items: [], totalItems: 0 });
    expect((await t.api.get('/v2/events', { userId: MISSING_ID })).body.totalItems).toBe(0);
    expect(expectError(await t.api.get('/v2/events', { userId: 'ada' }), 400, 'parameter_invalid').details?.[0]?.param).toBe('userId');
  });
});
