import { expect } from 'vitest';
import type { ConsoleWorld } from '../harness.js';

/**
 * Supplier invoices for the browser tests (docs/supplier-invoices.md): a supplier with a portal
 * person, completed purchase orders made through the agency's API, and invoices submitted through
 * the portal's API as that person would.
 */

/** The smallest bytes that pass as a PDF: the header, a body, the end marker. */
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');

/** A supplier and one of its contacts with portal access: the sign-in link's path (`/portal/sign-in#token=…`) and token. */
export async function portalSupplier(world: ConsoleWorld, name: string) {
  const supplier = await world.api<{ id: string }>('POST', '/v2/suppliers', { name: `${name} Translations`, currency: 'EUR' });
  const contact = await world.api<{ id: string }>('POST', `/v2/suppliers/${supplier.id}/contacts`, {
    fullName: `${name} Person`,
    email: `${name.toLowerCase()}@invoices.example`,
  });
  const granted = await world.api<{ link: { url: string } }>('POST', `/v2/suppliers/${supplier.id}/contacts/${contact.id}/portal-access`, {});
  const url = new URL(granted.link.url);
  return { supplierId: supplier.id, contactId: contact.id, linkPath: url.pathname + url.hash, token: url.hash.replace('#token=', '') };
}

/** A new sign-in link for the supplier's portal person (earlier unused links stop working; sessions stay). */
export async function newSignInLink(world: ConsoleWorld, supplier: { supplierId: string; contactId: string }): Promise<string> {
  const granted = await world.api<{ link: { url: string } }>('POST', `/v2/suppliers/${supplier.supplierId}/contacts/${supplier.contactId}/portal-access`, {});
  const url = new URL(granted.link.url);
  return url.pathname + url.hash;
}

const byName = (list: Array<{ id: string; name: string }>, name: string) => list.find((item) => item.name === name)!.id;

/**
 * A completed purchase order of the supplier for `total`: a job, an outsourcing of it to the
 * supplier, a purchase order of that outsourcing, sent, and the outsourcing finished (status 4).
 */
export async function completedPurchaseOrder(world: ConsoleWorld, supplierId: string, total: number): Promise<{ id: string; number: string }> {
  const service = byName(await world.api('GET', '/v2/account/services'), 'Translation');
  const words = byName(await world.api('GET', '/v2/account/quantity-types'), 'Words');
  const client = (await world.api<{ id: string }>('POST', '/v2/clients', { name: `Invoice Client ${Math.random().toString(36).slice(2, 8)}` })).id;
  const job = await world.api<{ id: string }>('POST', '/v2/jobs', {
    name: 'Invoiced work',
    client,
    service,
    quantityType: words,
    quantity: 100,
    fixedPrice: 5000,
  });
  const made = await world.api<{ outsourcing: Array<{ id: string }> }>('POST', `/v2/jobs/${job.id}/outsourcing`, {
    supplier: supplierId,
    currency: 'EUR',
    fixedPrice: total,
  });
  const outsourcingId = made.outsourcing.at(-1)!.id;
  const order = await world.api<{ id: string }>('POST', '/v2/purchase-orders', { supplier: supplierId, currency: 'EUR' });
  await world.api('POST', `/v2/purchase-orders/${order.id}/outsourcing/${outsourcingId}`);
  const sent = await world.api<{ id: string; number: string; total: { total: number } }>('POST', `/v2/purchase-orders/${order.id}/send`);
  expect(sent.total.total).toBe(total);
  await world.api('PUT', `/v2/jobs/${job.id}/outsourcing/${outsourcingId}`, { status: 4 });
  return { id: sent.id, number: sent.number };
}

/** The portal person's session, signed in with the link's token outside the browser. */
export async function portalSession(world: ConsoleWorld, token: string) {
  const response = await fetch(`${world.baseUrl}/v2/portal/auth/sign-in`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  expect(response.status).toBe(200);
  const { csrfToken } = (await response.json()) as { csrfToken: string };
  return { cookie: response.headers.get('set-cookie')!.split(';')[0]!, csrfToken };
}

/** Submits an invoice as the portal person (POST /v2/portal/invoices, multipart with the PDF). */
export async function submitInvoice(
  world: ConsoleWorld,
  session: { cookie: string; csrfToken: string },
  fields: { number: string; total: string; purchaseOrderIds: string[]; explanation?: string },
): Promise<{ id: string }> {
  const form = new FormData();
  form.append('number', fields.number);
  form.append('date', '2026-11-20');
  form.append('currency', 'EUR');
  form.append('total', fields.total);
  for (const id of fields.purchaseOrderIds) form.append('purchaseOrderIds', id);
  if (fields.explanation) form.append('explanation', fields.explanation);
  form.append('file', new Blob([PDF], { type: 'application/pdf' }), `${fields.number}.pdf`);
  const response = await fetch(`${world.baseUrl}/v2/portal/invoices`, {
    method: 'POST',
    headers: { Cookie: session.cookie, 'X-CSRF-Token': session.csrfToken },
    body: form,
  });
  const body = await response.text();
  expect(response.status, body).toBe(201);
  return JSON.parse(body) as { id: string };
}
