import { Type, type Static } from '@sinclair/typebox';
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
