import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { data, type Answer } from '../../shared/api/client';
import { portalApi } from './session';

/** The supplier's periods away as the portal's API answers them (docs/supplier-portal.md#unavailability). */
export type AwayPeriods = Answer<'listPortalUnavailabilities'>;
export type AwayPeriod = AwayPeriods['currents'][number];

const AWAY_KEY = ['portal', 'unavailabilities'] as const;

/** `GET /v2/portal/unavailabilities`: `currents` (running or to come) and `old`, each by `from`. */
export const awayQuery = queryOptions({
  queryKey: AWAY_KEY,
  queryFn: ({ signal }) => data(portalApi.GET('/v2/portal/unavailabilities', { signal })),
});

/** `POST /v2/portal/unavailabilities`: the list is read again after. */
export function useAddAway() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { from: string; to: string; reason?: string }) => data(portalApi.POST('/v2/portal/unavailabilities', { body })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: AWAY_KEY }),
  });
}

/** `DELETE /v2/portal/unavailabilities/:id`: the list is read again after. */
export function useDeleteAway() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => data(portalApi.DELETE('/v2/portal/unavailabilities/{id}', { params: { path: { id } } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: AWAY_KEY }),
  });
}
