import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api, createTestApp, expectError, MISSING_ID, type TestContext } from '../../helper.js';
import { signedInSupplierPerson } from '../portal/fixture.js';
import { eventCount, footprint, jsonRequest, postRequest, postRequestFile, requestMasterData, requestParts } from '../requests/fixture.js';
import { expectClientPortalSafe, signedInClientPerson } from './fixture.js';

/** A request's files on the portal (docs/client-portal.md#requests), and who may reach the request routes at all. */
const LIMIT = 2048;
const BASE = '/v2/portal/client';
let t: TestContext;
let serviceId: string;
let own: Awaited<ReturnType<typeof signedInClientPerson>>;
let other: Awaited<ReturnType<typeof signedInClientPerson>>;
beforeAll(async () => {
  t = await createTestApp({ MAX_UPLOAD_BYTES: String(LIMIT) });
  ({ serviceId } = await requestMasterData(t.api));
  own = await signedInClientPerson(t.app, t.api, 'Files Client');
  other = await signedInClientPerson(t.app, t.api, 'Other Files Client');
}, 60_000);
afterAll(async () => t.close());

const foreignStrings = () => [other.clientId, other.personId, other.email];

async function newRequest(who = own) {
  const reply = await who.browser.request('POST', `${BASE}/requests`, jsonRequest(serviceId));
  expect(reply.status).toBe(201);
  return reply.body as { id: string; version: number };
}

const head = async (browser: { cookie?: string; cookieName: string }, url: string) =>
  (await t.app.inject({ method: 'HEAD', url, headers: browser.cookie ? { cookie: `${browser.cookieName}=${browser.cookie}` } : {} })).statusCode;

describe('POST /v2/portal/client/requests/:id/files', () => {
  it('adds a file while the request is new (request.updated), downloadable with HEAD and GET', async () => {
    const made = await newRequest();
    const before = await eventCount(t, 'request.updated');
    const added = await postRequestFile(own.browser, made.id, 'terms glossary.xlsx', 'cells');
    expect(added.status).toBe(201);
    expect(added.body.version).toBe(made.version + 1);
    expect(added.body.files).toEqual([
      { id: expect.any(String), name: 'terms glossary.xlsx', size: 5, contentType: expect.any(String), createdAt: expect.any(String) },
    ]);
    expectClientPortalSafe(added.body, foreignStrings());
    expect(await eventCount(t, 'request.updated')).toBe(before + 1);
    const url = `${BASE}/requests/${made.id}/files/${added.body.files[0].id}/content`;
    expect(await head(own.browser, url)).toBe(200);
    expect((await own.browser.get(url)).raw.body).toBe('cells');
    expect(await head(own.browser, `${BASE}/requests/${made.id}/files/${MISSING_ID}/content`)).toBe(404);
    expectError(await own.browser.get(`${BASE}/requests/${made.id}/files/${MISSING_ID}/content`), 404, 'resource_missing');
    expectError(await other.browser.get(url), 404, 'resource_missing');
  });

  it('refuses a file over the limit (413, nothing kept), no file (400), another client (404), an answered request (409)', async () => {
    const made = await newRequest();
    const before = await footprint(t);
    expectError(await postRequestFile(own.browser, made.id, 'big.bin', Buffer.alloc(LIMIT + 1)), 413, 'payload_too_large');
    expect(await footprint(t)).toEqual(before);
    expectError(await postRequest(own.browser, requestParts({ other: 'x' })), 400, 'parameter_unknown');
    const { multipartPost, browserHeaders } = await import('../portal/fixture.js');
    expectError(
      await multipartPost(t.app, `${BASE}/requests/${made.id}/files`, browserHeaders(own.browser), [{ name: 'note', content: 'no file' }]),
      400,
      'parameter_missing',
    );
    expectError(await postRequestFile(other.browser, made.id, 'a.txt', 'a'), 404, 'resource_missing');
    expectError(await postRequestFile(own.browser, MISSING_ID, 'a.txt', 'a'), 404, 'resource_missing');
    expect((await own.browser.request('POST', `${BASE}/requests/${made.id}/withdraw`)).status).toBe(200);
    expectError(await postRequestFile(own.browser, made.id, 'a.txt', 'a'), 409, 'state_conflict');
    expect(await footprint(t)).toMatchObject({ files: before.files, blobs: before.blobs });
  });
});

describe('DELETE /v2/portal/client/requests/:id/files/:fileId', () => {
  it('removes a file while new (its content too), 404 for another file or client, 409 once answered', async () => {
    const made = await newRequest();
    const added = await postRequestFile(own.browser, made.id, 'old.txt', 'old');
    const fileId = added.body.files[0].id as string;
    const blobs = await t.app.storage.count();
    expectError(await other.browser.request('DELETE', `${BASE}/requests/${made.id}/files/${fileId}`), 404, 'resource_missing');
    expectError(await own.browser.request('DELETE', `${BASE}/requests/${made.id}/files/${MISSING_ID}`), 404, 'resource_missing');
    expectError(await own.browser.request('DELETE', `${BASE}/requests/${made.id}/files/${fileId}?extra=1`), 400, 'parameter_unknown');
    const removed = await own.browser.request('DELETE', `${BASE}/requests/${made.id}/files/${fileId}`);
    expect(removed.status).toBe(200);
    expect(removed.body.files).toEqual([]);
    expect(await t.app.storage.count()).toBe(blobs - 1);
    const kept = await postRequestFile(own.browser, made.id, 'kept.txt', 'kept');
    expect((await t.api.post(`/v2/requests/${made.id}/quoted`)).status).toBe(200);
    expectError(await own.browser.request('DELETE', `${BASE}/requests/${made.id}/files/${kept.body.files[0].id}`), 409, 'state_conflict');
    // The agency reads the file it kept.
    expect((await t.api.get(`/v2/requests/${made.id}/files/${kept.body.files[0].id}/download`)).raw.body).toBe('kept');
    expect(
      (
        await t.app.inject({
          method: 'HEAD',
          url: `/v2/requests/${made.id}/files/${kept.body.files[0].id}/download`,
          headers: { authorization: `Basic ${Buffer.from(`${t.account.apiKey}:`).toString('base64')}` },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'HEAD',
          url: `/v2/requests/${made.id}/files/${MISSING_ID}/download`,
          headers: { authorization: `Basic ${Buffer.from(`${t.account.apiKey}:`).toString('base64')}` },
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('who reaches the request routes', () => {
  it('refuses a client person without `request` (403), a supplier person (403), no session (401), a write without the CSRF token (403)', async () => {
    const made = await newRequest();
    const approver = await signedInClientPerson(t.app, t.api, 'Approver Only', ['approve', 'invoices']);
    const supplier = await signedInSupplierPerson(t.app, t.api, 'Supplier At The Door');
    const calls: Array<[string, 'GET' | 'POST' | 'PUT' | 'DELETE', Record<string, any>?]> = [
      ['/request-form', 'GET'],
      ['/request-terms.pdf', 'GET'],
      ['/requests', 'GET'],
      [`/requests/${made.id}`, 'GET'],
      ['/requests', 'POST', jsonRequest(serviceId)],
      [`/requests/${made.id}`, 'PUT', { message: 'x' }],
      [`/requests/${made.id}/withdraw`, 'POST'],
      [`/requests/${made.id}/files/${MISSING_ID}`, 'DELETE'],
      [`/requests/${made.id}/files/${MISSING_ID}/content`, 'GET'],
    ];
    for (const [path, method, body] of calls) {
      const refused = expectError(await approver.browser.request(method, `${BASE}${path}`, body), 403, 'forbidden');
      expect(refused.message).toContain('`request`');
      expectError(await supplier.browser.request(method, `${BASE}${path}`, body), 403, 'forbidden');
      expectError(await new Api(t.app, undefined).request(method, `${BASE}${path}`, body, { json: true }), 401, 'unauthorized');
      expectError(await t.api.request(method, `${BASE}${path}`, body, { json: true }), 401, 'unauthorized');
    }
    expectError(await postRequestFile(approver.browser, made.id, 'a.txt', 'a'), 403, 'forbidden');
    expectError(await own.browser.request('POST', `${BASE}/requests/${made.id}/withdraw`, undefined, { csrf: false }), 403, 'forbidden');
    expect((await own.browser.get(`${BASE}/requests/${made.id}`)).body.status).toBe('new');
  });
});
