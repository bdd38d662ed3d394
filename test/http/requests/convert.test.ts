import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, MISSING_ID, type Api, type TestContext } from '../../helper.js';
import { newConfiguration, sample, TRADOS_MAPPING } from '../cat-analysis/helper.js';
import { signedInClientPerson } from '../client-portal/fixture.js';
import { download } from '../files/helper.js';
import { ACCOUNT_CLIENT_PRICES, buildWorld, newPrice, newService, type World } from '../jobs/fixture.js';
import { apiWithRole } from '../portal/fixture.js';
import { eventCount, postRequest, requestParts } from './fixture.js';

/** POST /v2/requests/:id/convert (docs/client-portal.md#converting-a-request). */
let t: TestContext;
let w: World;
let service: string;
let person: Awaited<ReturnType<typeof signedInClientPerson>>;
let trados: string;
const REPORT = Buffer.from(sample('trados-xml/studio-fr-FR-utf8.xml'));
const MANUAL = Buffer.from('the manual to translate\n');

beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t);
  service = await newService(t.api, 'Requested');
  person = await signedInClientPerson(t.app, t.api, 'Converting Client');
  // The account's default price, and the client's own (taken first): 0.12 a word, three match entries.
  await newPrice(t.api, ACCOUNT_CLIENT_PRICES, { service, quantityType: w.unit.Words, unitCost: 0.1 });
  await newPrice(t.api, `/v2/clients/${person.clientId}/prices`, { service, quantityType: w.unit.Words, unitCost: 0.12 }, [
    [w.match['100%']!, 0.03],
    [w.match.Repetitions!, 0.02],
    [w.match['95-99%']!, 0.05],
  ]);
  trados = await newConfiguration(t, w, 'trados', TRADOS_MAPPING, { name: 'Trados words' });
  expect((await t.api.put(`/v2/clients/${person.clientId}`, { catConfiguration: trados })).status).toBe(200);
}, 60_000);
afterAll(() => t.close());

/** A new request of the client (targets fr, de unless given) with these files; answers its id. */
async function newRequest(files: Array<{ name: string; content: Buffer }>, targets = ['fr', 'de'], fields: Record<string, string> = {}): Promise<string> {
  const reply = await postRequest(
    person.browser,
    requestParts(
      { service, sourceLanguage: 'en', targetLanguages: targets, dueDate: '2030-05-01T12:00:00Z', reference: 'ACME-42', purchaseOrder: 'PO-7', ...fields },
      files,
    ),
  );
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body.id as string;
}

const convert = (id: string, body: Record<string, unknown> = {}, api: Api = t.api) => api.post(`/v2/requests/${id}/convert`, body as never, { json: true });

/** What a refused conversion must leave as it was. */
async function footprint() {
  const db = t.database.db;
  const n = async (query: Promise<unknown[]>) => (await query).length;
  return {
    jobs: await n(db.selectFrom('jobs').select('id').where('account_id', '=', t.account.accountId).execute()),
    groups: await n(db.selectFrom('groups').select('id').where('account_id', '=', t.account.accountId).execute()),
    files: await n(db.selectFrom('files').select('id').where('owner_type', 'in', ['job', 'group']).execute()),
    documents: await n(db.selectFrom('documents').select('id').where('account_id', '=', t.account.accountId).execute()),
    blobs: await t.app.storage.count(),
    events: await n(db.selectFrom('events').select('id').execute()),
  };
}

async function bytesOf(url: string): Promise<Buffer> {
  const reply = await download(t, url);
  expect(reply.statusCode).toBe(200);
  return reply.rawPayload;
}

describe('POST /v2/requests/:id/convert', () => {
  it('makes a job per target with the client’s price, a group with the files, the CAT report analysed, a draft quote; the request converted', async () => {
    const id = await newRequest([
      { name: 'manual.docx', content: MANUAL },
      { name: 'analysis.xml', content: REPORT },
    ]);
    const [jobsBefore, convertedBefore] = [await eventCount(t, 'job.created'), await eventCount(t, 'request.converted')];
    const reply = await convert(id, { quote: true, quantity: 500 });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const { request, jobs, group, quote, analysed } = reply.body;
    expect(reply.body.object).toBe('request_conversion');
    expect(jobs).toHaveLength(2);
    const [fr, de] = jobs;
    expect(fr).toMatchObject({
      name: 'ACME-42 en → fr',
      client: { id: person.clientId, name: 'Converting Client' },
      service: { id: service },
      languagePair: { id: w.pair.enFr },
      externalReference: 'ACME-42',
      purchaseOrder: 'PO-7',
      dueDate: '2030-05-01T12:00:00.000Z',
      group: { id: group.id },
    });
    // No language pair en → de in the account: a job without one, its languages in its name.
    expect(de).toMatchObject({ name: 'ACME-42 en → de', quantityType: { id: w.unit.Words }, group: { id: group.id } });
    expect(de.languagePair).toBeUndefined();
    // The client's price (0.12), not the account's (0.1): 500 words.
    expect(de.quantity).toMatchObject({ value: 500, unitCost: 0.12, hasMatches: false });
    expect(de.estimation.total).toBe(60);
    // The French report, into the French job only, at the client's rates:
    // 13×0.02 + 41×0.03 + 14×0.05 + (22 + 20 + 7 + 7 + 165)×0.12 = 0.26 + 1.23 + 0.7 + 26.52
    expect(fr.quantity).toMatchObject({ hasMatches: true, value: 289, unitCost: 0.12 });
    expect(fr.estimation.total).toBe(28.71);
    const reportFile = group.files.find((file: { name: string }) => file.name === 'analysis.xml');
    expect(fr.quantity.catFile).toEqual({ fileIds: [reportFile.id] });
    expect(analysed).toEqual([{ fileId: expect.any(String), name: 'analysis.xml', jobIds: [fr.id] }]);
    // The files once, on the group (listed on its jobs), the bytes as the client sent them.
    expect(group).toMatchObject({ name: 'ACME-42', client: { id: person.clientId } });
    expect(group.files.map((file: { name: string }) => file.name).sort()).toEqual(['analysis.xml', 'manual.docx']);
    const manual = group.files.find((file: { name: string }) => file.name === 'manual.docx');
    expect(await bytesOf(`/v2/groups/${group.id}/files/${manual.id}/download`)).toEqual(MANUAL);
    expect(await bytesOf(`/v2/groups/${group.id}/files/${reportFile.id}/download`)).toEqual(REPORT);
    expect(de.files.map((file: { groupFileId?: string }) => file.groupFileId).sort()).toEqual([manual.id, reportFile.id].sort());
    // The draft quote of the two jobs.
    expect(quote).toMatchObject({ status: 1, client: { id: person.clientId } });
    expect(quote.lines.map((line: { job?: { id: string } }) => line.job?.id ?? null)).toEqual([fr.id, de.id]);
    expect(quote.total.total).toBe(88.71);
    // The request, converted, with what it made.
    expect(request).toMatchObject({ id, status: 'converted', conversion: { jobIds: [fr.id, de.id], groupId: group.id, quoteId: quote.id } });
    expect((await t.api.get(`/v2/requests/${id}`)).body).toMatchObject({ status: 'converted', conversion: { jobIds: [fr.id, de.id] } });
    expect((await t.api.get(`/v2/jobs/${fr.id}`)).body.estimation.total).toBe(28.71);
    expect(await eventCount(t, 'job.created')).toBe(jobsBefore + 2);
    expect(await eventCount(t, 'request.converted')).toBe(convertedBefore + 1);
    // Converted once: a second time is 409, and changes nothing.
    const again = await footprint();
    expectError(await convert(id), 409, 'state_conflict');
    expectError(await convert(id, { quote: true }), 409, 'state_conflict');
    expect(await footprint()).toEqual(again);
  });

  it('one target: no group, the files on the job (a manager may convert)', async () => {
    const id = await newRequest([{ name: 'manual.docx', content: MANUAL }], ['fr'], { reference: '' });
    const manager = await apiWithRole(t, 'manager');
    // An account that hides revenue and margins from managers: the answer's jobs carry none.
    expect((await t.api.put('/v2/account', { managersSeeRevenueAndMargins: false })).status).toBe(200);
    const reply = await convert(id, { quantityType: w.unit.Words, quantity: 100, name: 'Brochure' }, manager);
    expect((await t.api.put('/v2/account', { managersSeeRevenueAndMargins: true })).status).toBe(200);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.jobs[0].estimation.profitability).toBeUndefined();
    expect(reply.body.jobs[0].estimation.performance.revenuePerHour).toBeUndefined();
    expect(reply.body.group).toBeNull();
    expect(reply.body.quote).toBeNull();
    const [job] = reply.body.jobs;
    expect(job).toMatchObject({ name: 'Brochure en → fr', group: null, quantity: { value: 100, unitCost: 0.12 } });
    expect(job.estimation.total).toBe(12);
    expect(job.files).toHaveLength(1);
    expect(await bytesOf(`/v2/jobs/${job.id}/files/${job.files[0].id}/download`)).toEqual(MANUAL);
    expect(reply.body.request.conversion).toEqual({ jobIds: [job.id], groupId: null, quoteId: null });
  });

  it('group false with two targets: each job its own copy of the files; the name defaults to the number', async () => {
    const id = await newRequest([{ name: 'manual.docx', content: MANUAL }], ['fr', 'de'], { reference: '' });
    const reply = await convert(id, { group: false, quantityType: w.unit.Words });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.group).toBeNull();
    const number = reply.body.request.number as string;
    expect(reply.body.jobs.map((job: { name: string }) => job.name)).toEqual([`${number} en → fr`, `${number} en → de`]);
    const fileIds = reply.body.jobs.map((job: { files: Array<{ id: string }> }) => job.files[0]!.id);
    expect(new Set(fileIds).size).toBe(2);
    for (const job of reply.body.jobs) expect(await bytesOf(`/v2/jobs/${job.id}/files/${job.files[0].id}/download`)).toEqual(MANUAL);
  });

  it('refuses a CAT report it cannot read, naming the file, and writes nothing; catAnalysis false converts without analysis', async () => {
    const broken = Buffer.from('<?xml version="1.0"?>\n<task name="analyse"><taskInfo/></task>\n');
    const id = await newRequest([
      { name: 'manual.docx', content: MANUAL },
      { name: 'broken.xml', content: broken },
    ]);
    const before = await footprint();
    const refused = expectError(await convert(id, { quantityType: w.unit.Words }), 400, 'parameter_invalid');
    expect(refused.message).toContain('broken.xml');
    expect(await footprint()).toEqual(before);
    expect((await t.api.get(`/v2/requests/${id}`)).body.status).toBe('new');
    const reply = await convert(id, { quantityType: w.unit.Words, catAnalysis: false });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.analysed).toEqual([]);
    expect(reply.body.group.files).toHaveLength(2);
  });

  it('a failure in the middle (the quote: the client’s default tax disabled) leaves nothing written', async () => {
    const tax = await t.api.post('/v2/account/taxes', { name: `VAT ${Math.random().toString(36).slice(2, 6)}`, value: 0.2 });
    expect(tax.status).toBe(201);
    const taxed = await signedInClientPerson(t.app, t.api, 'Taxed Client');
    const clientId = taxed.clientId;
    expect((await t.api.put(`/v2/clients/${clientId}`, { tax1: tax.body.id })).status).toBe(200);
    const made = await postRequest(
      taxed.browser,
      requestParts({ service, sourceLanguage: 'en', targetLanguages: ['fr', 'de'] }, [
        { name: 'manual.docx', content: MANUAL },
        { name: 'analysis.xml', content: REPORT },
      ]),
    );
    expect(made.status).toBe(201);
    const requestId = made.body.id as string;
    expect((await t.api.put(`/v2/clients/${clientId}`, { catConfiguration: trados })).status).toBe(200);
    expect((await t.api.put(`/v2/account/taxes/${tax.body.id}`, { disabled: true })).status).toBe(200);
    const before = await footprint();
    const refused = expectError(await convert(requestId, { quote: true }), 400, 'parameter_invalid');
    expect(refused.details?.[0]?.param).toBe('tax1');
    expect(await footprint()).toEqual(before);
    expect((await t.api.get(`/v2/requests/${requestId}`)).body).toMatchObject({ status: 'new', conversion: null });
    // Without the quote it goes through.
    expect((await convert(requestId)).status).toBe(200);
  });

  it('409 for a declined request; 404 for an unknown one or another account’s; 400 for unknown fields and a missing unit', async () => {
    const declined = await newRequest([], ['fr']);
    expect((await t.api.post(`/v2/requests/${declined}/decline`, { reason: 'No capacity' }, { json: true })).status).toBe(200);
    expectError(await convert(declined, { quantityType: w.unit.Words }), 409, 'state_conflict');
    expectError(await convert(MISSING_ID, { quantityType: w.unit.Words }), 404, 'resource_missing');
    const id = await newRequest([], ['fr']);
    expectError(await convert(id, { quantityType: w.unit.Words }, t.otherApi), 404, 'resource_missing');
    expectError(await convert(id, { quantityType: w.unit.Words, extra: 1 }), 400, 'parameter_unknown');
    expectError(await t.api.post(`/v2/requests/${id}/convert?extra=1`, { quantityType: w.unit.Words }, { json: true }), 400, 'parameter_unknown');
    // No CAT report: the unit must be given.
    expectError(await convert(id), 400, 'parameter_missing');
    expectError(await convert(id, { quantityType: MISSING_ID }), 400, 'parameter_invalid');
    expect((await t.api.get(`/v2/requests/${id}`)).body.status).toBe('new');
  });

  it('roles: a viewer or finance user may not convert (403)', async () => {
    const id = await newRequest([], ['fr']);
    for (const role of ['viewer', 'finance'] as const)
      expectError(await convert(id, { quantityType: w.unit.Words }, await apiWithRole(t, role)), 403, 'forbidden');
    expect((await t.api.get(`/v2/requests/${id}`)).body.status).toBe('new');
  });
});
