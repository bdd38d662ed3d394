import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { data, type Answer, type Body } from '../../../shared/api/client';
import { portalApi } from '../session';

/** A request and the request form as the client portal answers them (docs/client-portal.md#requests). */
export type ClientRequest = Answer<'getPortalClientRequest'>;
export type ClientRequestStatus = ClientRequest['status'];
export type RequestForm = Answer<'getPortalClientRequestForm'>;
export type RequestChanges = Body<'updatePortalClientRequest'>;

const KEY = ['portal', 'client', 'requests'] as const;

/** `GET /v2/portal/client/request-form`: the agency's terms, services, languages and upload limits. */
export const requestFormQuery = queryOptions({
  queryKey: ['portal', 'client', 'request-form'] as const,
  queryFn: ({ signal }) => data(portalApi.GET('/v2/portal/client/request-form', { signal })),
});

/** `GET /v2/portal/client/requests`: the client's requests, newest first. */
export const clientRequestsQuery = queryOptions({
  queryKey: [...KEY, 'list'] as const,
  queryFn: ({ signal }) => data(portalApi.GET('/v2/portal/client/requests', { signal })),
});

/** `GET /v2/portal/client/requests/:id`. */
export const clientRequestQuery = (id: string) =>
  queryOptions({
    queryKey: [...KEY, 'one', id] as const,
    queryFn: ({ signal }) => data(portalApi.GET('/v2/portal/client/requests/{id}', { params: { path: { id } }, signal })),
    retry: false,
  });

/** Where the agency's terms PDF and a request's file are downloaded from (the portal's cookie goes with the link). */
export const TERMS_PDF_URL = '/v2/portal/client/request-terms.pdf';
export const requestFileUrl = (requestId: string, fileId: string) =>
  `/v2/portal/client/requests/${encodeURIComponent(requestId)}/files/${encodeURIComponent(fileId)}/content`;

/** What the form sends: the API's field names. */
export interface NewRequest {
  service: string;
  sourceLanguage: string;
  targetLanguages: string[];
  dueDate: string | null;
  reference: string;
  purchaseOrder: string;
  message: string;
  acceptTerms: boolean;
  files: File[];
}

/**
 * The multipart body of a new request: the text fields first (the server reads them before the
 * files), `targetLanguages` once per language, then a part `file` per file. The browser streams each
 * file from the disk as it sends the body: none is read into memory here.
 */
export function formOf(request: NewRequest): FormData {
  const form = new FormData();
  form.append('service', request.service);
  form.append('sourceLanguage', request.sourceLanguage);
  for (const code of request.targetLanguages) form.append('targetLanguages', code);
  if (request.dueDate) form.append('dueDate', request.dueDate);
  if (request.reference) form.append('reference', request.reference);
  if (request.purchaseOrder) form.append('purchaseOrder', request.purchaseOrder);
  if (request.message) form.append('message', request.message);
  if (request.acceptTerms) form.append('acceptTerms', 'true');
  for (const file of request.files) form.append('file', file, file.name);
  return form;
}

/** `POST /v2/portal/client/requests` as multipart/form-data, through the portal's client (its CSRF token). */
export function useCreateRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: NewRequest) =>
      data(
        portalApi.POST('/v2/portal/client/requests', {
          // The generated type is the JSON body's; the body sent is the form below.
          body: { ...request, files: undefined } as unknown as Body<'createPortalClientRequest'>,
          bodySerializer: () => formOf(request),
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

/** `PUT /v2/portal/client/requests/:id` (while new). */
export function useUpdateRequest(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestChanges) => data(portalApi.PUT('/v2/portal/client/requests/{id}', { params: { path: { id } }, body })),
    onSuccess: (saved) => {
      queryClient.setQueryData(clientRequestQuery(id).queryKey, saved);
      return queryClient.invalidateQueries({ queryKey: [...KEY, 'list'] });
    },
  });
}

/** `POST /v2/portal/client/requests/:id/withdraw` (while new). */
export function useWithdrawRequest(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => data(portalApi.POST('/v2/portal/client/requests/{id}/withdraw', { params: { path: { id } } })),
    onSuccess: (saved) => {
      queryClient.setQueryData(clientRequestQuery(id).queryKey, saved);
      return queryClient.invalidateQueries({ queryKey: [...KEY, 'list'] });
    },
  });
}
