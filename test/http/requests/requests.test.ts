import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ctx } from '../../../src/core/context.js';
import { agencyRequests, copyRequestFiles } from '../../../src/modules/requests/index.js';
import { createTestApp, expectError, MISSING_ID, type TestContext } from '../../helper.js';
import { startMailServer, type MailServer } from '../../mail-server.js';
import { deliveriesOf, insertEndpoint } from '../outbox/fixture.js';
import { apiWithRole } from '../portal/fixture.js';
import { signedInClientPerson } from '../client-portal/fixture.js';
import { eventCount, PDF, postRequest, putTermsPdf, requestMasterData, requestParts } from './fixture.js';

/** The agency's side of requests (docs/client-portal.md#requests): the list, a request, its files, the answers, the terms PDF, the dashboard. */
let t: TestContext;
let mail: MailServer;
let serviceId: string;
let person: Awaited<ReturnType<typeof signedInClientPerson>>;
let second: Awaited<ReturnType<typeof signedInClientPerson>>;
beforeAll(async () => {
  mail = await startMailServer();
  t = await createTestApp({ SMTP_URL: mail.url, MAIL_FROM: 'Agency One <desk@agency.example>', OUTBOX_WORKER: 'false', MAX_UPLOAD_BYTES: '100000' });
  ({ serviceId } = await requestMasterData(t.api));
  person = await signedInClientPerson(t.app, t.api, 'Agency Side Client');
  second = await signedInClientPerson(t.app, t.api, 'Second Side Client');
}, 60_000);
afterAll(async () => {
  await t.close();
  await mail.close();
});

/** A new request of the person's client, with files when given. */
async function newRequest(who = person, files: Array<{ name: string; content: string }> = []) {
  const reply = await postRequest(who.browser, requestParts({ service: serviceId, sourceLanguage: 'en', targetLanguages: ['fr', 'de'] }, files));
  expect(reply.status).toBe(201);
  return reply.body as { id: string; number: string; files: Array<{ id: string; name: string }> };
}

const ctxOf = (): Ctx => ({ db: t.database.db, dialect: t.database.dialect, accountId: t.account.accountId, userId: '' });

describe('GET /v2/requests', () => {
  it('lists the requests newest first, paginated, filtered by status and client', async () => {
    const first = await newRequest();
    const other = await newRequest(second);
    const page = await t.api.get('/v2/requests', { pageSize: 1 });
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ page: 1, pageSize: 1, hasNextPage: true });
    expect(page.body.items[0].id).toBe(other.id);
    expect(page.body.items[0]).toMatchObject({
      client: { id: second.clientId, name: 'Second Side Client' },
      status: 'new',
      requestedBy: { portalPersonId: second.personId },
    });
    const mine = await t.api.get('/v2/requests', { clientId: person.clientId });
    expect((mine.body.items as Array<{ id: string }>).map((item) => item.id)).toContain(first.id);
    expect((mine.body.items as Array<{ client: { id: string } }>).every((item) => item.client.id === person.clientId)).toBe(true);
    const declined = await t.api.get('/v2/requests', { status: 'declined' });
    expect((declined.body.items as Array<{ status: string }>).every((item) => item.status === 'declined')).toBe(true);
    const csv = await t.api.get('/v2/requests', { format: 'csv' });
    expect(csv.status).toBe(200);
    expectError(await t.api.get('/v2/requests?extra=1'), 400, 'parameter_unknown');
    expectError(await t.api.get('/v2/requests', { status: 'lost' }), 400, 'parameter_invalid');
    expect((await t.otherApi.get('/v2/requests')).body.items).toEqual([]);
    expect((await (await apiWithRole(t, 'viewer')).get('/v2/requests')).status).toBe(200);
  });
});

describe('GET /v2/requests/:id and its files', () => {
  it('answers a request with its files, their content, and 404 for another account or a missing one', async () => {
    const made = await newRequest(person, [{ name: 'source.txt', content: 'the source text' }]);
    const one = await t.api.get(`/v2/requests/${made.id}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: made.id, number: made.number, terms: null, conversion: null, answeredByUserId: null });
    const file = made.files[0]!;
    const download = await t.api.get(`/v2/requests/${made.id}/files/${file.id}/download`);
    expect(download.status).toBe(200);
    expect(download.raw.body).toBe('the source text');
    expect(download.headers['content-disposition']).toContain('attachment');
    expectError(await t.api.get(`/v2/requests/${made.id}/files/${MISSING_ID}/download`), 404, 'resource_missing');
    expectError(await t.api.get(`/v2/requests/${MISSING_ID}`), 404, 'resource_missing');
    expectError(await t.otherApi.get(`/v2/requests/${made.id}`), 404, 'resource_missing');
    expectError(await t.otherApi.get(`/v2/requests/${made.id}/files/${file.id}/download`), 404, 'resource_missing');
    expectError(await t.api.get(`/v2/requests/${made.id}?extra=1`), 400, 'parameter_unknown');
  });
});

describe('POST /v2/requests/:id/quoted and /decline', () => {
  it('marks a new request quoted once (request.quoted), then declines it with a reason (request.declined)', async () => {
    const made = await newRequest();
    const quotedBefore = await eventCount(t, 'request.quoted');
    const quoted = await t.api.post(`/v2/requests/${made.id}/quoted`);
    expect(quoted.status).toBe(200);
    expect(quoted.body).toMatchObject({ status: 'quoted', answeredAt: expect.any(String), answeredByUserId: expect.any(String) });
    expect(await eventCount(t, 'request.quoted')).toBe(quotedBefore + 1);
    expectError(await t.api.post(`/v2/requests/${made.id}/quoted`), 409, 'state_conflict');
    // The client can no longer change it.
    expectError(await person.browser.request('PUT', `/v2/portal/client/requests/${made.id}`, { message: 'late' }), 409, 'state_conflict');
    const declinedBefore = await eventCount(t, 'request.declined');
    const declined = await t.api.post(`/v2/requests/${made.id}/decline`, { reason: '  Outside our languages  ' });
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({ status: 'declined', declineReason: 'Outside our languages' });
    expect(await eventCount(t, 'request.declined')).toBe(declinedBefore + 1);
    expectError(await t.api.post(`/v2/requests/${made.id}/decline`, { reason: 'again' }), 409, 'state_conflict');
  });

  it('refuses a missing or blank reason, unknown parameters, a missing request, another account (404), and roles that may not answer (403)', async () => {
    const made = await newRequest();
    expectError(await t.api.post(`/v2/requests/${made.id}/decline`, {}), 400, 'parameter_missing');
    expectError(await t.api.post(`/v2/requests/${made.id}/decline`, { reason: '   ' }), 400, 'parameter_invalid');
    expectError(await t.api.post(`/v2/requests/${made.id}/decline`, { reason: 'x', colour: 'red' }), 400, 'parameter_unknown');
    expectError(await t.api.post(`/v2/requests/${made.id}/quoted`, { colour: 'red' }), 400, 'parameter_unknown');
    expectError(await t.api.post(`/v2/requests/${made.id}/quoted?extra=1`), 400, 'parameter_unknown');
    expectError(await t.api.post(`/v2/requests/${MISSING_ID}/decline`, { reason: 'x' }), 404, 'resource_missing');
    expectError(await t.otherApi.post(`/v2/requests/${made.id}/quoted`), 404, 'resource_missing');
    for (const role of ['viewer', 'finance'] as const) {
      const api = await apiWithRole(t, role);
      expectError(await api.post(`/v2/requests/${made.id}/quoted`), 403, 'forbidden');
      expectError(await api.post(`/v2/requests/${made.id}/decline`, { reason: 'x' }), 403, 'forbidden');
    }
    expect((await (await apiWithRole(t, 'manager')).post(`/v2/requests/${made.id}/decline`, { reason: 'Full' })).status).toBe(200);
    expect((await t.api.get(`/v2/requests/${made.id}`)).body.status).toBe('declined');
  });
});

describe('the request.created webhook', () => {
  it('is delivered to an endpoint that subscribes to it', async () => {
    await insertEndpoint(t.database, t.account.accountId, { url: 'https://hooks.example/requests', events: ['request.created'] });
    const made = await newRequest();
    const hooks = (await deliveriesOf(t.database, t.account.accountId)).filter((row) => row.kind === 'webhook' && row.event_type === 'request.created');
    expect(hooks.length).toBeGreaterThan(0);
    const event = await t.database.db.selectFrom('events').select(['type', 'data']).where('id', '=', hooks.at(-1)!.event_id!).executeTakeFirstOrThrow();
    expect(event.type).toBe('request.created');
    expect(JSON.parse(event.data)).toMatchObject({ id: made.id, client: { id: person.clientId }, requestedBy: { portalPersonId: person.personId } });
  });
});

describe('the dashboard', () => {
  it('counts the requests waiting for an answer', async () => {
    const before = (await t.api.get('/v2/dashboard')).body.requests.new as number;
    const made = await newRequest();
    expect((await t.api.get('/v2/dashboard')).body.requests).toEqual({ new: before + 1 });
    await t.api.post(`/v2/requests/${made.id}/decline`, { reason: 'No' });
    expect((await t.api.get('/v2/dashboard')).body.requests).toEqual({ new: before });
  });
});

describe('/v2/account/request-terms.pdf', () => {
  it('stores, answers and removes the terms PDF; 404 when there is none', async () => {
    expectError(await t.api.get('/v2/account/request-terms.pdf'), 404, 'resource_missing');
    expectError(await t.api.delete('/v2/account/request-terms.pdf'), 404, 'resource_missing');
    const put = await putTermsPdf(t, [{ name: 'file', filename: 'Our terms.pdf', content: PDF }]);
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ name: 'Our terms.pdf', size: PDF.length, sha256: expect.stringMatching(/^[0-9a-f]{64}$/), updatedAt: expect.any(String) });
    const got = await t.api.get('/v2/account/request-terms.pdf');
    expect(got.status).toBe(200);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(Buffer.from(got.raw.rawPayload).equals(PDF)).toBe(true);
    expectError(await t.otherApi.get('/v2/account/request-terms.pdf'), 404, 'resource_missing');
    expect((await (await apiWithRole(t, 'viewer')).get('/v2/account/request-terms.pdf')).status).toBe(200);
    expect((await t.api.delete('/v2/account/request-terms.pdf')).status).toBe(204);
    expectError(await t.api.get('/v2/account/request-terms.pdf'), 404, 'resource_missing');
  });

  it('refuses what is not a PDF, no file, a file over the limit, and roles other than owner and admin', async () => {
    expect(
      expectError(await putTermsPdf(t, [{ name: 'file', filename: 'terms.pdf', content: 'plain text' }]), 400, 'parameter_invalid').details?.[0]?.param,
    ).toBe('file');
    expectError(await putTermsPdf(t, [{ name: 'other', content: 'x' }]), 400, 'parameter_missing');
    expectError(await putTermsPdf(t, [{ name: 'file', filename: 'big.pdf', content: Buffer.concat([PDF, Buffer.alloc(100_001)]) }]), 413, 'payload_too_large');
    for (const role of ['manager', 'finance', 'viewer'] as const) {
      const api = await apiWithRole(t, role);
      expectError(await putTermsPdf(t, [{ name: 'file', filename: 'terms.pdf', content: PDF }], api.apiKey), 403, 'forbidden');
    }
    expectError(await t.api.get('/v2/account/request-terms.pdf'), 404, 'resource_missing');
  });
});

describe('the conversion API (agencyRequests.forConversion, copyRequestFiles, markConverted)', () => {
  it('reads a request with its files, copies their content, and marks it converted once', async () => {
    const made = await newRequest(person, [
      { name: 'a.txt', content: 'first file' },
      { name: 'b.txt', content: 'second file' },
    ]);
    const read = await agencyRequests.forConversion(ctxOf(), made.id);
    expect(read.request.id).toBe(made.id);
    expect(read.files.map((file) => file.name)).toEqual(['a.txt', 'b.txt']);
    const copies = await copyRequestFiles(t.app.storage, read.files);
    const text = async (blobId: string) => {
      const chunks: Buffer[] = [];
      for await (const chunk of t.app.storage.read(blobId)) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString();
    };
    expect(await text(copies[0]!.blobId)).toBe('first file');
    expect(copies[0]!.blobId).not.toBe(read.files[0]!.blobId);
    await t.app.storage.remove(copies.map((copy) => copy.blobId));
    const before = await eventCount(t, 'request.converted');
    const converted = await t.database.db
      .transaction()
      .execute(async (tx) => agencyRequests.markConverted({ ...ctxOf(), db: tx }, made.id, { jobIds: ['j1', 'j2'], groupId: 'g1', quoteId: null }));
    expect(converted).toMatchObject({ status: 'converted', conversion: { jobIds: ['j1', 'j2'], groupId: 'g1', quoteId: null } });
    expect(await eventCount(t, 'request.converted')).toBe(before + 1);
    await expect(agencyRequests.forConversion(ctxOf(), made.id)).rejects.toMatchObject({ code: 'state_conflict' });
    await expect(agencyRequests.markConverted(ctxOf(), made.id, { jobIds: [] })).rejects.toMatchObject({ code: 'state_conflict' });
    await expect(agencyRequests.forConversion(ctxOf(), MISSING_ID)).rejects.toMatchObject({ code: 'resource_missing' });
    expectError(await person.browser.request('POST', `/v2/portal/client/requests/${made.id}/withdraw`), 409, 'state_conflict');
    const portal = await person.browser.get(`/v2/portal/client/requests/${made.id}`);
    expect(portal.body.status).toBe('converted');
    expect(portal.body.conversion).toBeUndefined();
  });
});
