import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors.js';
import { areaOf, isReadMethod, mayWrite, refusalOf } from '../access.js';
import { containsFinancials, FINANCIAL_REFUSAL, hidesFinancials, settingLimits, withoutFinancials } from '../financials.js';

type Schema = Record<string, unknown>;

/** Where the portal's route tree lives (modules/portal-access/tree.ts). */
export const PORTAL_PREFIX = '/v2/portal';

/** The JSON schema of a route's answer of a status: `{ 200: schema }` or `{ 200: { content: { 'application/json': { schema } } } }`. */
function answerSchema(route: { schema?: { response?: unknown } }, status: number): Schema | undefined {
  const responses = route.schema?.response as Record<string, Schema> | undefined;
  const answer = responses?.[String(status)] ?? responses?.[`${String(status).charAt(0)}xx`];
  const content = answer?.content as Record<string, { schema?: Schema }> | undefined;
  return content?.['application/json']?.schema ?? answer;
}

/**
 * Roles (docs/access.md#roles), for keys and sessions alike: each route gets its area of the role
 * matrix (core/access.ts) when it is registered — a route no rule covers stops the app from
 * starting — and a write is refused with 403 `forbidden` when the caller's role may not change
 * that area. Runs after authentication (registered after it) and before the body is read.
 * Finer rules (whose keys, who may touch an owner) are the services'.
 */
export const accessPlugin = fp(async (app: FastifyInstance) => {
  // The portal's routes are outside the role matrix: their tree authenticates portal people and
  // scopes every query by party. A route under its path that the tree did not register would be
  // neither the agency's nor the portal's: the app refuses to start (checked once all are in).
  const portalPaths: Array<{ url: string; config: { portal?: true } }> = [];
  app.addHook('onReady', async () => {
    const stray = portalPaths.find((route) => route.config.portal !== true);
    if (stray !== undefined)
      throw new Error(`The route ${stray.url} is under ${PORTAL_PREFIX} but was not registered by the portal's tree (modules/portal-access)`);
  });

  app.addHook('onRoute', (route) => {
    if (route.url === PORTAL_PREFIX || route.url.startsWith(`${PORTAL_PREFIX}/`)) {
      route.config = { ...route.config };
      portalPaths.push(route as { url: string; config: { portal?: true } });
      return;
    }
    // Public routes (health, metrics, the OpenAPI document, sign-in) and the documentation pages need no caller.
    if (route.config?.public || route.url === '/docs' || route.url.startsWith('/docs/')) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const found = areaOf(route.url, methods);
    if ('error' in found) throw new Error(found.error);
    // Revenue and margins (core/financials.ts): whether the route's answers may show some.
    const financialFields = containsFinancials(route.schema?.response);
    const financialOnly = route.schema?.['x-financial-only'] === true;
    route.config = { ...route.config, area: found.area, financialFields, financialOnly };
  });

  // A callback hook, not an async one: every request passes here, and most are reads that need no promise.
  app.addHook('onRequest', (request, _reply, done) => {
    const auth = request.auth;
    const area = request.routeOptions.config?.area;
    // No caller: a public route, or the authentication answered already.
    if (!auth || area === undefined || isReadMethod(request.method) || mayWrite(auth.role, area)) return done();
    done(new ApiError('forbidden', refusalOf(auth.role, area)));
  });

  // Revenue and margins (docs/access.md#revenue-and-margins): the setting is read only for a
  // manager's request to a route that may show them.
  // Callback hooks, as above: every request passes them, and only a manager's read of the setting waits.
  app.decorateRequest('financialsHidden', false);
  app.addHook('onRequest', (request, _reply, done) => {
    const auth = request.auth;
    const config = request.routeOptions.config;
    if (!auth || !settingLimits(auth.role) || !(config?.financialFields || config?.financialOnly || config?.financialData)) return done();
    hidesFinancials(app.database.reader, auth.accountId, auth.role, request.managersSeeRevenue).then((hidden) => {
      request.financialsHidden = hidden;
      done(hidden && config.financialOnly ? new ApiError('forbidden', FINANCIAL_REFUSAL) : undefined);
    }, done);
  });
  app.addHook('preSerialization', (request, reply, payload, done) => {
    if (!request.financialsHidden || payload === null || typeof payload !== 'object' || Buffer.isBuffer(payload)) return done(null, payload);
    done(null, withoutFinancials(answerSchema(request.routeOptions, reply.statusCode), payload));
  });
});
