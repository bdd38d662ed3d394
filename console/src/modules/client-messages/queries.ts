import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, data, type Answer } from '../../shared/api/client';

export type ClientMessage = Answer<'listJobClientMessages'>[number];

/** What the agency talks to a client about (docs/client-portal.md#messages): a job or a request. */
export type ThreadSubject = { kind: 'jobs' | 'requests'; id: string };

/** The subject's thread with its client (GET /v2/jobs|requests/:id/client-messages). */
export const clientMessagesQuery = (subject: ThreadSubject) =>
  queryOptions({
    queryKey: [subject.kind, subject.id, 'client-messages'] as const,
    queryFn: ({ signal }) => {
      const params = { path: { id: subject.id } };
      return subject.kind === 'jobs'
        ? data(api.GET('/v2/jobs/{id}/client-messages', { params, signal }))
        : data(api.GET('/v2/requests/{id}/client-messages', { params, signal }));
    },
  });

/** Writes to the client (e-mailed to their people); the thread is read again after. */
export function useSendClientMessage(subject: ThreadSubject) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => {
      const params = { path: { id: subject.id } };
      return subject.kind === 'jobs'
        ? data(api.POST('/v2/jobs/{id}/client-messages', { params, body: { text } }))
        : data(api.POST('/v2/requests/{id}/client-messages', { params, body: { text } }));
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientMessagesQuery(subject).queryKey }),
  });
}
