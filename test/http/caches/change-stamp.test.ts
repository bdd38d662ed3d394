import { DefaultQueryExecutor, sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { insertApiKey } from '../../../src/modules/accounts/provisioning.js';
import { Api, expectError, usingPostgres, type TestContext } from '../../helper.js';
import { twoApps } from './job-view-cache-fixture.js';
import { jobParams, newJob, newService, worldPerFile, type World } from '../jobs/fixture.js';

/**
 * The API keys and the job and group views kept at a change stamp (core/db/change-stamp.ts,
 * SQLite): while nobody writes, a request runs a single statement; any write, by this process or
 * another connection, and the next request checks the database again.
 */
let t: TestContext;
let w: World;
worldPerFile((app, world) => ([t, w] = [app, world]));

async function statementsOf(request: () => Promise<unknown>): Promise<number> {
  const spy = vi.spyOn(DefaultQueryExecutor.prototype, 'executeQuery');
  try {
    await request();
    return spy.mock.calls.length;
  } finally {
    spy.mockRestore();
  }
}

describe('API keys', () => {
  it('a key revoked or created through another connection counts at the next request (and one revoked in SQL on the same one)', async () => {
    const two = await twoApps(t);
    try {
      const { account } = two;
      const other = two.api2.app.database;
      // Keys of their own: on PostgreSQL both apps share the test account.
      const revoked = await insertApiKey(two.t.database.db, account.accountId, account.userId);
      const api1 = two.api1.withKey(revoked.apiKey);
      expect((await api1.get('/v2/users/me')).status).toBe(200);
      expect((await api1.get('/v2/users/me')).status).toBe(200);
      await sql`update api_keys set revoked_at = ${new Date().toISOString()} where id = ${revoked.keyId}`.execute(other.db);
      expectError(await api1.get('/v2/users/me'), 401, 'unauthorized');

      // Refused first, then created elsewhere: accepted at once.
      const chosen = `td_${'k'.repeat(40)}${Math.random().toString(36).slice(2, 8)}`;
      expectError(await api1.withKey(chosen).get('/v2/users/me'), 401, 'unauthorized');
      const created = await insertApiKey(other.db, account.accountId, account.userId, { apiKey: chosen });
      expect((await api1.withKey(chosen).get('/v2/users/me')).status).toBe(200);

      // Revoked in SQL on the app's own connection.
      await sql`update api_keys set revoked_at = ${new Date().toISOString()} where id = ${created.keyId}`.execute(two.t.database.db);
      expectError(await api1.withKey(chosen).get('/v2/users/me'), 401, 'unauthorized');
      expect((await two.api1.get('/v2/users/me')).status).toBe(200);
    } finally {
      await two.close();
    }
  });

  it.skipIf(usingPostgres)('after a write of anything but keys and users, the key is not looked up again; after a key is written, it is (SQLite)', async () => {
    const job = await newJob(t.api, jobParams(w, await newService(t.api, 'Key epoch')));
    const read = () => t.api.get(`/v2/jobs/${job.id}`);
    await read();
    await read();
    expect(await statementsOf(read)).toBe(1); // the stamp
    expect((await t.api.post('/v2/clients', { name: 'Not a key' })).status).toBe(201);
    expect(await statementsOf(read)).toBe(2); // the stamp and the job's version: no key look-up
    await insertApiKey(t.database.db, t.account.accountId, t.account.userId);
    expect(await statementsOf(read)).toBe(3); // the key looked up again
    expect(await statementsOf(read)).toBe(1);
  });

  it('a read-only key stays read-only when it is answered from memory', async () => {
    const reader = new Api(t.app, t.account.readKey);
    expect((await reader.get('/v2/users/me')).status).toBe(200);
    expectError(await reader.post('/v2/clients', { name: 'Refused' }), 403, 'forbidden');
    expectError(await reader.post('/v2/clients', { name: 'Refused' }), 403, 'forbidden');
  });
});

describe.skipIf(usingPostgres)('while nothing is written (SQLite)', () => {
  it('a kept job, a page of kept jobs and a kept group cost one statement each: the stamp', async () => {
    const job = await newJob(t.api, jobParams(w, await newService(t.api, 'Stamped')));
    const group = (await t.api.post('/v2/groups', { name: 'Stamped group' })).body;
    expect((await t.api.post(`/v2/groups/${group.id}/jobs/${job.id}`)).status).toBe(200);
    const reads = [() => t.api.get(`/v2/jobs/${job.id}`), () => t.api.get(`/v2/groups/${group.id}`)];
    for (const read of reads) {
      expect((await read()).status).toBe(200); // built and kept
      expect((await read()).status).toBe(200); // checked at the new stamp
      expect(await statementsOf(read)).toBe(1);
    }
    // A page still counts and pages its ids; its kept items cost nothing more.
    await t.api.get('/v2/jobs', { pageSize: 5 });
    const page = await statementsOf(() => t.api.get('/v2/jobs', { pageSize: 5 }));
    expect(await statementsOf(() => t.api.get('/v2/jobs', { pageSize: 20 }))).toBe(page);

    // Any write, even one that shows nowhere in the job, and the next read checks versions again.
    expect((await t.api.post('/v2/clients', { name: 'Unrelated' })).status).toBe(201);
    const afterWrite = await statementsOf(reads[0]!);
    expect(afterWrite).toBeGreaterThan(1);
    expect(await statementsOf(reads[0]!)).toBe(1);
  });

  it('a change made in SQL on another connection is seen at the next read', async () => {
    const two = await twoApps(t);
    try {
      const created = await two.api1.post('/v2/clients', { name: 'Seen elsewhere' });
      expect(created.status).toBe(201);
      const service = (await two.api1.post('/v2/account/services', { name: 'Two-app service' })).body.id;
      const unit = (await two.api1.get('/v2/account/quantity-types')).body[0].id;
      const job = await two.api1.post('/v2/jobs', { name: 'Before', client: created.body.id, service, quantityType: unit, quantity: 1 });
      expect(job.status).toBe(201);
      expect((await two.api1.get(`/v2/jobs/${job.body.id}`)).body.name).toBe('Before');
      expect((await two.api1.get(`/v2/jobs/${job.body.id}`)).body.name).toBe('Before');
      await sql`update jobs set name = ${'After'} where id = ${job.body.id}`.execute(two.api2.app.database.db);
      expect((await two.api1.get(`/v2/jobs/${job.body.id}`)).body.name).toBe('After');
    } finally {
      await two.close();
    }
  });
});

describe('tenancy', () => {
  it('a job and a group kept for one account, read at the same stamp by another, are missing for it', async () => {
    const job = await newJob(t.api, jobParams(w, await newService(t.api, 'Theirs')));
    const group = (await t.api.post('/v2/groups', { name: 'Their group' })).body;
    for (const path of [`/v2/jobs/${job.id}`, `/v2/groups/${group.id}`]) {
      expect((await t.api.get(path)).status).toBe(200);
      expect((await t.api.get(path)).status).toBe(200);
      expectError(await t.otherApi.get(path), 404, 'resource_missing');
    }
    const listed = await t.otherApi.get('/v2/jobs', { pageSize: 100 });
    expect(listed.body.items.map((item: { id: string }) => item.id)).not.toContain(job.id);
  });
});
