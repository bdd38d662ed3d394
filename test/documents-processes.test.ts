import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCli, call, freshDatabase, killAll, onPostgres, serve, serverEnv, stop, type Server } from './processes.js';

/**
 * Invoice numbering under concurrency across two server processes (docs/documents.md#rules): two
 * `serve` processes of the built CLI on one fresh PostgreSQL database, 20 drafts sent at once,
 * half through each process. PostgreSQL only: a SQLite file is served by one process.
 */
const COUNT = 20;

const title = onPostgres
  ? 'invoice numbers across two server processes on one PostgreSQL database'
  : 'invoice numbers across two server processes (skipped: PostgreSQL only, run with DATABASE_URL=postgres://…; a SQLite file is served by one process)';

describe.skipIf(!onPostgres)(title, () => {
  const servers: Server[] = [];
  const key = `proc_${Math.random().toString(16).slice(2)}${Date.now().toString(16)}`;
  let cleanup: Array<() => unknown> = [];

  beforeAll(async () => {
    const build = await buildCli();
    cleanup.push(build.remove);
    const database = await freshDatabase();
    cleanup.push(database.drop);
    // The first process migrates and bootstraps the empty database; the second starts after it.
    servers.push(await serve(build.cli, serverEnv(database.url, { FILE_STORAGE: 'db', BOOTSTRAP_API_KEY: key })));
    servers.push(await serve(build.cli, serverEnv(database.url, { FILE_STORAGE: 'db' })));
  }, 180_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => stop(server)));
    killAll();
    for (const step of cleanup.reverse()) await step();
    cleanup = [];
  }, 60_000);

  it(`${COUNT} drafts sent at once, half through each process: ${COUNT} distinct consecutive numbers, no 5xx`, async () => {
    const [a, b] = servers as [Server, Server];
    // Both processes serve the bootstrapped key.
    expect((await call(a, key, 'GET', '/v2/users/me')).status).toBe(200);
    expect((await call(b, key, 'GET', '/v2/users/me')).status).toBe(200);
    const client = await call(a, key, 'POST', '/v2/clients', { name: 'Concurrent Client', currency: 'EUR' });
    expect(client.status, JSON.stringify(client.body)).toBe(201);
    const drafts: string[] = [];
    for (let i = 0; i < COUNT; i++) {
      const draft = await call(a, key, 'POST', '/v2/invoices', {
        client: client.body.id,
        lines: [{ description: `Work ${i + 1}`, quantity: 1, unitCost: 10 + i }],
      });
      expect(draft.status, JSON.stringify(draft.body)).toBe(201);
      drafts.push(draft.body.id);
    }
    const replies = await Promise.all(drafts.map((id, i) => call(i % 2 === 0 ? a : b, key, 'POST', `/v2/invoices/${id}/send`)));
    expect(replies.filter((reply) => reply.status >= 500)).toEqual([]);
    expect(replies.map((reply) => reply.status)).toEqual(Array(COUNT).fill(200));
    const year = (replies[0]!.body.issueDate as string).slice(0, 4);
    const numbers = replies.map((reply) => reply.body.number as string);
    expect(new Set(numbers).size).toBe(COUNT);
    expect([...numbers].sort()).toEqual(Array.from({ length: COUNT }, (_, i) => `INV-${year}-${String(i + 1).padStart(4, '0')}`));
    // Both processes see the same 20 sent invoices.
    const listed = await call(b, key, 'GET', '/v2/invoices?status[]=2&pageSize=100');
    expect(listed.body.totalItems).toBe(COUNT);
    expect(listed.body.items.map((item: any) => item.number).sort()).toEqual([...numbers].sort());
  }, 120_000);
});
