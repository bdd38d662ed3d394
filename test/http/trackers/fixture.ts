import { expect } from 'vitest';
import { insertApiKey } from '../../../src/modules/accounts/provisioning.js';
import type { Api, TestContext } from '../../helper.js';
import { buildWorld, jobParams, newJob, newService, type World } from '../jobs/fixture.js';

/** Shared set-up of the time tracker tests (docs/trackers.md). */
export { ID, DATE, eventsOf } from '../jobs/fixture.js';
export { buildWorld, jobParams, newJob, newService, type World };

export const trackersOf = (jobId: string) => `/v2/jobs/${jobId}/trackers`;

/** A second user of the first account, with a key of their own (a manager: they track time on jobs). */
export async function secondUser(t: TestContext, name = 'Second user'): Promise<{ id: string; name: string; api: Api }> {
  const reply = await t.api.post('/v2/users', { name, role: 'manager' });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  const { apiKey } = await insertApiKey(t.database.db, t.account.accountId, reply.body.id as string);
  return { id: reply.body.id as string, name, api: t.api.withKey(apiKey) };
}

/** A job of its own for a test (Acme, Words, a fresh service). */
export async function freshJob(t: TestContext, w: World, extra: Record<string, unknown> = {}): Promise<any> {
  return newJob(t.api, jobParams(w, await newService(t.api, 'Tracked'), extra));
}

/** POST/PUT expecting 200; answers the job. */
export async function ok(reply: Promise<{ status: number; body: any }>): Promise<any> {
  const answer = await reply;
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(answer.body.object).toBe('job');
  return answer.body;
}

/** The stored running entries of a job (straight from the table). */
export async function runningRows(t: TestContext, jobId: string): Promise<Array<{ user_id: string }>> {
  return t.database.db.selectFrom('tracker_entries').select('user_id').where('job_id', '=', jobId).where('running', '=', 1).execute();
}

export async function countRows(t: TestContext, jobId: string): Promise<number> {
  return (await t.database.db.selectFrom('tracker_entries').select('id').where('job_id', '=', jobId).execute()).length;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
