import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api, createTestApp, type Reply, type TestContext, type Value } from '../../helper.js';
import { Browser, PASSWORD, userWithPassword } from '../auth/fixture.js';
import { BOUNDARY, uploadFile } from '../files/helper.js';
import { purchaseOrder, submissionBody, submit, valid } from '../supplier-invoices/fixture.js';
import { browserHeaders, expectNothingForeign, grantAccess, multipartPost, PortalBrowser, signedInSupplierPerson, tokenOf } from './fixture.js';

/**
 * Isolation of the portal, generated over every operation of the OpenAPI document under
 * /v2/portal/ (docs/supplier-portal.md#isolation): each is called as six principals — the
 * supplier's person, another supplier's person of the same account, a person of another account,
 * an agency session, an API key, and no credentials. Only the first reaches the supplier's data;
 * the agency's credentials and none get 401, the other people 404 (or their own self), and
 * nothing of the supplier changes. An operation the table below does not describe fails the test:
 * a new portal route cannot be added without its isolation case.
 */

type Principal = 'own' | 'otherSupplier' | 'otherAccount' | 'agencySession' | 'apiKey' | 'none';
const PRINCIPALS: readonly Principal[] = ['own', 'otherSupplier', 'otherAccount', 'agencySession', 'apiKey', 'none'];

interface World {
  t: TestContext;
  own: Awaited<ReturnType<typeof signedInSupplierPerson>>;
  otherSupplier: Awaited<ReturnType<typeof signedInSupplierPerson>>;
  otherAccount: Awaited<ReturnType<typeof signedInSupplierPerson>>;
  agency: Browser;
}

/** What an operation is, for isolation. */
type Case =
  /** Anyone may call it (sign-in, a link asked for): it reaches no one's data. Checked elsewhere (sign-in.test.ts). */
  | { scope: 'public' }
  /** About the caller alone (their session, their settings): each person reaches only themselves. */
  | { scope: 'self'; call: (as: Caller) => Promise<Reply> }
  /**
   * About one record of the supplier (their work, their periods away): only their people reach it.
   * Each call is made on a fresh record of the own supplier (`make`), which, as the agency reads
   * it, must not change for anyone else.
   */
  | { scope: 'party'; make: () => Promise<Target>; call: (as: Caller, target: Target) => Promise<Reply> }
  /**
   * An operation of the client portal (/v2/portal/client/…): a supplier's person is refused (403)
   * before it runs, the agency's credentials and none get 401. Its isolation between clients is
   * checked with the client's people (test/http/client-portal/).
   */
  | { scope: 'client'; call: (as: Caller) => Promise<Reply> };

/** A fresh record of the own supplier, and how the agency reads it. */
interface Target {
  id: string;
  /** A checklist item of the work. */
  itemId?: string;
  /** The job of the work. */
  jobId?: string;
  /** A file of the work (shared with it by the agency, or delivered by the supplier). */
  fileId?: string;
  read: () => Promise<unknown>;
}

/**
 * `UPLOAD`: a POST of a multipart body with one file in the field `file`; `multipart`: a
 * multipart/form-data body sent as it is instead of `body` (an invoice's submission).
 */
type Caller = (method: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE' | 'UPLOAD', url: string, body?: Record<string, Value>, multipart?: Buffer) => Promise<Reply>;

/** Every portal operation, by method and path as the document writes them. */
/** An id for the client portal's cases: the supplier's people are refused before any record is looked up. */
const ANY_ID = 'ffffffffffffffffffffffff';

const CASES: Record<string, Case> = {
  // The client portal's requests (docs/client-portal.md#requests).
  'GET /v2/portal/client/request-form': { scope: 'client', call: (as) => as('GET', '/v2/portal/client/request-form') },
  'GET /v2/portal/client/request-terms.pdf': { scope: 'client', call: (as) => as('GET', '/v2/portal/client/request-terms.pdf') },
  'GET /v2/portal/client/requests': { scope: 'client', call: (as) => as('GET', '/v2/portal/client/requests') },
  'POST /v2/portal/client/requests': {
    scope: 'client',
    call: (as) => as('POST', '/v2/portal/client/requests', { sourceLanguage: 'en', targetLanguages: ['fr'] }),
  },
  'GET /v2/portal/client/requests/{id}': { scope: 'client', call: (as) => as('GET', `/v2/portal/client/requests/${ANY_ID}`) },
  'PUT /v2/portal/client/requests/{id}': { scope: 'client', call: (as) => as('PUT', `/v2/portal/client/requests/${ANY_ID}`, { message: 'x' }) },
  'POST /v2/portal/client/requests/{id}/withdraw': { scope: 'client', call: (as) => as('POST', `/v2/portal/client/requests/${ANY_ID}/withdraw`) },
  'POST /v2/portal/client/requests/{id}/files': { scope: 'client', call: (as) => as('UPLOAD', `/v2/portal/client/requests/${ANY_ID}/files`) },
  'DELETE /v2/portal/client/requests/{id}/files/{fileId}': {
    scope: 'client',
    call: (as) => as('DELETE', `/v2/portal/client/requests/${ANY_ID}/files/${ANY_ID}`),
  },
  'GET /v2/portal/client/requests/{id}/files/{fileId}/content': {
    scope: 'client',
    call: (as) => as('GET', `/v2/portal/client/requests/${ANY_ID}/files/${ANY_ID}/content`),
  },
  'HEAD /v2/portal/client/requests/{id}/files/{fileId}/content': {
    scope: 'client',
    call: (as) => as('HEAD', `/v2/portal/client/requests/${ANY_ID}/files/${ANY_ID}/content`),
  },
  'POST /v2/portal/auth/link': { scope: 'public' },
  'POST /v2/portal/auth/sign-in': { scope: 'public' },
  'POST /v2/portal/auth/logout': { scope: 'self', call: (as) => as('POST', '/v2/portal/auth/logout') },
  'GET /v2/portal/session': { scope: 'self', call: (as) => as('GET', '/v2/portal/session') },
  'POST /v2/portal/auth/password': { scope: 'public' },
  'PUT /v2/portal/me': { scope: 'self', call: (as) => as('PUT', '/v2/portal/me', { language: 'fr' }) },
  // The current password too: ignored the first time (none yet), checked the next.
  'PUT /v2/portal/me/password': {
    scope: 'self',
    call: (as) => as('PUT', '/v2/portal/me/password', { password: 'Isolated password 1', currentPassword: 'Isolated password 1' }),
  },
  'DELETE /v2/portal/me/password': { scope: 'self', call: (as) => as('DELETE', '/v2/portal/me/password') },
  'GET /v2/portal/work': { scope: 'self', call: (as) => as('GET', '/v2/portal/work') },
  'GET /v2/portal/work/{id}': { scope: 'party', make: () => freshWork(true), call: (as, work) => as('GET', `/v2/portal/work/${work.id}`) },
  'GET /v2/portal/work/{id}/purchase-order': {
    scope: 'party',
    make: freshWorkWithOrder,
    call: (as, work) => as('GET', `/v2/portal/work/${work.id}/purchase-order`),
  },
  'POST /v2/portal/work/{id}/accept': {
    scope: 'party',
    make: () => freshWork(true),
    call: (as, work) => as('POST', `/v2/portal/work/${work.id}/accept`, { comment: 'yes' }),
  },
  'POST /v2/portal/work/{id}/refuse': {
    scope: 'party',
    make: () => freshWork(true),
    call: (as, work) => as('POST', `/v2/portal/work/${work.id}/refuse`, { reason: 'no' }),
  },
  'POST /v2/portal/work/{id}/done': { scope: 'party', make: () => freshWork(false), call: (as, work) => as('POST', `/v2/portal/work/${work.id}/done`) },
  'PUT /v2/portal/work/{id}/checklist/{itemId}': {
    scope: 'party',
    make: () => freshWork(false),
    call: (as, work) => as('PUT', `/v2/portal/work/${work.id}/checklist/${work.itemId!}`, { done: true }),
  },
  'GET /v2/portal/unavailabilities': { scope: 'self', call: (as) => as('GET', '/v2/portal/unavailabilities') },
  'POST /v2/portal/unavailabilities': { scope: 'self', call: (as) => as('POST', '/v2/portal/unavailabilities', { from: '2031-01-01', to: '2031-01-05' }) },
  'PUT /v2/portal/unavailabilities/{id}': {
    scope: 'party',
    make: freshUnavailability,
    call: (as, away) => as('PUT', `/v2/portal/unavailabilities/${away.id}`, { reason: 'changed' }),
  },
  'DELETE /v2/portal/unavailabilities/{id}': {
    scope: 'party',
    make: freshUnavailability,
    call: (as, away) => as('DELETE', `/v2/portal/unavailabilities/${away.id}`),
  },
  'GET /v2/portal/work/{id}/files': { scope: 'party', make: () => freshWorkFile('agency'), call: (as, work) => as('GET', `/v2/portal/work/${work.id}/files`) },
  'GET /v2/portal/work/{id}/files/{fileId}/content': {
    scope: 'party',
    make: () => freshWorkFile('agency'),
    call: (as, work) => as('GET', `/v2/portal/work/${work.id}/files/${work.fileId!}/content`),
  },
  'HEAD /v2/portal/work/{id}/files/{fileId}/content': {
    scope: 'party',
    make: () => freshWorkFile('agency'),
    call: (as, work) => as('HEAD', `/v2/portal/work/${work.id}/files/${work.fileId!}/content`),
  },
  'POST /v2/portal/work/{id}/files': {
    scope: 'party',
    make: () => freshWorkFile('agency'),
    call: (as, work) => as('UPLOAD', `/v2/portal/work/${work.id}/files`),
  },
  'DELETE /v2/portal/work/{id}/files/{fileId}': {
    scope: 'party',
    make: () => freshWorkFile('supplier'),
    call: (as, work) => as('DELETE', `/v2/portal/work/${work.id}/files/${work.fileId!}`),
  },
  'PUT /v2/portal/work/{id}/comments': {
    scope: 'party',
    make: () => freshWork(false),
    call: (as, work) => as('PUT', `/v2/portal/work/${work.id}/comments`, { comments: 'hi' }),
  },
  'GET /v2/portal/purchase-orders': { scope: 'self', call: (as) => as('GET', '/v2/portal/purchase-orders?invoiceable=true') },
  'GET /v2/portal/invoices': { scope: 'self', call: (as) => as('GET', '/v2/portal/invoices') },
  'GET /v2/portal/invoices/{id}': { scope: 'party', make: freshInvoice, call: (as, invoice) => as('GET', `/v2/portal/invoices/${invoice.id}`) },
  'POST /v2/portal/invoices': {
    scope: 'party',
    make: freshPurchaseOrder,
    call: (as, order) => as('POST', '/v2/portal/invoices', undefined, submissionBody(valid([order.id], '42'))),
  },
};

/** A fresh completed purchase order of the own supplier; as the agency reads it, with the supplier's invoices. */
async function freshPurchaseOrder(): Promise<Target> {
  const api = world.t.api;
  const order = await purchaseOrder(api, world.own.supplierId, { total: 42, work: 'free' });
  const read = async () => [
    (await api.get(`/v2/purchase-orders/${order.id}`)).body,
    (await api.get(`/v2/supplier-invoices?supplierId=${world.own.supplierId}`)).body,
  ];
  return { id: order.id, read };
}

/** A fresh invoice submitted by the own supplier's person, as the agency reads it. */
async function freshInvoice(): Promise<Target> {
  const order = await freshPurchaseOrder();
  const reply = await submit(world.own.browser, valid([order.id], '42'));
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  const id = reply.body.id as string;
  return { id, read: async () => (await world.t.api.get(`/v2/supplier-invoices/${id}`)).body };
}

/** A fresh period away of the own supplier, made by the agency. */
async function freshUnavailability(): Promise<Target> {
  const path = `/v2/suppliers/${world.own.supplierId}/unavailabilities`;
  const created = await world.t.api.post(path, { from: '2032-02-01', to: '2032-02-03', reason: 'Holiday' });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { id: created.body.id as string, read: async () => (await world.t.api.get(path)).body };
}

/** Fresh work of the own supplier on the portal, made by the agency. */
async function freshWork(confirm: boolean): Promise<Target> {
  const api = world.t.api;
  const service = (await api.post('/v2/account/services', { name: `Isolation ${Math.random().toString(36).slice(2, 10)}` })).body.id as string;
  const unit = ((await api.get('/v2/account/quantity-types')).body as Array<{ id: string }>)[0]!.id;
  const client = (await api.post('/v2/clients', { name: `Isolation client ${Math.random().toString(36).slice(2, 8)}`, currency: 'EUR' })).body.id as string;
  const job = await api.post('/v2/jobs', { name: 'Isolated work', client, service, quantity: 100, quantityType: unit });
  expect(job.status, JSON.stringify(job.body)).toBe(201);
  const created = await api.post(`/v2/jobs/${job.body.id}/outsourcing`, { supplier: world.own.supplierId, unitCost: 0.1 });
  const id = created.body.outsourcing.at(-1).id as string;
  const put = await api.put(`/v2/jobs/${job.body.id}/outsourcing/${id}/portal`, { enabled: true, confirm, checklist: [{ name: 'Check' }] }, { json: true });
  expect(put.status, JSON.stringify(put.body)).toBe(200);
  const portal = (put.body.outsourcing as Array<{ id: string; portal: { checklist: Array<{ id: string }> } }>).find((item) => item.id === id)!.portal;
  const read = async () => ((await api.get(`/v2/jobs/${job.body.id}`)).body.outsourcing as Array<{ id: string }>).find((item) => item.id === id);
  return { id, itemId: portal.checklist[0]!.id, jobId: job.body.id as string, read };
}

/** Fresh open work of the own supplier with one file: the agency's, shared with all its outsourcing, or the supplier's deliverable. */
async function freshWorkFile(by: 'agency' | 'supplier'): Promise<Target> {
  const work = await freshWork(false);
  const jobId = work.jobId!;
  let fileId: string;
  if (by === 'agency') {
    const uploaded = await uploadFile(world.t, `/v2/jobs/${jobId}`, 'shared.txt', 'shared with all');
    fileId = uploaded.body.id as string;
    expect((await world.t.api.put(`/v2/jobs/${jobId}/files/${fileId}/share/with/all`)).status).toBe(200);
  } else {
    const uploaded = await world.own.browser.upload(work.id, 'delivered.txt', 'delivered');
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    fileId = uploaded.body.id as string;
  }
  // The agency's job files (content and sharing) and the outsourcing: what no one else may change.
  const read = async () => ({ work: await work.read(), files: (await world.t.api.get(`/v2/jobs/${jobId}/files`)).body });
  return { ...work, fileId, read };
}

/** Fresh work of the own supplier on the portal, with the purchase order the agency issued for it. */
async function freshWorkWithOrder(): Promise<Target> {
  const work = await freshWork(false);
  const order = await world.t.api.post('/v2/purchase-orders', { supplier: world.own.supplierId, outsourcing: [work.id] }, { json: true });
  expect(order.status, JSON.stringify(order.body)).toBe(201);
  expect((await world.t.api.post(`/v2/purchase-orders/${order.body.id}/send`)).status).toBe(200);
  return work;
}

let world: World;
let operations: string[];
beforeAll(async () => {
  const t = await createTestApp();
  const own = await signedInSupplierPerson(t.app, t.api, 'Isolated Own Supplier');
  const otherSupplier = await signedInSupplierPerson(t.app, t.api, 'Isolated Other Supplier');
  const otherAccount = await signedInSupplierPerson(t.app, t.otherApi, 'Isolated Foreign Supplier');
  const agency = new Browser(t.app);
  await userWithPassword(t, 'isolation-owner@example.com', { role: 'owner' });
  expect((await agency.login('isolation-owner@example.com', PASSWORD)).status).toBe(200);
  world = { t, own, otherSupplier, otherAccount, agency };
  const document = (await t.app.inject({ method: 'GET', url: '/v2/openapi.json' })).json<{ paths: Record<string, Record<string, unknown>> }>();
  operations = Object.entries(document.paths)
    .filter(([path]) => path.startsWith('/v2/portal/'))
    .flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`));
});
afterAll(async () => {
  await world.t.close();
});

/** A call as one principal; sessions that sign out are signed in again after (each case starts signed in). */
function callerOf(principal: Principal): Caller {
  return (method, url, body, multipart) => {
    if (multipart !== undefined) return multipartAs(principal, method, url, multipart);
    if (method === 'UPLOAD') return uploadAs(principal, url);
    if (method === 'HEAD') return headAs(principal, url);
    switch (principal) {
      case 'own':
      case 'otherSupplier':
      case 'otherAccount':
        return world[principal].browser.request(method, url, body);
      case 'agencySession':
        return world.agency.request(method, url, body, { json: true });
      case 'apiKey':
        return world.t.api.request(method, url, body, { json: true });
      case 'none':
        return new Api(world.t.app, undefined).request(method, url, body, { json: true });
    }
  };
}

/** The credentials one principal sends: a person's or the agency's cookie and CSRF token, the API key, or nothing. */
function headersOf(principal: Principal): Record<string, string> {
  if (principal === 'own' || principal === 'otherSupplier' || principal === 'otherAccount') return browserHeaders(world[principal].browser);
  if (principal === 'agencySession') return browserHeaders(world.agency);
  if (principal === 'apiKey') return { authorization: `Basic ${Buffer.from(`${world.t.account.apiKey}:`).toString('base64')}` };
  return {};
}

/** A multipart request as one principal, with its credentials (and its CSRF token for a session). */
async function multipartAs(principal: Principal, method: string, url: string, payload: Buffer): Promise<Reply> {
  const headers = { ...headersOf(principal), 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };
  const raw = await world.t.app.inject({ method: method as 'POST', url, headers, payload });
  const json = (raw.headers['content-type'] ?? '').toString().includes('json') && raw.body.length > 0;
  return { status: raw.statusCode, body: json ? JSON.parse(raw.body) : raw.body, headers: raw.headers, raw };
}

/** A multipart upload of one small file as one principal. */
function uploadAs(principal: Principal, url: string): Promise<Reply> {
  return multipartPost(world.t.app, url, headersOf(principal), [{ name: 'file', filename: 'isolated.txt', content: 'isolated' }]);
}

/** A HEAD request as one principal (the answer has no body: its status is what counts). */
async function headAs(principal: Principal, url: string): Promise<Reply> {
  const raw = await world.t.app.inject({ method: 'HEAD', url, headers: headersOf(principal) });
  return { status: raw.statusCode, body: undefined, headers: raw.headers, raw };
}

/** What another party's data looks like in an answer to `principal`. */
function foreignTo(principal: Principal): string[] {
  const people = (['own', 'otherSupplier', 'otherAccount'] as const).filter((who) => who !== principal);
  return people.flatMap((who) => [world[who].supplierId, world[who].personId, world[who].email]);
}

/** Signs the person in again when a case signed them out (logout is an operation like the others). */
async function signedInAgain(who: 'own' | 'otherSupplier' | 'otherAccount'): Promise<void> {
  const person = world[who];
  if ((await person.browser.get('/v2/portal/session')).status === 200) return;
  const granted = await grantAccess(who === 'otherAccount' ? world.t.otherApi : world.t.api, person.supplierId, person.contactId);
  const browser = new PortalBrowser(world.t.app);
  expect((await browser.signIn(tokenOf(granted.body.link.url as string))).status).toBe(200);
  world[who] = { ...person, browser };
}

describe('isolation of the portal, over every /v2/portal/ operation', () => {
  it('the table describes every portal operation of the document, and nothing else', () => {
    expect(operations.length).toBeGreaterThan(0);
    expect([...operations].sort()).toEqual(Object.keys(CASES).sort());
  });

  for (const [operation, description] of Object.entries(CASES)) {
    if (description.scope === 'public') continue;
    describe(operation, () => {
      for (const principal of PRINCIPALS) {
        it(`as ${principal}`, async () => {
          for (const who of ['own', 'otherSupplier', 'otherAccount'] as const) await signedInAgain(who);
          const as = callerOf(principal);
          const person = principal === 'own' || principal === 'otherSupplier' || principal === 'otherAccount';
          if (description.scope === 'client') {
            const reply = await description.call(as);
            expect(reply.status, `${operation} as ${principal}`).toBe(person ? 403 : 401);
            return;
          }
          if (description.scope === 'self') {
            const reply = await description.call(as);
            if (!person) {
              expect(reply.status, `${operation} as ${principal}`).toBe(401);
              return;
            }
            expect(reply.status, `${operation} as ${principal}`).toBeLessThan(300);
            expectNothingForeign(reply.body, foreignTo(principal), `${operation} as ${principal}`);
            return;
          }
          const target = await description.make();
          const before = await target.read();
          const reply = await description.call(as, target);
          if (principal === 'own') {
            expect(reply.status, `${operation} as own: ${JSON.stringify(reply.body)}`).toBeLessThan(300);
            expectNothingForeign(reply.body, foreignTo('own'), `${operation} as own`);
            return;
          }
          expect(reply.status, `${operation} as ${principal}`).toBe(person ? 404 : 401);
          expect(await target.read(), `${operation} as ${principal} changed nothing`).toEqual(before);
        });
      }
    });
  }
});
