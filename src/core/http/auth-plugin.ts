import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../errors.js';
import { findKey, keyFromAuthorization } from '../auth.js';

const UNAUTHORIZED = () =>
  new ApiError('unauthorized', 'A valid API key is required (HTTP Basic with the key as user name, or Bearer)', undefined, {
    'WWW-Authenticate': 'Basic realm="Transdesk"',
  });

function isPublic(request: FastifyRequest): boolean {
  if (request.routeOptions.config?.public) return true;
  const url = request.routeOptions.url;
  return url !== undefined && (url === '/docs' || url.startsWith('/docs/'));
}

/**
 * Authentication (DESIGN §4.1–4.2): Basic or Bearer, the same 401 whatever the reason,
 * 403 for a read-only key on anything but GET and HEAD.
 */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('auth', null as never);
  app.addHook('onRequest', async (request) => {
    if (isPublic(request)) return;
    const key = keyFromAuthorization(request.headers.authorization);
    const auth = key === undefined ? undefined : await findKey(app.database.db, key);
    if (!auth) throw UNAUTHORIZED();
    request.auth = auth;
    if (auth.scope === 'read' && request.method !== 'GET' && request.method !== 'HEAD') {
      throw new ApiError('forbidden', 'This API key is read-only');
    }
  });
});
