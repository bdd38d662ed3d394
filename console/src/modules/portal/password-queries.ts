import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { data } from '../../shared/api/client';
import { portalApi, portalHooks, portalSessionQuery, type PortalSession } from './session';

/** Signs in with an e-mail address and a password: the new session becomes the known one. */
export async function signInWithPassword(queryClient: QueryClient, body: { email: string; password: string }): Promise<PortalSession> {
  const session = await data(portalApi.POST('/v2/portal/auth/password', { body }));
  portalHooks.csrfToken = session.csrfToken;
  await queryClient.cancelQueries({ queryKey: portalSessionQuery.queryKey });
  queryClient.setQueryData(portalSessionQuery.queryKey, session);
  return session;
}

/** The person as the server answers after a change: the known session keeps its token, with the new person. */
function useKeepPerson() {
  const queryClient = useQueryClient();
  return (person: PortalSession['person']) =>
    queryClient.setQueryData<PortalSession | null>(portalSessionQuery.queryKey, (session) => (session ? { ...session, person } : session));
}

/** `PUT /v2/portal/me/password`: chooses or changes the password (the current one to change it). */
export function useSetPassword() {
  const keep = useKeepPerson();
  return useMutation({
    mutationFn: (body: { password: string; currentPassword?: string }) => data(portalApi.PUT('/v2/portal/me/password', { body })),
    onSuccess: keep,
  });
}

/** `DELETE /v2/portal/me/password`: back to e-mailed links only. */
export function useRemovePassword() {
  const keep = useKeepPerson();
  return useMutation({
    mutationFn: () => data(portalApi.DELETE('/v2/portal/me/password')),
    onSuccess: keep,
  });
}
