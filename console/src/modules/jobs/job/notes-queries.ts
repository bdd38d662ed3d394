import { api, data } from '../../../shared/api/client';
import type { NoteWriter } from '../../notes';
import { setJob, type Job } from '../../../shared/api/job-query';

/** The job's notes (POST/PUT/DELETE /v2/jobs/:id/notes…): each write answers the whole job, which takes its place. */
export function jobNoteWriter(jobId: string): NoteWriter<Job> {
  return {
    create: (content) => data(api.POST('/v2/jobs/{id}/notes', { params: { path: { id: jobId } }, body: { content } })),
    update: (noteId, content) => data(api.PUT('/v2/jobs/{id}/notes/{noteId}', { params: { path: { id: jobId, noteId } }, body: { content } })),
    remove: (noteId) => data(api.DELETE('/v2/jobs/{id}/notes/{noteId}', { params: { path: { id: jobId, noteId } } })),
    settle: (queryClient, job) => setJob(queryClient, job),
  };
}
