import { expect } from 'vitest';
import type { Api } from '../../helper.js';

/** Quotes and invoices of a client made through the agency's API, for the client portal's tests. */
export interface ClientWork {
  service: string;
  unit: string;
  vat: string;
}

let counter = 0;
const uniq = () => `${++counter}-${Math.random().toString(36).slice(2, 8)}`;

export async function clientWork(api: Api): Promise<ClientWork> {
  const service = await api.post('/v2/account/services', { name: `Translation ${uniq()}` });
  const unit = await api.post('/v2/account/quantity-types', { name: `Words ${uniq()}` });
  const vat = await api.post('/v2/account/taxes', { name: `VAT ${uniq()}`, value: 0.21 });
  return { service: service.body.id as string, unit: unit.body.id as string, vat: vat.body.id as string };
}

/** A job of the client with a fixed price. */
export async function jobOf(api: Api, w: ClientWork, clientId: string, fixedPrice = 100): Promise<string> {
  const reply = await api.post('/v2/jobs', { name: `Job ${uniq()}`, client: clientId, quantity: 100, quantityType: w.unit, service: w.service, fixedPrice });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body.id as string;
}

/** A quote of the client with one job (and a free line), sent unless `send` is false. */
export async function quoteOf(api: Api, w: ClientWork, clientId: string, options: { send?: boolean; validityDate?: string } = {}) {
  const job = await jobOf(api, w, clientId);
  const created = await api.post('/v2/quotes', {
    client: clientId,
    jobs: [job],
    tax1: w.vat,
    lines: [{ description: 'Project management', quantity: 2, unitCost: 12.5 }],
    ...(options.validityDate === undefined ? {} : { validityDate: options.validityDate }),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.id as string;
  if (options.send !== false) expect((await api.post(`/v2/quotes/${id}/send`, {})).status).toBe(200);
  return { id, job };
}

/** A sent invoice of the client with one job, optionally part-paid. */
export async function invoiceOf(api: Api, w: ClientWork, clientId: string, options: { send?: boolean; paid?: number } = {}) {
  const job = await jobOf(api, w, clientId);
  const created = await api.post('/v2/invoices', { client: clientId, jobs: [job], tax1: w.vat });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.id as string;
  if (options.send !== false) expect((await api.post(`/v2/invoices/${id}/send`, {})).status).toBe(200);
  if (options.paid !== undefined) {
    const paid = await api.post(`/v2/invoices/${id}/payments`, { amount: options.paid, date: '2026-01-15' });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  }
  return { id, job };
}
