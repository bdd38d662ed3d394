import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, data, type Answer, type Body } from '../../shared/api/client';
import { sessionQuery } from '../../shared/session/session';
import type { User } from './user-rules';

export type CreatedUser = Answer<'createUser'>;
export type UserLink = Answer<'createUserInvitation'>;

/** The account's users, in creation order (GET /v2/users: the API answers them all, no paging). */
export const usersQuery = queryOptions({
  queryKey: ['users', 'list'] as const,
  queryFn: ({ signal }) => data(api.GET('/v2/users', { signal })),
});

/** Invites a user (POST /v2/users with an e-mail): the answer carries the invitation's link. */
export function useInviteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Body<'createUser'>) => data(api.POST('/v2/users', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
}

/**
 * Changes a user (PUT /v2/users/:id: role, disabled). Disabling revokes the user's keys, and the
 * user's name appears on keys and records: those are read again; a change of the caller's own role
 * changes what the session may do.
 */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: Body<'updateUser'> }) => data(api.PUT('/v2/users/{id}', { params: { path: { id } }, body })),
    onSuccess: async (user: User) => {
      queryClient.setQueryData(usersQuery.queryKey, (users) => users?.map((each) => (each.id === user.id ? user : each)));
      await Promise.all([queryClient.invalidateQueries({ queryKey: ['users'] }), queryClient.invalidateQueries({ queryKey: ['api-keys'] })]);
      const session = queryClient.getQueryData(sessionQuery.queryKey);
      if (session?.user.id === user.id) await queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
    },
  });
}

/** A new invitation link for an invited user (POST /v2/users/:id/invitation); earlier links stop working. */
export function useResendInvitation() {
  return useMutation({
    mutationFn: (id: string) => data(api.POST('/v2/users/{id}/invitation', { params: { path: { id } }, body: {} })),
  });
}

/** A password-reset link for an active user (POST /v2/users/:id/password-reset). */
export function useResetLink() {
  return useMutation({
    mutationFn: (id: string) => data(api.POST('/v2/users/{id}/password-reset', { params: { path: { id } }, body: {} })),
  });
}

/**
 * Changes the signed-in user's own name (PATCH /v2/users/me). The header shows it from the session,
 * the users list and the keys show it too: those are read again.
 */
export function useRenameSelf() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Body<'updateCurrentUser'>) => data(api.PATCH('/v2/users/me', { body })),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey }),
        queryClient.invalidateQueries({ queryKey: ['users'] }),
        queryClient.invalidateQueries({ queryKey: ['api-keys'] }),
      ]),
  });
}

/** Changes the signed-in user's own password (POST /v2/auth/password); their other sessions end. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Body<'changePassword'>) => data(api.POST('/v2/auth/password', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
}
