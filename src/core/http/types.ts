import type { Config } from '../../config.js';
import type { Database } from '../db/database.js';
import type { AuthContext, Ctx, VersionsRead } from '../context.js';
import type { PrereadVersions } from '../view-cache.js';
import type { PortalPrincipal } from '../portal.js';
import type { MultipartDoc } from './openapi.js';
import type { Area } from '../access.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    /** A context for reads on the pool, scoped to the caller's account. */
    readCtx(request: FastifyRequest): Ctx;
    /**
     * Counts a request of a caller against the per-minute rate limit (core/http/rate-limit-plugin.ts):
     * its headers, and 429 past the limit. The agency's keys and sessions are counted by the plugin
     * itself; the portal's tree counts its sessions with it.
     */
    rateLimit(key: string, reply: FastifyReply): void;
    /** Runs `work` in one transaction scoped to the caller's account: one request, one transaction. */
    inTransaction<T>(request: FastifyRequest, work: (ctx: Ctx) => Promise<T>): Promise<T>;
  }
  interface FastifyRequest {
    auth: AuthContext;
    /**
     * The portal person of a request to the portal's route tree (/v2/portal/…, set by its own
     * authentication: modules/portal-access/tree.ts); null everywhere else.
     */
    portal: PortalPrincipal | null;
    /** SQLite: the database's change stamp when the request was authenticated (core/db/change-stamp.ts). */
    changeStamp: string | undefined;
    /** Revenue and margins are hidden from this caller (core/financials.ts; set by core/http/access-plugin.ts). */
    financialsHidden: boolean;
    /**
     * PostgreSQL: the account's `managers_see_revenue_and_margins`, read in the statement that
     * found the caller (core/auth.ts); undefined where it was not (SQLite), then read when needed.
     */
    managersSeeRevenue: boolean | undefined;
    /** PostgreSQL: the version of the route's object, read with the caller (core/view-cache.ts); handed to the first read context. */
    versionsRead: VersionsRead | undefined;
  }
  interface FastifySchema {
    /** Documentation only: the multipart body the route reads itself (core/http/openapi.ts). */
    'x-multipart'?: MultipartDoc;
    /**
     * The route answers nothing but revenue or margins: 403 for a caller they are hidden from
     * (core/financials.ts); the OpenAPI document declares the 403 and keeps the mark.
     */
    'x-financial-only'?: true;
  }
  interface FastifyContextConfig {
    /** No API key needed (health, metrics, documentation). */
    public?: boolean;
    /**
     * A route of the portal's tree (set by the tree when it is registered): the agency's
     * authentication and roles do not apply; the portal's authentication does.
     */
    portal?: true;
    /** The route's area of the role matrix, set when it is registered (core/http/access-plugin.ts). */
    area?: Area;
    /** Set when registered: the route's answers have financial fields (core/financials.ts). */
    financialFields?: boolean;
    /** Set when registered, from the schema's `x-financial-only`: 403 for a caller revenue and margins are hidden from. */
    financialOnly?: boolean;
    /** The route strips financial fields itself (the events' objects): the setting is read for it. */
    financialData?: true;
    /**
     * A read of one kept object (a job, a group): on PostgreSQL its version is read in the statement
     * that finds the caller (core/view-cache.ts `PrereadVersions`, e.g. `jobViews.prereadBy('id')`).
     */
    prereadVersions?: PrereadVersions;
  }
}
