import type { Executor } from '../../core/db/dialect.js';

/** The default CAT configuration of a client or supplier (used by imports). Every query takes the account id. */
export const catAnalysisRepository = {
  async defaultConfiguration(db: Executor, accountId: string, table: 'clients' | 'suppliers', id: string): Promise<string | null> {
    const row = await db.selectFrom(table).select('cat_configuration_id').where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
    return row?.cat_configuration_id ?? null;
  },
};
