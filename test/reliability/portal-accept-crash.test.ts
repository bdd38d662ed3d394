import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { buildCli, call, freshDatabase, killAll, onPostgres, serve, serverEnv, stop, type Server } from '../processes.js';
import { openDatabase, type Database } from '../../src/core/db/database.js';

/**
 * Accepts with their purchase orders survive a crash (docs/supplier-portal.md#purchase-orders): the
 * real server, work offered on the portal that asks a purchase order on acceptance, writers
 * accepting it at once (the supplier's person on the portal, and the agency on their behalf, two
 * of them at a time on each piece of work), a SIGKILL in the middle, a restart on the same database.
 * Every accept answered 2xx is still accepted with exactly one purchase order; no purchase order
 * exists without an accept; each order is whole (sent, numbered, its line, its total, its e-mail
 * queued), and the numbers run without a gap or a repeat.
 */
const WORK = 40;
const WRITERS = 6;
const KILL_AFTER = 14;

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

/** The portal person's headers: the session cookie and the CSRF token of the writes. */
async function portalHeaders(server: Server, key: string, supplierId: string, contactId: string): Promise<Record<string, string>> {
  const granted = await call(server, key, 'POST', `/v2/suppliers/${supplierId}/contacts/${contactId}/portal-access`, {});
  expect(granted.status, JSON.stringify(granted.body)).toBe(200);
  const token = new URL(granted.body.link.url as string).hash.slice('#token='.length);
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
  return { cookie, 'x-csrf-token': ((await response.json()) as { csrfToken: string }).csrfToken };
}

describe('SIGKILL while offers are accepted with their purchase orders', () => {
  it('every acknowledged accept keeps exactly one whole purchase order, and no order is left without its accept', async () => {
    const fresh = await freshDatabase();
    cleanup.push(fresh.drop);
    const key = `accept_${randomBytes(12).toString('hex')}`;
    // SMTP configured (nothing listens: the worker is off), so each order's e-mail is queued in its accept.
    const env = serverEnv(fresh.url, { BOOTSTRAP_API_KEY: key, SMTP_URL: 'smtp://127.0.0.1:9', OUTBOX_WORKER: 'false' });
    let server: Server = await serve(cli, env);
    const api = (method: string, path: string, body?: unknown) => call(server, key, method, path, body);

    expect((await api('PUT', '/v2/account', { purchaseOrderNumberFormat: 'PO{SEQ:5}' })).status).toBe(200);
    const supplier = await api('POST', '/v2/suppliers', { name: 'Crash Supplier', currency: 'EUR', email: 'orders@crash.example' });
    const contact = await api('POST', `/v2/suppliers/${supplier.body.id}/contacts`, { fullName: 'Crash Person', email: 'person@crash.example' });
    const headers = await portalHeaders(server, key, supplier.body.id, contact.body.id);
    const service = (await api('POST', '/v2/account/services', { name: 'Crash service' })).body.id as string;
    const unit = ((await api('GET', '/v2/account/quantity-types')).body as Array<{ id: string }>)[0]!.id;
    const client = (await api('POST', '/v2/clients', { name: 'Crash client', currency: 'EUR' })).body.id as string;
    const work: Array<{ jobId: string; id: string }> = [];
    for (let n = 0; n < WORK; n += 1) {
      const job = await api('POST', '/v2/jobs', { name: `Crash job ${n}`, client, service, quantity: 100, quantityType: unit });
      const made = await api('POST', `/v2/jobs/${job.body.id}/outsourcing`, { supplier: supplier.body.id, unitCost: 0.07 });
      const id = made.body.outsourcing.at(-1).id as string;
      const put = await api('PUT', `/v2/jobs/${job.body.id}/outsourcing/${id}/portal`, {
        enabled: true,
        confirm: true,
        generatePurchaseOrderOnAcceptation: true,
      });
      expect(put.status, JSON.stringify(put.body)).toBe(200);
      work.push({ jobId: job.body.id as string, id });
    }

    const acknowledged = new Set<string>();
    let killed = false;
    let next = 0;
    // Each piece of work is taken by two writers in a row: one as the supplier, the other for them; one wins, the other is a 409.
    const writer = async (index: number) => {
      while (!killed && next < WORK * 2) {
        const item = work[Math.floor(next / 2)]!;
        next += 1;
        try {
          const reply =
            index % 2 === 0
              ? await fetch(`${server.url}/v2/portal/work/${item.id}/accept`, {
                  method: 'POST',
                  headers: { ...headers, 'content-type': 'application/json' },
                  body: '{}',
                })
              : await fetch(`${server.url}/v2/jobs/${item.jobId}/outsourcing/${item.id}/portal/accept`, {
                  method: 'POST',
                  headers: { authorization: `Basic ${Buffer.from(`${key}:`).toString('base64')}`, 'content-type': 'application/json' },
                  body: '{}',
                });
          if (reply.status === 200) acknowledged.add(item.id);
          else if (reply.status !== 409) throw new Error(`accept answered ${reply.status}: ${await reply.text()}`);
        } catch (error) {
          if (killed) return; // the connection died with the server
          throw error;
        }
        if (!killed && acknowledged.size >= KILL_AFTER) {
          killed = true;
          server.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: WRITERS }, (_, index) => writer(index)));
    await server.exited;
    console.info(`[portal-accept-crash] ${acknowledged.size} accepts acknowledged before the kill (${onPostgres ? 'PostgreSQL' : 'SQLite'})`);

    // The restart recovers the database as it was left (and migrates nothing new).
    server = await serve(cli, env);
    const database: Database = openDatabase(fresh.url, { poolSize: 1 });
    cleanup.push(() => database.close());
    const ids = work.map((item) => item.id);
    const accepted = new Set(
      (await database.db.selectFrom('outsourcing').select(['id', 'portal_confirm_status']).where('id', 'in', ids).execute())
        .filter((row) => row.portal_confirm_status === 2)
        .map((row) => row.id),
    );
    const orders = await database.db
      .selectFrom('documents as d')
      .leftJoin('document_lines as l', 'l.document_id', 'd.id')
      .select(['d.id', 'd.number', 'd.status', 'd.total', 'd.email_status', 'l.outsourcing_id'])
      .where('d.kind', '=', 'purchaseOrder')
      .execute();
    const byWork = new Map<string, string[]>();
    for (const order of orders) byWork.set(order.outsourcing_id ?? 'none', [...(byWork.get(order.outsourcing_id ?? 'none') ?? []), order.id]);

    expect([...acknowledged].filter((id) => !accepted.has(id))).toEqual([]);
    // Accepted ⇔ exactly one order; nothing else is on an order.
    for (const id of ids) expect(byWork.get(id)?.length ?? 0, id).toBe(accepted.has(id) ? 1 : 0);
    expect(orders).toHaveLength(accepted.size);
    // Each order whole: sent, numbered, its one line's total, its e-mail queued with it.
    for (const order of orders) expect(order).toMatchObject({ status: 2, number: expect.stringMatching(/^PO\d{5}$/), email_status: 'processed' });
    expect(orders.map((order) => Number(order.total))).toEqual(orders.map(() => 7));
    const mails = await database.db.selectFrom('deliveries').select(['payload']).where('kind', '=', 'email').execute();
    expect(mails.map((row) => (JSON.parse(row.payload) as { documentId: string }).documentId).sort()).toEqual(orders.map((order) => order.id).sort());
    // Numbers without a gap or a repeat: the sequence moved only with committed orders.
    const numbers = orders.map((order) => Number(order.number!.slice(2))).sort((a, b) => a - b);
    expect(numbers).toEqual(numbers.map((_, index) => index + 1));

    // The work left unanswered can still be accepted after the restart, with its order.
    const open = work.find((item) => !accepted.has(item.id));
    if (open !== undefined) {
      const reply = await call(server, key, 'POST', `/v2/jobs/${open.jobId}/outsourcing/${open.id}/portal/accept`, {});
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      const count = await database.db.selectFrom('document_lines').select('id').where('outsourcing_id', '=', open.id).execute();
      expect(count).toHaveLength(1);
    }
    await stop(server);
  }, 120_000);
});
