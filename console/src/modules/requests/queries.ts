import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, data, type Answer, type Query } from '../../shared/api/client';

/** The clients' requests as the agency's API answers them (docs/client-portal.md#requests). */
export type ClientRequest = Answer<'getRequest'>;
export type RequestStatus = ClientRequest['status'];
export type RequestsQuery = Query<'listRequests'>;

const KEY = ['requests'] as const;

/** `GET /v2/requests`: one page of a view. */
export const requestsQuery = (query: RequestsQuery) =>
  queryOptions({
    queryKey: [...KEY, 'list', query] as const,
    queryFn: ({ signal }) => data(api.GET('/v2/requests', { params: { query }, signal })),
    placeholderData: keepPreviousData,
  });

/** `GET /v2/requests/:id`. */
export const requestQuery = (id: string) =>
  queryOptions({
    queryKey: [...KEY, 'one', id] as const,
    queryFn: ({ signal }) => data(api.GET('/v2/requests/{id}', { params: { path: { id } }, signal })),
    retry: false,
  });

/** A file of a request as the client sent it (same origin: the session's cookie reaches it), as an attachment. */
export const requestFileUrl = (id: string, fileId: string) => `/v2/requests/${encodeURIComponent(id)}/files/${encodeURIComponent(fileId)}/download`;

/** An answer of the agency: the request it answers replaces the cached one, and the lists (and the dashboard's count) are read again. */
function useAnswer<V>(id: string, call: (variables: V) => Promise<ClientRequest>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (saved) => queryClient.setQueryData(requestQuery(id).queryKey, saved),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: KEY }), queryClient.invalidateQueries({ queryKey: ['dashboard'] })]),
  });
}

/** `POST /v2/requests/:id/quoted` (409 unless new). */
export const useMarkQuoted = (id: string) => useAnswer<void>(id, () => data(api.POST('/v2/requests/{id}/quoted', { params: { path: { id } }, body: {} })));

/** `POST /v2/requests/:id/decline` `{ reason }` (409 unless new or quoted). */
export const useDeclineRequest = (id: string) =>
  useAnswer<string>(id, (reason) => data(api.POST('/v2/requests/{id}/decline', { params: { path: { id } }, body: { reason } })));

/**
 * `POST /v2/requests/:id/convert` `{ quote, quantityType? }`: one job per target language, the
 * files attached, a quote drafted when asked (docs/client-portal.md#converting-a-request); the
 * request as it is after.
 */
async function convertRequest(id: string, input: ConvertInput): Promise<ClientRequest> {
  const answer = await data(api.POST('/v2/requests/{id}/convert', { params: { path: { id } }, body: input }));
  return answer.request;
}

/** What the console asks of a conversion: a draft quote or not, and the jobs' unit when no CAT report gives one. */
export interface ConvertInput {
  quote: boolean;
  quantityType?: string;
}

export const useConvertRequest = (id: string) => useAnswer<ConvertInput>(id, (input) => convertRequest(id, input));
