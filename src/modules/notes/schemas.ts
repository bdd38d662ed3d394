import { Type, type Static, type TSchema } from '@sinclair/typebox';
import type { Ctx } from '../../core/context.js';
import { DateOut, Id, Input, RichText } from '../../core/schemas.js';
import { UserRef } from '../users/index.js';

/** A note (specification "Note", docs/notes.md). `editedByUser` and `updatedAt` appear after an update. */
export const NoteObject = Type.Object(
  {
    id: Type.String(),
    content: Type.String({ description: 'sanitised rich text' }),
    user: UserRef,
    editedByUser: Type.Optional(UserRef),
    createdAt: DateOut(),
    updatedAt: Type.Optional(DateOut()),
  },
  { title: 'Note' },
);
export type Note = Static<typeof NoteObject>;

const content = RichText();
export const CreateNote = Input({ content });
export const UpdateNote = Input({ content });
export interface NoteInput {
  content: string;
}

export const NoteParams = Type.Object({ id: Id() }, { additionalProperties: false });
export const NoteItemParams = Type.Object({ id: Id(), noteId: Id() }, { additionalProperties: false });

/**
 * A parent that carries notes, configured once (see docs/notes.md). Its object must include the
 * notes (`notes.listFor` in the parent's loadMany) and its delete must call `notes.removeAllFor`.
 */
export interface NotedParent<T> {
  /** Stored in notes.parent_type. */
  parentType: string;
  /** Collection path of the parent, e.g. `/v2/clients`. */
  basePath: string;
  /** For events (`client` → `client.updated`) and messages. */
  resource: string;
  /** OpenAPI tag. */
  tag: string;
  /** The parent's full object; throws 404 when the id is not the caller's. */
  load(ctx: Ctx, id: string): Promise<T>;
  /** Marks the parent as changed (its updated_at), in the same transaction. */
  touch(ctx: Ctx, id: string, now: string): Promise<void>;
  /** The parent's response schema. */
  schema: TSchema;
}
