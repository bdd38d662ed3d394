import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors.js';
import { areaOf, isReadMethod, mayWrite, refusalOf } from '../access.js';

/**
 * Roles (docs/access.md#roles), for keys and sessions alike: each route gets its area of the role
 * matrix (core/access.ts) when it is registered — a route no rule covers stops the app from
 * starting — and a write is refused with 403 `forbidden` when the caller's role may not change
 * that area. Runs after authentication (registered after it) and before the body is read.
 * Finer rules (whose keys, who may touch an owner) are the services'.
 */
export const accessPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRoute', (route) => {
    // Public routes (health, metrics, the OpenAPI document, sign-in) and the documentation pages need no caller.
    if (route.config?.public || route.url === '/docs' || route.url.startsWith('/docs/')) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const found = areaOf(route.url, methods);
    if ('error' in found) throw new Error(found.error);
    route.config = { ...route.config, area: found.area };
  });

  // A callback hook, not an async one: every request passes here, and most are reads that need no promise.
  app.addHook('onRequest', (request, _reply, done) => {
    const auth = request.auth;
    const area = request.routeOptions.config?.area;
    // No caller: a public route, or the authentication answered already.
    if (!auth || area === undefined || isReadMethod(request.method) || mayWrite(auth.role, area)) return done();
    done(new ApiError('forbidden', refusalOf(auth.role, area)));
  });
});
