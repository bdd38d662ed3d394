import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Answer } from '../../shared/api/client';
import { LIMITS } from '../../shared/api/limits.gen';

/**
 * A note (docs/notes.md#note-object): sanitised rich text, its author and editor. Jobs, clients and
 * suppliers carry the same note object in their `notes`.
 */
export type Note = Answer<'getJob'>['notes'][number];

/** The API's limit on a note's content (before sanitising). */
export const NOTE_MAX_LENGTH = LIMITS.note;

/** The notes newest first (a parent lists them in creation order). */
export function newestFirst(notes: readonly Note[]): Note[] {
  return notes
    .map((note, index) => ({ note, index }))
    .sort((a, b) => b.note.createdAt.localeCompare(a.note.createdAt) || b.index - a.index)
    .map(({ note }) => note);
}

/**
 * How one parent of notes (a job, a client, a supplier) writes them: its three calls, each answering
 * the whole parent, and where that answer goes (it takes the cached parent's place: no second request).
 */
export interface NoteWriter<Parent> {
  create(content: string): Promise<Parent>;
  update(noteId: string, content: string): Promise<Parent>;
  remove(noteId: string): Promise<Parent>;
  settle(queryClient: QueryClient, parent: Parent): void;
}

/** The three writes of a parent's notes as mutations. */
export function useNoteWrites<Parent>(writer: NoteWriter<Parent>) {
  const queryClient = useQueryClient();
  const onSuccess = (parent: Parent) => writer.settle(queryClient, parent);
  return {
    create: useMutation({ mutationFn: (content: string) => writer.create(content), onSuccess }),
    update: useMutation({ mutationFn: ({ noteId, content }: { noteId: string; content: string }) => writer.update(noteId, content), onSuccess }),
    remove: useMutation({ mutationFn: (noteId: string) => writer.remove(noteId), onSuccess }),
  };
}

export type NoteWrites = ReturnType<typeof useNoteWrites>;
