import { useCallback, useEffect, useRef, useState } from 'react';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiProblem, data, uploadFile, type Answer } from '../../shared/api/client';
import { portalApi, portalHooks } from './session';

/** A file of the work as the portal answers it (docs/supplier-portal.md#files). */
export type PortalFile = Answer<'listPortalWorkFiles'>[number];

/** The files of a piece of work (GET /v2/portal/work/:id/files). */
export const workFilesQuery = (id: string) =>
  queryOptions({
    queryKey: ['portal', 'work', 'files', id] as const,
    queryFn: () => data(portalApi.GET('/v2/portal/work/{id}/files', { params: { path: { id } } })),
    retry: false,
  });

/** Where a file's content is downloaded from: the portal's cookie goes with the link. */
export const contentUrl = (workId: string, fileId: string) => `/v2/portal/work/${encodeURIComponent(workId)}/files/${encodeURIComponent(fileId)}/content`;

/** An upload of the page while it runs, or failed until dismissed; a finished one leaves the list. */
export interface PortalUpload {
  key: string;
  name: string;
  size: number;
  /** 0 to 1: the share of the body sent so far (only grows). */
  progress: number;
  state: 'uploading' | 'failed';
  error?: ApiProblem;
}

/** Whole percents: 0.996 shows 99 until the answer arrives, never 100 too early. */
export const percentOf = (fraction: number) => Math.min(100, Math.max(0, Math.floor(fraction * 100)));

let uploadCount = 0;

/**
 * The supplier's deliveries, uploaded with their progress (XMLHttpRequest: fetch reports none), the
 * portal session's CSRF token on each; several at once. A finished upload reads the files again
 * and is announced by name; leaving the page cancels those that still run.
 */
export function useWorkUploads(workId: string) {
  const queryClient = useQueryClient();
  const [uploads, setUploads] = useState<PortalUpload[]>([]);
  const [finished, setFinished] = useState<string | null>(null);
  const controllers = useRef(new Map<string, AbortController>());

  useEffect(() => {
    const running = controllers.current;
    return () => {
      for (const controller of running.values()) controller.abort();
      running.clear();
    };
  }, []);

  const update = (key: string, change: (upload: PortalUpload) => PortalUpload) =>
    setUploads((list) => list.map((upload) => (upload.key === key ? change(upload) : upload)));

  const start = useCallback(
    (files: File[]) => {
      for (const file of files) {
        const key = `portal-upload-${++uploadCount}`;
        const controller = new AbortController();
        controllers.current.set(key, controller);
        setUploads((list) => [...list, { key, name: file.name, size: file.size, progress: 0, state: 'uploading' }]);
        const onProgress = (fraction: number) =>
          update(key, (upload) => (upload.state === 'uploading' ? { ...upload, progress: Math.min(1, Math.max(upload.progress, fraction)) } : upload));
        // Once aborted, XMLHttpRequest answers neither load nor error: the abort itself ends the upload.
        const aborted = new Promise<'aborted'>((resolve) => controller.signal.addEventListener('abort', () => resolve('aborted')));
        const upload = uploadFile<PortalFile>(
          `/v2/portal/work/${encodeURIComponent(workId)}/files`,
          { file },
          onProgress,
          controller.signal,
          'POST',
          portalHooks,
        );
        Promise.race([upload, aborted])
          .then(async (result) => {
            if (result === 'aborted') return;
            await queryClient.invalidateQueries({ queryKey: workFilesQuery(workId).queryKey });
            setUploads((list) => list.filter((item) => item.key !== key));
            setFinished(result.name);
          })
          .catch((error: unknown) => {
            if (controller.signal.aborted) return;
            const problem = error instanceof ApiProblem ? error : new ApiProblem(0, 'unknown', String(error));
            update(key, (item) => ({ ...item, state: 'failed', error: problem }));
          })
          .finally(() => controllers.current.delete(key));
      }
    },
    [workId, queryClient],
  );

  const cancel = useCallback((key: string) => {
    controllers.current.get(key)?.abort();
    setUploads((list) => list.filter((upload) => upload.key !== key));
  }, []);
  const dismiss = useCallback((key: string) => setUploads((list) => list.filter((upload) => upload.key !== key)), []);

  return { uploads, finished, start, cancel, dismiss };
}

/** Removes one of the supplier's deliveries; the files are read again. */
export function useRemoveDelivery(workId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fileId: string) => data(portalApi.DELETE('/v2/portal/work/{id}/files/{fileId}', { params: { path: { id: workId, fileId } } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: workFilesQuery(workId).queryKey }),
  });
}
