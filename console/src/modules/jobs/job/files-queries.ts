import { api, data } from '../../../shared/api/client';
import { t, tCount } from '../../../shared/i18n';
import type { FilesOwner } from '../../files';
import { refreshJob, type Job } from '../../../shared/api/job-query';

/** A file of the job as the job lists it (its own files and its group's: docs/files.md). */
export type JobFile = Job['files'][number];

/**
 * The job's files (docs/files.md#files-of-jobs-and-groups) for the files section: read from the job,
 * which is read again after a change; shared with all the job's outsourcings or none; the group's
 * files are listed and downloaded here, changed on the group's page. A supplier's delivery on the
 * portal says who delivered it (`supplierOf`: the supplier of one of the job's outsourcings).
 */
export function jobFilesOwner(jobId: string, supplierOf: (outsourcingId: string) => string | undefined = () => undefined): FilesOwner<JobFile> {
  const base = `/v2/jobs/${encodeURIComponent(jobId)}/files`;
  return {
    headingId: `job-files-${jobId}`,
    title: t('job.section.files'),
    uploadUrl: `${base}/upload`,
    downloadUrl: (file) => `${base}/${encodeURIComponent(file.id)}/download`,
    remove: (fileId) => data(api.DELETE('/v2/jobs/{id}/files/{fileId}', { params: { path: { id: jobId, fileId } } })),
    refresh: (queryClient) => refreshJob(queryClient, jobId),
    sharing: {
      column: t('files.column.shared'),
      switchLabel: (file) => t('files.shareWithAll', { name: file.name }),
      isShared: (file) => file.outsourcing.shareWithAll,
      text: sharingText,
      set: (fileId, shared) => {
        const params = { params: { path: { id: jobId, fileId } } };
        return shared
          ? data(api.PUT('/v2/jobs/{id}/files/{fileId}/share/with/all', params))
          : data(api.DELETE('/v2/jobs/{id}/files/{fileId}/share/with/all', params));
      },
    },
    // A deliverable of the client portal (docs/client-portal.md#jobs-and-deliveries).
    clientSharing: {
      column: t('files.column.client'),
      switchLabel: (file) => t('files.shareWithClient', { name: file.name }),
      isShared: (file) => file.shareWithClient,
      text: (_file, shared) => t(shared ? 'files.sharedWithClient' : 'files.notSharedWithClient'),
      set: (fileId, shared) => {
        const params = { params: { path: { id: jobId, fileId } } };
        return shared
          ? data(api.PUT('/v2/jobs/{id}/files/{fileId}/share/with/client', params))
          : data(api.DELETE('/v2/jobs/{id}/files/{fileId}/share/with/client', params));
      },
    },
    deliveredBy: (file) => {
      if (file.deliverable === undefined) return undefined;
      const supplier = supplierOf(file.deliverable.outsourcingId);
      return supplier === undefined ? t('files.deliveredUnknown') : t('files.delivered', { supplier });
    },
    heldElsewhere: (file) => (file.groupFileId !== undefined ? { badge: t('files.fromGroup'), note: t('files.inGroup') } : undefined),
  };
}

/** Whom the file is shared with, in words. */
function sharingText(file: JobFile, sharedWithAll: boolean): string {
  if (sharedWithAll) return t('files.sharedWithAll');
  const count = file.outsourcing.sharedWith.length;
  if (count === 0) return t('files.notShared');
  return tCount('files.sharedWith', count);
}
