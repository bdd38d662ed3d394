import type { Ctx } from '../../core/context.js';
import { nowIso } from '../../core/dates.js';
import { invalid, notFound } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { parentChanged, type ParentResource } from '../../core/parent-resource.js';
import { toRichText } from '../../core/richtext.js';
import { noteRepository as repo, type NoteWithUsers } from './repository.js';
import type { Note } from './schemas.js';

function toNote(row: NoteWithUsers): Note {
  const note: Note = { id: row.id, content: row.content, user: { id: row.userId, name: row.userName }, createdAt: row.createdAt };
  // Present only once the note has been edited (specification "Note").
  if (row.editorId !== null && row.editorName !== null) note.editedByUser = { id: row.editorId, name: row.editorName };
  if (row.updatedAt !== null) note.updatedAt = row.updatedAt;
  return note;
}

/**
 * The stored content: rich text through the one sanitiser (docs/notes.md#content). Content that is empty,
 * blank, or has no text left once sanitised (`<script>…</script>`, `<p> </p>`, `<br>`) is refused.
 */
export function noteContent(input: string): string {
  const html = toRichText(input);
  const text = html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|&#160;|&#xa0;/gi, ' ')
    .trim();
  if (text === '') throw invalid('content', 'is empty after sanitising');
  return html;
}

/** 404 for a note that is not on this parent (another parent's or another account's included). */
const noteMissing = (id: string) => notFound('note', id);

export const notes = {
  /** The notes of several parents of one type at once (one query), in creation order. */
  async listFor(ctx: Ctx, parentType: string, ids: readonly string[]): Promise<Map<string, Note[]>> {
    const result = new Map<string, Note[]>(ids.map((id) => [id, []]));
    for (const row of await repo.listFor(ctx.db, ctx.accountId, parentType, ids)) result.get(row.parentId)?.push(toNote(row));
    return result;
  },

  /** A parent's own notes go with it when it is deleted (call before deleting the parent row). */
  removeAllFor(ctx: Ctx, parentType: string, parentId: string): Promise<void> {
    return repo.deleteAllFor(ctx.db, ctx.accountId, parentType, parentId);
  },

  /** `POST <base>/:id/notes`: the calling user is the creator. */
  async create<T>(ctx: Ctx, parent: ParentResource<T>, parentId: string, input: string): Promise<T> {
    await parent.load(ctx, parentId);
    const content = noteContent(input);
    const now = nowIso();
    await repo.insert(ctx.db, {
      id: newId(),
      account_id: ctx.accountId,
      parent_type: parent.resource,
      parent_id: parentId,
      content,
      user_id: ctx.userId,
      edited_by_user_id: null,
      created_at: now,
      updated_at: null,
    });
    return parentChanged(ctx, parent, parentId, now);
  },

  /** `PUT <base>/:id/notes/:noteId`: any user of the account may edit (docs/notes.md#rules). */
  async update<T>(ctx: Ctx, parent: ParentResource<T>, parentId: string, noteId: string, input: string): Promise<T> {
    await parent.load(ctx, parentId);
    const content = noteContent(input);
    const now = nowIso();
    const updated = await repo.update(ctx.db, ctx.accountId, parent.resource, parentId, noteId, {
      content,
      edited_by_user_id: ctx.userId,
      updated_at: now,
    });
    if (!updated) throw noteMissing(noteId);
    return parentChanged(ctx, parent, parentId, now);
  },

  /** `DELETE <base>/:id/notes/:noteId`: answers the parent without the note. */
  async remove<T>(ctx: Ctx, parent: ParentResource<T>, parentId: string, noteId: string): Promise<T> {
    await parent.load(ctx, parentId);
    if (!(await repo.delete(ctx.db, ctx.accountId, parent.resource, parentId, noteId))) throw noteMissing(noteId);
    return parentChanged(ctx, parent, parentId);
  },
};
