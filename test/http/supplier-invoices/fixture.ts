import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Api, Reply, TestContext } from '../../helper.js';
import { BOUNDARY, multipartBody, type Part } from '../files/helper.js';
import type { Browser } from '../auth/fixture.js';

/** The smallest bytes that pass as a PDF: the header, a body, the end marker. */
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');

/**
 * An issued purchase order of the supplier, made through the agency's API. `completed`: a line of
 * an outsourcing finished by the agency (status 4); `open`: a line of an outsourcing still in
 * progress; `free`: a line of its own (no outsourcing), completed as soon as it is issued.
 */
export async function purchaseOrder(
  api: Api,
  supplierId: string,
  options: { total: number; currency?: string; work?: 'completed' | 'open' | 'free'; send?: boolean } = { total: 100 },
): Promise<{ id: string; jobId?: string; outsourcingId?: string }> {
  const work = options.work ?? 'completed';
  const currency = options.currency ?? 'EUR';
  if (work === 'free') {
    const po = await api.post(
      '/v2/purchase-orders',
      { supplier: supplierId, currency, lines: [{ description: 'Work', quantity: 1, unitCost: options.total }] },
      { json: true },
    );
    expect(po.status, JSON.stringify(po.body)).toBe(201);
    if (options.send !== false) expect((await api.post(`/v2/purchase-orders/${po.body.id}/send`)).status).toBe(200);
    return { id: po.body.id as string };
  }
  const service = (await api.post('/v2/account/services', { name: `Invoiced ${Math.random().toString(36).slice(2, 10)}` })).body.id as string;
  const unit = ((await api.get('/v2/account/quantity-types')).body as Array<{ id: string }>)[0]!.id;
  const client = (await api.post('/v2/clients', { name: `Invoice client ${Math.random().toString(36).slice(2, 8)}`, currency: 'EUR' })).body.id as string;
  const job = await api.post('/v2/jobs', { name: 'Invoiced work', client, service, quantity: 100, quantityType: unit, fixedPrice: 5000 });
  expect(job.status, JSON.stringify(job.body)).toBe(201);
  const added = await api.post(`/v2/jobs/${job.body.id}/outsourcing`, { supplier: supplierId, currency, fixedPrice: options.total });
  expect(added.status, JSON.stringify(added.body).slice(0, 300)).toBeLessThan(300);
  const outsourcingId = added.body.outsourcing.at(-1).id as string;
  const po = await api.post('/v2/purchase-orders', { supplier: supplierId, currency }, { json: true });
  expect(po.status, JSON.stringify(po.body)).toBe(201);
  expect((await api.post(`/v2/purchase-orders/${po.body.id}/outsourcing/${outsourcingId}`)).status).toBe(200);
  if (options.send !== false) expect((await api.post(`/v2/purchase-orders/${po.body.id}/send`)).status).toBe(200);
  if (work === 'completed') {
    const finished = await api.put(`/v2/jobs/${job.body.id}/outsourcing/${outsourcingId}`, { status: 4 });
    expect(finished.status, JSON.stringify(finished.body)).toBe(200);
  }
  return { id: po.body.id as string, jobId: job.body.id as string, outsourcingId };
}

export interface Submission {
  number?: string;
  date?: string;
  currency?: string;
  total?: string;
  purchaseOrderIds?: string[];
  explanation?: string;
  file?: Buffer | string | null;
  fileType?: string;
  extra?: Part[];
}

/** The multipart body of a submission: the fields given (a missing key: no part), the PDF unless `file: null`. */
export function submissionBody(submission: Submission): Buffer {
  const parts: Part[] = [];
  for (const key of ['number', 'date', 'currency', 'total', 'explanation'] as const) {
    const value = submission[key];
    if (value !== undefined) parts.push({ name: key, content: value });
  }
  for (const id of submission.purchaseOrderIds ?? []) parts.push({ name: 'purchaseOrderIds', content: id });
  parts.push(...(submission.extra ?? []));
  if (submission.file !== null)
    parts.push({ name: 'file', filename: 'invoice 42.pdf', content: submission.file ?? PDF, type: submission.fileType ?? 'application/pdf' });
  return multipartBody(parts);
}

/** Submits an invoice as the signed-in person of this browser (any browser: an agency session is refused). */
export async function submit(browser: Browser, submission: Submission): Promise<Reply> {
  const headers: Record<string, string> = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };
  if (browser.cookie !== undefined) headers.cookie = `${browser.cookieName}=${browser.cookie}`;
  if (browser.csrfToken !== undefined) headers['x-csrf-token'] = browser.csrfToken;
  return rawPost(browser.app, headers, submissionBody(submission));
}

/** POSTs a raw body to the portal's invoices. */
export async function rawPost(app: FastifyInstance, headers: Record<string, string>, payload: Buffer | string): Promise<Reply> {
  const raw = await app.inject({ method: 'POST', url: '/v2/portal/invoices', headers, payload });
  const json = (raw.headers['content-type'] ?? '').toString().includes('json') && raw.body.length > 0;
  return { status: raw.statusCode, body: json ? JSON.parse(raw.body) : raw.body, headers: raw.headers, raw };
}

/** A valid submission of these orders, totalling `total`. */
export const valid = (purchaseOrderIds: string[], total: string, more: Submission = {}): Submission => ({
  number: 'INV-2026-042',
  date: '2026-11-20',
  currency: 'EUR',
  total,
  purchaseOrderIds,
  ...more,
});

/** The number of events of the account: a refused request records none. */
export async function events(t: TestContext, type: string): Promise<number> {
  const rows = await t.database.db.selectFrom('events').select('id').where('account_id', '=', t.account.accountId).where('type', '=', type).execute();
  return rows.length;
}
