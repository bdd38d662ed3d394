import { expect } from 'vitest';
import type { Api, Reply, TestContext } from '../../helper.js';
import type { PortalBrowser } from '../client-portal/fixture.js';
import { browserHeaders, multipartPost } from '../portal/fixture.js';
import { basic, BOUNDARY, multipartBody, type Part } from '../files/helper.js';

/** A PDF as small as can be: it starts with %PDF-. */
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');

/** A service of the account (a new one, enabled) and a language pair, for the form. */
export async function requestMasterData(api: Api, name = 'Requested translation'): Promise<{ serviceId: string }> {
  const service = await api.post('/v2/account/services', { name });
  expect(service.status).toBe(201);
  await api.post('/v2/account/language-pairs', { source: 'en', target: 'fr' });
  return { serviceId: service.body.id as string };
}

/** The text fields of a request as multipart parts (targetLanguages repeated). */
export function requestParts(fields: Record<string, string | string[]>, files: Array<{ name: string; content: string | Buffer }> = []): Part[] {
  const parts: Part[] = [];
  for (const [name, value] of Object.entries(fields)) for (const item of Array.isArray(value) ? value : [value]) parts.push({ name, content: item });
  for (const file of files) parts.push({ name: 'file', filename: file.name, content: file.content });
  return parts;
}

/** POSTs a new request as multipart/form-data from a client person's browser. */
export function postRequest(browser: PortalBrowser, parts: Part[] | Buffer, csrf = true): Promise<Reply> {
  return multipartPost(browser.app, '/v2/portal/client/requests', browserHeaders(browser, csrf), parts);
}

/** Uploads one file to a request from a client person's browser. */
export function postRequestFile(browser: PortalBrowser, id: string, name: string, content: string | Buffer): Promise<Reply> {
  return multipartPost(browser.app, `/v2/portal/client/requests/${id}/files`, browserHeaders(browser), [{ name: 'file', filename: name, content }]);
}

/** A valid JSON request for this service. */
export const jsonRequest = (serviceId: string, more: Record<string, unknown> = {}) => ({
  service: serviceId,
  sourceLanguage: 'en',
  targetLanguages: ['fr'],
  ...more,
});

/** The number of events of this type in the account. */
export async function eventCount(t: TestContext, type: string, accountId = t.account.accountId): Promise<number> {
  const rows = await t.database.db.selectFrom('events').select('id').where('account_id', '=', accountId).where('type', '=', type).execute();
  return rows.length;
}

/** What a refused request must leave unchanged: requests, request files, stored blobs, events. */
export async function footprint(t: TestContext): Promise<{ requests: number; files: number; blobs: number; events: number }> {
  const db = t.database.db;
  const count = async (query: Promise<Array<unknown>>) => (await query).length;
  return {
    requests: await count(db.selectFrom('requests').select('id').execute()),
    files: await count(db.selectFrom('files').select('id').where('owner_type', '=', 'request').execute()),
    blobs: await t.app.storage.count(),
    events: await count(db.selectFrom('events').select('id').execute()),
  };
}

/** PUTs the account's terms PDF (multipart, the part `file`) with this key (default the account's owner). */
export async function putTermsPdf(t: TestContext, parts: Part[] | Buffer, apiKey = t.account.apiKey): Promise<Reply> {
  const raw = await t.app.inject({
    method: 'PUT',
    url: '/v2/account/request-terms.pdf',
    headers: { authorization: basic(apiKey), 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: Buffer.isBuffer(parts) ? parts : multipartBody(parts),
  });
  const isJson = String(raw.headers['content-type'] ?? '').includes('json') && raw.body.length > 0;
  return { status: raw.statusCode, body: isJson ? JSON.parse(raw.body) : raw.body, headers: raw.headers, raw };
}
