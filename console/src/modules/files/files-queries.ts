import { useCallback, useEffect, useReducer, useRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiProblem, uploadFile } from '../../shared/api/client';
import type { FileSharing, FilesOwner, ListedFile } from './files-owner';
import { uploadsReducer, type Upload } from './files-uploads';

let uploadCount = 0;

/**
 * Uploads files to the owner, several at once, each with its progress; a finished upload reads the
 * owner's files again. Leaving the page cancels the uploads that still run.
 */
export function useFileUploads<F extends ListedFile>(
  owner: FilesOwner<F>,
): {
  uploads: Upload[];
  start: (files: File[]) => void;
  cancel: (key: string) => void;
  dismiss: (key: string) => void;
} {
  const queryClient = useQueryClient();
  const [uploads, dispatch] = useReducer(uploadsReducer, []);
  const controllers = useRef(new Map<string, AbortController>());
  const { uploadUrl, refresh } = owner;

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
        const upload = uploadFile<unknown>(uploadUrl, { file }, (progress) => dispatch({ type: 'progress', key, progress }), controller.signal);
        Promise.race([upload, aborted])
          .then(async (result) => {
            if (result === 'aborted') return;
            await refresh(queryClient);
            dispatch({ type: 'remove', key });
          })
          .catch((error: unknown) => {
            if (controller.signal.aborted) return;
            dispatch({ type: 'fail', key, error: error instanceof ApiProblem ? error : new ApiProblem(0, 'unknown', String(error)) });
          })
          .finally(() => controllers.current.delete(key));
      }
    },
    [uploadUrl, refresh, queryClient],
  );

  const cancel = useCallback((key: string) => {
    controllers.current.get(key)?.abort();
    dispatch({ type: 'remove', key });
  }, []);

  const dismiss = useCallback((key: string) => dispatch({ type: 'remove', key }), []);

  return { uploads, start, cancel, dismiss };
}

/** Shares a file or stops sharing it, as the owner shares (outsourcings, jobs); the files are read again. */
export function useShareFile<F extends ListedFile>(owner: FilesOwner<F>, sharing: FileSharing<F> | undefined = owner.sharing) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ fileId, shared }: { fileId: string; shared: boolean }) => sharing?.set(fileId, shared),
    onSettled: () => owner.refresh(queryClient),
  });
}

/** Deletes a file of the owner (its content goes too); the files are read again. */
export function useDeleteFile<F extends ListedFile>(owner: FilesOwner<F>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fileId: string) => owner.remove(fileId),
    onSuccess: () => owner.refresh(queryClient),
  });
}
