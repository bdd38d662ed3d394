import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { Type } from '@sinclair/typebox';
import type { Config } from './config.js';
import type { Database } from './core/db/database.js';
// The app's own Fastify declarations (app.config, request.auth, …): types only, nothing to run.
import type {} from './core/http/types.js';
import { validatorCompiler } from './core/http/validation.js';
import { errorsPlugin, sendError, toApiError } from './core/http/errors-plugin.js';
import { parseQuery, parsingPlugin, queryErrorPlugin, BODY_LIMIT } from './core/http/parsing-plugin.js';
import { authPlugin } from './core/http/auth-plugin.js';
import { accessPlugin } from './core/http/access-plugin.js';
import { csvExportPlugin } from './core/http/csv-export.js';
import { rateLimitPlugin } from './core/http/rate-limit-plugin.js';
import { metricsPlugin } from './core/http/metrics-plugin.js';
import { commonHeaders, headersPlugin } from './core/http/headers-plugin.js';
import { idleTimeoutPlugin } from './core/http/idle-timeout-plugin.js';
import { clientErrorHandler } from './core/http/client-errors.js';
import { refineDocument } from './core/http/openapi.js';
import { sql, type Transaction } from 'kysely';
import { composeModules, modules } from './modules/index.js';
import { EmptyQuery } from './core/schemas.js';
import multipart from '@fastify/multipart';
import { createStorage, removeDiscarded } from './core/storage/index.js';
import { retryingConflicts } from './core/db/retry.js';
import { groupCommit } from './core/db/group-commit.js';
import type { DB } from './core/db/schema.js';
import type { Ctx } from './core/context.js';
import type { Executor } from './core/db/dialect.js';
import { PORTAL_SESSION_COOKIE, SESSION_COOKIE } from './core/http/session-cookie.js';
import { multipartOptions } from './modules/files/index.js';
import { groupViews } from './modules/groups/index.js';
import { jobViews } from './modules/jobs/index.js';
import { consoleRoutes, loadConsolePage, sendConsolePage } from './modules/console/index.js';
import { wantsConsolePage } from './core/http/page-requests.js';

export interface AppOptions {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** Called before any hook or route is added: the test apps install their response validation here. */
  instrument?: (app: FastifyInstance) => void;
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
let requestCounter = 0;

export type App = FastifyInstance;

export async function buildApp({ config, database, logger, instrument }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? {
      level: config.logLevel,
      // API keys travel in Authorization: never logged.
      redact: { paths: ['req.headers.authorization', 'headers.authorization'], censor: '[redacted]' },
    },
    bodyLimit: BODY_LIMIT,
    // request.ip: the client named by X-Forwarded-For when the connection comes from a proxy of TRUST_PROXY, else the peer.
    ...(config.trustProxy.length > 0 ? { trustProxy: config.trustProxy } : {}),
    routerOptions: { querystringParser: parseQuery, ignoreTrailingSlash: true, maxParamLength: 200 },
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      if (typeof incoming === 'string' && REQUEST_ID.test(incoming)) return incoming;
      requestCounter = (requestCounter + 1) % 1_000_000;
      return `req-${Date.now().toString(36)}-${process.pid.toString(36)}-${requestCounter.toString(36)}`;
    },
    // Slow clients (HttpTimeouts in config.ts): Node cuts a connection whose headers, or whole
    // request, have not arrived in time (408), checked every checkIntervalMs; an idle keep-alive
    // connection after keepAliveMs; a connection on which nothing moves for idleMs (e.g. a client
    // that stops reading an answer). Node checks headersTimeout ≤ requestTimeout here.
    http: {
      headersTimeout: config.timeouts.headersMs,
      requestTimeout: config.timeouts.requestMs,
      connectionsCheckingInterval: config.timeouts.checkIntervalMs,
    },
    requestTimeout: config.timeouts.requestMs,
    keepAliveTimeout: config.timeouts.keepAliveMs,
    connectionTimeout: config.timeouts.idleMs,
    clientErrorHandler,
    return503OnClosing: true,
    // Errors the router raises before any route runs (a malformed percent-encoding in the path, a
    // path parameter over maxParamLength): the API error body (docs/reference.md#errors) instead of Fastify's own.
    frameworkErrors: (error, request, reply) => {
      commonHeaders(request, reply);
      sendError(reply, toApiError(error, request));
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  instrument?.(app);
  app.setValidatorCompiler(validatorCompiler);
  app.decorate('config', config);
  app.decorate('database', database);
  // Serialised jobs and groups kept by this app, checked against the database's versions on every read.
  jobViews.configure(database.db, config.viewCacheBytes);
  groupViews.configure(database.db, config.viewCacheBytes);
  if (database.reader !== database.db) {
    jobViews.configure(database.reader, config.viewCacheBytes);
    groupViews.configure(database.reader, config.viewCacheBytes);
  }
  /**
   * The caller's context on an executor: the reading connection or pool for reads (with the
   * change stamp; core/db/database.ts, `reader`), a transaction for writes. Built on every request: one object literal of one shape, nothing else.
   */
  const callerOn = (request: FastifyRequest, db: Executor, changeStamp?: string): Ctx => ({
    db,
    dialect: database.dialect,
    accountId: request.auth.accountId,
    userId: request.auth.userId,
    userName: request.auth.userName,
    role: request.auth.role,
    financialsHidden: request.financialsHidden,
    actor: request.auth.actor,
    changeStamp,
    versionsRead: undefined,
  });
  app.decorate('readCtx', (request) => {
    const ctx = callerOn(request, database.reader, request.changeStamp);
    // The version read with the caller serves the first read of the request only (core/view-cache.ts).
    if (request.versionsRead !== undefined) {
      ctx.versionsRead = request.versionsRead;
      request.versionsRead = undefined;
    }
    return ctx;
  });
  // File content (docs/files.md#storage-file_storage); what a crash left in storage (temporary or unreferenced content) is swept at start.
  const storage = createStorage(config.fileStorage, database.db);
  app.decorate('storage', storage);
  app.addHook('onReady', async () => {
    await storage.sweep().catch((error: unknown) => app.log.error({ err: error }, 'could not sweep file content left by a crash'));
  });
  // SQLite: the transactions of requests waiting together share one commit (group-commit.ts).
  const grouped = database.dialect === 'sqlite' ? groupCommit(database.db) : undefined;
  app.decorate('inTransaction', async (request, work) => {
    // Reads after this write must not trust the stamp read before it (core/db/change-stamp.ts).
    request.changeStamp = undefined;
    const workOn = (db: Transaction<DB>) => work(callerOn(request, db));
    // A transaction PostgreSQL gave up (deadlock, serialisation failure) runs again from the start (retry.ts).
    const { value, db } = await retryingConflicts(
      () => (grouped ? grouped.run(workOn) : database.db.transaction().execute(async (tx) => ({ value: await workOn(tx), db: tx }))),
      (error, failed) =>
        request.log.warn({ err: error, attempt: failed }, 'transaction rolled back by the database (deadlock or serialisation failure); running it again'),
    );
    // Content of the files the committed transaction deleted goes now (docs/files.md#lifecycle).
    await removeDiscarded(storage, db, request.log);
    return value;
  });

  await app.register(headersPlugin);
  await app.register(idleTimeoutPlugin, { idleMs: config.timeouts.idleMs });

  // docs/reference.md#unknown-parameters: a /v2 route that declares no query parameters takes none (400 `parameter_unknown`),
  // like a body schema built with Input().
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/v2/') || route.config?.public) return;
    if (!route.schema?.querystring) route.schema = { ...route.schema, querystring: EmptyQuery };
    // Documented request formats (docs/reference.md#body-formats): form fields first, JSON too. Upload routes set their own.
    const schema = route.schema as { body?: unknown; consumes?: string[] };
    if (schema.body && !schema.consumes) schema.consumes = ['application/x-www-form-urlencoded', 'application/json'];
  });

  // The web console (docs/console.md): its page at `/` and at every browser path no route serves.
  const consolePage = loadConsolePage(config.consoleDir);
  await app.register(errorsPlugin, {
    pageFallback: (request, reply) => (wantsConsolePage(request) ? sendConsolePage(consolePage, reply) : undefined),
  });
  await app.register(parsingPlugin);
  await app.register(multipart, multipartOptions(config.maxUploadBytes));
  await app.register(metricsPlugin);
  await app.register(authPlugin);
  await app.register(accessPlugin);
  // format=csv on every paginated listing (docs/reference.md#csv-export).
  await app.register(csvExportPlugin);
  await app.register(rateLimitPlugin, { perMinute: config.rateLimitPerMinute });
  await app.register(queryErrorPlugin);

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Transdesk API',
        version: '2',
        description:
          'Project management and invoicing for language-services providers. Authenticate with HTTP Basic (API key as user name, empty password) or Bearer, ' +
          'or with the session cookie that `POST /v2/auth/login` sets (a write by cookie also sends the `X-CSRF-Token` header the login answered). ' +
          'Every error answer has the body `Error`; each operation declares the statuses it can answer, and `code` names the reason. ' +
          'A method a path does not have answers 405 `method_not_allowed` with an `Allow` header.',
        license: { name: 'MIT', identifier: 'MIT' },
      },
      // Each installation serves the API and this document from one origin: the paths are relative to it.
      servers: [{ url: '/', description: 'the server that answers this document' }],
      components: {
        securitySchemes: {
          basic: { type: 'http', scheme: 'basic' },
          bearer: { type: 'http', scheme: 'bearer' },
          // A browser signed in (docs/access.md#sessions); its writes also send X-CSRF-Token.
          session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
          // A supplier's or client's person signed in to the portal (docs/supplier-portal.md#sessions):
          // the only credential of the /v2/portal/ operations, accepted by no other operation.
          portalSession: { type: 'apiKey', in: 'cookie', name: PORTAL_SESSION_COOKIE },
        },
      },
      security: [{ basic: [] }, { bearer: [] }, { session: [] }],
    },
    // operationIds, error answers per status, binary and multipart bodies (core/http/openapi.ts).
    transformObject: (document) => ('openapiObject' in document ? refineDocument(document.openapiObject) : document.swaggerObject),
  });
  await app.register(swaggerUi, { routePrefix: '/docs', uiConfig: { docExpansion: 'list', deepLinking: true } });

  app.get('/health', { config: { public: true }, schema: { hide: true } }, async (_request, reply) => {
    try {
      await sql`select 1`.execute(database.reader);
      return { status: 'ok' };
    } catch {
      return reply.code(503).send({ status: 'unavailable' });
    }
  });
  app.get('/v2/openapi.json', { config: { public: true }, schema: { hide: true, response: { 200: Type.Any() } } }, async () => app.swagger());

  // Jobs and groups get their extensions (trackers, files, notes, …) before anything can write a job.
  composeModules();
  for (const module of modules) await app.register(module);
  await app.register(consoleRoutes(consolePage));
  await app.ready();
  return app;
}
