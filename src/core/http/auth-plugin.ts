import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../errors.js';
import { findKey, keyFromAuthorization } from '../auth.js';
import { sendError } from './errors-plugin.js';
import { readChangeStamp } from '../db/change-stamp.js';

// One answer for every missing, wrong or revoked key (never changed: shared by all requests).
const UNAUTHORIZED = new ApiError('unauthorized', 'A valid API key is required (HTTP Basic with the key as user name, or Bearer)', undefined, {
  'WWW-Authenticate': 'Basic realm="Transdesk"',
});

function isPublic(request: FastifyRequest): boolean {
  if (request.routeOptions.config?.public) return true;
  const url = request.routeOptions.url;
  return url !== undefined && (url === '/docs' || url.startsWith('/docs/'));
}

/**
 * Authentication (docs/reference.md#authentication): Basic or Bearer, the same 401 whatever the reason,
 * 403 for a read-only key on anything but GET and HEAD.
 */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('auth', null as never);
  app.decorateRequest('changeStamp', undefined);
  app.addHook('onRequest', async (request, reply) => {
    if (isPublic(request)) return;
    const key = keyFromAuthorization(request.headers.authorization);
    // Read before anything else of the request (SQLite): the caches it validates may only serve
    // what was current at this moment or later.
    const stamps = key === undefined ? undefined : await readChangeStamp(app.database.db, app.database.dialect);
    request.changeStamp = stamps?.data;
    const auth = key === undefined ? undefined : await findKey(app.database.db, key, stamps?.keys);
    // Answered here rather than thrown through Fastify's error path: a wrong key costs no more than
    // a right one. Same error body and headers as any error.
    if (!auth) return sendError(reply, UNAUTHORIZED);
    request.auth = auth;
    if (auth.scope === 'read' && request.method !== 'GET' && request.method !== 'HEAD') {
      throw new ApiError('forbidden', 'This API key is read-only');
    }
  });
});
