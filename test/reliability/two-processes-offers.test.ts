import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCli, call, freshDatabase, killAll, onPostgres, serve, serverEnv, stop, type Reply, type Server } from '../processes.js';
import { expectAnswers, ok, startPair, type Pair } from './two-processes-world.js';

/**
 * Offer rounds awarded to the first to accept (docs/supplier-portal.md#offer-rounds), raced by
 * server processes: two suppliers accept their offers of one round at once, each through its own
 * process. Exactly one wins; the other is a 409, and the round names the winner. On PostgreSQL
 * (DATABASE_URL=postgres://…) the two processes share the database; on SQLite, whose file is
 * served by one process, both suppliers go through one `serve` process.
 */
const title = onPostgres
  ? 'offer rounds: two acceptances at once through two server processes on one PostgreSQL database'
  : 'offer rounds: two acceptances at once through a server process on SQLite (run with DATABASE_URL=postgres://… for two processes)';

/** The servers of the race, and the key. */
interface Race {
  a: Server;
  b: Server;
  key: string;
  close(): Promise<void>;
  pair?: Pair;
}

async function startSqlite(): Promise<Race> {
  const build = await buildCli();
  const database = await freshDatabase();
  const key = `race_${Math.random().toString(16).slice(2)}${Date.now().toString(16)}`;
  const server = await serve(build.cli, serverEnv(database.url, { BOOTSTRAP_API_KEY: key, LOG_LEVEL: 'warn' }));
  return {
    a: server,
    b: server,
    key,
    async close() {
      await stop(server);
      await database.drop();
    },
  };
}

/** A portal person's session: sign in with the link's token through `server`. */
async function portalSession(server: Server, url: string): Promise<{ cookie: string; csrf: string }> {
  const token = new URL(url).hash.slice('#token='.length);
  const response = await fetch(`${server.url}/v2/portal/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  expect(response.status).toBe(200);
  const cookie = response.headers
    .getSetCookie()
    .find((line) => line.startsWith('td_portal='))!
    .split(';')[0]!;
  return { cookie, csrf: ((await response.json()) as { csrfToken: string }).csrfToken };
}

async function accept(server: Server, session: { cookie: string; csrf: string }, id: string): Promise<Reply> {
  const response = await fetch(`${server.url}/v2/portal/work/${id}/accept`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: session.cookie, 'x-csrf-token': session.csrf },
    body: '{}',
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? undefined : JSON.parse(text), headers: response.headers };
}

describe(title, () => {
  let race: Race;
  const w = { service: '', unit: '', client: '', suppliers: [] as Array<{ id: string; session: { cookie: string; csrf: string } }> };

  beforeAll(async () => {
    if (onPostgres) {
      const pair = await startPair('db');
      race = { a: pair.a, b: pair.b, key: pair.key, close: () => pair.close(), pair };
    } else {
      race = await startSqlite();
    }
    const req = (method: string, path: string, body?: unknown) => call(race.a, race.key, method, path, body);
    w.service = (await ok(req('POST', '/v2/account/services', { name: 'Raced translation' }), 201)).id;
    w.unit = (await ok(req('POST', '/v2/account/quantity-types', { name: 'Raced words' }), 201)).id;
    w.client = (await ok(req('POST', '/v2/clients', { name: 'Raced client', currency: 'EUR' }), 201)).id;
    for (const [i, name] of ['Raced A', 'Raced B'].entries()) {
      const supplier = (await ok(req('POST', '/v2/suppliers', { name, currency: 'EUR' }), 201)).id;
      const contact = (await ok(req('POST', `/v2/suppliers/${supplier}/contacts`, { fullName: `${name} Person`, email: `raced.${i}@example.com` }), 201)).id;
      const granted = await ok(req('POST', `/v2/suppliers/${supplier}/contacts/${contact}/portal-access`, {}));
      // Each supplier signs in through the process it will accept through.
      w.suppliers.push({ id: supplier, session: await portalSession(i === 0 ? race.a : race.b, granted.link.url) });
    }
  }, 180_000);

  afterAll(async () => {
    await race?.close();
    killAll();
  }, 60_000);

  it('ten rounds, each raced by two acceptances through the two processes: one 200 and one 409 each, the round awarded to the one who got 200', async () => {
    for (let round = 0; round < 10; round++) {
      const job = await ok(
        call(race.a, race.key, 'POST', '/v2/jobs', { name: `Raced job ${round}`, client: w.client, service: w.service, quantity: 100, quantityType: w.unit }),
        201,
      );
      const offered = await ok(
        call(race.b, race.key, 'POST', `/v2/jobs/${job.id}/outsourcing/offers`, {
          suppliers: w.suppliers.map((supplier) => supplier.id),
          expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
          award: 'first',
        }),
        201,
      );
      const ids = w.suppliers.map(
        (supplier) => offered.offers.find((offer: { supplier: { id: string } }) => offer.supplier.id === supplier.id).outsourcingId as string,
      );
      // Both connections opened beforehand, so that the two requests leave together.
      await Promise.all([race.a, race.b].map((server) => fetch(`${server.url}/health`).then((response) => response.arrayBuffer())));
      const replies = await Promise.all([accept(race.a, w.suppliers[0]!.session, ids[0]!), accept(race.b, w.suppliers[1]!.session, ids[1]!)]);
      if (race.pair) expectAnswers(race.pair, replies, [[409, 'state_conflict']]);
      expect(replies.map((reply) => reply.status).sort(), JSON.stringify(replies.map((reply) => reply.body))).toEqual([200, 409]);
      const winner = ids[replies.findIndex((reply) => reply.status === 200)]!;
      const after = await ok(call(race.a, race.key, 'GET', `/v2/jobs/${job.id}/outsourcing/offers/${offered.id}`));
      expect(after.state).toBe('awarded');
      expect(after.awardedOutsourcingId).toBe(winner);
      expect(
        after.offers
          .filter((offer: { confirmStatus: number | null }) => offer.confirmStatus === 2)
          .map((offer: { outsourcingId: string }) => offer.outsourcingId),
      ).toEqual([winner]);
      const events = await ok(call(race.b, race.key, 'GET', '/v2/events?type=job.outsourcing.accepted&pageSize=100'));
      expect(events.items.filter((event: { data: { jobId: string } }) => event.data.jobId === job.id)).toHaveLength(1);
    }
  }, 180_000);
});
