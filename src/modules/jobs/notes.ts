import { noteRoutes, notes } from '../notes/index.js';
import { JOB_ENTITY } from './assembly.js';
import type { JobExtension, JobParts } from './extensions.js';
import { jobParent } from './parent.js';

/**
 * Notes on jobs (docs/notes.md, specification "Notes"): the routes `/v2/jobs/:id/notes`, and the
 * job's `notes` and their delete with the job: an extension of jobs (listed in modules/index.ts).
 */
export const notesJobExtension: JobExtension = {
  name: 'notes',
  async loadParts(ctx, jobIds) {
    const lists = await notes.listFor(ctx, JOB_ENTITY, jobIds);
    return new Map<string, Partial<JobParts>>([...lists].map(([id, list]) => [id, { notes: list }]));
  },
  deleteParts: (ctx, jobId) => notes.removeAllFor(ctx, JOB_ENTITY, jobId),
};

export const jobNoteRoutes = noteRoutes(jobParent);
