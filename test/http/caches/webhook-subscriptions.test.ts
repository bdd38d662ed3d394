import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FRESHNESS } from '../../../src/core/db/freshness.js';
import { endpointsChanged, subscriptionsOf, watchEndpoints } from '../../../src/modules/webhooks/subscriptions.js';
import { usingPostgres, type TestContext } from '../../helper.js';
import { insertEndpoint, type EndpointRow } from '../outbox/fixture.js';
import { recordedTestApp } from './freshness-fixture.js';

/**
 * The webhook subscriptions kept per process (modules/webhooks/subscriptions.ts) against the
 * freshness manifest's `polled.webhookSubscriptions`: each declared column changed in plain SQL,
 * as another process or an operator would, is seen once the watch has polled; without the watch
 * the kept list stays as it was read; and the list's query reads only the declared columns.
 */
const DECLARED = FRESHNESS.polled.webhookSubscriptions;

let t: TestContext;
let record: { statements: string[] } | undefined;

beforeAll(async () => {
  ({ t, record } = await recordedTestApp());
});
afterAll(async () => t?.close());

beforeEach(async () => {
  await t.database.db.deleteFrom('webhook_endpoints').execute();
  endpointsChanged();
});

/** The account's list as `endpoint:types`, in its order. */
async function listOf(accountId = t.account.accountId): Promise<string[]> {
  return (await subscriptionsOf(t.database.db, accountId)).map((s) => `${s.endpointId}:${[...s.events].sort().join(',')}`);
}

async function eventually(expected: string[]): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (JSON.stringify(await listOf()) === JSON.stringify(expected)) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  expect(await listOf()).toEqual(expected);
}

const endpoint = (events: string[]) => insertEndpoint(t.database, t.account.accountId, { url: 'https://hooks.example.com/in', events });

/** Per declared column: a change of it in plain SQL, and the account's list after it. */
const CHANGES: Record<string, (first: EndpointRow, second: EndpointRow) => Promise<string[]>> = {
  account_id: async (first, second) => {
    await sql`update webhook_endpoints set account_id = ${t.other.accountId} where id = ${first.id}`.execute(t.database.db);
    return [`${second.id}:*`];
  },
  enabled: async (first, second) => {
    await sql`update webhook_endpoints set enabled = 0 where id = ${second.id}`.execute(t.database.db);
    return [`${first.id}:client.created`];
  },
  events: async (first, second) => {
    await sql`update webhook_endpoints set events = ${JSON.stringify(['job.created', 'job.updated'])} where id = ${first.id}`.execute(t.database.db);
    return [`${first.id}:job.created,job.updated`, `${second.id}:*`];
  },
  created_at: async (first, second) => {
    await sql`update webhook_endpoints set created_at = ${'2000-01-01T00:00:00.000Z'} where id = ${second.id}`.execute(t.database.db);
    return [`${second.id}:*`, `${first.id}:client.created`];
  },
};

/** Two endpoints of the account, the first created first, and their list (now kept). */
async function twoEndpoints(): Promise<{ first: EndpointRow; second: EndpointRow; before: string[] }> {
  const first = await endpoint(['client.created']);
  await new Promise((resolve) => setTimeout(resolve, 5));
  const second = await endpoint(['*']);
  const before = await listOf();
  expect(before).toEqual([`${first.id}:client.created`, `${second.id}:*`]);
  return { first, second, before };
}

describe('webhook subscriptions kept per process', () => {
  it('has a change for every column the manifest declares', () => {
    expect(Object.keys(CHANGES).sort()).toEqual([...DECLARED.columns].sort());
  });

  it('keeps the list read: without the watch, a change in plain SQL is not seen until the lists are dropped', async () => {
    const { first, second, before } = await twoEndpoints();
    const after = await CHANGES.events!(first, second);
    expect(await listOf()).toEqual(before);
    endpointsChanged();
    expect(await listOf()).toEqual(after);
  });

  describe('with the watch', () => {
    let stop: () => void;
    beforeEach(() => {
      stop = watchEndpoints(t.database.db, 20);
    });
    afterEach(() => stop());

    /** Two endpoints, once the watch has seen them (its readings drop the lists), and their list kept again. */
    async function settled(): Promise<{ first: EndpointRow; second: EndpointRow; before: string[] }> {
      const endpoints = await twoEndpoints();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await listOf()).toEqual(endpoints.before);
      return endpoints;
    }

    for (const column of DECLARED.columns) {
      it(`sees ${column} changed in plain SQL`, async () => {
        const { first, second, before } = await settled();
        const after = await CHANGES[column]!(first, second);
        expect(after).not.toEqual(before);
        await eventually(after);
      });
    }

    it('sees an endpoint inserted in plain SQL', async () => {
      const { first, second } = await settled();
      await sql`insert into webhook_endpoints (id, account_id, url, events, description, enabled, disabled_reason, secret, previous_secret, previous_secret_expires_at, failing_since, created_at, updated_at)
                select ${'whe_third'}, account_id, url, ${'["*"]'}, description, 1, null, secret, null, null, null, ${'2999-01-01T00:00:00.000Z'}, updated_at
                from webhook_endpoints where id = ${second.id}`.execute(t.database.db);
      await eventually([`${first.id}:client.created`, `${second.id}:*`, 'whe_third:*']);
    });
  });

  it.skipIf(usingPostgres)('reads only the columns the manifest declares', async () => {
    await endpoint(['*']);
    endpointsChanged();
    const from = record!.statements.length;
    await listOf();
    const statements = record!.statements.slice(from).filter((statement) => statement.includes('"webhook_endpoints"'));
    expect(statements).toHaveLength(1);
    const names = new Set([...statements[0]!.matchAll(/"(\w+)"/g)].map((match) => match[1]!));
    names.delete('webhook_endpoints');
    expect([...names].filter((name) => !['id', ...DECLARED.columns].includes(name))).toEqual([]);
    expect(DECLARED.rowWhen).toBe('enabled = 1');
    expect(DECLARED.columns).toContain('enabled');
  });
});
