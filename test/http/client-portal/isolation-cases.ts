import { expect } from 'vitest';
import type { Reply, TestContext, Value } from '../../helper.js';
import type { World } from '../jobs/fixture.js';
import type { PortalBrowser } from '../portal/fixture.js';
import type { ClientPermission } from './fixture.js';
import { clientWork, invoiceOf, quoteOf } from './documents-fixture.js';
import { clientJob, sharedFile } from './jobs-fixture.js';
import { PDF, postRequest, putTermsPdf, requestMasterData, requestParts } from '../requests/fixture.js';

/** What the request cases share, made once (prepareClientCases): the service asked for. */
const shared = { serviceId: '' };

/** Gives the account a service to ask for and terms (a PDF) to accept, as the request cases need. */
export async function prepareClientCases(t: TestContext): Promise<void> {
  shared.serviceId = (await requestMasterData(t.api, 'Isolated translation')).serviceId;
  expect((await putTermsPdf(t, [{ name: 'file', filename: 'terms.pdf', content: PDF }])).status).toBe(200);
}

const newRequest = () => ({ service: shared.serviceId, sourceLanguage: 'en', targetLanguages: ['fr', 'de'], message: 'Isolated request', acceptTerms: true });

/** A call as one principal (`UPLOAD`: a multipart POST of one small file in the field `file`; `multipart`: a body sent as it is). */
export type Caller = (
  method: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE' | 'UPLOAD',
  url: string,
  body?: Record<string, Value>,
  multipart?: Buffer,
) => Promise<Reply>;

/** What a case may use to make its record: the test app, the own client, and the browser of its person with every permission. */
export interface CaseContext {
  t: TestContext;
  /** The account's master data (services, language pairs) for jobs. */
  w: World;
  clientId: string;
  author: PortalBrowser;
}

/** A fresh record of the own client, and how the agency reads it (what no one refused may change). */
export interface Target {
  id: string;
  /** A second id the path needs (a file of the record). */
  fileId?: string;
  read: () => Promise<unknown>;
}

/** What an operation is, for isolation; `permission`: what the client's person needs (none: everyone with access). */
export type ClientCase =
  /** The client's records of a kind: each person reaches their own client's, and only them. */
  | { scope: 'list'; permission?: ClientPermission; call: (as: Caller) => Promise<Reply> }
  /** One record of the own client, made fresh for each call. */
  | { scope: 'party'; permission?: ClientPermission; make: (context: CaseContext) => Promise<Target>; call: (as: Caller, target: Target) => Promise<Reply> };

/** Every client-portal operation, by method and path as the OpenAPI document writes them. */
export const CLIENT_CASES: Record<string, ClientCase> = {
  // Requests (modules/requests): the `request` permission.
  'GET /v2/portal/client/request-form': { scope: 'list', permission: 'request', call: (as) => as('GET', '/v2/portal/client/request-form') },
  'GET /v2/portal/client/request-terms.pdf': { scope: 'list', permission: 'request', call: (as) => as('GET', '/v2/portal/client/request-terms.pdf') },
  'GET /v2/portal/client/requests': { scope: 'list', permission: 'request', call: (as) => as('GET', '/v2/portal/client/requests') },
  'POST /v2/portal/client/requests': { scope: 'list', permission: 'request', call: (as) => as('POST', '/v2/portal/client/requests', newRequest()) },
  'GET /v2/portal/client/requests/{id}': {
    scope: 'party',
    permission: 'request',
    make: freshRequest,
    call: (as, request) => as('GET', `/v2/portal/client/requests/${request.id}`),
  },
  'PUT /v2/portal/client/requests/{id}': {
    scope: 'party',
    permission: 'request',
    make: freshRequest,
    call: (as, request) => as('PUT', `/v2/portal/client/requests/${request.id}`, { message: 'Changed' }),
  },
  'POST /v2/portal/client/requests/{id}/withdraw': {
    scope: 'party',
    permission: 'request',
    make: freshRequest,
    call: (as, request) => as('POST', `/v2/portal/client/requests/${request.id}/withdraw`),
  },
  'POST /v2/portal/client/requests/{id}/files': {
    scope: 'party',
    permission: 'request',
    make: freshRequest,
    call: (as, request) => as('UPLOAD', `/v2/portal/client/requests/${request.id}/files`),
  },
  'DELETE /v2/portal/client/requests/{id}/files/{fileId}': {
    scope: 'party',
    permission: 'request',
    make: freshRequest,
    call: (as, request) => as('DELETE', `/v2/portal/client/requests/${request.id}/files/${request.fileId!}`),
  },
  'GET /v2/portal/client/requests/{id}/files/{fileId}/content': {
    scope: 'party',
    permission: 'request',
    make: freshRequest,
    call: (as, request) => as('GET', `/v2/portal/client/requests/${request.id}/files/${request.fileId!}/content`),
  },
  'HEAD /v2/portal/client/requests/{id}/files/{fileId}/content': {
    scope: 'party',
    permission: 'request',
    make: freshRequest,
    call: (as, request) => as('HEAD', `/v2/portal/client/requests/${request.id}/files/${request.fileId!}/content`),
  },
  // A request's thread: every person of the client, as a job's.
  'GET /v2/portal/client/requests/{id}/messages': {
    scope: 'party',
    make: freshRequest,
    call: (as, request) => as('GET', `/v2/portal/client/requests/${request.id}/messages`),
  },
  'POST /v2/portal/client/requests/{id}/messages': {
    scope: 'party',
    make: freshRequest,
    call: (as, request) => as('POST', `/v2/portal/client/requests/${request.id}/messages`, { text: 'About our request' }),
  },
  // Jobs and deliveries (modules/client-jobs): every person of the client, no permission needed.
  'GET /v2/portal/client/jobs': { scope: 'list', call: (as) => as('GET', '/v2/portal/client/jobs') },
  'GET /v2/portal/client/jobs/{id}': { scope: 'party', make: freshJob, call: (as, job) => as('GET', `/v2/portal/client/jobs/${job.id}`) },
  'GET /v2/portal/client/jobs/{id}/files': { scope: 'party', make: freshJob, call: (as, job) => as('GET', `/v2/portal/client/jobs/${job.id}/files`) },
  'GET /v2/portal/client/jobs/{id}/files/{fileId}/content': {
    scope: 'party',
    make: freshJob,
    call: (as, job) => as('GET', `/v2/portal/client/jobs/${job.id}/files/${job.fileId!}/content`),
  },
  'HEAD /v2/portal/client/jobs/{id}/files/{fileId}/content': {
    scope: 'party',
    make: freshJob,
    call: (as, job) => as('HEAD', `/v2/portal/client/jobs/${job.id}/files/${job.fileId!}/content`),
  },
  // Message threads (modules/client-messages).
  'GET /v2/portal/client/jobs/{id}/messages': { scope: 'party', make: freshJob, call: (as, job) => as('GET', `/v2/portal/client/jobs/${job.id}/messages`) },
  'POST /v2/portal/client/jobs/{id}/messages': {
    scope: 'party',
    make: freshJob,
    call: (as, job) => as('POST', `/v2/portal/client/jobs/${job.id}/messages`, { text: 'Isolated question' }),
  },
  // Quotes (modules/client-documents): the `approve` permission.
  'GET /v2/portal/client/quotes': { scope: 'list', permission: 'approve', call: (as) => as('GET', '/v2/portal/client/quotes') },
  'GET /v2/portal/client/quotes/{id}': {
    scope: 'party',
    permission: 'approve',
    make: freshQuote,
    call: (as, quote) => as('GET', `/v2/portal/client/quotes/${quote.id}`),
  },
  'GET /v2/portal/client/quotes/{id}/pdf': {
    scope: 'party',
    permission: 'approve',
    make: freshQuote,
    call: (as, quote) => as('GET', `/v2/portal/client/quotes/${quote.id}/pdf`),
  },
  'POST /v2/portal/client/quotes/{id}/accept': {
    scope: 'party',
    permission: 'approve',
    make: freshQuote,
    call: (as, quote) => as('POST', `/v2/portal/client/quotes/${quote.id}/accept`, { comment: 'Go ahead' }),
  },
  'POST /v2/portal/client/quotes/{id}/refuse': {
    scope: 'party',
    permission: 'approve',
    make: freshQuote,
    call: (as, quote) => as('POST', `/v2/portal/client/quotes/${quote.id}/refuse`, { comment: 'Too late for us' }),
  },
  // Invoices and credit notes: the `invoices` permission.
  'GET /v2/portal/client/invoices': { scope: 'list', permission: 'invoices', call: (as) => as('GET', '/v2/portal/client/invoices') },
  'GET /v2/portal/client/invoices/{id}': {
    scope: 'party',
    permission: 'invoices',
    make: freshInvoice,
    call: (as, invoice) => as('GET', `/v2/portal/client/invoices/${invoice.id}`),
  },
  'GET /v2/portal/client/invoices/{id}/pdf': {
    scope: 'party',
    permission: 'invoices',
    make: freshInvoice,
    call: (as, invoice) => as('GET', `/v2/portal/client/invoices/${invoice.id}/pdf`),
  },
  'GET /v2/portal/client/invoices/{id}/ubl': {
    scope: 'party',
    permission: 'invoices',
    make: freshInvoice,
    call: (as, invoice) => as('GET', `/v2/portal/client/invoices/${invoice.id}/ubl`),
  },
};

/** A fresh request of the own client with one file, asked by its person with every permission; as the agency reads it. */
async function freshRequest({ t, author }: CaseContext): Promise<Target> {
  const fields = { service: shared.serviceId, sourceLanguage: 'en', targetLanguages: ['fr'], acceptTerms: 'true' };
  const created = await postRequest(author, requestParts(fields, [{ name: 'source.docx', content: 'to translate' }]));
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.id as string;
  const read = async () => ({
    request: (await t.api.get(`/v2/requests/${id}`)).body,
    messages: (await t.api.get(`/v2/requests/${id}/client-messages`)).body,
  });
  return { id, fileId: created.body.files[0].id as string, read };
}

/** A fresh quote of the own client, sent; as the agency reads it (with its portal answer). */
async function freshQuote({ t, clientId }: CaseContext): Promise<Target> {
  const quote = await quoteOf(t.api, await clientWork(t.api), clientId);
  const read = async () => ({
    quote: (await t.api.get(`/v2/quotes/${quote.id}`)).body,
    answer: (await t.api.get(`/v2/quotes/${quote.id}/portal-answer`)).body,
  });
  return { id: quote.id, read };
}

/** A fresh invoice of the own client, sent and part-paid (its e-invoice needs the parties' identity, given once). */
async function freshInvoice({ t, clientId }: CaseContext): Promise<Target> {
  expect((await t.api.put('/v2/account', { vatNumber: 'BE0123456749', address: { city: 'Ghent', country: 'BE' } })).status).toBe(200);
  expect((await t.api.put(`/v2/clients/${clientId}`, { vatNumber: 'BE0987654321', address: { city: 'Brussels', country: 'BE' } })).status).toBe(200);
  const invoice = await invoiceOf(t.api, await clientWork(t.api), clientId, { paid: 10 });
  return { id: invoice.id, read: async () => (await t.api.get(`/v2/invoices/${invoice.id}`)).body };
}

/** A fresh job of the own client with a file shared with the client and one message from the agency; as the agency reads them. */
async function freshJob({ t, w, clientId }: CaseContext): Promise<Target> {
  const job = await clientJob(t.api, w, clientId);
  const file = await sharedFile(t, `/v2/jobs/${job.id}`, 'deliverable.txt', 'delivered');
  const message = await t.api.post(`/v2/jobs/${job.id}/client-messages`, { text: 'From the agency' }, { json: true });
  expect(message.status, JSON.stringify(message.body)).toBe(201);
  const read = async () => ({
    job: (await t.api.get(`/v2/jobs/${job.id}`)).body,
    files: (await t.api.get(`/v2/jobs/${job.id}/files`)).body,
    messages: (await t.api.get(`/v2/jobs/${job.id}/client-messages`)).body,
  });
  return { id: job.id as string, fileId: file.id, read };
}
