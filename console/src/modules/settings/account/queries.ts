import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, data, type Answer, type Body } from '../../../api/client';

export type Account = Answer<'getAccount'>;
export type AccountChanges = Body<'updateAccount'>;

/** The account's settings (GET /v2/account). */
export const accountQuery = queryOptions({
  queryKey: ['account', 'settings'] as const,
  queryFn: ({ signal }) => data(api.GET('/v2/account', { signal })),
});

/** Saves the account's settings (PUT /v2/account); its answer replaces the cached settings. */
export function useUpdateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AccountChanges) => data(api.PUT('/v2/account', { body })),
    onSuccess: (account) => queryClient.setQueryData(accountQuery.queryKey, account),
  });
}
