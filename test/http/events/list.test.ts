import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../src/modules/users/index.js';
import { createTestApp, expectError, type TestContext } from '../../helper.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

interface EventItem {
  id: string;
  type: string;
  data: Record<string, any>;
  actor: { type: string; user: { id: string; name: string } | null; apiKeyId: string | null };
  createdAt: string;
}

async function allEvents(api = t.api, query: Record<string, string | number | string[]> = {}): Promise<EventItem[]> {
  const items: EventItem[] = [];
  for (let page = 1; ; page++) {
    const reply = await api.get('/v2/events', { pageSize: 100, page, ...query });
    expect(reply.status).toBe(200);
    items.push(...reply.body.items);
    if (!reply.body.hasNextPage) return items;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('GET /v2/events', () => {
  it('answers the paginated envelope, newest first, with the events of account creation', async () => {
    const reply = await t.api.get('/v2/events');
    expect(reply.status).toBe(200);
    expect(Object.keys(reply.body).sort()).toEqual(['hasNextPage', 'hasPreviousPage', 'items', 'page', 'pageSize', 'totalItems', 'totalPages']);
    expect(reply.body).toMatchObject({ page: 1, pageSize: 20, hasPreviousPage: false });
    const all = await allEvents();
    expect(reply.body.totalItems).toBe(all.length);
    expect(reply.body.items).toEqual(all.slice(0, 20));
    // Newest first: the account itself was created first.
    const last = all.at(-1)!;
    expect(last.type).toBe('account.created');
    expect(last.data).toMatchObject({ id: t.account.accountId, name: 'Agency One', currency: { code: 'EUR', symbol: '€' } });
    expect(all.find((event) => event.type === 'user.created')?.data).toMatchObject({ id: t.account.userId, isOwner: true });
    for (const event of all) {
      expect(event).toEqual({
        id: expect.stringMatching(/^[0-9a-f]{24}$/),
        type: expect.any(String),
        data: expect.any(Object),
        // Made by createAccount, outside any request: the system.
        actor: { type: 'system', user: null, apiKeyId: null, portalPersonId: null },
        createdAt: expect.stringMatching(/Z$/),
      });
    }
  });

  it('sorts by createdAt in both directions, ties broken by id', async () => {
    const desc = await allEvents();
    const asc = await allEvents(t.api, { direction: 'asc' });
    expect(asc).toEqual([...desc].reverse());
    const keys = asc.map((event) => `${event.createdAt}|${event.id}`);
    expect(keys).toEqual([...keys].sort());
    expect((await allEvents(t.api, { sort: 'createdAt', direction: 'desc' })).map((e) => e.id)).toEqual(desc.map((e) => e.id));
  });

  it('pages stably, with correct totals past the end', async () => {
    const all = await allEvents();
    const pageSize = 3;
    const collected: EventItem[] = [];
    const totalPages = Math.ceil(all.length / pageSize);
    for (let page = 1; page <= totalPages; page++) {
      const body = (await t.api.get('/v2/events', { page, pageSize })).body;
      expect(body).toMatchObject({ page, pageSize, totalItems: all.length, totalPages, hasNextPage: page < totalPages, hasPreviousPage: page > 1 });
      collected.push(...body.items);
    }
    expect(collected).toEqual(all);
    const past = (await t.api.get('/v2/events', { page: totalPages + 5, pageSize })).body;
    expect(past).toMatchObject({ items: [], totalItems: all.length, totalPages, hasNextPage: false, hasPreviousPage: true });
  });

  it('filters by type (bracketed, repeated or single; several are OR)', async () => {
    const all = await allEvents();
    const of = (...types: string[]) => all.filter((event) => types.includes(event.type)).map((event) => event.id);
    expect(of('service.created').length).toBeGreaterThan(1);
    expect((await allEvents(t.api, { type: ['service.created'] })).map((e) => e.id)).toEqual(of('service.created'));
    const both = await t.api.get('/v2/events?pageSize=100&type[]=service.created&type[]=user.created');
    expect(both.body.items.map((e: EventItem) => e.id)).toEqual(of('service.created', 'user.created'));
    const repeated = await t.api.get('/v2/events?pageSize=100&type=service.created&type=user.created');
    expect(repeated.body.items.map((e: EventItem) => e.id)).toEqual(of('service.created', 'user.created'));
    const single = await t.api.get('/v2/events?pageSize=100&type=user.created');
    expect(single.body.items.map((e: EventItem) => e.id)).toEqual(of('user.created'));
    expect((await t.api.get('/v2/events?type=nothing.happened')).body).toMatchObject({ items: [], totalItems: 0, totalPages: 0 });
  });

  it('filters by createdAfter, strictly after, combined with type (AND)', async () => {
    const all = await allEvents();
    const newest = all[0]!;
    expect((await allEvents(t.api, { createdAfter: newest.createdAt })).filter((e) => e.createdAt === newest.createdAt)).toEqual([]);
    await sleep(5);
    const user = (await t.api.post('/v2/users', { name: 'After' })).body;
    const after = await allEvents(t.api, { createdAfter: newest.createdAt });
    expect(after.map((e) => e.type)).toEqual(['user.created']);
    expect(after[0]!.data).toEqual(user);
    expect(await allEvents(t.api, { createdAfter: newest.createdAt, type: ['service.created'] })).toEqual([]);
    // A date without a time is midnight UTC; a time without an offset is UTC.
    expect((await allEvents(t.api, { createdAfter: '2000-01-01' })).length).toBe(all.length + 1);
    expect((await allEvents(t.api, { createdAfter: '9999-12-31T00:00:00' })).length).toBe(0);
    const offset = new Date(Date.parse(newest.createdAt) + 2 * 3600_000).toISOString().replace('Z', '+02:00');
    expect((await allEvents(t.api, { createdAfter: offset })).map((e) => e.id)).toEqual([after[0]!.id]);
  });

  it('answers only the caller account events', async () => {
    const mine = (await t.api.post('/v2/users', { name: 'Only mine' })).body;
    const theirs = await allEvents(t.otherApi);
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.some((event) => event.data.id === mine.id)).toBe(false);
    expect(theirs.at(-1)!.data.id).toBe(t.other.accountId);
    const ids = new Set((await allEvents()).map((event) => event.id));
    expect(theirs.some((event) => ids.has(event.id))).toBe(false);
  });

  it('serialises the whole data object (nested objects and arrays)', async () => {
    const account = (await t.api.put('/v2/account', { address: { city: 'Gent', country: 'BE' } })).body;
    const [event] = await allEvents(t.api, { type: ['account.updated'] });
    expect(event!.data).toEqual(account);
    expect(event!.data.address).toMatchObject({ city: 'Gent', country: 'BE' });
  });

  it('validates the query', async () => {
    expectError(await t.api.get('/v2/events', { sort: 'name' }), 400, 'parameter_invalid');
    expectError(await t.api.get('/v2/events', { sort: 'updatedAt' }), 400, 'parameter_invalid');
    expectError(await t.api.get('/v2/events', { direction: 'up' }), 400, 'parameter_invalid');
    expectError(await t.api.get('/v2/events', { pageSize: 101 }), 400, 'parameter_invalid');
    expectError(await t.api.get('/v2/events', { pageSize: 0 }), 400, 'parameter_invalid');
    expectError(await t.api.get('/v2/events', { page: 0 }), 400, 'parameter_invalid');
    const date = expectError(await t.api.get('/v2/events', { createdAfter: 'yesterday' }), 400, 'parameter_invalid');
    expect(date.details).toEqual([{ param: 'createdAfter', message: 'must be an ISO 8601 date' }]);
    const unknown = expectError(await t.api.get('/v2/events', { status: '1' }), 400, 'parameter_unknown');
    expect(unknown.details?.[0]?.param).toBe('status');
    expectError(await t.api.withKey(undefined).get('/v2/events'), 401, 'unauthorized');
    expect((await t.api.withKey(t.account.readKey).get('/v2/events')).status).toBe(200);
  });
});

describe('events and transactions (docs/reference.md#events)', () => {
  const count = async () => (await t.api.get('/v2/events', { pageSize: 1 })).body.totalItems as number;

  it('a change writes exactly one event, whose data is the answered object', async () => {
    const before = await allEvents();
    const created = await t.api.post('/v2/users', { name: 'Counted' });
    expect(created.status).toBe(201);
    const after = await allEvents();
    expect(after.length).toBe(before.length + 1);
    expect(after[0]).toMatchObject({ type: 'user.created', data: created.body });
    const updated = await t.api.put(`/v2/users/${created.body.id}`, { email: 'counted@example.com' });
    expect(await count()).toBe(before.length + 2);
    expect((await allEvents())[0]).toMatchObject({ type: 'user.updated', data: updated.body });
  });

  it('a failed request writes no event (409, 400, 404, 403)', async () => {
    expect((await t.api.post('/v2/account/domains', { name: 'Legal' })).status).toBe(201);
    const before = await count();
    expectError(await t.api.post('/v2/account/domains', { name: 'legal' }), 409, 'resource_exists');
    expectError(await t.api.post('/v2/users', { name: 'Bad', email: 'bad' }), 400, 'parameter_invalid');
    expectError(await t.api.put('/v2/users/ffffffffffffffffffffffff', { name: 'Ghost' }), 404, 'resource_missing');
    expectError(await t.api.put('/v2/account', { invoiceNumberFormat: 'no sequence' }), 400, 'parameter_invalid');
    expectError(await t.api.withKey(t.account.readKey).post('/v2/users', { name: 'Read' }), 403, 'forbidden');
    expect(await count()).toBe(before);
  });

  it('the event is written in the transaction of the change: a rollback takes both back', async () => {
    const before = await count();
    const usersBefore = (await t.api.get('/v2/users')).body.length;
    await expect(
      t.database.db.transaction().execute(async (tx) => {
        const ctx = { db: tx, dialect: t.database.dialect, accountId: t.account.accountId, userId: t.account.userId };
        await users.create(ctx, { name: 'Rolled back' });
        throw new Error('fail after the change');
      }),
    ).rejects.toThrow('fail after the change');
    expect(await count()).toBe(before);
    expect((await t.api.get('/v2/users')).body.length).toBe(usersBefore);
  });
});
