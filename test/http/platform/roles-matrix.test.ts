import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../../src/core/db/schema.js';
import { createTestApp, expectError } from '../../helper.js';
import { ROLES, eventCount, fill, rolesWorld, send, type Caller, type RolesWorld } from './roles-fixture.js';

/**
 * The role matrix (docs/access.md#roles) over every operation of the OpenAPI document × every
 * role, with API keys (and a sample with session cookies): an allowed write is not refused (not
 * 403), a refused one answers 403 `forbidden` naming the role and changes nothing (no event, the
 * object reads the same); every role reads everything. The expectations below are written from
 * the documentation, independently of src/core/access.ts: a route the matrix misses, or a change
 * of the matrix, fails here.
 */

const EVERYONE: readonly Role[] = ROLES;
const OWNER_ADMIN: readonly Role[] = ['owner', 'admin'];
const PROJECT_WORK: readonly Role[] = ['owner', 'admin', 'manager'];
const QUOTES_ORDERS: readonly Role[] = ['owner', 'admin', 'manager', 'finance'];
const INVOICING: readonly Role[] = ['owner', 'admin', 'finance'];
const NOBODY: readonly Role[] = [];

/** Who writes, by the operation's tag (the part of the API reference it is documented in). */
const WRITERS_BY_TAG: Record<string, readonly Role[]> = {
  Account: OWNER_ADMIN,
  'Account master data': OWNER_ADMIN,
  'CAT configurations': OWNER_ADMIN,
  Users: OWNER_ADMIN,
  Webhooks: OWNER_ADMIN,
  'Default prices': PROJECT_WORK,
  'Client prices': PROJECT_WORK,
  'Supplier services': PROJECT_WORK,
  Clients: PROJECT_WORK,
  Suppliers: PROJECT_WORK,
  Jobs: PROJECT_WORK,
  Groups: PROJECT_WORK,
  'CAT analysis': PROJECT_WORK,
  Quotes: QUOTES_ORDERS,
  'Purchase orders': QUOTES_ORDERS,
  Invoices: INVOICING,
  'Supplier invoices': INVOICING,
  Requests: PROJECT_WORK,
  'Exchange rates': INVOICING,
  Events: NOBODY,
  Imports: PROJECT_WORK,
  // The clients' requests: project managers answer and convert them (docs/client-portal.md#requests).
};

/** Who writes an operation; undefined when this test does not know its tag yet (then it fails). */
function writersOf(path: string, tag: string | undefined): readonly Role[] | undefined {
  // Signing in, one's own name and keys: every role (the services decide whose keys).
  if (path.startsWith('/v2/auth/') || path === '/v2/users/me' || path === '/v2/api-keys' || path.startsWith('/v2/api-keys/')) return EVERYONE;
  return tag === undefined ? undefined : WRITERS_BY_TAG[tag];
}

interface Operation {
  method: string;
  path: string;
  tag: string | undefined;
  operationId: string;
}

const t = await createTestApp();
const document = t.app.swagger() as unknown as { paths: Record<string, Record<string, { tags?: string[]; operationId: string }>> };
// The portal's operations are outside the role matrix: no agency key or session reaches them
// (their isolation is proved over every one of them by test/http/portal/isolation.test.ts).
const operations: Operation[] = Object.entries(document.paths)
  .filter(([path]) => !path.startsWith('/v2/portal/'))
  .flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => ['get', 'head', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, operation]) => ({ method: method.toUpperCase(), path, tag: operation.tags?.[0], operationId: operation.operationId })),
  );
const isRead = (operation: Operation) => operation.method === 'GET' || operation.method === 'HEAD';
const reads = operations.filter(isRead);
const writes = operations.filter((operation) => !isRead(operation));
const readablePaths = new Set(reads.filter((operation) => operation.method === 'GET').map((operation) => operation.path));

/** The object a write changes, as read back: the longest prefix of its path that has a GET. */
function objectPathOf(path: string): string | undefined {
  const segments = path.split('/');
  for (let length = segments.length; length > 2; length--) {
    const prefix = segments.slice(0, length).join('/');
    if (readablePaths.has(prefix)) return prefix;
  }
  return undefined;
}

let world: RolesWorld;

beforeAll(async () => {
  world = await rolesWorld(t);
}, 60_000);

afterAll(async () => {
  await t.close();
});

async function readObject(path: string | undefined) {
  if (path === undefined) return undefined;
  const reply = await send(t, world.keys.owner, 'GET', fill(path, world, true));
  // An error body (the account's logo once removed: 404) names its request: compare the rest.
  if (reply.status >= 400) {
    const { id: _, ...error } = reply.body as Record<string, unknown>;
    return { status: reply.status, body: error as unknown };
  }
  return { status: reply.status, body: reply.body as unknown };
}

/** A write by every role of `callers`: the refused ones first (real ids, nothing may change), then the allowed (missing ids). */
async function checkWrite(operation: Operation, callers: Record<Role, Caller>): Promise<void> {
  const writers = writersOf(operation.path, operation.tag);
  expect(writers, `${operation.operationId}: tag ${operation.tag} is not in this test's table (WRITERS_BY_TAG)`).toBeDefined();
  const objectPath = objectPathOf(operation.path);
  const before = { events: await eventCount(t), object: await readObject(objectPath) };
  for (const role of ROLES.filter((candidate) => !writers!.includes(candidate))) {
    const reply = await send(t, callers[role], operation.method, fill(operation.path, world, true));
    const error = expectError(reply, 403, 'forbidden');
    expect(error.message, `${operation.operationId} by ${role}`).toContain(`role ${role}`);
  }
  expect(await eventCount(t), `${operation.operationId}: a refused write recorded an event`).toBe(before.events);
  expect(await readObject(objectPath), `${operation.operationId}: a refused write changed ${objectPath}`).toEqual(before.object);
  for (const role of writers!) {
    const reply = await send(t, callers[role], operation.method, fill(operation.path, world, false));
    expect(reply.status, `${operation.operationId} by ${role}: ${JSON.stringify(reply.body)}`).not.toBe(403);
    expect(reply.status, `${operation.operationId} by ${role}: ${JSON.stringify(reply.body)}`).toBeLessThan(500);
  }
}

async function checkRead(operation: Operation, callers: Record<Role, Caller>): Promise<void> {
  // Rendering a PDF (or an e-invoice, which embeds one) five times would only slow the test: the role is checked before the handler runs.
  const real = !/\/(pdf|ubl)$/.test(operation.path);
  for (const role of ROLES) {
    const reply = await send(t, callers[role], operation.method, fill(operation.path, world, real));
    expect(reply.status, `${operation.operationId} by ${role}: ${JSON.stringify(reply.body)}`).not.toBe(403);
    expect(reply.status, `${operation.operationId} by ${role}`).toBeLessThan(500);
  }
}

describe('the OpenAPI document', () => {
  it('has every operation this test knows how to judge', () => {
    expect(operations.length).toBeGreaterThan(200);
    const unknown = writes.filter((operation) => writersOf(operation.path, operation.tag) === undefined).map((operation) => operation.operationId);
    expect(unknown, 'writes whose tag this test does not classify (add it to WRITERS_BY_TAG)').toEqual([]);
  });
});

describe('writes with API keys, every role', () => {
  it.each(writes.map((operation) => [`${operation.method} ${operation.path}`, operation] as const))('%s', async (_name, operation) => {
    await checkWrite(operation, world.keys);
  });
});

describe('reads with API keys: every role reads everything', () => {
  it.each(reads.map((operation) => [`${operation.method} ${operation.path}`, operation] as const))('%s', async (_name, operation) => {
    await checkRead(operation, world.keys);
  });
});

describe('a sample with session cookies (and their CSRF token)', () => {
  // Every fifth write and read but the sign-in routes (a sign-out would end the session the sample uses).
  const sample = operations.filter((operation, index) => index % 5 === 0 && !operation.path.startsWith('/v2/auth/'));
  it.each(sample.map((operation) => [`${operation.method} ${operation.path}`, operation] as const))('%s', async (_name, operation) => {
    if (isRead(operation)) await checkRead(operation, world.sessions);
    else await checkWrite(operation, world.sessions);
  });
});
