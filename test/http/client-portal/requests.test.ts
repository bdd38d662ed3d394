import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, MISSING_ID, type TestContext } from '../../helper.js';
import { startMailServer, type MailServer } from '../../mail-server.js';
import { deliveriesOf } from '../outbox/fixture.js';
import { eventCount, footprint, jsonRequest, PDF, postRequest, putTermsPdf, requestMasterData, requestParts } from '../requests/fixture.js';
import { expectClientPortalSafe, signedInClientPerson } from './fixture.js';

/** Requests from the client portal (docs/client-portal.md#requests): the form, a request with its files, the list, edits and withdrawal. */
const LIMIT = 4096;
let t: TestContext;
let mail: MailServer;
let serviceId: string;
let own: Awaited<ReturnType<typeof signedInClientPerson>>;
let other: Awaited<ReturnType<typeof signedInClientPerson>>;
let foreign: Awaited<ReturnType<typeof signedInClientPerson>>;
beforeAll(async () => {
  mail = await startMailServer();
  t = await createTestApp({ SMTP_URL: mail.url, MAIL_FROM: 'Agency One <desk@agency.example>', OUTBOX_WORKER: 'false', MAX_UPLOAD_BYTES: String(LIMIT) });
  await t.api.put('/v2/account', { name: 'Lingua Agency', email: 'desk@agency.example', requestEmail: 'requests@agency.example' });
  ({ serviceId } = await requestMasterData(t.api));
  own = await signedInClientPerson(t.app, t.api, 'Requesting Client');
  other = await signedInClientPerson(t.app, t.api, 'Other Client');
  await requestMasterData(t.otherApi, 'Foreign translation');
  foreign = await signedInClientPerson(t.app, t.otherApi, 'Foreign Client');
}, 60_000);
afterAll(async () => {
  await t.close();
  await mail.close();
});

const foreignStrings = () => [other.clientId, other.personId, other.email, foreign.clientId, foreign.personId, foreign.email, 'Other Client', 'Foreign Client'];
const BASE = '/v2/portal/client';

describe('GET /v2/portal/client/request-form', () => {
  it('answers the services, the languages, the terms and the upload limits', async () => {
    const disabled = (await t.api.post('/v2/account/services', { name: 'Retired service', disabled: true })).body.id as string;
    const form = await own.browser.get(`${BASE}/request-form`);
    expect(form.status).toBe(200);
    expect(form.body.services).toContainEqual({ id: serviceId, name: 'Requested translation' });
    expect((form.body.services as Array<{ id: string }>).map((service) => service.id)).not.toContain(disabled);
    expect(form.body.languages).toEqual(
      expect.arrayContaining([
        { code: 'en', name: 'English' },
        { code: 'fr', name: 'French' },
      ]),
    );
    expect(form.body.terms).toEqual({ text: '', pdf: null, acceptanceRequired: false });
    expect(form.body.maxFileBytes).toBe(LIMIT);
    expect(form.body.maxFilesPerUpload).toBe(10);
    expectClientPortalSafe(form.body, foreignStrings());
    expectError(await own.browser.get(`${BASE}/request-form?extra=1`), 400, 'parameter_unknown');
  });
});

describe('POST /v2/portal/client/requests', () => {
  it('makes a request with two files and two target languages, records request.created and e-mails the request address', async () => {
    const before = await eventCount(t, 'request.created');
    const created = await postRequest(
      own.browser,
      requestParts(
        {
          service: serviceId,
          sourceLanguage: 'en',
          targetLanguages: ['fr', 'de-de'],
          dueDate: '2030-03-01T12:00:00Z',
          reference: 'Their ref 7',
          purchaseOrder: 'PO-991',
          message: 'Please keep the glossary.',
        },
        [
          { name: 'manual.docx', content: 'the manual' },
          { name: 'glossary.xlsx', content: Buffer.alloc(LIMIT, 1) },
        ],
      ),
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      number: expect.stringMatching(/^R-\d{4}$/),
      status: 'new',
      service: { id: serviceId, name: 'Requested translation' },
      sourceLanguage: { code: 'en', name: 'English' },
      targetLanguages: [
        { code: 'fr', name: 'French' },
        { code: 'de-DE', name: 'German Germany' },
      ],
      dueDate: '2030-03-01T12:00:00.000Z',
      reference: 'Their ref 7',
      purchaseOrder: 'PO-991',
      message: 'Please keep the glossary.',
      declineReason: null,
      termsAcceptedAt: null,
      answeredAt: null,
      version: 1,
    });
    expect((created.body.files as Array<{ name: string; size: number }>).map((file) => [file.name, file.size])).toEqual([
      ['manual.docx', 10],
      ['glossary.xlsx', LIMIT],
    ]);
    expectClientPortalSafe(created.body, foreignStrings());
    expect(await eventCount(t, 'request.created')).toBe(before + 1);
    const mails = (await deliveriesOf(t.database, t.account.accountId)).filter((row) => row.kind === 'portal_mail' && row.event_type === 'request.created');
    const payload = JSON.parse(mails.at(-1)!.payload) as { to: string; subject: string; text: string };
    expect(payload.to).toBe('requests@agency.example');
    expect(payload.subject).toContain('Requesting Client');
    expect(payload.text).toContain('English → French, German Germany');
    expect(payload.text).toContain('2030-03-01 12:00 UTC');
    expect(payload.text).toContain(`${t.config.publicUrl}/requests/${created.body.id}`);
    // The file is downloadable as sent.
    const file = (created.body.files as Array<{ id: string }>)[0]!;
    const download = await own.browser.get(`${BASE}/requests/${created.body.id}/files/${file.id}/content`);
    expect(download.status).toBe(200);
    expect(download.raw.body).toBe('the manual');
  });

  it('takes JSON without files, a comma-separated list in a form, and numbers the requests in order', async () => {
    const first = await own.browser.request('POST', `${BASE}/requests`, jsonRequest(serviceId, { targetLanguages: ['it'] }));
    expect(first.status).toBe(201);
    expect(first.body.files).toEqual([]);
    const second = await postRequest(own.browser, requestParts({ service: serviceId, sourceLanguage: 'en', targetLanguages: 'es, pt' }));
    expect(second.status).toBe(201);
    expect((second.body.targetLanguages as Array<{ code: string }>).map((language) => language.code)).toEqual(['es', 'pt']);
    expect(Number(String(second.body.number).slice(2))).toBe(Number(String(first.body.number).slice(2)) + 1);
  });

  it('e-mails the account address when the request address is empty, and nothing when both are', async () => {
    const count = async () => (await deliveriesOf(t.database, t.account.accountId)).filter((row) => row.event_type === 'request.created').length;
    await t.api.put('/v2/account', { requestEmail: '' });
    let before = await count();
    expect((await own.browser.request('POST', `${BASE}/requests`, jsonRequest(serviceId))).status).toBe(201);
    const rows = (await deliveriesOf(t.database, t.account.accountId)).filter((row) => row.event_type === 'request.created');
    expect(rows.length).toBe(before + 1);
    expect(JSON.parse(rows.at(-1)!.payload).to).toBe('desk@agency.example');
    await t.api.put('/v2/account', { email: '' });
    before = await count();
    expect((await own.browser.request('POST', `${BASE}/requests`, jsonRequest(serviceId))).status).toBe(201);
    expect(await count()).toBe(before);
    await t.api.put('/v2/account', { email: 'desk@agency.example', requestEmail: 'requests@agency.example' });
  });

  it('refuses a request without a target language, naming targetLanguages, and writes nothing', async () => {
    const before = await footprint(t);
    expect(
      expectError(await own.browser.request('POST', `${BASE}/requests`, { service: serviceId, sourceLanguage: 'en' }), 400, 'parameter_missing').details?.[0]
        ?.param,
    ).toBe('targetLanguages');
    expect(
      expectError(await own.browser.request('POST', `${BASE}/requests`, jsonRequest(serviceId, { targetLanguages: [] })), 400, 'parameter_invalid').message,
    ).toContain('targetLanguages');
    const multipart = await postRequest(own.browser, requestParts({ service: serviceId, sourceLanguage: 'en' }, [{ name: 'a.txt', content: 'a' }]));
    expect(expectError(multipart, 400, 'parameter_invalid').message).toContain('targetLanguages');
    expect(await footprint(t)).toEqual(before);
  });

  it('refuses bad fields: the source among the targets, a target twice, an unknown language or service, an unknown field or parameter', async () => {
    const before = await footprint(t);
    const refused = async (body: Record<string, unknown>, param: string, code = 'parameter_invalid') => {
      const reply = await own.browser.request('POST', `${BASE}/requests`, body);
      expect(expectError(reply, 400, code).message, JSON.stringify(body)).toContain(param);
    };
    await refused(jsonRequest(serviceId, { targetLanguages: ['fr', 'en'] }), 'targetLanguages');
    await refused(jsonRequest(serviceId, { targetLanguages: ['fr', 'FR'] }), 'targetLanguages');
    await refused(jsonRequest(serviceId, { targetLanguages: ['xx'] }), 'targetLanguages');
    await refused(jsonRequest(serviceId, { sourceLanguage: 'qq' }), 'sourceLanguage');
    await refused(jsonRequest(MISSING_ID), 'service');
    await refused(jsonRequest(serviceId, { dueDate: 'tomorrow' }), 'dueDate');
    await refused(jsonRequest(serviceId, { colour: 'red' }), 'colour', 'parameter_unknown');
    const unknownPart = await postRequest(own.browser, requestParts({ service: serviceId, sourceLanguage: 'en', targetLanguages: 'fr', colour: 'red' }));
    expectError(unknownPart, 400, 'parameter_unknown');
    expectError(await own.browser.request('POST', `${BASE}/requests?extra=1`, jsonRequest(serviceId)), 400, 'parameter_unknown');
    expect(await footprint(t)).toEqual(before);
  });

  it('refuses a file over the upload limit with 413, the whole request, leaving nothing written', async () => {
    const before = await footprint(t);
    const reply = await postRequest(
      own.browser,
      requestParts({ service: serviceId, sourceLanguage: 'en', targetLanguages: 'fr' }, [
        { name: 'small.txt', content: 'fits' },
        { name: 'big.bin', content: Buffer.alloc(LIMIT + 1, 2) },
      ]),
    );
    expect(expectError(reply, 413, 'payload_too_large').message).toContain(`${LIMIT} bytes`);
    expect(await footprint(t)).toEqual(before);
  });

  it("needs the acceptance of the agency's terms when it has some, and records what was accepted", async () => {
    await t.api.put('/v2/account', { requestTerms: 'Payment within 30 days.' });
    try {
      const form = await own.browser.get(`${BASE}/request-form`);
      expect(form.body.terms).toEqual({ text: 'Payment within 30 days.', pdf: null, acceptanceRequired: true });
      expectError(await own.browser.request('POST', `${BASE}/requests`, jsonRequest(serviceId)), 400, 'parameter_invalid');
      const refused = await own.browser.request('POST', `${BASE}/requests`, jsonRequest(serviceId, { acceptTerms: false }));
      expect(expectError(refused, 400, 'parameter_invalid').details?.[0]?.param).toBe('acceptTerms');
      const accepted = await postRequest(own.browser, requestParts({ service: serviceId, sourceLanguage: 'en', targetLanguages: 'fr', acceptTerms: 'true' }));
      expect(accepted.status).toBe(201);
      expect(accepted.body.termsAcceptedAt).toEqual(expect.any(String));
      const seen = await t.api.get(`/v2/requests/${accepted.body.id}`);
      expect(seen.body.terms).toEqual({ acceptedAt: accepted.body.termsAcceptedAt, text: 'Payment within 30 days.', pdfSha256: null });
      expect(seen.body.requestedBy).toEqual({ portalPersonId: own.personId, name: 'Requesting Client Person' });
    } finally {
      await t.api.put('/v2/account', { requestTerms: '' });
    }
  });
});

describe('the terms PDF on the portal', () => {
  it('is a 404 without one; served, and required, with one', async () => {
    expectError(await own.browser.get(`${BASE}/request-terms.pdf`), 404, 'resource_missing');
    const put = await putTermsPdf(t, [{ name: 'file', filename: 'terms.pdf', content: PDF }]);
    expect(put.status).toBe(200);
    try {
      const pdf = await own.browser.get(`${BASE}/request-terms.pdf`);
      expect(pdf.status).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(Buffer.from(pdf.raw.rawPayload).equals(PDF)).toBe(true);
      const form = await own.browser.get(`${BASE}/request-form`);
      expect(form.body.terms).toEqual({ text: '', pdf: { name: 'terms.pdf', size: PDF.length }, acceptanceRequired: true });
      expectError(await own.browser.request('POST', `${BASE}/requests`, jsonRequest(serviceId)), 400, 'parameter_invalid');
      const accepted = await own.browser.request('POST', `${BASE}/requests`, jsonRequest(serviceId, { acceptTerms: true }));
      expect(accepted.status).toBe(201);
      expect((await t.api.get(`/v2/requests/${accepted.body.id}`)).body.terms).toMatchObject({ text: '', pdfSha256: put.body.sha256 });
      expectError(await foreign.browser.get(`${BASE}/request-terms.pdf`), 404, 'resource_missing');
    } finally {
      expect((await t.api.delete('/v2/account/request-terms.pdf')).status).toBe(204);
    }
  });
});

describe('GET /v2/portal/client/requests and /requests/:id', () => {
  it("lists the client's requests newest first, filters by status, and never another client's", async () => {
    const theirs = await other.browser.request('POST', `${BASE}/requests`, jsonRequest(serviceId));
    expect(theirs.status).toBe(201);
    const mine = await own.browser.request('POST', `${BASE}/requests`, jsonRequest(serviceId, { reference: 'newest' }));
    const list = await own.browser.get(`${BASE}/requests`);
    expect(list.status).toBe(200);
    const ids = (list.body as Array<{ id: string }>).map((item) => item.id);
    expect(ids[0]).toBe(mine.body.id);
    expect(ids).not.toContain(theirs.body.id);
    const created = (list.body as Array<{ createdAt: string }>).map((item) => item.createdAt);
    expect([...created].sort().reverse()).toEqual(created);
    expectClientPortalSafe(list.body, foreignStrings());
    const withdrawn = await own.browser.get(`${BASE}/requests?status=withdrawn`);
    expect((withdrawn.body as Array<{ status: string }>).every((item) => item.status === 'withdrawn')).toBe(true);
    expectError(await own.browser.get(`${BASE}/requests?extra=1`), 400, 'parameter_unknown');
    expectError(await own.browser.get(`${BASE}/requests?status=lost`), 400, 'parameter_invalid');
    const one = await own.browser.get(`${BASE}/requests/${mine.body.id}`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual(mine.body);
    expectClientPortalSafe(one.body, foreignStrings());
    expectError(await own.browser.get(`${BASE}/requests/${MISSING_ID}`), 404, 'resource_missing');
    expectError(await own.browser.get(`${BASE}/requests/${theirs.body.id}`), 404, 'resource_missing');
    expectError(await foreign.browser.get(`${BASE}/requests/${mine.body.id}`), 404, 'resource_missing');
    expect((await foreign.browser.get(`${BASE}/requests`)).body).toEqual([]);
  });
});

describe('changing a request', () => {
  it('edits the fields while new (request.updated), and refuses after the agency answered (409)', async () => {
    const made = await own.browser.request('POST', `${BASE}/requests`, jsonRequest(serviceId));
    const before = await eventCount(t, 'request.updated');
    const edited = await own.browser.request('PUT', `${BASE}/requests/${made.body.id}`, {
      targetLanguages: ['de', 'nl'],
      message: 'Two languages now',
      dueDate: null,
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ message: 'Two languages now', version: 2, dueDate: null });
    expect((edited.body.targetLanguages as Array<{ code: string }>).map((language) => language.code)).toEqual(['de', 'nl']);
    expect(await eventCount(t, 'request.updated')).toBe(before + 1);
    expectClientPortalSafe(edited.body, foreignStrings());
    expectError(await own.browser.request('PUT', `${BASE}/requests/${made.body.id}`, { targetLanguages: [] }), 400, 'parameter_invalid');
    expectError(await own.browser.request('PUT', `${BASE}/requests/${made.body.id}`, { sourceLanguage: 'de' }), 400, 'parameter_invalid');
    expectError(await own.browser.request('PUT', `${BASE}/requests/${made.body.id}`, { colour: 'red' }), 400, 'parameter_unknown');
    expectError(await own.browser.request('PUT', `${BASE}/requests/${made.body.id}?extra=1`, {}), 400, 'parameter_unknown');
    expectError(await own.browser.request('PUT', `${BASE}/requests/${MISSING_ID}`, { message: 'x' }), 404, 'resource_missing');
    expectError(await other.browser.request('PUT', `${BASE}/requests/${made.body.id}`, { message: 'x' }), 404, 'resource_missing');
    expect((await t.api.post(`/v2/requests/${made.body.id}/decline`, { reason: 'No capacity' })).status).toBe(200);
    expectError(await own.browser.request('PUT', `${BASE}/requests/${made.body.id}`, { message: 'too late' }), 409, 'state_conflict');
    expectError(await own.browser.request('POST', `${BASE}/requests/${made.body.id}/withdraw`), 409, 'state_conflict');
    const seen = await own.browser.get(`${BASE}/requests/${made.body.id}`);
    expect(seen.body).toMatchObject({ status: 'declined', declineReason: 'No capacity', answeredAt: expect.any(String) });
  });

  it('withdraws a new request once (request.withdrawn), then refuses edits and a second withdrawal', async () => {
    const made = await own.browser.request('POST', `${BASE}/requests`, jsonRequest(serviceId));
    expectError(await other.browser.request('POST', `${BASE}/requests/${made.body.id}/withdraw`), 404, 'resource_missing');
    expectError(await own.browser.request('POST', `${BASE}/requests/${MISSING_ID}/withdraw`), 404, 'resource_missing');
    expectError(await own.browser.request('POST', `${BASE}/requests/${made.body.id}/withdraw?extra=1`), 400, 'parameter_unknown');
    const before = await eventCount(t, 'request.withdrawn');
    const withdrawn = await own.browser.request('POST', `${BASE}/requests/${made.body.id}/withdraw`);
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body.status).toBe('withdrawn');
    expect(await eventCount(t, 'request.withdrawn')).toBe(before + 1);
    expectError(await own.browser.request('POST', `${BASE}/requests/${made.body.id}/withdraw`), 409, 'state_conflict');
    expectError(await own.browser.request('PUT', `${BASE}/requests/${made.body.id}`, { message: 'x' }), 409, 'state_conflict');
    // The agency cannot answer a withdrawn request either.
    expectError(await t.api.post(`/v2/requests/${made.body.id}/decline`, { reason: 'x' }), 409, 'state_conflict');
  });
});
