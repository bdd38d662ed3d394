import type { Executor } from '../../core/db/dialect.js';
import type { NotesTable } from '../../core/db/schema.js';
import { preparedQuery } from '../../core/db/prepared.js';

export type NoteRow = NotesTable;

/** A note row with the names of its creator and last editor. */
export interface NoteWithUsers {
  id: string;
  parentId: string;
  content: string;
  userId: string;
  userName: string;
  editorId: string | null;
  editorName: string | null;
  createdAt: string;
  updatedAt: string | null;
}

/** Notes, always scoped to one account and one parent type. */
const notesOf = preparedQuery((db, p: { accountId: string; parentType: string; parentIds: readonly string[] }) =>
  db
    .selectFrom('notes')
    .innerJoin('users as creator', 'creator.id', 'notes.user_id')
    .leftJoin('users as editor', 'editor.id', 'notes.edited_by_user_id')
    .select([
      'notes.id as id',
      'notes.parent_id as parentId',
      'notes.content as content',
      'creator.id as userId',
      'creator.name as userName',
      'editor.id as editorId',
      'editor.name as editorName',
      'notes.created_at as createdAt',
      'notes.updated_at as updatedAt',
    ])
    .where('notes.account_id', '=', p.accountId)
    .where('notes.parent_type', '=', p.parentType)
    .where('notes.parent_id', 'in', p.parentIds)
    .orderBy('notes.created_at')
    .orderBy('notes.id'),
);

export const noteRepository = {
  /** The notes of several parents of one type, with user names, in creation order: one query. */
  listFor(db: Executor, accountId: string, parentType: string, parentIds: readonly string[]): Promise<NoteWithUsers[]> {
    if (parentIds.length === 0) return Promise.resolve([]);
    return notesOf(db, { accountId, parentType, parentIds });
  },

  async insert(db: Executor, row: NoteRow): Promise<void> {
    await db.insertInto('notes').values(row).execute();
  },

  /** Answers whether a row of this parent was changed. */
  async update(db: Executor, accountId: string, parentType: string, parentId: string, id: string, changes: Partial<NoteRow>): Promise<boolean> {
    const result = await db
      .updateTable('notes')
      .set(changes)
      .where('account_id', '=', accountId)
      .where('parent_type', '=', parentType)
      .where('parent_id', '=', parentId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },

  /** Answers whether a row of this parent was deleted. */
  async delete(db: Executor, accountId: string, parentType: string, parentId: string, id: string): Promise<boolean> {
    const result = await db
      .deleteFrom('notes')
      .where('account_id', '=', accountId)
      .where('parent_type', '=', parentType)
      .where('parent_id', '=', parentId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  },

  async deleteAllFor(db: Executor, accountId: string, parentType: string, parentId: string): Promise<void> {
    await db.deleteFrom('notes').where('account_id', '=', accountId).where('parent_type', '=', parentType).where('parent_id', '=', parentId).execute();
  },
};
