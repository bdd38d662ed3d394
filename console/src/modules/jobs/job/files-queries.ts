import { useCallback, useEffect, useReducer, useRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiProblem, data, uploadFile, type Answer } from '../../../api/client';
import { refreshJob, type Job } from '../job-query';
import { uploadsReducer, type Upload } from './files-uploads';

/** A file of the job as the job lists it (its own files and its group's: docs/files.md). */
export type JobFile = Job['files'][number];
type UploadedFile = Answer<'uploadJobFile'>;

/** Where the browser downloads a file: the session cookie authorises it, the answer is an attachment. */
export function downloadUrl(jobId: string, fileId: string): string {
  return `/v2/jobs/${encodeURIComponent(jobId)}/files/${encodeURIComponent(fileId)}/download`;
}

let uploadCount = 0;

/**
 * Uploads files to the job, several at once, each with its progress; a finished upload reads the job
 * again (its `files` list the new file). Leaving the page cancels the uploads that still run.
 */
export function useFileUploads(jobId: string): {
  uploads: Upload[];
  start: (files: File[]) => void;
  cancel: (key: string) => void;
  dismiss: (key: string) => void;
} {
  const queryClient = useQueryClient();
  const [uploads, dispatch] = useReducer(uploadsReducer, []);
  const controllers = useRef(new Map<string, AbortController>());

  useEffect(() => {
    const running = controllers.current;
    return () => {
      for (const controller of running.values()) controller.abort();
      running.clear();
    };
  }, []);

  const start = useCallback(
    (files: File[]) => {
      for (const file of files) {
        const key = `upload-${++uploadCount}`;
        const controller = new AbortController();
        controllers.current.set(key, controller);
        dispatch({ type: 'start', key, name: file.name, size: file.size });
        // uploadFile's promise does not settle once aborted (XMLHttpRequest answers neither load nor
        // error then): the abort itself ends the upload here.
        const aborted = new Promise<'aborted'>((resolve) => controller.signal.addEventListener('abort', () => resolve('aborted')));
        const upload = uploadFile<UploadedFile>(
          `/v2/jobs/${encodeURIComponent(jobId)}/files/upload`,
          { file },
          (progress) => dispatch({ type: 'progress', key, progress }),
          controller.signal,
        );
        Promise.race([upload, aborted])
          .then(async (result) => {
            if (result === 'aborted') return;
            await refreshJob(queryClient, jobId);
            dispatch({ type: 'remove', key });
          })
          .catch((error: unknown) => {
            if (controller.signal.aborted) return;
            dispatch({ type: 'fail', key, error: error instanceof ApiProblem ? error : new ApiProblem(0, 'unknown', String(error)) });
          })
          .finally(() => controllers.current.delete(key));
      }
    },
    [jobId, queryClient],
  );

  const cancel = useCallback((key: string) => {
    controllers.current.get(key)?.abort();
    dispatch({ type: 'remove', key });
  }, []);

  const dismiss = useCallback((key: string) => dispatch({ type: 'remove', key }), []);

  return { uploads, start, cancel, dismiss };
}

/** Shares a file of the job with all its outsourcings, or stops sharing it; the job is read again. */
export function useShareWithAll(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ fileId, shared }: { fileId: string; shared: boolean }) => {
      const params = { params: { path: { id: jobId, fileId } } };
      return shared
        ? data(api.PUT('/v2/jobs/{id}/files/{fileId}/share/with/all', params))
        : data(api.DELETE('/v2/jobs/{id}/files/{fileId}/share/with/all', params));
    },
    onSettled: () => refreshJob(queryClient, jobId),
  });
}

/** Deletes a file of the job (its content goes too); the job is read again. */
export function useDeleteFile(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (fileId: string) => {
      await data(api.DELETE('/v2/jobs/{id}/files/{fileId}', { params: { path: { id: jobId, fileId } } }));
    },
    onSuccess: () => refreshJob(queryClient, jobId),
  });
}
