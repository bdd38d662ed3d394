import type { Executor } from '../../core/db/dialect.js';
import type { LanguagePairsTable } from '../../core/db/schema.js';
import { preparedQuery } from '../../core/db/prepared.js';
import { columnsOf } from '../../core/db/columns.js';

export type LanguagePairRow = LanguagePairsTable;

const pairsByIds = preparedQuery((db, p: { accountId: string; ids: readonly string[] }) =>
  db.selectFrom('language_pairs').select(columnsOf('language_pairs')).where('account_id', '=', p.accountId).where('id', 'in', p.ids),
);

export const languagePairRepository = {
  list(db: Executor, accountId: string) {
    return db
      .selectFrom('language_pairs')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy('pinned', 'desc')
      .orderBy('pair_key')
      .orderBy('id')
      .execute();
  },
  find(db: Executor, accountId: string, id: string) {
    return pairsByIds.first(db, { accountId, ids: [id] });
  },
  findMany(db: Executor, accountId: string, ids: readonly string[]) {
    if (ids.length === 0) return Promise.resolve([] as LanguagePairRow[]);
    return pairsByIds(db, { accountId, ids });
  },
  findByKey(db: Executor, accountId: string, pairKey: string) {
    return db.selectFrom('language_pairs').selectAll().where('account_id', '=', accountId).where('pair_key', '=', pairKey).executeTakeFirst();
  },
  insert(db: Executor, row: LanguagePairRow) {
    return db.insertInto('language_pairs').values(row).execute();
  },
  update(db: Executor, accountId: string, id: string, changes: Partial<LanguagePairRow>) {
    return db.updateTable('language_pairs').set(changes).where('account_id', '=', accountId).where('id', '=', id).execute();
  },
  delete(db: Executor, accountId: string, id: string) {
    return db.deleteFrom('language_pairs').where('account_id', '=', accountId).where('id', '=', id).execute();
  },
};
