import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { expect } from 'vitest';
import { openDatabase, type Database } from '../../../src/core/db/database.js';
import { migrateToLatest } from '../../../src/core/db/migrate.js';
import { insertApiKey } from '../../../src/modules/accounts/provisioning.js';
import { loadJobs } from '../../../src/modules/jobs/assembly.js';
import { Api, buildTestApp, createTestAccount, usingPostgres, type TestAccount, type TestContext } from '../../helper.js';
import { upload } from '../files/helper.js';
import { viewCacheReads } from './view-cache-reads.js';
import { ACCOUNT_CLIENT_PRICES, jobParams, newClient, newJob, newPrice, newService, newSupplier, type World } from '../jobs/fixture.js';

/**
 * Shared set-up of the job view cache tests (test/http/caches/job-view-cache*.test.ts): every case caches
 * a job (two GETs and a listing page), makes ONE change, and reads it again through both paths,
 * comparing with an object built from the database without any cache (`fresh`).
 */
export { ACCOUNT_CLIENT_PRICES, newClient, newJob, newPrice, newService, newSupplier, type World };

let counter = 0;
/** A name no other record of the file has (master data names are unique per account). */
export const uniq = (prefix: string) => `${prefix} ${++counter}-${Math.random().toString(36).slice(2, 7)}`;

export const job$ = (id: string) => `/v2/jobs/${id}`;

const jobReads = viewCacheReads({ noun: 'job', basePath: '/v2/jobs', build: loadJobs });
/** A job built from the database without the cache; its listing item; caching it; reading it after a change (caches/view-cache-reads.ts). */
export const { fresh, listed, cache: cacheJob, current, hiddenFromOtherAccount: jobHiddenFromOtherAccount } = jobReads;

/** Caches the job, makes the change, answers the job as read afterwards (checked against a fresh build). */
export async function afterChange(t: TestContext, id: string, change: () => Promise<unknown>): Promise<any> {
  await cacheJob(t, id);
  await change();
  return current(t, id);
}

/** Expects 200 and the job (the answer of the job's part routes); answers the body. */
export async function ok(reply: Promise<{ status: number; body: any }>, status = 200): Promise<any> {
  const answer = await reply;
  expect(answer.status, JSON.stringify(answer.body).slice(0, 500)).toBe(status);
  return answer.body;
}

/**
 * A job of its own: a fresh client and service, priced 0.1 a word with 100% matches at 0.03, on
 * the world's en→fr pair and Legal domain; 1000 words (total 100). `supplier` is a supplier of its own.
 */
export async function scene(
  t: TestContext,
  w: World,
  extra: Record<string, unknown> = {},
): Promise<{ job: any; service: string; client: string; supplier: string }> {
  const service = await newService(t.api, 'Cached');
  await newPrice(t.api, ACCOUNT_CLIENT_PRICES, { service, quantityType: w.unit.Words, unitCost: 0.1 }, [[w.match['100%']!, 0.03]]);
  const client = await newClient(t.api, { name: uniq('Client') });
  const supplier = await newSupplier(t.api, { name: uniq('Supplier') });
  const job = await newJob(t.api, jobParams(w, service, { name: uniq('Job'), client, languagePair: w.pair.enFr, domain: w.domain.legal, ...extra }));
  return { job, service, client, supplier };
}

/** Adds an outsourcing to the supplier; answers the job and the new outsourcing's id. */
export async function outsource(t: TestContext, jobId: string, params: Record<string, unknown>): Promise<{ job: any; outsourcingId: string }> {
  const job = await ok(t.api.post(`${job$(jobId)}/outsourcing`, params as never));
  return { job, outsourcingId: job.outsourcing.at(-1).id as string };
}

/** Uploads one file (owner path `/v2/jobs/:id` or `/v2/groups/:id`, optionally into an outsourcing); answers the file object. */
export async function uploadTo(t: TestContext, owner: string, name: string, outsourcingId?: string): Promise<any> {
  const reply = await upload(t, `${owner}/files/upload${outsourcingId ? `/${outsourcingId}` : ''}`, [
    { name: 'file', filename: name, content: `content of ${name}` },
  ]);
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body;
}

/** A user of the first account with a key of its own (a manager: they change jobs, groups and notes). */
export async function colleague(t: TestContext): Promise<{ id: string; api: Api }> {
  const reply = await t.api.post('/v2/users', { name: uniq('Colleague'), role: 'manager' });
  expect(reply.status).toBe(201);
  const { apiKey } = await insertApiKey(t.database.db, t.account.accountId, reply.body.id as string);
  return { id: reply.body.id as string, api: t.api.withKey(apiKey) };
}

/** Whether the database has the version table of the job view cache (migration 0014). */
export async function hasJobVersions(t: TestContext): Promise<boolean> {
  try {
    await sql`select count(*) from job_versions`.execute(t.database.db);
    return true;
  } catch {
    return false;
  }
}

export interface TwoApps {
  /** Two apps, each over its own connection (handle) to one database: each has its own cache. */
  api1: Api;
  api2: Api;
  /** The account of both clients, and a context over handle 1 for `fresh`. */
  account: TestAccount;
  t: TestContext;
  close(): Promise<void>;
}

/**
 * Two app instances on one database through two `openDatabase` handles (the job view cache is kept
 * per handle): on PostgreSQL the test file's schema; on SQLite a temporary database file (an
 * in-memory database cannot be opened twice).
 */
export async function twoApps(t: TestContext): Promise<TwoApps> {
  let dir: string | undefined;
  let open: () => Database;
  if (usingPostgres) {
    const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(t.database.db)).rows[0]!.s;
    open = () => openDatabase(process.env.DATABASE_URL!, { pgSchema: schema, poolSize: 3 });
  } else {
    dir = mkdtempSync(join(tmpdir(), 'transdesk-job-views-'));
    const file = join(dir, 'two-apps.sqlite');
    open = () => openDatabase(`sqlite:${file}`);
  }
  const first = open();
  if (!usingPostgres) await migrateToLatest(first);
  const second = open();
  const account = usingPostgres ? t.account : await createTestAccount(first, 'Two apps');
  const { app: app1, responses: responses1 } = await buildTestApp({ config: t.config, database: first });
  const { app: app2, responses: responses2 } = await buildTestApp({ config: t.config, database: second });
  const context: TestContext = { ...t, app: app1, database: first, account, api: new Api(app1, account.apiKey) };
  return {
    api1: new Api(app1, account.apiKey),
    api2: new Api(app2, account.apiKey),
    account,
    t: context,
    async close() {
      await app1.close();
      await app2.close();
      responses1.throwMismatches();
      responses2.throwMismatches();
      await first.close();
      await second.close();
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}
