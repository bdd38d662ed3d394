import { useMemo } from 'react';
import { FilesSection as Files } from '../../files';
import type { Job } from '../../../shared/api/job-query';
import { jobFilesOwner } from './files-queries';

/**
 * The job page's "Files" section (docs/console.md#the-job-page): the files of modules/files
 * configured for the job (its own files and its group's; sharing with its outsourcings).
 */
export function FilesSection({ job }: { job: Job }) {
  const owner = useMemo(
    () => jobFilesOwner(job.id, (outsourcingId) => job.outsourcing.find((item) => item.id === outsourcingId)?.supplier.name),
    [job.id, job.outsourcing],
  );
  return <Files owner={owner} files={job.files} />;
}
