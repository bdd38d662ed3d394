import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api, createTestApp, type Reply, type TestContext } from '../../helper.js';
import { Browser, PASSWORD, userWithPassword } from '../auth/fixture.js';
import { BOUNDARY } from '../files/helper.js';
import { buildWorld, type World as JobsWorld } from '../jobs/fixture.js';
import { browserHeaders, multipartPost, signedInSupplierPerson } from '../portal/fixture.js';
import { expectClientPortalSafe, PortalBrowser, signedInClientPerson, tokenOf, type ClientPermission } from './fixture.js';
import { CLIENT_CASES, prepareClientCases, type Caller, type ClientCase, type Target } from './isolation-cases.js';

/**
 * Isolation of the client portal, generated over every operation of the OpenAPI document under
 * /v2/portal/client/ (docs/client-portal.md#routes): each is called as ten principals — the client's
 * person with all three permissions, with only `request`, only `approve`, only `invoices`, with
 * none; another client's person of the same account; a supplier's person; a client's person of
 * another account; an agency session; an API key; and no credentials. Only the client's people
 * reach the client's data, and only as their permissions allow (403 otherwise); the other
 * people 404 (or their own data), a supplier's person 403, the agency's credentials and none 401;
 * nothing of the client changes for anyone refused; and no answer carries a supplier, a cost, a
 * margin or another party's data. An operation the table (isolation-cases.ts) does not describe
 * fails the test: a new client-portal route cannot be added without its isolation case.
 */

type Principal = 'all' | 'request' | 'approve' | 'invoices' | 'nothing' | 'otherClient' | 'supplier' | 'otherAccount' | 'agencySession' | 'apiKey' | 'none';
const PRINCIPALS: readonly Principal[] = [
  'all',
  'request',
  'approve',
  'invoices',
  'nothing',
  'otherClient',
  'supplier',
  'otherAccount',
  'agencySession',
  'apiKey',
  'none',
];

/** The own client's people, by what they may do. */
const OWN: Record<'all' | 'request' | 'approve' | 'invoices' | 'nothing', ClientPermission[]> = {
  all: ['request', 'approve', 'invoices'],
  request: ['request'],
  approve: ['approve'],
  invoices: ['invoices'],
  nothing: [],
};
type Own = keyof typeof OWN;
const isOwn = (principal: Principal): principal is Own => principal in OWN;

type Person = Awaited<ReturnType<typeof signedInClientPerson>>;
interface World {
  t: TestContext;
  w: JobsWorld;
  own: Record<Own, Person>;
  otherClient: Person;
  otherAccount: Person;
  supplier: Awaited<ReturnType<typeof signedInSupplierPerson>>;
  agency: Browser;
}

let world: World;
let operations: string[];
beforeAll(async () => {
  const t = await createTestApp();
  const first = await signedInClientPerson(t.app, t.api, 'Isolated Own Client', OWN.all);
  const own = { all: first } as Record<Own, Person>;
  // The other people of the own client: contacts of the same client, each with their permissions.
  for (const who of ['request', 'approve', 'invoices', 'nothing'] as const) own[who] = await sameClientPerson(t, first.clientId, who, OWN[who]);
  const otherClient = await signedInClientPerson(t.app, t.api, 'Isolated Other Client');
  const otherAccount = await signedInClientPerson(t.app, t.otherApi, 'Isolated Foreign Client');
  const supplier = await signedInSupplierPerson(t.app, t.api, 'Isolated Client Supplier');
  const agency = new Browser(t.app);
  await userWithPassword(t, 'client-isolation-owner@example.com', { role: 'owner' });
  expect((await agency.login('client-isolation-owner@example.com', PASSWORD)).status).toBe(200);
  // The jobs' master data first: the request cases' language pair would take its place.
  const w = await buildWorld(t);
  await prepareClientCases(t);
  world = { t, w, own, otherClient, otherAccount, supplier, agency };
  const document = (await t.app.inject({ method: 'GET', url: '/v2/openapi.json' })).json<{ paths: Record<string, Record<string, unknown>> }>();
  operations = Object.entries(document.paths)
    .filter(([path]) => path.startsWith('/v2/portal/client/'))
    .flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`));
});
afterAll(async () => {
  await world.t.close();
});

/** Another contact of the client, given access with these permissions and signed in. */
async function sameClientPerson(t: TestContext, clientId: string, who: string, permissions: ClientPermission[]): Promise<Person> {
  const email = `isolated.${who}@client.example`;
  const contact = await t.api.post(`/v2/clients/${clientId}/contacts`, { fullName: `Isolated ${who}`, email });
  expect(contact.status).toBe(201);
  const granted = await t.api.post(`/v2/clients/${clientId}/contacts/${contact.body.id}/portal-access`, { permissions }, { json: true });
  expect(granted.status).toBe(200);
  const browser = new PortalBrowser(t.app);
  expect((await browser.signIn(tokenOf(granted.body.link.url as string))).status).toBe(200);
  return { clientId, contactId: contact.body.id as string, email, personId: granted.body.person.id as string, browser };
}

/** The credentials one principal sends. */
function headersOf(principal: Principal): Record<string, string> {
  if (isOwn(principal)) return browserHeaders(world.own[principal].browser);
  if (principal === 'otherClient' || principal === 'otherAccount' || principal === 'supplier') return browserHeaders(world[principal].browser);
  if (principal === 'agencySession') return browserHeaders(world.agency);
  if (principal === 'apiKey') return { authorization: `Basic ${Buffer.from(`${world.t.account.apiKey}:`).toString('base64')}` };
  return {};
}

function callerOf(principal: Principal): Caller {
  return async (method, url, body, multipart) => {
    if (method === 'HEAD') {
      const raw = await world.t.app.inject({ method: 'HEAD', url, headers: headersOf(principal) });
      return { status: raw.statusCode, body: undefined, headers: raw.headers, raw };
    }
    if (method === 'UPLOAD') return multipartPost(world.t.app, url, headersOf(principal), [{ name: 'file', filename: 'isolated.txt', content: 'isolated' }]);
    if (multipart !== undefined) {
      const headers = { ...headersOf(principal), 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };
      const raw = await world.t.app.inject({ method: method as 'POST', url, headers, payload: multipart });
      const json = (raw.headers['content-type'] ?? '').toString().includes('json') && raw.body.length > 0;
      return { status: raw.statusCode, body: json ? JSON.parse(raw.body) : raw.body, headers: raw.headers, raw };
    }
    if (isOwn(principal)) return world.own[principal].browser.request(method, url, body);
    if (principal === 'otherClient' || principal === 'otherAccount' || principal === 'supplier') return world[principal].browser.request(method, url, body);
    if (principal === 'agencySession') return world.agency.request(method, url, body, { json: true });
    if (principal === 'apiKey') return world.t.api.request(method, url, body, { json: true });
    return new Api(world.t.app, undefined).request(method, url, body, { json: true });
  };
}

/** What another party's data looks like in an answer to one of the own client's people (or to the other client's). */
function foreignTo(principal: Principal): string[] {
  const parties = principal === 'otherClient' ? [world.own.all, world.otherAccount] : [world.otherClient, world.otherAccount];
  return [
    ...parties.flatMap((person) => [person.clientId, person.personId, person.email]),
    world.supplier.supplierId,
    world.supplier.personId,
    world.supplier.email,
    'Isolated Client Supplier',
  ];
}

/** Whether the principal may call the operation and reach the own client's data. */
const allowed = (principal: Own, description: ClientCase) => description.permission === undefined || OWN[principal].includes(description.permission);

describe('isolation of the client portal, over every /v2/portal/client/ operation', () => {
  it('the table describes every client-portal operation of the document, and nothing else', () => {
    expect(operations.length).toBeGreaterThan(0);
    expect([...operations].sort()).toEqual(Object.keys(CLIENT_CASES).sort());
  });

  for (const [operation, description] of Object.entries(CLIENT_CASES)) {
    describe(operation, () => {
      for (const principal of PRINCIPALS) {
        it(`as ${principal}`, async () => {
          const as = callerOf(principal);
          const context = { t: world.t, w: world.w, clientId: world.own.all.clientId, author: world.own.all.browser };
          if (description.scope === 'list') {
            const reply = await description.call(as);
            if (isOwn(principal)) {
              if (!allowed(principal, description)) return expect(reply.status, `${operation} as ${principal}`).toBe(403);
              expect(reply.status, `${operation} as ${principal}: ${JSON.stringify(reply.body)}`).toBeLessThan(300);
              return expectClientPortalSafe(reply.body, foreignTo(principal));
            }
            return expectRefused(operation, principal, reply, true);
          }
          const target: Target = await description.make(context);
          const before = await target.read();
          const reply = await description.call(as, target);
          if (isOwn(principal) && allowed(principal, description)) {
            expect(reply.status, `${operation} as ${principal}: ${JSON.stringify(reply.body)}`).toBeLessThan(300);
            return expectClientPortalSafe(reply.body, foreignTo(principal));
          }
          if (isOwn(principal)) expect(reply.status, `${operation} as ${principal}`).toBe(403);
          else expectRefused(operation, principal, reply, false);
          expect(await target.read(), `${operation} as ${principal} changed nothing`).toEqual(before);
        });
      }
    });
  }
});

/**
 * What a principal who is not the own client's gets: a supplier's person 403 (the branch is the
 * client's), the agency's credentials and none 401; another client's person their own list (a
 * list) or 404 (a record of the own client), never the own client's data.
 */
function expectRefused(operation: string, principal: Principal, reply: Reply, list: boolean): void {
  if (principal === 'supplier') return void expect(reply.status, `${operation} as a supplier`).toBe(403);
  if (principal === 'agencySession' || principal === 'apiKey' || principal === 'none')
    return void expect(reply.status, `${operation} as ${principal}`).toBe(401);
  // Another client's person, of this account or another: their own, or nothing.
  // (Another account's person may also be told that what they name is not theirs: 400.)
  if (list) {
    if (reply.status < 300) expectClientPortalSafe(reply.body, [world.own.all.clientId, world.own.all.email, world.own.all.personId]);
    else expect([400, 403, 404], `${operation} as ${principal}`).toContain(reply.status);
    return;
  }
  expect(reply.status, `${operation} as ${principal}`).toBe(404);
}
