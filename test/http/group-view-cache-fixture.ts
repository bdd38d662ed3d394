import { sql } from 'kysely';
import { expect } from 'vitest';
import { loadGroups } from '../../src/modules/groups/assembly.js';
import type { Api, TestAccount, TestContext } from '../helper.js';
import { ok, scene, uniq, type World } from './job-view-cache-fixture.js';

/**
 * Shared set-up of the group view cache tests (test/http/group-view-cache.test.ts), as
 * job-view-cache-fixture.ts for jobs: every case caches a group (two GETs and a listing page),
 * makes ONE change, and reads it again through both paths, comparing with an object built from the
 * database without any cache (`freshGroup`).
 */
export const group$ = (id: string) => `/v2/groups/${id}`;

/** A group as built from the database now, without the group view cache (assembly.ts), as JSON. */
export async function freshGroup(t: TestContext, account: TestAccount, id: string): Promise<unknown> {
  const ctx = { db: t.database.db, dialect: t.database.dialect, accountId: account.accountId, userId: account.userId };
  const group = (await loadGroups(ctx, [id])).get(id);
  return group === undefined ? undefined : JSON.parse(JSON.stringify(group));
}

/** The group's item in a listing page (the newest groups first: the groups of the running test are on it). */
export async function listedGroup(api: Api, id: string): Promise<any> {
  const page = await api.get('/v2/groups', { pageSize: 25 });
  expect(page.status, JSON.stringify(page.body).slice(0, 300)).toBe(200);
  return (page.body.items as Array<{ id: string }>).find((item) => item.id === id);
}

/**
 * Puts a group in the cache of the app behind `api`: GET twice and a listing page holding it, all
 * equal to a fresh build. Answers the group.
 */
export async function cacheGroup(t: TestContext, id: string, api: Api = t.api, account: TestAccount = t.account): Promise<any> {
  const first = await api.get(group$(id));
  expect(first.status, JSON.stringify(first.body).slice(0, 300)).toBe(200);
  expect((await api.get(group$(id))).body).toEqual(first.body);
  const item = await listedGroup(api, id);
  expect(item, 'the group is on the listing page').toBeDefined();
  expect(item).toEqual(first.body);
  expect(first.body).toEqual(await freshGroup(t, account, id));
  return first.body;
}

let readCount = 0;
/**
 * The group after a change, read through GET /v2/groups/:id and the listing, both equal to a fresh
 * build. The order of the two reads alternates from call to call, so that neither path only ever
 * sees an entry the other one has just rebuilt.
 */
export async function currentGroup(t: TestContext, id: string, api: Api = t.api, account: TestAccount = t.account): Promise<any> {
  const built = await freshGroup(t, account, id);
  expect(built, 'the group exists').toBeDefined();
  const readSingle = async () => {
    const reply = await api.get(group$(id));
    expect(reply.status).toBe(200);
    expect(reply.body, 'GET /v2/groups/:id').toEqual(built);
    return reply.body;
  };
  const readListed = async () => expect(await listedGroup(api, id), 'GET /v2/groups item').toEqual(built);
  readCount += 1;
  if (readCount % 2 === 0) {
    await readListed();
    return readSingle();
  }
  const single = await readSingle();
  await readListed();
  return single;
}

/** POST /v2/groups expecting 201; answers the group. */
export async function newGroup(api: Api, params: Record<string, unknown> = {}): Promise<any> {
  return ok(api.post('/v2/groups', { name: uniq('Group'), ...params } as never), 201);
}

/** Adds a job to a group (200, the group). */
export function join(api: Api, groupId: string, jobId: string): Promise<any> {
  return ok(api.post(`${group$(groupId)}/jobs/${jobId}`));
}

/**
 * A group of its own holding one job of its own (job-view-cache-fixture's `scene`: a fresh client,
 * service and supplier; 1000 words at 0.1, total 100): the group has the job's client and a fresh
 * domain.
 */
export async function groupScene(t: TestContext, w: World, jobExtra: Record<string, unknown> = {}, groupExtra: Record<string, unknown> = {}) {
  const { job, service, client, supplier } = await scene(t, w, jobExtra);
  const domain = (await ok(t.api.post('/v2/account/domains', { name: uniq('Domain') }), 201)).id as string;
  const created = await newGroup(t.api, { client, domain, ...groupExtra });
  const group = await join(t.api, created.id, job.id);
  expect(group.jobs).toEqual([job.id]);
  return { group, job, service, client, supplier, domain };
}

/**
 * The cache size from the environment, passed to the app (VIEW_CACHE_MB, formerly JOB_CACHE_MB):
 * 0 runs the same cases without the cache (the reference behaviour).
 */
const CACHE_VARIABLES = ['VIEW_CACHE_MB', 'JOB_CACHE_MB'] as const;
export const cacheEnv: Record<string, string> = Object.fromEntries(CACHE_VARIABLES.flatMap((name) => (process.env[name] ? [[name, process.env[name]!]] : [])));
export const cacheOff = CACHE_VARIABLES.some((name) => process.env[name] === '0');

/** Whether the database has the version table of the group view cache. */
export async function hasGroupVersions(t: TestContext): Promise<boolean> {
  try {
    await sql`select count(*) from group_versions`.execute(t.database.db);
    return true;
  } catch {
    return false;
  }
}
