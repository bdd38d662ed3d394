import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { data } from '../../shared/api/client';
import { portalApi } from './session';
import type { PortalWork } from './work';

/** Every answer about the supplier's work is under this key: an answer invalidates them all. */
const WORK_KEY = ['portal', 'work'] as const;

/** The supplier's work, soonest due first (GET /v2/portal/work). */
export const workListQuery = queryOptions({
  queryKey: [...WORK_KEY, 'list'] as const,
  queryFn: () => data(portalApi.GET('/v2/portal/work')),
});

/** One piece of work (GET /v2/portal/work/:id): a 404 when it is not the supplier's. */
export const workQuery = (id: string) =>
  queryOptions({
    queryKey: [...WORK_KEY, 'one', id] as const,
    queryFn: () => data(portalApi.GET('/v2/portal/work/{id}', { params: { path: { id } } })),
    retry: false,
  });

/** The supplier's answers to the work; each answers the work as it is after. */
export type WorkAnswer = { kind: 'accept'; comment?: string } | { kind: 'refuse'; reason: string } | { kind: 'done' } | { kind: 'comments'; comments: string };

function send(id: string, answer: WorkAnswer): Promise<PortalWork> {
  const path = { params: { path: { id } } };
  switch (answer.kind) {
    case 'accept':
      return data(portalApi.POST('/v2/portal/work/{id}/accept', { ...path, body: answer.comment ? { comment: answer.comment } : {} }));
    case 'refuse':
      return data(portalApi.POST('/v2/portal/work/{id}/refuse', { ...path, body: { reason: answer.reason } }));
    case 'done':
      return data(portalApi.POST('/v2/portal/work/{id}/done', { ...path, body: {} }));
    case 'comments':
      return data(portalApi.PUT('/v2/portal/work/{id}/comments', { ...path, body: { comments: answer.comments } }));
  }
}

/** An answer: the page shows the work the server answers, and the list is read again. */
export function useWorkAnswer(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answer: WorkAnswer) => send(id, answer),
    onSuccess: (work) => {
      queryClient.setQueryData(workQuery(id).queryKey, work);
      void queryClient.invalidateQueries({ queryKey: workListQuery.queryKey });
    },
  });
}

/** Ticks a checklist item: ticked at once, unticked again if the server refuses. */
export function useTickItem(id: string) {
  const queryClient = useQueryClient();
  const key = workQuery(id).queryKey;
  return useMutation({
    mutationFn: ({ itemId, done }: { itemId: string; done: boolean }) =>
      data(portalApi.PUT('/v2/portal/work/{id}/checklist/{itemId}', { params: { path: { id, itemId } }, body: { done } })),
    onMutate: async ({ itemId, done }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData(key);
      if (before) queryClient.setQueryData(key, { ...before, checklist: before.checklist.map((item) => (item.id === itemId ? { ...item, done } : item)) });
      return { before };
    },
    onError: (_error, _variables, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSuccess: (work) => {
      queryClient.setQueryData(key, work);
      void queryClient.invalidateQueries({ queryKey: workListQuery.queryKey });
    },
  });
}
