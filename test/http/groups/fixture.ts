import { expect } from 'vitest';
import type { Api, TestContext } from '../../helper.js';
import { buildWorld, worldPerFile, type World } from '../prices/fixture.js';

/** Shared set-up of the groups tests: the prices world, and small builders. */
export { buildWorld, worldPerFile, type World };
export { DATE, ID, eventsOf } from '../prices/fixture.js';

export const EUR = { code: 'EUR', symbol: '€' };
export const USD = { code: 'USD', symbol: '$' };

/** POST /v2/groups expecting 201; answers the group. */
export async function newGroup(api: Api, params: Record<string, unknown> = {}): Promise<any> {
  const reply = await api.post('/v2/groups', { name: 'A group', ...params });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body;
}

/** POST /v2/jobs expecting 201 (Acme, Words, the world's Translation service unless given). */
export async function newJob(t: TestContext, w: World, params: Record<string, unknown> = {}): Promise<any> {
  const reply = await t.api.post('/v2/jobs', {
    name: 'A job',
    client: w.client.acme,
    quantity: 1000,
    quantityType: w.unit.Words,
    service: w.service.Translation,
    ...params,
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body;
}

export async function addJob(api: Api, groupId: string, jobId: string, method: 'POST' | 'PUT' = 'POST'): Promise<any> {
  const reply = await api.request(method, `/v2/groups/${groupId}/jobs/${jobId}`);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body;
}

export async function putJob(api: Api, jobId: string, params: Record<string, unknown>, path = ''): Promise<any> {
  const reply = await api.put(`/v2/jobs/${jobId}${path}`, params as never);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body;
}

export async function getGroup(api: Api, id: string): Promise<any> {
  const reply = await api.get(`/v2/groups/${id}`);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body;
}

/** The estimation of a group without priced jobs. */
export const EMPTY_ESTIMATION = {
  isV2: true,
  outsourcing: { suppliers: [], totals: [] },
  profitability: { status: 'incorrectStatus', withMargin: { status: 'incorrectStatus' } },
  total: 0,
  totalInvoiced: 0,
  totalTime: 0,
};
