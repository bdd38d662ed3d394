import { sql } from 'kysely';
import { expect } from 'vitest';
import { loadGroups } from '../../../src/modules/groups/assembly.js';
import type { Api, TestContext } from '../../helper.js';
import { ok, scene, uniq, type World } from './job-view-cache-fixture.js';
import { viewCacheReads } from './view-cache-reads.js';

/**
 * Shared set-up of the group view cache tests (test/http/caches/group-view-cache*.test.ts), as
 * caches/job-view-cache-fixture.ts for jobs: every case caches a group (two GETs and a listing page),
 * makes ONE change, and reads it again through both paths, comparing with an object built from the
 * database without any cache (`freshGroup`).
 */
export const group$ = (id: string) => `/v2/groups/${id}`;

const groupReads = viewCacheReads({ noun: 'group', basePath: '/v2/groups', build: loadGroups });
/** A group built from the database without the cache; its listing item; caching it; reading it after a change (caches/view-cache-reads.ts). */
export const {
  fresh: freshGroup,
  listed: listedGroup,
  cache: cacheGroup,
  current: currentGroup,
  hiddenFromOtherAccount: groupHiddenFromOtherAccount,
} = groupReads;

/** Caches the group, makes the change, answers the group as read afterwards (checked against a fresh build). */
export async function afterGroupChange(t: TestContext, id: string, change: () => Promise<unknown>): Promise<any> {
  await cacheGroup(t, id);
  await change();
  return currentGroup(t, id);
}

/** POST /v2/groups expecting 201; answers the group. */
export async function newGroup(api: Api, params: Record<string, unknown> = {}): Promise<any> {
  return ok(api.post('/v2/groups', { name: uniq('Group'), ...params }), 201);
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
  const made = await scene(t, w, jobExtra);
  const { job, service, supplier } = made;
  // The job's client, which jobExtra may name: a group holds the jobs of one client.
  const client = typeof jobExtra.client === 'string' ? jobExtra.client : made.client;
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
export const cacheEnv: Record<string, string> = Object.fromEntries(CACHE_VARIABLES.flatMap((name) => (process.env[name] ? [[name, process.env[name]]] : [])));
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
