import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, data, type Answer, type Body } from '../../../shared/api/client';

export type CatConfiguration = Answer<'getAccountCatConfiguration'>;
export type CatTool = Answer<'listCatTools'>[number];
export type CatPreset = Answer<'listCatConfigurationPresets'>[number];
export type NewCatConfiguration = Body<'createAccountCatConfiguration'>;
export type CatConfigurationChanges = Body<'updateAccountCatConfiguration'>;

/** The CAT tools the API reads reports of, with their bands (the same for every account). */
export const catToolsQuery = queryOptions({
  queryKey: ['account', 'cat-tools'] as const,
  queryFn: ({ signal }) => data(api.GET('/v2/account/cat-configurations/cat-tools', { signal })),
  staleTime: Infinity,
});

/** The presets, one per tool, in the account's unit and match categories (docs/cat-configurations.md#presets). */
export const catPresetsQuery = queryOptions({
  queryKey: ['account', 'cat-configuration-presets'] as const,
  queryFn: ({ signal }) => data(api.GET('/v2/account/cat-configurations/presets', { signal })),
  staleTime: 60_000,
});

/** The account's CAT configurations, in creation order. */
export const catConfigurationsQuery = queryOptions({
  queryKey: ['account', 'cat-configurations'] as const,
  queryFn: ({ signal }) => data(api.GET('/v2/account/cat-configurations', { signal })),
});

/**
 * Every write answers the whole configuration: it replaces the one in the list. The job page's
 * import keeps its own list of configurations (['cat-configurations']), refreshed too.
 */
function useStore() {
  const queryClient = useQueryClient();
  return {
    put(configuration: CatConfiguration) {
      queryClient.setQueryData(catConfigurationsQuery.queryKey, (list) =>
        list?.some((item) => item.id === configuration.id)
          ? list.map((item) => (item.id === configuration.id ? configuration : item))
          : [...(list ?? []), configuration],
      );
      void queryClient.invalidateQueries({ queryKey: ['cat-configurations'] });
    },
    remove(id: string) {
      queryClient.setQueryData(catConfigurationsQuery.queryKey, (list) => list?.filter((item) => item.id !== id));
      void queryClient.invalidateQueries({ queryKey: ['cat-configurations'] });
    },
  };
}

export function useCreateCatConfiguration() {
  const store = useStore();
  return useMutation({
    mutationFn: (body: NewCatConfiguration) => data(api.POST('/v2/account/cat-configurations', { body })),
    onSuccess: store.put,
  });
}

export function useUpdateCatConfiguration(id: string) {
  const store = useStore();
  return useMutation({
    mutationFn: (body: CatConfigurationChanges) => data(api.PUT('/v2/account/cat-configurations/{id}', { params: { path: { id } }, body })),
    onSuccess: store.put,
  });
}

export function useDeleteCatConfiguration() {
  const store = useStore();
  return useMutation({
    mutationFn: (id: string) => data(api.DELETE('/v2/account/cat-configurations/{id}', { params: { path: { id } } })),
    onSuccess: (_, id) => store.remove(id),
  });
}

/**
 * Which match category a tool's band feeds: `to` a category (added there, which moves it from
 * another), or null (removed from `from`). docs/cat-configurations.md#mapping-rules.
 */
export function useMapBand(id: string) {
  const store = useStore();
  return useMutation({
    mutationFn: ({ toolMatch, from, to }: { toolMatch: string; from: string | null; to: string | null }) => {
      const path = { id, toolMatch, matchId: to ?? from ?? '' };
      return to
        ? data(api.POST('/v2/account/cat-configurations/{id}/match/{matchId}/cat-tool-match/{toolMatch}', { params: { path } }))
        : data(api.DELETE('/v2/account/cat-configurations/{id}/match/{matchId}/cat-tool-match/{toolMatch}', { params: { path } }));
    },
    onSuccess: store.put,
  });
}

/** Moves a category's mapping to a 0-based position: the order of the job's match lines after an import. */
export function useMoveMapping(id: string) {
  const store = useStore();
  return useMutation({
    mutationFn: ({ matchId, position }: { matchId: string; position: number }) =>
      data(api.PUT('/v2/account/cat-configurations/{id}/match/{matchId}/move/{position}', { params: { path: { id, matchId, position } } })),
    onSuccess: store.put,
  });
}
