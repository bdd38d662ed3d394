import { describe, expect, it } from 'vitest';
import { MISSING_ID, expectError, type TestContext } from '../../helper.js';
import { ACCOUNT_CLIENT_PRICES, eventsOf, jobParams, newClient, newJob, newPrice, newService, newSupplier, worldPerFile, type World } from './fixture.js';

/** DELETE /v2/jobs/:id (docs/jobs.md#delete), references that guard deletes, and labels on jobs (docs/master-data.md). */
let t: TestContext;
let w: World;
worldPerFile((app, world) => ([t, w] = [app, world]));

const count = async (table: 'jobs' | 'job_matches' | 'outsourcing' | 'outsourcing_matches' | 'entity_labels', column: string, value: string) =>
  Number(
    (
      await t.database.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where(column as never, '=', value as never)
        .executeTakeFirst()
    )?.n ?? 0,
  );

describe('DELETE /v2/jobs/:id', () => {
  it("answers 204 and takes the job's own parts with it; its client can then be deleted", async () => {
    const client = await newClient(t.api, { name: 'Deletable client' });
    const supplier = await newSupplier(t.api);
    const service = await newService(t.api, 'Deleted');
    await newPrice(t.api, ACCOUNT_CLIENT_PRICES, { service, quantityType: w.unit.Words, unitCost: 0.1 }, [[w.match['100%']!, 0.03]]);
    const label = (await t.api.post('/v2/account/labels', { name: 'Deleted label', color: '#123456' })).body.id;
    const job = await newJob(t.api, jobParams(w, service, { client }));
    await t.api.put(`/v2/jobs/${job.id}/price`, { matches: [{ id: w.match['100%'], value: 10 }] });
    const outsourced = (await t.api.post(`/v2/jobs/${job.id}/outsourcing`, { supplier })).body.outsourcing[0].id;
    await t.api.post(`/v2/jobs/${job.id}/labels/${label}`);
    expect(await count('job_matches', 'job_id', job.id)).toBe(1);
    expect(await count('outsourcing_matches', 'outsourcing_id', outsourced)).toBe(1);

    // While the job references it, the client cannot be deleted (409), nor the supplier of its outsourcing.
    expectError(await t.api.delete(`/v2/clients/${client}`), 409, 'resource_in_use');
    expectError(await t.api.delete(`/v2/suppliers/${supplier}`), 409, 'resource_in_use');
    const last = (await t.api.get(`/v2/jobs/${job.id}`)).body;
    const reply = await t.api.delete(`/v2/jobs/${job.id}`);
    expect(reply.status).toBe(204);
    expect(reply.raw.body).toBe('');
    expectError(await t.api.get(`/v2/jobs/${job.id}`), 404, 'resource_missing');
    expect(await count('jobs', 'id', job.id)).toBe(0);
    expect(await count('job_matches', 'job_id', job.id)).toBe(0);
    expect(await count('outsourcing', 'job_id', job.id)).toBe(0);
    expect(await count('outsourcing_matches', 'outsourcing_id', outsourced)).toBe(0);
    expect(await count('entity_labels', 'entity_id', job.id)).toBe(0);
    const events = (await eventsOf(t, 'job.deleted')) as Array<{ id: string }>;
    expect(events.filter((event) => event.id === job.id)).toEqual([last]);
    expect((await t.api.delete(`/v2/clients/${client}`)).status).toBe(204);
    expect((await t.api.delete(`/v2/suppliers/${supplier}`)).status).toBe(204);
    // The label is free again too.
    expect((await t.api.delete(`/v2/account/labels/${label}`)).status).toBe(204);
  });

  it('answers 409 resource_in_use while the job is invoiced (status 4)', async () => {
    const job = await newJob(t.api, jobParams(w, await newService(t.api)));
    await t.api.put(`/v2/jobs/${job.id}`, { status: 3 });
    await t.api.put(`/v2/jobs/${job.id}`, { status: 4 });
    const error = expectError(await t.api.delete(`/v2/jobs/${job.id}`), 409, 'resource_in_use');
    expect(error.message).toContain('invoiced');
    await t.api.put(`/v2/jobs/${job.id}`, { status: 3 });
    expect((await t.api.delete(`/v2/jobs/${job.id}`)).status).toBe(204);
  });

  it("answers 404 for a missing, malformed or another account's job, and 403 with a read-only key", async () => {
    const job = await newJob(t.api, jobParams(w, await newService(t.api)));
    expectError(await t.api.delete(`/v2/jobs/${MISSING_ID}`), 404, 'resource_missing');
    expectError(await t.api.delete('/v2/jobs/xyz'), 404, 'resource_missing');
    expectError(await t.otherApi.delete(`/v2/jobs/${job.id}`), 404, 'resource_missing');
    expectError(await t.api.withKey(t.account.readKey).delete(`/v2/jobs/${job.id}`), 403, 'forbidden');
    expect((await t.api.get(`/v2/jobs/${job.id}`)).status).toBe(200);
  });
});

describe('job paths', () => {
  it("answer 404 resource_missing for a missing, malformed or another account's job on every job endpoint", async () => {
    const job = await newJob(t.api, jobParams(w, await newService(t.api)));
    const supplier = await newSupplier(t.api);
    const outsourcing = (await t.api.post(`/v2/jobs/${job.id}/outsourcing`, { supplier })).body.outsourcing[0].id;
    const label = (await t.api.post('/v2/account/labels', { name: 'Path label', color: '#abcdef' })).body.id;
    const calls = (id: string): Array<[string, string, Record<string, unknown>?]> => [
      ['GET', `/v2/jobs/${id}`],
      ['PUT', `/v2/jobs/${id}`, { name: 'x' }],
      ['DELETE', `/v2/jobs/${id}`],
      ['PUT', `/v2/jobs/${id}/price`, { discount: 0 }],
      ['GET', `/v2/jobs/${id}/prices`],
      ['POST', `/v2/jobs/${id}/outsourcing`, { supplier }],
      ['PUT', `/v2/jobs/${id}/outsourcing/${outsourcing}`, { name: 'x' }],
      ['DELETE', `/v2/jobs/${id}/outsourcing/${outsourcing}`],
      ['POST', `/v2/jobs/${id}/labels/${label}`],
      ['DELETE', `/v2/jobs/${id}/labels/${label}`],
    ];
    for (const id of [MISSING_ID, 'not-a-job-id', '0123456789ABCDEF01234567']) {
      for (const [method, url, params] of calls(id)) {
        expectError(await t.api.request(method, url, params as never), 404, 'resource_missing');
      }
    }
    // The other account: its jobs are missing (with a supplier of its own, the parameter is valid).
    for (const [method, url, params] of calls(job.id)) {
      const body = method === 'POST' && url.endsWith('/outsourcing') ? { supplier: w.other.supplier } : params;
      expectError(await t.otherApi.request(method, url, body as never), 404, 'resource_missing');
    }
    expectError(await t.api.request('PUT', `/v2/jobs/${job.id}/outsourcing/nope`, { name: 'x' }), 404, 'resource_missing');
    expect((await t.api.get(`/v2/jobs/${job.id}`)).body.outsourcing).toHaveLength(1);
  });
});

describe('references of a job guard deletes (409 resource_in_use)', () => {
  it('refuses to delete the service, unit, domain, language pair and match category a job uses', async () => {
    const service = await newService(t.api, 'Guarded');
    const unit = (await t.api.post('/v2/account/quantity-types', { name: 'Guarded unit' })).body.id;
    const domain = (await t.api.post('/v2/account/domains', { name: 'Guarded domain' })).body.id;
    const pair = (await t.api.post('/v2/account/language-pairs', { source: 'it', target: 'es' })).body.id;
    const match = (await t.api.post('/v2/account/matches', { name: 'Guarded match' })).body.id;
    const job = await newJob(t.api, jobParams(w, service, { quantityType: unit, domain, languagePair: pair }));
    await t.api.put(`/v2/jobs/${job.id}/price`, { matches: [{ id: match, value: 1 }] });
    expectError(await t.api.delete(`/v2/account/services/${service}`), 409, 'resource_in_use');
    expectError(await t.api.delete(`/v2/account/quantity-types/${unit}`), 409, 'resource_in_use');
    expectError(await t.api.delete(`/v2/account/domains/${domain}`), 409, 'resource_in_use');
    expectError(await t.api.delete(`/v2/account/language-pairs/${pair}`), 409, 'resource_in_use');
    expectError(await t.api.delete(`/v2/account/matches/${match}`), 409, 'resource_in_use');
    expect((await t.api.delete(`/v2/jobs/${job.id}`)).status).toBe(204);
    for (const path of [`services/${service}`, `quantity-types/${unit}`, `domains/${domain}`, `language-pairs/${pair}`, `matches/${match}`]) {
      expect((await t.api.delete(`/v2/account/${path}`)).status, path).toBe(204);
    }
  });
});

describe('labels on jobs (docs/master-data.md)', () => {
  it('attaches and detaches labels, answering the job and recording job.updated', async () => {
    const job = await newJob(t.api, jobParams(w, await newService(t.api)));
    const urgent = (await t.api.post('/v2/account/labels', { name: 'Urgent job', color: '#ff0000' })).body;
    const attached = await t.api.post(`/v2/jobs/${job.id}/labels/${urgent.id}`);
    expect(attached.status).toBe(200);
    expect(attached.body.labels).toEqual([{ id: urgent.id, name: 'Urgent job', color: '#ff0000' }]);
    expect((await t.api.post(`/v2/jobs/${job.id}/labels/${urgent.id}`)).body.labels).toHaveLength(1);
    expect((await t.api.get(`/v2/jobs/${job.id}`)).body.labels).toHaveLength(1);
    const detached = await t.api.delete(`/v2/jobs/${job.id}/labels/${urgent.id}`);
    expect(detached.status).toBe(200);
    expect(detached.body.labels).toEqual([]);
    expectError(await t.api.delete(`/v2/jobs/${job.id}/labels/${urgent.id}`), 404, 'resource_missing');
    expectError(await t.api.post(`/v2/jobs/${job.id}/labels/${MISSING_ID}`), 404, 'resource_missing');
    expectError(await t.otherApi.post(`/v2/jobs/${job.id}/labels/${urgent.id}`), 404, 'resource_missing');
    const events = (await eventsOf(t, 'job.updated')) as Array<{ id: string; labels: unknown[] }>;
    expect(events.filter((event) => event.id === job.id).map((event) => event.labels.length)).toEqual([1, 0]);
  });
});
