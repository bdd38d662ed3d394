import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, MISSING_ID, type TestContext } from '../../helper.js';
import { allEvents, makeJob } from './fixture.js';

/** The history of one record: GET /v2/events?objectType=…&objectId=… (docs/reference.md#events). */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /v2/events?objectType=…&objectId=…', () => {
  it("answers exactly one job's events in order, its parts' changes included, after its deletion too", async () => {
    const job = await makeJob(t.api);
    const neighbour = await makeJob(t.api);
    expect((await t.api.put(`/v2/jobs/${job}`, { name: 'Renamed' })).status).toBe(200);
    expect((await t.api.put(`/v2/jobs/${neighbour}`, { name: 'Other' })).status).toBe(200);
    const noted = await t.api.post(`/v2/jobs/${job}/notes`, { content: 'Call the client' });
    expect(noted.status).toBe(200);
    expect((await t.api.post(`/v2/jobs/${job}/trackers/start`, {})).status).toBe(200);
    expect((await t.api.put(`/v2/jobs/${job}/trackers/stop`, {})).status).toBe(200);
    expect((await t.api.delete(`/v2/jobs/${job}`)).status).toBe(204);

    const history = await allEvents(t.api, { objectType: 'job', objectId: job });
    const expected = (await allEvents(t.api)).filter((event) => event.type.startsWith('job.') && event.data.id === job);
    expect(history).toEqual(expected);
    expect(history.map((event) => event.type)).toEqual(['job.created', 'job.updated', 'job.updated', 'job.updated', 'job.updated', 'job.deleted']);
    expect(history[1]!.data.name).toBe('Renamed');
    expect(history[2]!.data.notes.map((note: { content: string }) => note.content)).toEqual(['<p>Call the client</p>']);
    // Newest first by default; paged like every listing.
    const desc = (await t.api.get('/v2/events', { objectType: 'job', objectId: job })).body;
    expect(desc.items.map((event: { id: string }) => event.id)).toEqual(history.map((event) => event.id).reverse());
    const second = (await t.api.get('/v2/events', { objectType: 'job', objectId: job, pageSize: 2, page: 2, direction: 'asc' })).body;
    expect(second).toMatchObject({ totalItems: 6, totalPages: 3 });
    expect(second.items.map((event: { id: string }) => event.id)).toEqual(history.slice(2, 4).map((event) => event.id));
    // Combined with type[] and createdAfter.
    expect((await allEvents(t.api, { objectType: 'job', objectId: job, type: ['job.deleted'] })).map((e) => e.id)).toEqual([history.at(-1)!.id]);
    const after = await allEvents(t.api, { objectType: 'job', objectId: job, createdAfter: history[0]!.createdAt });
    expect(after.map((e) => e.id)).toEqual(history.filter((e) => e.createdAt > history[0]!.createdAt).map((e) => e.id));
  });

  it('objectType alone answers every event of that kind of record', async () => {
    const client = (await t.api.post('/v2/clients', { name: 'Kind' })).body.id;
    await t.api.put(`/v2/clients/${client}`, { name: 'Kinder' });
    const clients = await allEvents(t.api, { objectType: 'client' });
    expect(clients.map((e) => e.id)).toEqual((await allEvents(t.api)).filter((e) => e.type.startsWith('client.')).map((e) => e.id));
    expect(clients.filter((e) => e.data.id === client).map((e) => e.type)).toEqual(['client.created', 'client.updated']);
    expect((await allEvents(t.api, { objectType: 'account', objectId: t.account.accountId })).map((e) => e.type)).toEqual(['account.created']);
    expect(await allEvents(t.api, { objectType: 'nothing' })).toEqual([]);
  });

  it("another account's record, an unknown id or a mismatched type finds nothing", async () => {
    const job = await makeJob(t.api);
    expect((await t.otherApi.get('/v2/events', { objectType: 'job', objectId: job })).body).toMatchObject({ items: [], totalItems: 0 });
    expect((await t.api.get('/v2/events', { objectType: 'job', objectId: MISSING_ID })).body.totalItems).toBe(0);
    expect((await t.api.get('/v2/events', { objectType: 'client', objectId: job })).body.totalItems).toBe(0);
  });

  it('400 for a malformed objectType or objectId, and for objectId without objectType', async () => {
    for (const objectType of ['job.updated', '1job', 'Job', 'x'.repeat(51), '']) {
      expect(expectError(await t.api.get('/v2/events', { objectType }), 400, 'parameter_invalid').details?.[0]?.param).toBe('objectType');
    }
    expect(expectError(await t.api.get('/v2/events', { objectType: 'job', objectId: 'nope' }), 400, 'parameter_invalid').details?.[0]?.param).toBe('objectId');
    const alone = expectError(await t.api.get('/v2/events', { objectId: MISSING_ID }), 400, 'parameter_missing');
    expect(alone.details?.[0]?.param).toBe('objectType');
  });
});
