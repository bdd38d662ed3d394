import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { buildCli, call, freshDatabase, killAll, onPostgres, serve, serverEnv, stop, type Server } from '../processes.js';
import { openDatabase, type Database } from '../../src/core/db/database.js';
import { newId } from '../../src/core/ids.js';

/**
 * The outbox survives a crash (docs/webhooks.md#delivery-guarantees): the real server
 * with a webhook endpoint, writers creating clients, a SIGKILL while deliveries are pending and
 * in flight (the receiver answers slowly), a restart on the same database: every change answered
 * 2xx reaches the receiver at least once, and every delivery ends `succeeded`.
 */
const WRITERS = 4;
const KILL_AFTER = 60;

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

describe('SIGKILL while webhook deliveries are pending and in flight', () => {
  it('every acknowledged change is delivered at least once after a restart', async () => {
    const received = new Map<string, number>();
    const receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString()) as { type: string; data: { id: string } };
        // Slow: deliveries are in flight when the kill comes.
        setTimeout(() => {
          if (body.type === 'client.created') received.set(body.data.id, (received.get(body.data.id) ?? 0) + 1);
          response.writeHead(204).end();
        }, 150);
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    cleanup.push(() => new Promise((resolve) => receiver.close(resolve)));
    const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

    const fresh = await freshDatabase();
    cleanup.push(fresh.drop);
    const key = `outbox_${randomBytes(12).toString('hex')}`;
    const env = serverEnv(fresh.url, { BOOTSTRAP_API_KEY: key, WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true', OUTBOX_LEASE_MS: '2000', WEBHOOK_TIMEOUT_MS: '1000' });
    let server: Server = await serve(cli, env);
    const accountId = /^Account: (\w+)$/m.exec(server.output())![1]!;

    const database: Database = openDatabase(fresh.url, { poolSize: 1 });
    cleanup.push(() => database.close());
    const now = new Date().toISOString();
    await database.db
      .insertInto('webhook_endpoints')
      .values({
        id: newId(),
        account_id: accountId,
        url: hook,
        events: JSON.stringify(['client.created']),
        description: '',
        enabled: 1,
        disabled_reason: null,
        secret: `whsec_${randomBytes(24).toString('base64')}`,
        previous_secret: null,
        previous_secret_expires_at: null,
        failing_since: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    // The server sees an endpoint written by another process within a second (the endpoints watch).
    await new Promise((resolve) => setTimeout(resolve, 1_500));

    const acknowledged: string[] = [];
    let killed = false;
    const writer = async (index: number) => {
      for (let n = 0; !killed; n += 1) {
        try {
          const reply = await call(server, key, 'POST', '/v2/clients', { name: `Writer ${index} client ${n}` });
          if (reply.status === 201) acknowledged.push((reply.body as { id: string }).id);
        } catch {
          return; // the connection died with the server
        }
        if (!killed && acknowledged.length >= KILL_AFTER) {
          killed = true;
          server.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: WRITERS }, (_, index) => writer(index)));
    await server.exited;
    const beforeRestart = acknowledged.filter((id) => received.has(id)).length;
    console.info(`[outbox-crash] ${acknowledged.length} acknowledged, ${beforeRestart} delivered before the kill (${onPostgres ? 'PostgreSQL' : 'SQLite'})`);

    server = await serve(cli, env);
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline && !acknowledged.every((id) => received.has(id))) await new Promise((resolve) => setTimeout(resolve, 200));
    expect(acknowledged.filter((id) => !received.has(id))).toEqual([]);
    // Every delivery written ends succeeded (those of changes the kill cut before their answer too).
    const waitAll = Date.now() + 10_000;
    let open = -1;
    while (Date.now() < waitAll && open !== 0) {
      const rows = await database.db.selectFrom('deliveries').select(['status']).where('status', '!=', 'succeeded').execute();
      open = rows.length;
      if (open) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(open).toBe(0);
    // Every event's deliveries were written (the fan-outs of the changes the kill cut too).
    expect(await database.db.selectFrom('webhook_fanouts').select('event_id').execute()).toEqual([]);
    await stop(server);
  }, 120_000);
});
