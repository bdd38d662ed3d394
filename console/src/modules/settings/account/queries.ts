import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, data, uploadFile, type Body } from '../../../shared/api/client';
import { accountQuery, type Account } from '../../../shared/api/account';

export { accountQuery, type Account } from '../../../shared/api/account';
export type AccountChanges = Body<'updateAccount'>;

/** Saves the account's settings (PUT /v2/account); its answer replaces the cached settings. */
export function useUpdateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AccountChanges) => data(api.PUT('/v2/account', { body })),
    onSuccess: (account) => queryClient.setQueryData(accountQuery.queryKey, account),
  });
}

/** The logo's image as an object URL (GET /v2/account/logo), keyed by when it changed so that a new one is fetched. */
export const logoImageQuery = (updatedAt: string) =>
  queryOptions({
    queryKey: ['account', 'logo', updatedAt] as const,
    queryFn: async ({ signal }) => URL.createObjectURL(await data(api.GET('/v2/account/logo', { signal, parseAs: 'blob' }))),
    staleTime: Infinity,
  });

/** Uploads the logo (PUT /v2/account/logo, multipart); the account it answers replaces the cached settings. */
export function useUploadLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadFile<Account>('/v2/account/logo', { file }, () => undefined, undefined, 'PUT'),
    onSuccess: (account) => queryClient.setQueryData(accountQuery.queryKey, account),
  });
}

/** Removes the logo (DELETE /v2/account/logo), then reads the settings again. */
export function useRemoveLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => data(api.DELETE('/v2/account/logo')),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountQuery.queryKey }),
  });
}
