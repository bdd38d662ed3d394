import { expect } from 'vitest';
import { Api, createTestAccount, type TestContext } from '../../helper.js';
import { DATE as DATE_PATTERN, ID as ID_PATTERN } from '../prices/fixture.js';

/**
 * Shared helpers of the client and supplier tests (clients/*.test.ts, suppliers/*.test.ts). Each test
 * file keeps its own app in `t` and binds the helpers to it: `partiesFixture(() => t)`.
 */
export const ID = expect.stringMatching(ID_PATTERN);
export const DATE = expect.stringMatching(DATE_PATTERN);
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function partiesFixture(context: () => TestContext) {
  /** A fresh account of its own, for tests that need a known set of records. */
  async function freshApi(name: string): Promise<Api> {
    const account = await createTestAccount(context().database, name);
    return new Api(context().app, account.apiKey);
  }

  async function events(type: string, id: string): Promise<Array<Record<string, any>>> {
    const rows = await context().database.db.selectFrom('events').selectAll().where('type', '=', type).orderBy('created_at').orderBy('id').execute();
    return rows.map((row) => ({ ...row, data: JSON.parse(row.data) })).filter((row) => row.data.id === id);
  }

  const newClient = async (params: Record<string, any> = {}, api: Api = context().api) => {
    const reply = await api.post('/v2/clients', { name: 'Client', ...params });
    expect(reply.status).toBe(201);
    return reply.body;
  };

  const newSupplier = async (params: Record<string, any> = {}, api: Api = context().api, options?: { json?: boolean }) => {
    const reply = await api.post('/v2/suppliers', { name: 'Supplier', ...params }, options);
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    return reply.body;
  };
  const pair = async (source: string, target: string, api: Api = context().api) => (await api.post('/v2/account/language-pairs', { source, target })).body;
  const domain = async (name: string, api: Api = context().api) => (await api.post('/v2/account/domains', { name })).body;
  const client = async (name: string, api: Api = context().api) => (await api.post('/v2/clients', { name })).body;

  return { freshApi, events, newClient, newSupplier, pair, domain, client };
}
