import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { csrfTokenOf, sameSecret } from '../../core/auth.js';
import { retryingConflicts } from '../../core/db/retry.js';
import { ApiError } from '../../core/errors.js';
import { PORTAL_PREFIX } from '../../core/http/access-plugin.js';
import { PORTAL_SESSION_COOKIE, sessionTokenOf } from '../../core/http/session-cookie.js';
import type { ClientPermission, PortalCtx, PortalPrincipal } from '../../core/portal.js';
import { portalSessions } from './sessions.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Inside the portal's tree: a context for reads, scoped to the portal person's party. */
    portalCtx(request: FastifyRequest): PortalCtx;
    /** Inside the portal's tree: one transaction for one portal request. */
    portalTransaction<T>(request: FastifyRequest, work: (ctx: PortalCtx) => Promise<T>): Promise<T>;
  }
}

const UNAUTHORIZED_MESSAGE = 'A portal session is required: sign in with the link the agency e-mailed you (POST /v2/portal/auth/sign-in)';
const CSRF_MESSAGE = 'A write of a portal session must carry the X-CSRF-Token header given at sign-in (cross-site requests are refused)';

/** How often a session's last sight is written (at most): the idle limit counts in minutes. */
const TOUCH_EVERY_MS = 60_000;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The portal person of a request inside the tree (its authentication ran). */
export function principalOf(request: FastifyRequest): PortalPrincipal {
  if (request.portal === null) throw new Error('principalOf: not a request of the portal tree');
  return request.portal;
}

/**
 * The portal's route tree (docs/supplier-portal.md#routes): every route of the portals lives
 * here, under /v2/portal/, and only here (the access plugin refuses to start with a route under
 * that path registered elsewhere). Its own authentication: the `td_portal` cookie of a portal
 * session, and its CSRF token on writes; no API key and no agency session is read, so none is
 * accepted. Its routes are outside the agency's role matrix; what a person may reach is decided
 * by scoping every query by their party (the principal's `party`).
 */
export function portalTree(branches: readonly FastifyPluginAsync[]): FastifyPluginAsync {
  return async (app: FastifyInstance) => {
    await app.register(
      async (tree) => {
        const limits = tree.config.sessions;
        const { db, reader, dialect } = tree.database;
        const touched = new Map<string, number>();

        tree.addHook('onRoute', (route) => {
          route.config = { ...route.config, portal: true };
          const security = route.config.public ? [] : [{ portalSession: [] }];
          route.schema = { tags: ['Portal'], ...route.schema, security };
        });

        tree.addHook('onRequest', async (request, reply) => {
          if (request.routeOptions.config.public) return;
          const token = sessionTokenOf(request, PORTAL_SESSION_COOKIE);
          const now = Date.now();
          const found = token === undefined ? undefined : await portalSessions.find(reader, token, limits, now);
          if (found === undefined) throw new ApiError('unauthorized', UNAUTHORIZED_MESSAGE);
          if (!SAFE_METHODS.has(request.method)) {
            const given = request.headers['x-csrf-token'];
            if (typeof given !== 'string' || !sameSecret(given, csrfTokenOf(token!))) throw new ApiError('forbidden', CSRF_MESSAGE);
          }
          request.portal = found.principal;
          // The same per-minute limit as an agency session's, per portal session.
          tree.rateLimit(`portal ${found.principal.sessionId}`, reply);
          const sessionId = found.principal.sessionId;
          if (now - found.lastSeenMs >= TOUCH_EVERY_MS && now - (touched.get(sessionId) ?? 0) >= TOUCH_EVERY_MS) {
            if (touched.size >= 10_000) touched.clear();
            touched.set(sessionId, now);
            portalSessions
              .touch(db, sessionId, new Date(now).toISOString())
              .catch((error: unknown) => request.log.warn({ err: error }, 'could not record the last sight of a portal session'));
          }
        });

        tree.decorate('portalCtx', (request: FastifyRequest) => ({ db: reader, dialect, principal: principalOf(request) }));
        tree.decorate('portalTransaction', <T>(request: FastifyRequest, work: (ctx: PortalCtx) => Promise<T>) =>
          retryingConflicts(
            () => db.transaction().execute((tx) => work({ db: tx, dialect, principal: principalOf(request) })),
            (error, failed) => request.log.warn({ err: error, attempt: failed }, 'portal transaction rolled back by the database; running it again'),
          ),
        );

        for (const branch of branches) await tree.register(branch);
      },
      { prefix: PORTAL_PREFIX },
    );
  };
}

const NOT_A_CLIENT_MESSAGE = "This is the client portal: your portal access is a supplier's (their pages are under /v2/portal/work)";

/** What a client's person lacks when a permission is missing, in words for the 403. */
const PERMISSION_WORDS: Record<ClientPermission, string> = {
  request: 'ask the agency for work',
  approve: 'accept or refuse quotes',
  invoices: 'see invoices',
};

/**
 * The client portal's branch of the tree (docs/client-portal.md#routes): its branches under
 * /v2/portal/client/, reached only by a client's person — a supplier's person is refused (403)
 * before any of them runs, so that no client route has to remember to. Their queries are scoped
 * by the client (the principal's party) as the supplier's are by the supplier.
 */
export function clientPortal(branches: readonly FastifyPluginAsync[]): FastifyPluginAsync {
  return async (app: FastifyInstance) => {
    await app.register(
      async (branch) => {
        branch.addHook('onRoute', (route) => {
          route.schema = { ...route.schema, tags: ['Client portal'] };
        });
        branch.addHook('onRequest', async (request) => {
          if (request.routeOptions.config.public) return;
          if (principalOf(request).party.kind !== 'client') throw new ApiError('forbidden', NOT_A_CLIENT_MESSAGE);
        });
        for (const registered of branches) await branch.register(registered);
      },
      { prefix: '/client' },
    );
  };
}

/** 403 unless the client's person may do this (the agency gave them the permission). */
export function requirePermission(principal: PortalPrincipal, permission: ClientPermission): void {
  if (principal.party.kind !== 'client' || !principal.permissions.includes(permission))
    throw new ApiError(
      'forbidden',
      `Your portal access does not let you ${PERMISSION_WORDS[permission]}: ask the agency to give you the \`${permission}\` permission`,
    );
}
