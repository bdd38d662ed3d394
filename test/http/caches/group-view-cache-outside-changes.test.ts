import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Api, type TestContext } from '../../helper.js';
import { buildWorld } from '../prices/fixture.js';
import { colleague, job$, newClient, newJob, ok, outsource, scene, twoApps, uniq, uploadTo, type World } from './job-view-cache-fixture.js';
import {
  afterGroupChange,
  cacheEnv,
  cacheGroup,
  cacheOff,
  currentGroup,
  group$,
  groupScene,
  hasGroupVersions,
  join,
  listedGroup,
  newGroup,
} from './group-view-cache-fixture.js';

/**
 * The group view cache (see caches/group-view-cache.test.ts) after changes made outside the group:
 * names of other records (view_epochs), SQL bypassing the app, another app instance.
 */
let t: TestContext;
let w: World;
beforeAll(async () => {
  // VIEW_CACHE_MB=0 (or JOB_CACHE_MB=0) in the environment runs the same cases without the cache (the reference behaviour).
  t = await createTestApp({ FILE_STORAGE: 'db', ...cacheEnv });
  w = await buildWorld(t);
});
afterAll(async () => {
  await t.close();
});

/** Caches the group, makes the change, answers the group as read afterwards (checked against a fresh build). */
const after = (id: string, change: () => Promise<unknown>) => afterGroupChange(t, id, change);
const putJob = (id: string, params: Record<string, unknown>, path = '') => ok(t.api.put(`${job$(id)}${path}`, params as never));

describe('names shown inside the group (view_epochs)', () => {
  it("the client's name → client", async () => {
    const { group, client } = await groupScene(t, w);
    const name = uniq('Renamed client');
    expect((await after(group.id, () => ok(t.api.put(`/v2/clients/${client}`, { name })))).client).toEqual({ id: client, name });
  });

  it("the domain's name → domain", async () => {
    const { group, domain } = await groupScene(t, w);
    const name = uniq('Renamed domain');
    expect((await after(group.id, () => ok(t.api.put(`/v2/account/domains/${domain}`, { name })))).domain).toEqual({ id: domain, name });
  });

  it("the service's name (of a job of the group) → services", async () => {
    const { group, service } = await groupScene(t, w);
    const name = uniq('Renamed service');
    expect((await after(group.id, () => ok(t.api.put(`/v2/account/services/${service}`, { name })))).services).toEqual([{ id: service, name }]);
  });

  it("a user's name (owner of a job of the group, author and editor of a note) → users, notes[].user and editedByUser", async () => {
    const user = await colleague(t);
    const { group, job } = await groupScene(t, w);
    await putJob(job.id, { owner: user.id });
    const noteId = (await ok(user.api.post(`${group$(group.id)}/notes`, { content: 'By the colleague' }))).notes[0].id;
    await ok(user.api.put(`${group$(group.id)}/notes/${noteId}`, { content: 'Edited by the colleague' }));
    const name = uniq('Renamed user');
    const renamed = await after(group.id, () => ok(t.api.put(`/v2/users/${user.id}`, { name })));
    const ref = { id: user.id, name };
    expect([renamed.users, renamed.notes[0].user, renamed.notes[0].editedByUser]).toEqual([[ref], ref, ref]);
  });

  it("the supplier's name (of an outsourcing of a job of the group) → suppliers, estimation.outsourcing.suppliers", async () => {
    const { group, job, supplier } = await groupScene(t, w);
    await outsource(t, job.id, { supplier });
    const name = uniq('Renamed supplier');
    const renamed = await after(group.id, () => ok(t.api.put(`/v2/suppliers/${supplier}`, { name })));
    expect([renamed.suppliers, renamed.estimation.outsourcing.suppliers]).toEqual([[{ id: supplier, name }], [{ id: supplier, name }]]);
  });

  it("the account's target margin → estimation.profitability.withMargin", async () => {
    const { group, job, supplier } = await groupScene(t, w);
    await outsource(t, job.id, { supplier, unitCost: 0.05 });
    expect((await cacheGroup(t, group.id)).estimation.profitability).toMatchObject({ marginRate: 0.5, withMargin: { status: 'aboveTarget' } }); // target 0.3
    try {
      const raised = await after(group.id, () => ok(t.api.put('/v2/account', { targetMargin: 0.6 })));
      expect(raised.estimation.profitability).toMatchObject({ marginRate: 0.5, withMargin: { status: 'belowTarget' } });
    } finally {
      await ok(t.api.put('/v2/account', { targetMargin: 0.3 }));
    }
    expect((await currentGroup(t, group.id)).estimation.profitability.withMargin.status).toBe('aboveTarget');
  });
});

describe('changes written in SQL, bypassing the app (the triggers carry the invalidation)', () => {
  it('canary: reads are served from the cache (a change hidden from the version check stays unseen until the next bump)', async (context) => {
    // Without the cache (or its tables) there is nothing to prove: the other cases pass trivially then.
    if (cacheOff || !(await hasGroupVersions(t))) context.skip();
    const { group } = await groupScene(t, w);
    await cacheGroup(t, group.id);
    // Not the name: a group's name is shown in its jobs, so renaming it bumps the account's epoch
    // too (migration 0014), which would rebuild the group anyway. The purchase order bumps only
    // group_versions.
    await sql`update groups set purchase_order = ${'Hidden'} where id = ${group.id}`.execute(t.database.db);
    await sql`update group_versions set version = version - 1 where group_id = ${group.id}`.execute(t.database.db);
    expect((await t.api.get(group$(group.id))).body.purchaseOrder).toBeNull();
    expect((await listedGroup(t.api, group.id)).purchaseOrder).toBeNull();
    await sql`update group_versions set version = version + 1 where group_id = ${group.id}`.execute(t.database.db);
    expect((await currentGroup(t, group.id)).purchaseOrder).toBe('Hidden');
  });

  it('UPDATE groups → name', async () => {
    const { group } = await groupScene(t, w);
    expect((await after(group.id, () => sql`update groups set name = ${'Written in SQL'} where id = ${group.id}`.execute(t.database.db))).name).toBe(
      'Written in SQL',
    );
  });

  it('UPDATE jobs SET group_id = NULL, then group_position → jobs', async () => {
    const { group, job: a, client } = await groupScene(t, w);
    const { job: b } = await scene(t, w, { client });
    const { job: c } = await scene(t, w, { client });
    await join(t.api, group.id, b.id);
    await join(t.api, group.id, c.id);
    const left = await after(group.id, () => sql`update jobs set group_id = ${null}, group_position = ${null} where id = ${b.id}`.execute(t.database.db));
    expect(left.jobs).toEqual([a.id, c.id]);
    const reordered = await after(group.id, () => sql`update jobs set group_position = ${0} where id = ${c.id}`.execute(t.database.db));
    expect(reordered.jobs).toEqual([c.id, a.id]);
  });

  it('UPDATE notes → notes[].content; DELETE FROM entity_labels → labels', async () => {
    const { group } = await groupScene(t, w);
    const noteId = (await ok(t.api.post(`${group$(group.id)}/notes`, { content: 'Note' }))).notes[0].id;
    const note = await after(group.id, () => sql`update notes set content = ${'<p>SQL note</p>'} where id = ${noteId}`.execute(t.database.db));
    expect(note.notes[0].content).toBe('<p>SQL note</p>');
    const label = (await ok(t.api.post('/v2/account/labels', { name: uniq('Label'), color: '#123456' }), 201)).id as string;
    await ok(t.api.post(`${group$(group.id)}/labels/${label}`));
    const unlabelled = await after(group.id, () => sql`delete from entity_labels where entity_id = ${group.id} and label_id = ${label}`.execute(t.database.db));
    expect(unlabelled.labels).toEqual([]);
  });
  it('UPDATE files → files[].name; DELETE FROM file_outsourcing_shares → files[].outsourcing.sharedWith', async () => {
    // Group files also bump the account's epoch (migration 0014): two triggers cover these writes.
    const { group, job, supplier } = await groupScene(t, w);
    const { outsourcingId } = await outsource(t, job.id, { supplier });
    const file = await uploadTo(t, group$(group.id), 'brief.txt', outsourcingId);
    const renamed = await after(group.id, () => sql`update files set name = ${'renamed.txt'} where id = ${file.id}`.execute(t.database.db));
    expect(renamed.files).toMatchObject([{ id: file.id, name: 'renamed.txt', outsourcing: { sharedWith: [outsourcingId] } }]);
    const unshared = await after(group.id, () => sql`delete from file_outsourcing_shares where file_id = ${file.id}`.execute(t.database.db));
    expect(unshared.files[0].outsourcing).toEqual({ shareWithAll: false, sharedWith: [] });
  });
});

describe('two app instances over one database (a cache each)', () => {
  it('a group cached by one app shows the changes made through the other (group write, job write, note, client rename, both ways)', async () => {
    const two = await twoApps(t);
    try {
      const { api1, api2, account } = two;
      const service = (await api1.get('/v2/account/services')).body[0].id;
      const quantityType = (await api1.get('/v2/account/quantity-types')).body[0].id;
      const client = await newClient(api1, { name: uniq('Shared client') });
      const job = await newJob(api1, { name: 'Shared job', client, quantity: 10, quantityType, service });
      const group = await newGroup(api1, { client });
      await join(api1, group.id, job.id);
      const step = async (reader: Api, change: () => Promise<unknown>) => {
        await cacheGroup(two.t, group.id, reader, account);
        await change();
        return currentGroup(two.t, group.id, reader, account);
      };
      expect((await step(api2, () => ok(api1.put(group$(group.id), { name: 'Changed through app 1' })))).name).toBe('Changed through app 1');
      expect((await step(api2, () => ok(api1.put(job$(job.id), { status: 2 })))).status).toBe(2);
      const name = uniq('Client renamed through app 1');
      expect((await step(api2, () => ok(api1.put(`/v2/clients/${client}`, { name })))).client).toEqual({ id: client, name });
      expect((await step(api1, () => ok(api2.post(`${group$(group.id)}/notes`, { content: 'From app 2' })))).notes).toMatchObject([
        { content: '<p>From app 2</p>' },
      ]);
      expect((await step(api1, () => ok(api2.delete(`${group$(group.id)}/jobs/${job.id}`)))).jobs).toEqual([]);
    } finally {
      await two.close();
    }
  });
});
