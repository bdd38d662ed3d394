import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../errors.js';
import { csrfTokenOf, findKey, findSession, keyFromAuthorization, sameSecret, type Preread } from '../auth.js';
import { sendError } from './errors-plugin.js';
import { readChangeStamp } from '../db/change-stamp.js';
import { sessionTokenOf } from './session-cookie.js';
import { nowIso } from '../dates.js';
import { isId } from '../ids.js';
import { wantsConsolePage } from './page-requests.js';

// One answer for every missing, wrong or revoked key or session (never changed: shared by all requests).
const UNAUTHORIZED = new ApiError(
  'unauthorized',
  'A valid API key (HTTP Basic with the key as user name, or Bearer) or a session (POST /v2/auth/login) is required',
  undefined,
  { 'WWW-Authenticate': 'Basic realm="Transdesk"' },
);

/**
 * The same refusal without the Basic challenge, for a browser's script: a challenge there would
 * make the browser ask for a user name and password in its own dialog over the web console's
 * sign-in page. Every other client gets the challenge RFC 7235 requires.
 */
const UNAUTHORIZED_IN_SCRIPT = new ApiError('unauthorized', UNAUTHORIZED.message);

/** The header the web console sets on each of its calls (console/src/shared/api/client.ts), and its value. */
const CONSOLE_CALL_HEADER = 'x-requested-with';
const CONSOLE_CALL_VALUE = 'XMLHttpRequest';

/**
 * A browser's script (docs/reference.md#authentication): a request with `Sec-Fetch-Site` that is
 * not a navigation — `Sec-Fetch-Site` is sent by browsers only (their scripts cannot set it), where
 * `Sec-Fetch-Mode` alone is sent by Node's fetch on every request too — or a call of the console,
 * marked as such for the browsers that send no fetch metadata (plain http to another host than
 * this machine).
 */
function isBrowserScript(request: Pick<FastifyRequest, 'headers'>): boolean {
  const { headers } = request;
  if (typeof headers['sec-fetch-site'] === 'string' && headers['sec-fetch-mode'] !== 'navigate') return true;
  return headers[CONSOLE_CALL_HEADER] === CONSOLE_CALL_VALUE;
}

const unauthorized = (request: FastifyRequest): ApiError => (isBrowserScript(request) ? UNAUTHORIZED_IN_SCRIPT : UNAUTHORIZED);

/** How often a key's last use and a session's last sight are written (at most): the idle limit counts in minutes. */
const TOUCH_EVERY_MS = 60_000;

/** Routes the agency's keys and sessions are not asked for: public ones, and the portal's tree (its own authentication). */
function isPublic(request: FastifyRequest): boolean {
  const config = request.routeOptions.config;
  if (config?.public || config?.portal || wantsConsolePage(request)) return true;
  const url = request.routeOptions.url;
  return url !== undefined && (url === '/docs' || url.startsWith('/docs/'));
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The route's object whose version is read with the caller (PostgreSQL; core/view-cache.ts
 * `PrereadVersions`): reads only, and only a well-formed id. This runs before the route's
 * validation, so anything else (a NUL byte PostgreSQL refuses in a text, a long value) is left to
 * it: the route answers 404 as it always did.
 */
function prereadOf(request: FastifyRequest): Preread | undefined {
  const of = request.routeOptions.config?.prereadVersions;
  if (of === undefined || (request.method !== 'GET' && request.method !== 'HEAD')) return undefined;
  const id = (request.params as Record<string, unknown> | undefined)?.[of.param];
  return isId(id) ? { of, id } : undefined;
}

/**
 * Authentication (docs/reference.md#authentication, docs/access.md): an API key (Basic or Bearer)
 * or a session cookie; the same 401 whatever the reason; 403 for a read-only key on anything but
 * GET and HEAD, and for a write by cookie without the session's CSRF token.
 */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('auth', null as never);
  // Only the portal's tree sets it (modules/portal-access/tree.ts): an agency route never has a portal person.
  app.decorateRequest('portal', null);
  app.decorateRequest('changeStamp', undefined);
  app.decorateRequest('managersSeeRevenue', undefined);
  const limits = app.config.sessions;
  const db = app.database.db;
  // Look-ups on the reading connection (core/db/database.ts): a long write transaction holds none of them.
  const reader = app.database.reader;

  // When this process last wrote each one: requests arriving together write once.
  const touched = new Map<string, number>();

  /** Writes a key's last use or a session's last sight, at most once a minute, without holding up the request. */
  function touch(table: 'api_keys' | 'sessions', id: string, lastMs: number | null, now: number): void {
    if (lastMs !== null && now - lastMs < TOUCH_EVERY_MS) return;
    if (now - (touched.get(id) ?? 0) < TOUCH_EVERY_MS) return;
    if (touched.size >= 10_000) touched.clear();
    touched.set(id, now);
    const at = nowIso();
    const done =
      table === 'api_keys'
        ? db.updateTable('api_keys').set({ last_used_at: at }).where('id', '=', id).execute()
        : db.updateTable('sessions').set({ last_seen_at: at }).where('id', '=', id).where('ended_at', 'is', null).execute();
    done.catch((error: unknown) => app.log.warn({ err: error }, `could not record the last use of a ${table === 'api_keys' ? 'key' : 'session'}`));
  }

  app.addHook('onRequest', async (request, reply) => {
    if (isPublic(request)) return;
    const header = request.headers.authorization;
    const key = keyFromAuthorization(header);
    // A request with an Authorization header is judged by it alone; the cookie only counts without one.
    const sessionToken = header === undefined ? sessionTokenOf(request) : undefined;
    if (key === undefined && sessionToken === undefined) return sendError(reply, unauthorized(request));
    // Read before anything else of the request (SQLite): the caches it validates may only serve
    // what was current at this moment or later.
    const stamps = await readChangeStamp(reader, app.database.dialect);
    request.changeStamp = stamps?.data;
    const now = Date.now();
    const preread = stamps === undefined ? prereadOf(request) : undefined;
    if (key !== undefined) {
      const found = await findKey(reader, key, stamps?.keys, preread);
      // Answered here rather than thrown through Fastify's error path: a wrong key costs no more than
      // a right one. Same error body and headers as any error.
      if (!found) return sendError(reply, unauthorized(request));
      request.auth = found.auth;
      request.versionsRead = preread?.read;
      request.managersSeeRevenue = found.managersSeeRevenue;
      touch('api_keys', found.auth.keyId!, found.lastUsedMs, now);
      if (found.auth.scope === 'read' && !SAFE_METHODS.has(request.method)) throw new ApiError('forbidden', 'This API key is read-only');
      return;
    }
    const found = await findSession(reader, sessionToken!, limits, now, stamps?.keys, preread);
    if (!found) return sendError(reply, unauthorized(request));
    request.auth = found.auth;
    request.versionsRead = preread?.read;
    request.managersSeeRevenue = found.managersSeeRevenue;
    touch('sessions', found.auth.sessionId!, found.lastUsedMs, now);
    if (!SAFE_METHODS.has(request.method)) {
      const given = request.headers['x-csrf-token'];
      if (typeof given !== 'string' || !sameSecret(given, csrfTokenOf(sessionToken!))) {
        throw new ApiError('forbidden', 'A write with a session must carry the X-CSRF-Token header given at sign-in (cross-site requests are refused)');
      }
    }
  });
});
