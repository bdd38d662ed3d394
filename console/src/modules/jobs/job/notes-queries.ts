import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, data } from '../../../api/client';
import { setJob, type Job } from '../job-query';

/** A note of the job (docs/notes.md#note-object): sanitised rich text, its author and editor. */
export type JobNote = Job['notes'][number];

/** The API's limit on a note's content (before sanitising). */
export const NOTE_MAX_LENGTH = 100_000;

/** The notes newest first (the job lists them in creation order). */
export function newestFirst(notes: readonly JobNote[]): JobNote[] {
  return notes
    .map((note, index) => ({ note, index }))
    .sort((a, b) => b.note.createdAt.localeCompare(a.note.createdAt) || b.index - a.index)
    .map(({ note }) => note);
}

/** Each write answers the whole job, which takes its place (no second request). */
export function useCreateNote(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => data(api.POST('/v2/jobs/{id}/notes', { params: { path: { id: jobId } }, body: { content } })),
    onSuccess: (job) => setJob(queryClient, job),
  });
}

export function useUpdateNote(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ noteId, content }: { noteId: string; content: string }) =>
      data(api.PUT('/v2/jobs/{id}/notes/{noteId}', { params: { path: { id: jobId, noteId } }, body: { content } })),
    onSuccess: (job) => setJob(queryClient, job),
  });
}

export function useDeleteNote(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (noteId: string) => data(api.DELETE('/v2/jobs/{id}/notes/{noteId}', { params: { path: { id: jobId, noteId } } })),
    onSuccess: (job) => setJob(queryClient, job),
  });
}
