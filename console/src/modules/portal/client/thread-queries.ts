import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { data } from '../../../shared/api/client';
import { portalApi } from '../session';

/** What a client talks to the agency about (docs/client-portal.md#messages): a job or a request. */
export type ThreadSubject = { kind: 'jobs' | 'requests'; id: string };

const fetchMessages = ({ kind, id }: ThreadSubject, signal: AbortSignal) =>
  kind === 'jobs'
    ? data(portalApi.GET('/v2/portal/client/jobs/{id}/messages', { params: { path: { id } }, signal }))
    : data(portalApi.GET('/v2/portal/client/requests/{id}/messages', { params: { path: { id } }, signal }));

export const clientMessagesQuery = (subject: ThreadSubject) =>
  queryOptions({
    queryKey: ['portal', 'client', subject.kind, 'messages', subject.id] as const,
    queryFn: ({ signal }) => fetchMessages(subject, signal),
  });

/** `POST …/messages`: the thread is read again once the message is written. */
export function useSendClientMessage(subject: ThreadSubject) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => {
      const params = { path: { id: subject.id } };
      return subject.kind === 'jobs'
        ? data(portalApi.POST('/v2/portal/client/jobs/{id}/messages', { params, body: { text } }))
        : data(portalApi.POST('/v2/portal/client/requests/{id}/messages', { params, body: { text } }));
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientMessagesQuery(subject).queryKey }),
  });
}
