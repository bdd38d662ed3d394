import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import type { Database } from '../../../src/core/db/database.js';
import { newId } from '../../../src/core/ids.js';
import { endpointsChanged } from '../../../src/modules/webhooks/subscriptions.js';
import { fanOutWebhooks } from '../../../src/modules/webhooks/fanout.js';
import { createOutboxWorker, type OutboxWorkerOptions } from '../../../src/modules/outbox/index.js';
import { ABANDON_HOOKS, DELIVERY_FEEDERS, DELIVERY_HANDLERS } from '../../../src/modules/index.js';
import type { Config } from '../../../src/config.js';

/**
 * Webhook endpoints written as rows (the API that registers them is tested with its routes) and
 * receivers: real HTTP servers on 127.0.0.1 that record what they are sent.
 */

export const newSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

export interface EndpointRow {
  id: string;
  secret: string;
}

export async function insertEndpoint(
  database: Database,
  accountId: string,
  fields: { url: string; events?: string[]; enabled?: boolean; secret?: string; previousSecret?: string; previousExpiresAt?: string; failingSince?: string },
): Promise<EndpointRow> {
  const id = newId();
  const now = new Date().toISOString();
  const secret = fields.secret ?? newSecret();
  await database.db
    .insertInto('webhook_endpoints')
    .values({
      id,
      account_id: accountId,
      url: fields.url,
      events: JSON.stringify(fields.events ?? ['*']),
      description: '',
      enabled: fields.enabled === false ? 0 : 1,
      disabled_reason: null,
      secret,
      previous_secret: fields.previousSecret ?? null,
      previous_secret_expires_at: fields.previousExpiresAt ?? null,
      failing_since: fields.failingSince ?? null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  endpointsChanged();
  return { id, secret };
}

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface Receiver {
  url: string;
  received: Received[];
  /** How the next requests are answered (default 204). */
  answer: (request: IncomingMessage, response: ServerResponse, body: string) => void;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const receiver: Receiver = {
    url: '',
    received: [],
    answer: (_request, response) => response.writeHead(204).end(),
    close: async () => {},
  };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      receiver.received.push({ path: request.url ?? '', headers: request.headers, body });
      receiver.answer(request, response, body);
    });
  });
  server.keepAliveTimeout = 100;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  receiver.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return receiver;
}

export const silentLog = { info: () => {}, warn: () => {}, error: () => {} };

export function testWorker(database: Database, config: Config, options: Partial<OutboxWorkerOptions> = {}) {
  return createOutboxWorker({ database, config, handlers: DELIVERY_HANDLERS, feeders: DELIVERY_FEEDERS, abandoned: ABANDON_HOOKS, log: silentLog, ...options });
}

/**
 * Writes the deliveries of every event recorded for webhooks (modules/webhooks/fanout.ts), as the
 * worker does before it claims; answers how many it wrote.
 */
export const writeRecordedDeliveries = (database: Database) => fanOutWebhooks(database, 1_000_000, new Date());

/** The deliveries of an account, oldest first, once those of recorded events are written. */
export async function deliveriesOf(database: Database, accountId: string) {
  await writeRecordedDeliveries(database);
  return database.db.selectFrom('deliveries').selectAll().where('account_id', '=', accountId).orderBy('created_at').orderBy('id').execute();
}

/** Makes every pending delivery due now (instead of waiting for its retry). */
export const makeDue = (database: Database) =>
  database.db
    .updateTable('deliveries')
    .set({ next_attempt_at: new Date(Date.now() - 1000).toISOString() })
    .where('status', '=', 'pending')
    .execute();
