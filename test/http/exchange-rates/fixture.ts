import { createServer, type Server } from 'node:http';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import type { Role } from '../../../src/core/db/schema.js';
import { insertApiKey } from '../../../src/modules/accounts/provisioning.js';
import { Api, type TestContext } from '../../helper.js';

/** Shared set-up of the exchange rates tests (docs/exchange-rates.md). */

export const PATH = '/v2/account/exchange-rates';
export const DATE = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

/** A file in the ECB's 90-day format: 2026-11-18 to 2026-11-20, 30 currencies a day (1 EUR = 1.0856 USD = 0.84623 GBP on the 20th). */
export const ECB_FILE = readFileSync(new URL('../../fixtures/ecb/eurofxref-hist-90d.xml', import.meta.url), 'utf8');

/** A rate of the account behind `api`; answers the creation's body. */
export async function newRate(api: Api, params: Record<string, unknown> = {}): Promise<any> {
  const reply = await api.post(PATH, { date: '2026-11-20', currency: 'USD', rate: 1.0856, ...params }, { json: true });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body;
}

/** A key of a new user of each role but owner (the account's key is the owner's). */
export async function roleApis(t: TestContext): Promise<Record<Exclude<Role, 'owner'>, Api>> {
  const apis = {} as Record<Exclude<Role, 'owner'>, Api>;
  for (const role of ['admin', 'manager', 'finance', 'viewer'] as const) {
    const user = (await t.api.post('/v2/users', { name: `Rates ${role}`, role })).body.id as string;
    apis[role] = new Api(t.app, (await insertApiKey(t.database.db, t.account.accountId, user)).apiKey);
  }
  return apis;
}

/** A local HTTP server answering what `answer` says (never the internet); `hits` counts its requests. */
export async function rateServer(answer: () => { status?: number; body: string } = () => ({ body: ECB_FILE })) {
  let hits = 0;
  const server: Server = createServer((_request, response) => {
    hits += 1;
    const { status = 200, body } = answer();
    response.writeHead(status, { 'content-type': 'text/xml; charset=utf-8' });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/stats/eurofxref/eurofxref-hist-90d.xml`,
    hits: () => hits,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
