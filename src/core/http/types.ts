import type { Config } from '../../config.js';
import type { Database } from '../db/database.js';
import type { AuthContext, Ctx } from '../context.js';
import type { MultipartDoc } from './openapi.js';
import type { Area } from '../access.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    /** A context for reads on the pool, scoped to the caller's account. */
    readCtx(request: FastifyRequest): Ctx;
    /** Runs `work` in one transaction scoped to the caller's account: one request, one transaction. */
    inTransaction<T>(request: FastifyRequest, work: (ctx: Ctx) => Promise<T>): Promise<T>;
  }
  interface FastifyRequest {
    auth: AuthContext;
    /** SQLite: the database's change stamp when the request was authenticated (core/db/change-stamp.ts). */
    changeStamp: string | undefined;
  }
  interface FastifySchema {
    /** Documentation only: the multipart body the route reads itself (core/http/openapi.ts). */
    'x-multipart'?: MultipartDoc;
  }
  interface FastifyContextConfig {
    /** No API key needed (health, metrics, documentation). */
    public?: boolean;
    /** The route's area of the role matrix, set when it is registered (core/http/access-plugin.ts). */
    area?: Area;
  }
}
