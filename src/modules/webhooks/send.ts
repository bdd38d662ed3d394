import http from 'node:http';
import https from 'node:https';
import { Webhook } from 'standardwebhooks';
import { SYSTEM_ACTOR, type Ctx } from '../../core/context.js';
import { recordEvent } from '../../core/events.js';
import { nowIso } from '../../core/dates.js';
import { preparedQuery } from '../../core/db/prepared.js';
import type { WebhookEndpointsTable } from '../../core/db/schema.js';
import type { DeliveryEnv, DeliveryOutcome, DeliveryRow } from '../outbox/index.js';
import { checkWebhookUrl, safeLookup, UnsafeTargetError } from './targets.js';
import { BODY_FROM_EVENT, endpointsChanged, endpointsGeneration, webhookBody } from './subscriptions.js';

/**
 * Sends one webhook delivery (docs/webhooks.md): Standard Webhooks 1.0 signed, POSTed as
 * JSON to the endpoint's URL through a checked address; a 2xx within the timeout is success, a
 * redirect is not followed, 410 disables the endpoint, and an endpoint failing for 5 days is
 * disabled with a `webhook.endpoint_disabled` event.
 */

/** An endpoint failing without a success for this long is disabled at its next failure. */
export const FAILING_DISABLE_MS = 5 * 86_400_000;
const USER_AGENT = 'Transdesk-Webhooks/1.0';
/** What is read of an answer: enough to see it ended; the rest is dropped. */
const MAX_ANSWER_BYTES = 64 * 1024;

/** The signature header: `v1,<base64>` with the current secret and, until it expires after a rotation, the previous one. */
export function signatureHeader(
  endpoint: Pick<WebhookEndpointsTable, 'secret' | 'previous_secret' | 'previous_secret_expires_at'>,
  id: string,
  timestamp: Date,
  body: string,
): string {
  const signatures = [signer(endpoint.secret).sign(id, timestamp, body)];
  if (endpoint.previous_secret && endpoint.previous_secret_expires_at && endpoint.previous_secret_expires_at > timestamp.toISOString()) {
    signatures.push(signer(endpoint.previous_secret).sign(id, timestamp, body));
  }
  return signatures.join(' ');
}

/** Signers per secret (a signer decodes its secret once); a few per endpoint, dropped all at once past the bound. */
const signers = new Map<string, Webhook>();
function signer(secret: string): Webhook {
  let known = signers.get(secret);
  if (!known) {
    if (signers.size >= 1_000) signers.clear();
    known = new Webhook(secret);
    signers.set(secret, known);
  }
  return known;
}

/** Keep-alive agents per setting: connections to one endpoint are reused across deliveries. */
const agents = new Map<string, http.Agent>();
function agentFor(protocol: string, allowPrivate: boolean): http.Agent {
  const key = `${protocol}${allowPrivate}`;
  let agent = agents.get(key);
  if (!agent) {
    const options = { keepAlive: true, maxSockets: 64, maxFreeSockets: 16, lookup: safeLookup(allowPrivate, protocol === 'http:') };
    agent = protocol === 'https:' ? new https.Agent(options) : new http.Agent(options);
    agents.set(key, agent);
  }
  return agent;
}

interface Answer {
  statusCode: number | null;
  error: string | null;
  unsafe: boolean;
}

/** POSTs the body and waits for the whole answer, at most `timeoutMs`. Never throws. */
function post(url: URL, headers: Record<string, string>, body: string, allowPrivate: boolean, timeoutMs: number): Promise<Answer> {
  return new Promise((resolve) => {
    let settled = false;
    const finish = (answer: Answer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(answer);
    };
    const request = (url.protocol === 'https:' ? https : http).request(url, {
      method: 'POST',
      agent: agentFor(url.protocol, allowPrivate),
      headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), 'user-agent': USER_AGENT },
    });
    const timer = setTimeout(() => {
      finish({ statusCode: null, error: `no answer within ${timeoutMs} ms`, unsafe: false });
      request.destroy();
    }, timeoutMs);
    request.on('response', (response) => {
      let read = 0;
      response.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read > MAX_ANSWER_BYTES) response.destroy();
      });
      const done = () => finish({ statusCode: response.statusCode ?? null, error: null, unsafe: false });
      response.on('end', done);
      response.on('close', done);
      response.on('error', done);
    });
    request.on('error', (error) => {
      const unsafe = error instanceof UnsafeTargetError;
      finish({
        statusCode: null,
        error: unsafe ? error.message : `${(error as NodeJS.ErrnoException).code ?? 'error'}: ${error.message}`.slice(0, 300),
        unsafe,
      });
    });
    request.end(body);
  });
}

const outcome = (started: number, ok: boolean, statusCode: number | null, error: string | null, retry: boolean): DeliveryOutcome => ({
  ok,
  statusCode,
  error,
  durationMs: Math.round(performance.now() - started),
  retry: ok ? false : retry,
});

const ENDPOINT_COLUMNS = [
  'id',
  'account_id',
  'url',
  'events',
  'description',
  'enabled',
  'disabled_reason',
  'secret',
  'previous_secret',
  'previous_secret_expires_at',
  'failing_since',
] as const;
type SendingEndpoint = Pick<WebhookEndpointsTable, (typeof ENDPOINT_COLUMNS)[number]>;

/**
 * Endpoints read by this process's deliveries, kept for at most a second (a burst to one endpoint
 * reads it once a second) and dropped with the subscriptions whenever an endpoint is written here.
 */
const KEEP_ENDPOINT_MS = 1_000;
const endpointsRead = new Map<string, { endpoint: SendingEndpoint | undefined; at: number; generation: number }>();

async function endpointOf(env: DeliveryEnv, delivery: DeliveryRow): Promise<SendingEndpoint | undefined> {
  const key = `${delivery.account_id}/${delivery.endpoint_id}`;
  const known = endpointsRead.get(key);
  const now = performance.now();
  if (known && known.generation === endpointsGeneration() && now - known.at < KEEP_ENDPOINT_MS) return known.endpoint;
  const generation = endpointsGeneration();
  const endpoint = await env.database.db
    .selectFrom('webhook_endpoints')
    .select(ENDPOINT_COLUMNS)
    .where('id', '=', delivery.endpoint_id ?? '')
    .where('account_id', '=', delivery.account_id)
    .executeTakeFirst();
  if (endpointsRead.size > 10_000) endpointsRead.clear();
  endpointsRead.set(key, { endpoint, at: now, generation });
  return endpoint;
}

const findEvent = preparedQuery((db, p: { id: string; accountId: string }) =>
  db.selectFrom('events').select(['id', 'type', 'created_at', 'data']).where('id', '=', p.id).where('account_id', '=', p.accountId),
);

/** The body of a delivery: its own payload (a test), or built from its event; undefined when the event is gone. */
async function bodyOf(env: DeliveryEnv, delivery: DeliveryRow): Promise<string | undefined> {
  if (delivery.payload !== BODY_FROM_EVENT || delivery.event_id === null) return delivery.payload;
  const event = await findEvent.first(env.database.db, { id: delivery.event_id, accountId: delivery.account_id });
  return event && webhookBody({ id: event.id, type: event.type, createdAt: event.created_at, dataJson: event.data });
}

/** The outbox's handler of kind `webhook`. */
export async function sendWebhook(delivery: DeliveryRow, env: DeliveryEnv): Promise<DeliveryOutcome> {
  const started = performance.now();
  const db = env.database.db;
  const endpoint = await endpointOf(env, delivery);
  if (!endpoint) return { ...outcome(started, false, null, 'the endpoint was deleted', false), cancelled: true };
  if (!endpoint.enabled) return { ...outcome(started, false, null, 'the endpoint is disabled', false), cancelled: true };
  const allowPrivate = env.config.webhooks.allowPrivateNetworks;
  const problem = checkWebhookUrl(endpoint.url, allowPrivate);
  if (problem) return outcome(started, false, null, `refused target: ${problem}`, false);

  const body = await bodyOf(env, delivery);
  if (body === undefined) return { ...outcome(started, false, null, 'the event was deleted', false), cancelled: true };
  const timestamp = new Date();
  const headers = {
    'webhook-id': delivery.id,
    'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
    'webhook-signature': signatureHeader(endpoint, delivery.id, timestamp, body),
  };
  const answer = await post(new URL(endpoint.url), headers, body, allowPrivate, env.config.webhooks.timeoutMs);
  const code = answer.statusCode;
  if (code !== null && code >= 200 && code < 300) {
    if (endpoint.failing_since !== null) {
      endpoint.failing_since = null;
      await db
        .updateTable('webhook_endpoints')
        .set({ failing_since: null })
        .where('id', '=', endpoint.id)
        .where('account_id', '=', endpoint.account_id)
        .execute();
      endpointsChanged();
    }
    return outcome(started, true, code, null, false);
  }
  if (code === 410) {
    await disable(env, endpoint, 'gone');
    return outcome(started, false, code, 'the endpoint answered 410 Gone: disabled', false);
  }
  const error = answer.error ?? (code !== null && code >= 300 && code < 400 ? `redirect not followed (HTTP ${code})` : `HTTP ${code}`);
  await noteFailure(env, endpoint);
  return outcome(started, false, code, error, true);
}

type EndpointRow = Pick<WebhookEndpointsTable, 'id' | 'account_id' | 'url' | 'events' | 'description' | 'failing_since'>;

/** A failure starts a run of failures, or ends an endpoint failing for 5 days. */
async function noteFailure(env: DeliveryEnv, endpoint: EndpointRow): Promise<void> {
  const now = new Date();
  if (endpoint.failing_since === null) {
    endpoint.failing_since = now.toISOString();
    await env.database.db
      .updateTable('webhook_endpoints')
      .set({ failing_since: now.toISOString() })
      .where('id', '=', endpoint.id)
      .where('account_id', '=', endpoint.account_id)
      .where('failing_since', 'is', null)
      .execute();
    return;
  }
  if (now.getTime() - Date.parse(endpoint.failing_since) >= FAILING_DISABLE_MS) await disable(env, endpoint, 'failing');
}

/** Disables the endpoint (once: the first worker to do it records the event) and records `webhook.endpoint_disabled`. */
async function disable(env: DeliveryEnv, endpoint: EndpointRow, reason: 'gone' | 'failing'): Promise<void> {
  const { database } = env;
  await database.db.transaction().execute(async (tx) => {
    const now = nowIso();
    const changed = await tx
      .updateTable('webhook_endpoints')
      .set({ enabled: 0, disabled_reason: reason, updated_at: now })
      .where('id', '=', endpoint.id)
      .where('account_id', '=', endpoint.account_id)
      .where('enabled', '=', 1)
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) === 0) return;
    // Its own event does not go to it: the lists are read again, in this transaction.
    endpointsChanged();
    const ctx: Ctx = { db: tx, dialect: database.dialect, accountId: endpoint.account_id, userId: '', actor: SYSTEM_ACTOR };
    await recordEvent(ctx, 'webhook.endpoint_disabled', {
      id: endpoint.id,
      url: endpoint.url,
      description: endpoint.description,
      events: JSON.parse(endpoint.events) as unknown,
      enabled: false,
      disabledReason: reason,
      failingSince: endpoint.failing_since,
      updatedAt: now,
    });
  });
  endpointsChanged();
  env.log.warn({ endpointId: endpoint.id, accountId: endpoint.account_id, reason }, 'webhook endpoint disabled');
}
