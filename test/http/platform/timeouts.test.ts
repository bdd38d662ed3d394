import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../helper.js';

/**
 * Slow clients (docs/operations.md#slow-clients-and-timeouts): a real listening server with short timeouts, and raw sockets
 * that send a request a byte at a time. HEADERS_TIMEOUT_MS and REQUEST_TIMEOUT_MS are enforced by
 * Node every checkIntervalMs (here 250 ms), so a cut-off comes between the timeout and the timeout
 * plus that interval; SLACK allows for a busy machine, far above its delays (a cut-off that does
 * not come at all still fails). The cases run concurrently (about 4 s). The requests served while
 * slow clients hang on are checked by order (answered before the slow client is cut off), not by
 * how long they took: that is `npm run bench`'s.
 */
const HEADERS_MS = 1000;
const REQUEST_MS = 4000;
const IDLE_MS = 1500;
const KEEP_ALIVE_MS = 500;
const SLACK = 3000;
/** One byte every DRIP_MS: a client far slower than any real one, but never silent. */
const DRIP_MS = 200;

let t: TestContext;
let port: number;
const basic = (key: string) => `Basic ${Buffer.from(`${key}:`).toString('base64')}`;

beforeAll(async () => {
  t = await createTestApp({
    HEADERS_TIMEOUT_MS: String(HEADERS_MS),
    REQUEST_TIMEOUT_MS: String(REQUEST_MS),
    IDLE_TIMEOUT_MS: String(IDLE_MS),
    KEEP_ALIVE_TIMEOUT_MS: String(KEEP_ALIVE_MS),
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  // Once before the slow clients: the first requests of a process prepare its statements (PostgreSQL).
  await served();
});
afterAll(async () => {
  await t?.close();
});

interface Cut {
  /** Everything the server sent before closing. */
  received: string;
  /** Milliseconds from the first byte sent to the close. */
  closedAfterMs: number;
  /** Bytes of `drip` sent before the close. */
  dripped: number;
}

function open(): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1' }, () => resolve(socket));
    socket.once('error', reject);
  });
}

/**
 * Sends `head` at once (may be empty), then `drip` one byte every DRIP_MS, and waits for the
 * server to close the connection (at most `limitMs`, then the test fails).
 */
async function slowClient(head: string, drip: string, limitMs: number): Promise<Cut> {
  const socket = await open();
  let received = '';
  let dripped = 0;
  socket.on('data', (chunk) => (received += chunk.toString('latin1')));
  socket.on('error', () => {}); // the server may reset while a byte is in flight
  const started = Date.now();
  if (head) socket.write(head);
  const timer = setInterval(() => {
    if (dripped < drip.length && socket.writable) socket.write(drip[dripped++]!);
  }, DRIP_MS);
  if (!head) socket.write(drip[dripped++]!);
  try {
    return await new Promise<Cut>((resolve, reject) => {
      const limit = setTimeout(() => reject(new Error(`still open after ${limitMs} ms; received: ${JSON.stringify(received)}`)), limitMs);
      socket.once('close', () => {
        clearTimeout(limit);
        resolve({ received, closedAfterMs: Date.now() - started, dripped });
      });
    });
  } finally {
    clearInterval(timer);
    socket.destroy();
  }
}

/** Ordinary requests on other connections: /health and the key's user. */
async function served(): Promise<void> {
  const health = await fetch(`http://127.0.0.1:${port}/health`);
  expect(health.status).toBe(200);
  const me = await fetch(`http://127.0.0.1:${port}/v2/users/me`, { headers: { authorization: basic(t.account.apiKey) } });
  expect(me.status).toBe(200);
  expect(((await me.json()) as { id: string }).id).toBe(t.account.userId);
}

/**
 * `served` every 300 ms while `work` runs; at least one of them answered before `work` ends (the
 * slow client does not hold the others). One, not more: on a loaded CI host (two test workers and
 * PostgreSQL on 2 cores) a request has taken most of the second the slow client is given.
 */
async function whileServing<T>(work: Promise<T>): Promise<T> {
  let done = false;
  let answeredBefore = 0;
  const checks: Array<Promise<void>> = [];
  const loop = (async () => {
    while (!done) {
      checks.push(served().then(() => void (done || answeredBefore++)));
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  })();
  try {
    return await work;
  } finally {
    done = true;
    await loop;
    await Promise.all(checks);
    expect(answeredBefore).toBeGreaterThanOrEqual(1);
  }
}

// The API error body (docs/reference.md#errors), not Fastify's own (src/core/http/client-errors.ts).
const requestTimeout =
  /^HTTP\/1\.1 408 Request Timeout\r\n[\s\S]*\r\n\r\n\{"message":"The request was not received in time","name":"RequestTimeout","code":"request_timeout","id":"conn-[0-9a-z-]+"\}$/;

describe.concurrent('slow clients are cut off (HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS, IDLE_TIMEOUT_MS)', () => {
  it('the server runs with the configured timeouts, checked every 250 ms', () => {
    const server = t.app.server;
    expect(server.headersTimeout).toBe(HEADERS_MS);
    expect(server.requestTimeout).toBe(REQUEST_MS);
    expect(server.keepAliveTimeout).toBe(KEEP_ALIVE_MS);
    expect(server.timeout).toBe(IDLE_MS);
    expect((server as unknown as { connectionsCheckingInterval: number }).connectionsCheckingInterval).toBe(250);
  });

  it('headers sent one byte at a time: 408 and closed once HEADERS_TIMEOUT_MS is over; others are served meanwhile', async () => {
    const drip = `GET /v2/users/me HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${basic(t.account.apiKey)}\r\nX-Slow: ${'a'.repeat(200)}\r\n\r\n`;
    const cut = await whileServing(slowClient('', drip, HEADERS_MS + 250 + SLACK));
    expect(cut.received).toMatch(requestTimeout);
    expect(cut.closedAfterMs).toBeGreaterThanOrEqual(HEADERS_MS - 100);
    expect(cut.dripped).toBeLessThan(drip.length);
    await served();
  });

  it('a connection that sends nothing: 408 and closed once HEADERS_TIMEOUT_MS is over', async () => {
    const socket = await open();
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString('latin1')));
    const started = Date.now();
    const closedAfterMs = await new Promise<number>((resolve, reject) => {
      const limit = setTimeout(() => reject(new Error('still open')), HEADERS_MS + 250 + SLACK);
      socket.once('close', () => {
        clearTimeout(limit);
        resolve(Date.now() - started);
      });
    });
    expect(closedAfterMs).toBeGreaterThanOrEqual(HEADERS_MS - 100);
    expect(received).toMatch(requestTimeout);
  });

  it('a body sent one byte at a time after complete headers: 408 and closed once REQUEST_TIMEOUT_MS is over; nothing written', async () => {
    const before = await t.api.get('/v2/account/taxes');
    const body = JSON.stringify({ name: `Slow tax ${'x'.repeat(100)}`, value: 0.1 });
    const head = [
      'POST /v2/account/taxes HTTP/1.1',
      'Host: 127.0.0.1',
      `Authorization: ${basic(t.account.apiKey)}`,
      'Content-Type: application/json',
      `Content-Length: ${Buffer.byteLength(body)}`,
      '',
      '',
    ].join('\r\n');
    const cut = await whileServing(slowClient(head, body, REQUEST_MS + 250 + SLACK));
    expect(cut.received).toMatch(requestTimeout);
    expect(cut.closedAfterMs).toBeGreaterThanOrEqual(REQUEST_MS - 100);
    expect(cut.dripped).toBeLessThan(body.length);
    const after = await t.api.get('/v2/account/taxes');
    expect(after.body).toEqual(before.body);
    await served();
  });

  it('a client that stops sending in the middle of a body is closed after IDLE_TIMEOUT_MS without an answer', async () => {
    const head = `POST /v2/account/taxes HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${basic(t.account.apiKey)}\r\nContent-Type: application/json\r\nContent-Length: 50\r\n\r\n{"name":`;
    const cut = await whileServing(slowClient(head, '', IDLE_MS + SLACK));
    expect(cut.closedAfterMs).toBeGreaterThanOrEqual(IDLE_MS - 100);
    // The idle cut-off, not the request timeout: that one answers 408, this one closes with no answer
    // (told apart by what is received, not by a stopwatch a busy machine could stretch).
    expect(cut.received).toBe('');
  });

  it('a slow but complete request within the limits is answered', async () => {
    const socket = await open();
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString('latin1')));
    const closed = new Promise((resolve) => socket.once('close', resolve));
    for (const piece of ['GET /hea', 'lth HTTP/1.1\r\n', 'Host: 127.0.0.1\r\n', 'Connection: close\r\n', '\r\n']) {
      socket.write(piece);
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    await closed;
    expect(received).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(received).toContain('{"status":"ok"}');
    // On the wire too: the hardening headers, and nothing that names the server software.
    const head = received.slice(0, received.indexOf('\r\n\r\n')).toLowerCase();
    expect(head).toContain('\r\nx-content-type-options: nosniff');
    expect(head).toContain("\r\ncontent-security-policy: default-src 'none'");
    expect(head).not.toMatch(/\r\n(server|x-powered-by):/);
  });

  it('an idle keep-alive connection is closed after KEEP_ALIVE_TIMEOUT_MS', async () => {
    const socket = await open();
    let received = '';
    let answeredAt = 0;
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
      if (received.includes('{"status":"ok"}')) answeredAt ||= Date.now();
    });
    socket.write('GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    await new Promise((resolve) => socket.once('close', resolve));
    expect(received).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(received).toMatch(/\r\nConnection: keep-alive\r\n/i);
    // Node waits one more second than it announces, to avoid racing a client reusing the connection.
    const idle = Date.now() - answeredAt;
    expect(idle).toBeGreaterThanOrEqual(KEEP_ALIVE_MS - 100);
    expect(idle).toBeLessThan(KEEP_ALIVE_MS + 1000 + SLACK);
  });
});

describe('what Node refuses before routing gets the API error body (src/core/http/client-errors.ts)', () => {
  async function rawExchange(bytes: string): Promise<string> {
    const socket = await open();
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString('latin1')));
    socket.on('error', () => {});
    const closed = new Promise((resolve) => socket.once('close', resolve));
    socket.write(bytes);
    await closed;
    return received;
  }
  const body = (received: string) => JSON.parse(received.slice(received.indexOf('\r\n\r\n') + 4));

  it('headers over the size limit: 431 headers_too_large', async () => {
    const received = await rawExchange(`GET /v2/users/me HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(received).toMatch(/^HTTP\/1\.1 431 /);
    expect(body(received)).toMatchObject({
      name: 'RequestHeaderFieldsTooLarge',
      code: 'headers_too_large',
      message: expect.any(String),
      id: expect.any(String),
    });
  });

  it('bytes that are not HTTP: 400 body_invalid', async () => {
    const received = await rawExchange('HELLO THERE\r\n\r\n');
    expect(received).toMatch(/^HTTP\/1\.1 400 /);
    expect(body(received)).toMatchObject({ name: 'BadRequest', code: 'body_invalid' });
    await served();
  });
});
