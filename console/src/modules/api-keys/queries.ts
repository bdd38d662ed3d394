import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, data, type Answer, type Body } from '../../shared/api/client';

export type ApiKey = Answer<'listApiKeys'>[number];
export type NewApiKey = Answer<'createApiKey'>;

/**
 * The live keys the caller may see (GET /v2/api-keys): their own, or every key of the account for
 * an owner or an admin; `userId` narrows to one user's.
 */
export const apiKeysQuery = (userId: string | undefined) =>
  queryOptions({
    queryKey: ['api-keys', 'list', userId ?? null] as const,
    queryFn: ({ signal }) => data(api.GET('/v2/api-keys', { params: { query: userId ? { userId } : {} }, signal })),
  });

/** Makes a key (POST /v2/api-keys); its `secret` is in this answer only. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Body<'createApiKey'>) => data(api.POST('/v2/api-keys', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['api-keys'] }),
  });
}

/** Revokes a key (DELETE /v2/api-keys/:id): it stops working at its next request. */
export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await data(api.DELETE('/v2/api-keys/{id}', { params: { path: { id } } }));
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['api-keys'] }),
  });
}
