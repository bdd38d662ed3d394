import { connect, type AddressInfo, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app.js';
import { loadConfig } from '../../../src/config.js';
import type { Database } from '../../../src/core/db/database.js';
import { openTestDatabase } from '../../helper.js';

/**
 * IDLE_TIMEOUT_MS cuts a silent connection, but not one whose request the server is still working
 * on (src/core/http/idle-timeout-plugin.ts): a request that takes three times the idle limit, body
 * complete, is answered; the connection is cut again once the answer has been sent and nothing
 * moves. The slow work is a route of this test only (a sleep in its handler), so the time does not
 * depend on the machine.
 */
const IDLE_MS = 400;

let app: FastifyInstance;
let database: Database;
let drop: () => Promise<void>;
let base: string;
const serverSockets: Socket[] = [];

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  const config = loadConfig({ IDLE_TIMEOUT_MS: String(IDLE_MS), RATE_LIMIT_PER_MINUTE: '0', LOG_LEVEL: 'silent' });
  app = await buildApp({
    config,
    database,
    logger: false,
    instrument: (instance) => {
      instance.post('/test/slow-work', { config: { public: true } }, async (request) => {
        await new Promise((resolve) => setTimeout(resolve, 3 * IDLE_MS));
        return { worked: true, received: request.body };
      });
      // Far more than the socket buffers hold, so that a client that does not read stalls the writes.
      instance.get('/test/slow-large-answer', { config: { public: true } }, async (_request, reply) => {
        await new Promise((resolve) => setTimeout(resolve, 2 * IDLE_MS));
        return reply.type('text/plain').send('x'.repeat(64 * 1024 * 1024));
      });
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  app.server.on('connection', (socket) => serverSockets.push(socket));
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  await drop?.();
});

describe('IDLE_TIMEOUT_MS while the server works', () => {
  it('a request worked on for three times the idle limit is answered, not cut', async () => {
    const answer = await fetch(`${base}/test/slow-work`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ rows: 3 }),
    });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ worked: true, received: { rows: 3 } });
  });

  it('the timer runs again for the answer: a client that does not read a large answer is cut after the idle limit', async () => {
    const socket = connect({ port: Number(new URL(base).port), host: '127.0.0.1' });
    socket.on('error', () => {});
    await new Promise((resolve) => socket.once('connect', resolve));
    // Never read: the server's writes fill the socket buffers and stop moving.
    socket.pause();
    const serverSide = serverSockets.at(-1)!;
    const closedByServer = new Promise<void>((resolve) => serverSide.once('close', () => resolve()));
    const sent = performance.now();
    socket.write('GET /test/slow-large-answer HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    // Closed by the idle timer (without it the test times out): after the work and one idle period,
    // with most of the answer never delivered.
    await closedByServer;
    expect(performance.now() - sent).toBeGreaterThanOrEqual(3 * IDLE_MS - 100);
    expect(socket.readableLength + socket.bytesRead).toBeLessThan(64 * 1024 * 1024);
    socket.destroy();
  });
});
