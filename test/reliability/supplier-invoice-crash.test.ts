import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { buildCli, call, freshDatabase, killAll, onPostgres, serve, serverEnv, stop, type Server } from '../processes.js';
import { openDatabase, type Database } from '../../src/core/db/database.js';

/**
 * A supplier invoice is never half-written (docs/supplier-invoices.md#the-pdf): the real server,
 * writers submitting invoices from the portal at once (each with a PDF of a few hundred KB), a
 * SIGKILL in the middle, a restart on the same database and storage: every submission answered
 * 201 is whole (its row, its purchase order's link, its PDF readable byte for byte), and every
 * invoice in the database, answered or not, is whole too.
 */
const WRITERS = 4;
const KILL_AFTER = 12;
const ORDERS = 30;
const PDF_BYTES = 300 * 1024;

let cli: string;
const cleanup: Array<() => unknown> = [];
beforeAll(async () => {
  const build = await buildCli();
  cleanup.push(build.remove);
  cli = build.cli;
}, 180_000);
afterAll(async () => {
  killAll();
  for (const step of cleanup.reverse()) await step();
}, 60_000);

/** A PDF of `size` bytes: the header, then random bytes (each submission's content its own). */
const pdfOf = (size: number) => Buffer.concat([Buffer.from('%PDF-1.7\n', 'latin1'), randomBytes(size)]);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A portal session of the supplier's contact: its cookie and CSRF token. */
async function portalSession(server: Server, key: string, supplierId: string, contactId: string) {
  const granted = await call(server, key, 'POST', `/v2/suppliers/${supplierId}/contacts/${contactId}/portal-access`, {});
  expect(granted.status).toBe(200);
  const token = new URL((granted.body as { link: { url: string } }).link.url).hash.slice('#token='.length);
  const response = await fetch(`${server.url}/v2/portal/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  expect(response.status).toBe(200);
  const cookie = response.headers
    .getSetCookie()
    .find((line) => line.startsWith('td_portal='))!
    .split(';')[0]!;
  return { cookie, csrf: ((await response.json()) as { csrfToken: string }).csrfToken };
}

describe('SIGKILL while suppliers submit invoices', () => {
  it('every invoice answered 201 is whole after a restart, and none is half-written', async () => {
    const fresh = await freshDatabase();
    cleanup.push(fresh.drop);
    const key = `invoices_${randomBytes(12).toString('hex')}`;
    const env = serverEnv(fresh.url, { BOOTSTRAP_API_KEY: key, FILE_STORAGE: `fs:${join(fresh.dir, 'files')}` });
    let server: Server = await serve(cli, env);

    const supplier = await call(server, key, 'POST', '/v2/suppliers', { name: 'Crash Supplier', currency: 'EUR' });
    const supplierId = (supplier.body as { id: string }).id;
    const contact = await call(server, key, 'POST', `/v2/suppliers/${supplierId}/contacts`, { fullName: 'Crash Person', email: 'crash@example.com' });
    const session = await portalSession(server, key, supplierId, (contact.body as { id: string }).id);
    const orders: string[] = [];
    for (let n = 0; n < ORDERS; n += 1) {
      const order = await call(server, key, 'POST', '/v2/purchase-orders', {
        supplier: supplierId,
        lines: [{ description: `Work ${n}`, quantity: 1, unitCost: 10 + n }],
      });
      const id = (order.body as { id: string }).id;
      expect((await call(server, key, 'POST', `/v2/purchase-orders/${id}/send`)).status).toBe(200);
      orders.push(id);
    }

    const acknowledged: Array<{ id: string; order: string; sha: string; size: number }> = [];
    let killed = false;
    let next = 0;
    const writer = async () => {
      while (!killed && next < orders.length) {
        const n = next++;
        const order = orders[n]!;
        const pdf = pdfOf(PDF_BYTES);
        const form = new FormData();
        form.append('number', `CRASH-${n}`);
        form.append('date', '2026-11-20');
        form.append('currency', 'EUR');
        form.append('total', String(10 + n));
        form.append('purchaseOrderIds', order);
        form.append('file', new Blob([pdf], { type: 'application/pdf' }), `crash-${n}.pdf`);
        try {
          const response = await fetch(`${server.url}/v2/portal/invoices`, {
            method: 'POST',
            headers: { cookie: session.cookie, 'x-csrf-token': session.csrf },
            body: form,
          });
          const body = (await response.json()) as { id: string };
          if (response.status === 201) acknowledged.push({ id: body.id, order, sha: sha256(pdf), size: pdf.length });
          else throw new Error(`submission ${n} answered ${response.status} ${JSON.stringify(body)}`);
        } catch (error) {
          if (killed) return; // the connection died with the server
          throw error;
        }
        if (!killed && acknowledged.length >= KILL_AFTER) {
          killed = true;
          server.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: WRITERS }, () => writer()));
    await server.exited;
    console.info(`[supplier-invoice-crash] ${acknowledged.length} acknowledged of ${next} sent (${onPostgres ? 'PostgreSQL' : 'SQLite'})`);
    expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER);

    server = await serve(cli, env);
    for (const sent of acknowledged) {
      const invoice = await call(server, key, 'GET', `/v2/supplier-invoices/${sent.id}`);
      expect(invoice.status).toBe(200);
      expect(invoice.body).toMatchObject({ status: 'submitted', purchaseOrders: [{ id: sent.order }], pdf: { size: sent.size, sha256: sent.sha } });
      const pdf = await fetch(`${server.url}/v2/supplier-invoices/${sent.id}/pdf`, {
        headers: { authorization: `Basic ${Buffer.from(`${key}:`).toString('base64')}` },
      });
      expect(pdf.status).toBe(200);
      expect(sha256(Buffer.from(await pdf.arrayBuffer()))).toBe(sent.sha);
    }

    // Answered or not, every invoice in the database is whole: its link, its PDF; no order is on two.
    const database: Database = openDatabase(fresh.url, { poolSize: 1 });
    cleanup.push(() => database.close());
    const invoices = await database.db.selectFrom('supplier_invoices').selectAll().execute();
    const links = await database.db.selectFrom('supplier_invoice_orders').selectAll().execute();
    expect(invoices.length).toBeGreaterThanOrEqual(acknowledged.length);
    for (const invoice of invoices) {
      expect(links.filter((link) => link.supplier_invoice_id === invoice.id)).toHaveLength(1);
      const pdf = await fetch(`${server.url}/v2/supplier-invoices/${invoice.id}/pdf`, {
        headers: { authorization: `Basic ${Buffer.from(`${key}:`).toString('base64')}` },
      });
      const bytes = Buffer.from(await pdf.arrayBuffer());
      expect(bytes.length).toBe(Number(invoice.pdf_size));
      expect(sha256(bytes)).toBe(invoice.pdf_sha256);
    }
    expect(new Set(links.map((link) => link.purchase_order_id)).size).toBe(links.length);
    // The orders of the submissions the kill cut may be invoiced now.
    const left = orders.filter((order) => !links.some((link) => link.purchase_order_id === order));
    if (left.length > 0) {
      const listed = await fetch(`${server.url}/v2/portal/purchase-orders?invoiceable=true`, { headers: { cookie: session.cookie } });
      expect(listed.status).toBe(200);
      expect(((await listed.json()) as Array<{ id: string }>).map((order) => order.id)).toEqual(expect.arrayContaining(left));
    }
    await stop(server);
  }, 120_000);
});
