import { useMemo } from 'react';
import { t } from '../../../shared/i18n';
import { NotesSection as Notes } from '../../notes';
import type { Job } from '../../../shared/api/job-query';
import { jobNoteWriter } from './notes-queries';

/**
 * The job page's "Notes" section (docs/console.md#the-job-page): the notes of modules/notes
 * configured for the job (its notes, its paths; project work may write).
 */
export function NotesSection({ job }: { job: Job }) {
  const writer = useMemo(() => jobNoteWriter(job.id), [job.id]);
  return <Notes headingId={`job-notes-${job.id}`} title={t('job.section.notes')} notes={job.notes} writer={writer} />;
}
