import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiProblem, CONSOLE_CALL, data, uploadFile } from '../../../shared/api/client';

export const TERMS_PDF_URL = '/v2/account/request-terms.pdf';
/** The API's limit (src/modules/requests/terms.ts): larger files are refused before they are sent. */
export const TERMS_PDF_MAX_BYTES = 10 * 1024 * 1024;
const TERMS_PDF_KEY = ['account', 'request-terms-pdf'] as const;

/** The name a Content-Disposition gives (its UTF-8 `filename*` first). */
function fileNameOf(disposition: string | null): string {
  const encoded = disposition?.match(/filename\*=UTF-8''([^;]+)/i)?.[1];
  if (encoded) return decodeURIComponent(encoded);
  return disposition?.match(/filename="([^"]*)"/i)?.[1] ?? 'terms.pdf';
}

/** Whether the account has a terms PDF, its name and size: `HEAD /v2/account/request-terms.pdf` (404: none). */
export const termsPdfQuery = queryOptions({
  queryKey: TERMS_PDF_KEY,
  queryFn: async ({ signal }): Promise<{ name: string; size: number } | null> => {
    const response = await fetch(TERMS_PDF_URL, { method: 'HEAD', headers: CONSOLE_CALL, signal });
    if (response.status === 404) return null;
    if (!response.ok) throw new ApiProblem(response.status, 'unknown', response.statusText);
    return { name: fileNameOf(response.headers.get('Content-Disposition')), size: Number(response.headers.get('Content-Length') ?? 0) };
  },
});

/** Uploads (or replaces) the terms PDF at once, apart from the form's save. */
export function useUploadTermsPdf() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadFile<{ name: string; size: number }>(TERMS_PDF_URL, { file }, () => undefined, undefined, 'PUT'),
    onSuccess: (saved) => queryClient.setQueryData(TERMS_PDF_KEY, { name: saved.name, size: saved.size }),
  });
}

/** Removes the terms PDF. */
export function useRemoveTermsPdf() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => data(api.DELETE('/v2/account/request-terms.pdf')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: TERMS_PDF_KEY }),
  });
}
