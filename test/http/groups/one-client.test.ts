import { describe, expect, it } from 'vitest';
import { expectError, type TestContext } from '../../helper.js';
import { addJob, getGroup, newGroup, newJob, worldPerFile, type World } from './fixture.js';

/** docs/groups.md#one-client-per-group: every path that puts a job of another client in a group answers 409 and writes nothing. */
let t: TestContext;
let w: World;
worldPerFile((app, world) => ([t, w] = [app, world]));

const eventCount = async () =>
  (
    await t.database.db
      .selectFrom('events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
  ).n;
const jobOf = async (id: string) => (await t.api.get(`/v2/jobs/${id}`)).body;

describe('a group holds the jobs of one client', () => {
  it('refuses adding a job of another client to a group with a client (409 group_client_mismatch, naming both), nothing written', async () => {
    const group = await newGroup(t.api, { name: 'Acme work', client: w.client.acme });
    const ours = await newJob(t, w, { name: 'Acme manual' });
    const theirs = await newJob(t, w, { name: 'Beta brochure', client: w.client.beta });
    await addJob(t.api, group.id, ours.id);
    const before = await getGroup(t.api, group.id);
    const events = await eventCount();

    for (const method of ['POST', 'PUT'] as const) {
      const reply = await t.api.request(method, `/v2/groups/${group.id}/jobs/${theirs.id}`);
      expectError(reply, 409, 'group_client_mismatch');
      expect(reply.body.message).toContain('"Beta brochure"');
      expect(reply.body.message).toContain('"Beta"');
      expect(reply.body.message).toContain('"Acme work"');
      expect(reply.body.message).toContain('"Acme"');
    }
    expect(await getGroup(t.api, group.id)).toEqual(before);
    expect((await jobOf(theirs.id)).group).toBeNull();
    expect(await eventCount()).toBe(events);
  });

  it('refuses moving a job from its group into a group of another client: it stays where it was', async () => {
    const acmeGroup = await newGroup(t.api, { name: 'Acme group', client: w.client.acme });
    const betaGroup = await newGroup(t.api, { name: 'Beta group', client: w.client.beta });
    const job = await newJob(t, w, { name: 'Moving' });
    await addJob(t.api, acmeGroup.id, job.id);
    const before = [await getGroup(t.api, acmeGroup.id), await getGroup(t.api, betaGroup.id)];
    const events = await eventCount();

    expectError(await t.api.post(`/v2/groups/${betaGroup.id}/jobs/${job.id}`), 409, 'group_client_mismatch');
    expect([await getGroup(t.api, acmeGroup.id), await getGroup(t.api, betaGroup.id)]).toEqual(before);
    expect((await jobOf(job.id)).group).toEqual({ id: acmeGroup.id, name: 'Acme group' });
    expect(await eventCount()).toBe(events);
  });

  it('a group without a client takes any job first, then only jobs of that same client', async () => {
    const group = await newGroup(t.api, { name: 'Open group' });
    const first = await newJob(t, w, { name: 'First', client: w.client.beta });
    const second = await newJob(t, w, { name: 'Second', client: w.client.beta });
    const acme = await newJob(t, w, { name: 'Acme job' });
    await addJob(t.api, group.id, first.id);
    await addJob(t.api, group.id, second.id);

    const reply = await t.api.post(`/v2/groups/${group.id}/jobs/${acme.id}`);
    expectError(reply, 409, 'group_client_mismatch');
    expect(reply.body.message).toContain('holds jobs of the client "Beta"');
    expect((await getGroup(t.api, group.id)).jobs).toEqual([first.id, second.id]);

    // Emptied, it takes a job of any client again.
    await t.api.delete(`/v2/groups/${group.id}/jobs/${first.id}`);
    await t.api.delete(`/v2/groups/${group.id}/jobs/${second.id}`);
    expect((await addJob(t.api, group.id, acme.id)).jobs).toEqual([acme.id]);
    // A group with one job may have it changed to another client: it is the group's only client.
    const changed = await t.api.put(`/v2/jobs/${acme.id}`, { client: w.client.beta });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.client.id).toBe(w.client.beta);
  });

  it("refuses changing a grouped job's client when its group is another client's or holds other clients' jobs; nothing written", async () => {
    const group = await newGroup(t.api, { name: 'Acme group', client: w.client.acme });
    const job = await newJob(t, w, { name: 'Grouped' });
    await addJob(t.api, group.id, job.id);
    const before = await jobOf(job.id);
    const events = await eventCount();

    // The client with another parameter: the whole update is refused, the name too.
    const reply = await t.api.put(`/v2/jobs/${job.id}`, { client: w.client.beta, name: 'Renamed' });
    expectError(reply, 409, 'group_client_mismatch');
    expect(reply.body.message).toContain('"Grouped"');
    expect(await jobOf(job.id)).toEqual(before);
    expect(await eventCount()).toBe(events);
    // The same client again, or another parameter alone, is no change of client.
    expect((await t.api.put(`/v2/jobs/${job.id}`, { client: w.client.acme, name: 'Renamed' })).status).toBe(200);

    // A group without a client whose other jobs are Acme's.
    const open = await newGroup(t.api, { name: 'Open group' });
    const a = await newJob(t, w, { name: 'A' });
    const b = await newJob(t, w, { name: 'B' });
    await addJob(t.api, open.id, a.id);
    await addJob(t.api, open.id, b.id);
    expectError(await t.api.put(`/v2/jobs/${b.id}`, { client: w.client.beta }), 409, 'group_client_mismatch');
    expect((await jobOf(b.id)).client.id).toBe(w.client.acme);
    // Out of the group, the job changes client freely.
    await t.api.delete(`/v2/groups/${open.id}/jobs/${b.id}`);
    expect((await t.api.put(`/v2/jobs/${b.id}`, { client: w.client.beta })).status).toBe(200);
  });

  it('the refusal is an error of its own in the OpenAPI document, among the 409 answers', async () => {
    const document = (await t.api.get('/v2/openapi.json')).body;
    expect(document.components.schemas.Error.properties.code.enum).toContain('group_client_mismatch');
    expect(document.components.responses.Conflict.content['application/json'].schema.allOf[1].properties.code.enum).toContain('group_client_mismatch');
    const addJobAnswers = document.paths['/v2/groups/{id}/jobs/{jobId}'].post.responses;
    expect(addJobAnswers['409']).toEqual({ $ref: '#/components/responses/Conflict' });
  });
});
