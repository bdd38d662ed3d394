import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import type { Actor, Ctx } from '../../core/context.js';
import type { DB } from '../../core/db/schema.js';
import { retryingConflicts } from '../../core/db/retry.js';

/**
 * One transaction for a request that no key or session authenticates (a link redeemed): the
 * account and actor are only known from the link, inside it. Run again after a PostgreSQL
 * deadlock, as app.inTransaction does; on SQLite it waits for the connection like any transaction.
 */
export function publicTransaction<T>(app: FastifyInstance, request: FastifyRequest, work: (db: Transaction<DB>) => Promise<T>): Promise<T> {
  return retryingConflicts(
    () => app.database.db.transaction().execute(work),
    (error, failed) => request.log.warn({ err: error, attempt: failed }, 'transaction rolled back by the database; running it again'),
  );
}

/** The context of a change a user makes through their own link: the events name them. */
export function selfCtx(app: FastifyInstance, db: Transaction<DB>, user: { id: string; account_id: string; name: string }): Ctx {
  const actor: Actor = { type: 'user', userId: user.id, apiKeyId: null };
  return { db, dialect: app.database.dialect, accountId: user.account_id, userId: user.id, userName: user.name, actor };
}
