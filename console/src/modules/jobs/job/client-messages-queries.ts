import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, data, type Answer } from '../../../shared/api/client';

export type ClientMessage = Answer<'listJobClientMessages'>[number];

/** The job's thread with its client (GET /v2/jobs/:id/client-messages, docs/client-portal.md#messages). */
export const clientMessagesQuery = (jobId: string) =>
  queryOptions({
    queryKey: ['jobs', jobId, 'client-messages'] as const,
    queryFn: ({ signal }) => data(api.GET('/v2/jobs/{id}/client-messages', { params: { path: { id: jobId } }, signal })),
  });

/** Writes to the client (e-mailed to their people); the thread is read again after. */
export function useSendClientMessage(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => data(api.POST('/v2/jobs/{id}/client-messages', { params: { path: { id: jobId } }, body: { text } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientMessagesQuery(jobId).queryKey }),
  });
}
