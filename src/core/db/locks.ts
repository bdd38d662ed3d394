import type { Ctx } from '../context.js';

/**
 * Serialises read-modify-write sequences of one account (exclusive flags, orderings, numbering)
 * across concurrent transactions and processes: on PostgreSQL by locking the account row until
 * the transaction ends; SQLite write transactions are serialised already (BEGIN IMMEDIATE).
 */
export async function lockAccount(ctx: Ctx): Promise<void> {
  if (ctx.dialect !== 'postgres') return;
  await ctx.db.selectFrom('accounts').select('id').where('id', '=', ctx.accountId).forUpdate().execute();
}
