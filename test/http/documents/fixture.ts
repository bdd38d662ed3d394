import { expect } from 'vitest';
import type { Api } from '../../helper.js';

/** Shared set-up of the documents tests: a client, a supplier, a service, a unit, taxes, jobs with a fixed price. */
export interface DocWorld {
  client: string;
  otherClient: string;
  supplier: string;
  service: string;
  unit: string;
  vat: string;
  tax2: string;
}

let counter = 0;
const uniq = () => `${++counter}-${Math.random().toString(36).slice(2, 8)}`;

async function created(api: Api, path: string, params: Record<string, unknown>): Promise<string> {
  const reply = await api.post(path, params as never);
  expect(reply.status, `${path} ${JSON.stringify(reply.body)}`).toBe(201);
  return reply.body.id as string;
}

export async function docWorld(api: Api): Promise<DocWorld> {
  return {
    client: await created(api, '/v2/clients', {
      name: `Acme ${uniq()}`,
      currency: 'EUR',
      address: { street: '1 Main Street', city: 'Brussels', postalCode: '1000', country: 'BE' },
    }),
    otherClient: await created(api, '/v2/clients', { name: `Other ${uniq()}`, currency: 'EUR' }),
    supplier: await created(api, '/v2/suppliers', { name: `Translator ${uniq()}`, currency: 'EUR' }),
    service: await created(api, '/v2/account/services', { name: `Translation ${uniq()}` }),
    unit: await created(api, '/v2/account/quantity-types', { name: `Words ${uniq()}` }),
    vat: await created(api, '/v2/account/taxes', { name: `VAT ${uniq()}`, value: 0.21 }),
    tax2: await created(api, '/v2/account/taxes', { name: `Levy ${uniq()}`, value: 0.015 }),
  };
}

/** A job of the world's client with a fixed price (its estimation total). */
export async function fixedJob(api: Api, w: DocWorld, fixedPrice: number, extra: Record<string, unknown> = {}): Promise<string> {
  return created(api, '/v2/jobs', { name: `Job ${uniq()}`, client: w.client, quantity: 100, quantityType: w.unit, service: w.service, fixedPrice, ...extra });
}

export async function job(api: Api, id: string): Promise<any> {
  const reply = await api.get(`/v2/jobs/${id}`);
  expect(reply.status).toBe(200);
  return reply.body;
}

export async function newInvoice(api: Api, params: Record<string, unknown>): Promise<any> {
  const reply = await api.post('/v2/invoices', params as never);
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body;
}
