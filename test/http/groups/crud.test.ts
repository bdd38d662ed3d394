import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MISSING_ID, createTestApp, expectError, type TestContext } from '../../helper.js';
import { DATE, EMPTY_ESTIMATION, EUR, ID, USD, addJob, buildWorld, eventsOf, getGroup, newGroup, newJob, putJob, type World } from './fixture.js';

let t: TestContext;
let w: World;
let owner: { id: string; name: string };
beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t);
  owner = (await t.api.get('/v2/users/me')).body;
});
afterAll(async () => {
  await t.close();
});

describe('POST /v2/groups', () => {
  it('creates a group with every default (exact body) and answers 201', async () => {
    const reply = await t.api.post('/v2/groups', { name: '  Launch  ' });
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual({
      id: expect.stringMatching(ID),
      object: 'group',
      name: 'Launch',
      archived: false,
      budget: { amount: null, currency: EUR },
      client: null,
      color: '',
      currency: EUR,
      domain: null,
      dueDate: null,
      dueDateAuto: false,
      estimation: EMPTY_ESTIMATION,
      externalReference: null,
      files: [],
      groupOnInvoice: false,
      jobs: [],
      labels: [],
      notes: [],
      pinned: false,
      progress: 0,
      purchaseOrder: null,
      services: [],
      status: 1,
      suppliers: [],
      users: [],
      createdAt: expect.stringMatching(DATE),
      updatedAt: reply.body.createdAt,
    });
    expect(await getGroup(t.api, reply.body.id)).toEqual(reply.body);
    expect((await eventsOf(t, 'group.created')).at(-1)).toEqual(reply.body);
  });

  it('takes every parameter (form and JSON); dueDateAuto is true with a due date and without the parameter', async () => {
    const usdClient = (await t.api.post('/v2/clients', { name: 'Dollar client', currency: 'USD' })).body.id;
    const full = await newGroup(t.api, {
      name: 'Full',
      client: usdClient,
      color: '#A1b2C3',
      domain: w.domain.legal,
      dueDate: '2030-05-01',
      externalReference: ' EXT-1 ',
      purchaseOrder: 'PO-9',
    });
    expect(full).toMatchObject({
      client: { id: usdClient, name: 'Dollar client' },
      color: '#A1b2C3',
      currency: USD,
      budget: { amount: null, currency: USD },
      domain: { id: w.domain.legal, name: 'Legal' },
      dueDate: '2030-05-01T00:00:00.000Z',
      dueDateAuto: true,
      externalReference: 'EXT-1',
      purchaseOrder: 'PO-9',
    });
    const json = await t.api.post(
      '/v2/groups',
      { name: 'Json', currency: 'JPY', color: '#abc', dueDate: '2030-05-01T10:00:00Z', dueDateAuto: false, purchaseOrder: null, domain: null, client: null },
      { json: true },
    );
    expect(json.status).toBe(201);
    expect(json.body).toMatchObject({
      currency: { code: 'JPY', symbol: '¥' },
      color: '#abc',
      dueDate: '2030-05-01T10:00:00.000Z',
      dueDateAuto: false,
      purchaseOrder: null,
      domain: null,
      client: null,
    });
    // The currency parameter wins over the client's; dueDateAuto may be true without a date.
    expect(await newGroup(t.api, { client: usdClient, currency: 'EUR', dueDateAuto: true })).toMatchObject({ currency: EUR, dueDateAuto: true, dueDate: null });
  });

  it('validates its parameters', async () => {
    expect(expectError(await t.api.post('/v2/groups', {}), 400, 'parameter_missing').details?.[0]?.param).toBe('name');
    expectError(await t.api.post('/v2/groups', { name: '   ' }), 400, 'parameter_invalid');
    expectError(await t.api.post('/v2/groups', { name: 'x'.repeat(256) }), 400, 'parameter_invalid');
    for (const color of ['red', '#12', '#1234', '#ggg', 'abc', '#1234567']) {
      expect(expectError(await t.api.post('/v2/groups', { name: 'G', color }), 400, 'parameter_invalid').details?.[0]?.param, color).toBe('color');
    }
    expectError(await t.api.post('/v2/groups', { name: 'G', currency: 'XXY' }), 400, 'parameter_invalid');
    expectError(await t.api.post('/v2/groups', { name: 'G', dueDate: 'tomorrow' }), 400, 'parameter_invalid');
    expectError(await t.api.post('/v2/groups', { name: 'G', dueDateAuto: 'maybe' }), 400, 'parameter_invalid');
    expectError(await t.api.post('/v2/groups', { name: 'G', client: 'nope' }), 400, 'parameter_invalid');
    expect(expectError(await t.api.post('/v2/groups', { name: 'G', budget: 10 }), 400, 'parameter_unknown').details?.[0]?.param).toBe('budget');
    expect(expectError(await t.api.post('/v2/groups', { name: 'G', status: 2 }), 400, 'parameter_unknown').details?.[0]?.param).toBe('status');
    // Ids of another account or unknown ones are 400 naming the parameter.
    for (const [param, value] of [
      ['client', w.other.client],
      ['client', MISSING_ID],
      ['domain', w.other.domain],
      ['domain', MISSING_ID],
    ] as const) {
      const error = expectError(await t.api.post('/v2/groups', { name: 'G', [param]: value }), 400, 'parameter_invalid');
      expect(error.details?.[0]?.param).toBe(param);
    }
    expectError(await t.api.withKey(t.account.readKey).post('/v2/groups', { name: 'G' }), 403, 'forbidden');
  });
});

describe('GET / PUT /v2/groups/:id', () => {
  it('answers 404 for missing, malformed and foreign ids', async () => {
    const foreign = await newGroup(t.otherApi, { name: 'Theirs' });
    for (const id of [MISSING_ID, 'nope', foreign.id, foreign.id.toUpperCase()]) {
      expectError(await t.api.get(`/v2/groups/${id}`), 404, 'resource_missing');
      expectError(await t.api.put(`/v2/groups/${id}`, { name: 'x' }), 404, 'resource_missing');
      expectError(await t.api.delete(`/v2/groups/${id}`), 404, 'resource_missing');
    }
    expect((await getGroup(t.otherApi, foreign.id)).name).toBe('Theirs');
  });

  it('updates every parameter; unsent ones stay; null clears', async () => {
    const group = await newGroup(t.api, { name: 'Before', color: '#000', purchaseOrder: 'PO', externalReference: 'E' });
    const reply = await t.api.put(`/v2/groups/${group.id}`, {
      name: 'After',
      archived: true,
      budget: 1234.5,
      color: '#ffffff',
      domain: w.domain.medical,
      dueDate: '2031-01-02T03:04:05.678Z',
      dueDateAuto: false,
      externalReference: 'EXT',
      groupOnInvoice: true,
      pinned: true,
      purchaseOrder: 'PO-2',
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      ...group,
      name: 'After',
      archived: true,
      budget: { amount: 1234.5, currency: EUR },
      color: '#ffffff',
      domain: { id: w.domain.medical, name: 'Medical' },
      dueDate: '2031-01-02T03:04:05.678Z',
      dueDateAuto: false,
      externalReference: 'EXT',
      groupOnInvoice: true,
      pinned: true,
      purchaseOrder: 'PO-2',
      updatedAt: expect.stringMatching(DATE),
    });
    expect(reply.body.updatedAt >= group.updatedAt).toBe(true);
    expect(await getGroup(t.api, group.id)).toEqual(reply.body);
    expect((await eventsOf(t, 'group.updated')).at(-1)).toEqual(reply.body);
    const cleared = await t.api.put(
      `/v2/groups/${group.id}`,
      { budget: null, domain: null, dueDate: null, purchaseOrder: null, externalReference: null },
      { json: true },
    );
    expect(cleared.body).toMatchObject({
      budget: { amount: null, currency: EUR },
      domain: null,
      dueDate: null,
      purchaseOrder: null,
      externalReference: null,
      name: 'After',
      pinned: true,
    });
    const form = await t.api.put(`/v2/groups/${group.id}`, { domain: '', archived: 'false', budget: '0' });
    expect(form.body).toMatchObject({ domain: null, archived: false, budget: { amount: 0, currency: EUR } });
  });

  it('validates its parameters', async () => {
    const group = await newGroup(t.api);
    const put = (params: Record<string, unknown>, json = false) => t.api.put(`/v2/groups/${group.id}`, params as never, { json });
    expectError(await put({ name: '' }), 400, 'parameter_invalid');
    expectError(await put({ name: '  ' }), 400, 'parameter_invalid');
    expectError(await put({ budget: -1 }), 400, 'parameter_invalid');
    expectError(await put({ budget: 'lots' }), 400, 'parameter_invalid');
    expectError(await put({ color: 'blue' }), 400, 'parameter_invalid');
    expectError(await put({ pinned: 'perhaps' }), 400, 'parameter_invalid');
    expectError(await put({ groupOnInvoice: 1 }, true), 400, 'parameter_invalid');
    expectError(await put({ dueDate: '2030-13-45' }), 400, 'parameter_invalid');
    for (const param of ['client', 'currency', 'status', 'progress', 'jobs']) {
      expect(expectError(await put({ [param]: '1' }), 400, 'parameter_unknown').details?.[0]?.param).toBe(param);
    }
    expect(expectError(await put({ domain: w.other.domain }), 400, 'parameter_invalid').details?.[0]?.param).toBe('domain');
    expectError(await put({ domain: MISSING_ID }), 400, 'parameter_invalid');
    expect((await getGroup(t.api, group.id)).updatedAt).toBe(group.updatedAt);
  });

  it('carries labels (attach, detach) and its name into its jobs', async () => {
    const group = await newGroup(t.api, { name: 'Labelled' });
    const label = (await t.api.post('/v2/account/labels', { name: `L ${Math.random()}`, color: '#ff0000' })).body;
    const attached = await t.api.post(`/v2/groups/${group.id}/labels/${label.id}`);
    expect(attached.status).toBe(200);
    expect(attached.body.labels).toEqual([{ id: label.id, name: label.name, color: label.color }]);
    expect((await getGroup(t.api, group.id)).labels).toHaveLength(1);
    expectError(await t.otherApi.post(`/v2/groups/${group.id}/labels/${label.id}`), 404, 'resource_missing');
    const detached = await t.api.delete(`/v2/groups/${group.id}/labels/${label.id}`);
    expect(detached.body.labels).toEqual([]);
    const job = await newJob(t, w);
    await addJob(t.api, group.id, job.id);
    await t.api.put(`/v2/groups/${group.id}`, { name: 'Renamed' });
    expect((await t.api.get(`/v2/jobs/${job.id}`)).body.group).toEqual({ id: group.id, name: 'Renamed' });
  });
});

describe('DELETE /v2/groups/:id', () => {
  it('answers 204; its jobs stay and leave the group; its labels and notes go', async () => {
    const group = await newGroup(t.api, { name: 'Doomed' });
    const a = await newJob(t, w, { name: 'stays a' });
    const b = await newJob(t, w, { name: 'stays b' });
    await addJob(t.api, group.id, a.id);
    await addJob(t.api, group.id, b.id);
    await t.api.post(`/v2/groups/${group.id}/notes`, { content: 'note' });
    const last = await getGroup(t.api, group.id);
    const reply = await t.api.delete(`/v2/groups/${group.id}`);
    expect(reply.status).toBe(204);
    expect(reply.raw.body).toBe('');
    expectError(await t.api.get(`/v2/groups/${group.id}`), 404, 'resource_missing');
    for (const job of [a, b]) {
      const after = (await t.api.get(`/v2/jobs/${job.id}`)).body;
      expect(after.group).toBeNull();
      expect(after.estimation).toEqual(job.estimation);
    }
    expect((await eventsOf(t, 'group.deleted')).at(-1)).toEqual(last);
    const notes = await t.database.db.selectFrom('notes').select('id').where('parent_id', '=', group.id).execute();
    expect(notes).toHaveLength(0);
    const jobEvents = (await eventsOf(t, 'job.updated')) as Array<{ id: string; group: unknown }>;
    expect(jobEvents.filter((e) => e.id === a.id).at(-1)?.group).toBeNull();
  });

  it('answers 409 while the group holds an invoiced job, and keeps everything', async () => {
    const group = await newGroup(t.api, { name: 'Invoiced' });
    const job = await newJob(t, w);
    await addJob(t.api, group.id, job.id);
    await putJob(t.api, job.id, { status: 3 });
    await putJob(t.api, job.id, { status: 4 });
    expectError(await t.api.delete(`/v2/groups/${group.id}`), 409, 'resource_in_use');
    expect((await getGroup(t.api, group.id)).jobs).toEqual([job.id]);
    expect((await t.api.get(`/v2/jobs/${job.id}`)).body.group).toEqual({ id: group.id, name: 'Invoiced' });
    // Once the job is back to finished, the delete goes through.
    await putJob(t.api, job.id, { status: 3 });
    expect((await t.api.delete(`/v2/groups/${group.id}`)).status).toBe(204);
  });

  it('guards its client and domain: deleting them while the group uses them is 409', async () => {
    const client = (await t.api.post('/v2/clients', { name: 'Grouped client' })).body.id;
    const domain = (await t.api.post('/v2/account/domains', { name: `Grouped ${Math.random()}` })).body.id;
    const group = await newGroup(t.api, { client, domain });
    expectError(await t.api.delete(`/v2/clients/${client}`), 409, 'resource_in_use');
    expectError(await t.api.delete(`/v2/account/domains/${domain}`), 409, 'resource_in_use');
    expect((await t.api.delete(`/v2/groups/${group.id}`)).status).toBe(204);
    expect((await t.api.delete(`/v2/clients/${client}`)).status).toBe(204);
    expect((await t.api.delete(`/v2/account/domains/${domain}`)).status).toBe(204);
  });

  it('is refused to a read-only key and to the other account', async () => {
    const group = await newGroup(t.api);
    expectError(await t.api.withKey(t.account.readKey).delete(`/v2/groups/${group.id}`), 403, 'forbidden');
    expectError(await t.otherApi.delete(`/v2/groups/${group.id}`), 404, 'resource_missing');
    expect((await getGroup(t.api, group.id)).id).toBe(group.id);
    expect(owner.id).toMatch(ID);
  });
});
