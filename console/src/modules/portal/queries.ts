import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ApiProblem, data } from '../../shared/api/client';
import type { PortalKey, PortalLanguage } from './i18n';
import { portalApi, portalHooks, portalSessionQuery, type PortalSession } from './session';

/** Asks for a sign-in link by e-mail: the server answers 204 whether or not the address has access. */
export const requestSignInLink = (email: string) => data(portalApi.POST('/v2/portal/auth/link', { body: { email } }));

/** The sign-ins under way, by token: a link is redeemed once even when a page's effect runs twice. */
const redeeming = new Map<string, Promise<PortalSession>>();

/** Redeems a sign-in link: the new session becomes the known one. */
export function redeemSignInLink(queryClient: QueryClient, token: string): Promise<PortalSession> {
  const known = redeeming.get(token);
  if (known) return known;
  const work = (async () => {
    const session = await data(portalApi.POST('/v2/portal/auth/sign-in', { body: { token } }));
    portalHooks.csrfToken = session.csrfToken;
    // A session read started before the sign-in would answer "none" after it.
    await queryClient.cancelQueries({ queryKey: portalSessionQuery.queryKey });
    queryClient.setQueryData(portalSessionQuery.queryKey, session);
    return session;
  })();
  redeeming.set(token, work);
  return work;
}

/**
 * Why a link did not sign in, as a text of the catalogue. The server says it in English on the
 * `token` parameter (used or replaced, expired, not valid); the page says it in the reader's language.
 */
export function linkProblemKey(error: unknown): PortalKey {
  if (!(error instanceof ApiProblem)) return 'problem.generic';
  if (error.status === 429) return 'problem.throttled';
  if (error.status !== 400) return 'problem.generic';
  const message = error.fieldMessage('token') ?? error.message;
  if (/already been used|replaced/i.test(message)) return 'signIn.used';
  if (/expired/i.test(message)) return 'signIn.expired';
  return 'signIn.invalid';
}

/**
 * Signs out: ends the session, calls `leave` (which shows sign-in: the frame's components need the
 * session until they are gone), then forgets every answer of the portal.
 */
export async function signOutOfPortal(queryClient: QueryClient, leave: () => Promise<void>): Promise<void> {
  await portalApi.POST('/v2/portal/auth/logout').catch(() => undefined);
  portalHooks.csrfToken = null;
  await leave();
  queryClient.removeQueries({ queryKey: ['portal'] });
  queryClient.setQueryData(portalSessionQuery.queryKey, null);
}

/** Changes the portal's language: the pages switch at once, and back if the server refuses. */
export function useChangeLanguage() {
  const queryClient = useQueryClient();
  const key = portalSessionQuery.queryKey;
  return useMutation({
    mutationFn: (language: PortalLanguage) => data(portalApi.PUT('/v2/portal/me', { body: { language } })),
    onMutate: async (language) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData(key);
      if (before) {
        const next: PortalSession = { ...before, person: { ...before.person, language } };
        queryClient.setQueryData(key, next);
      }
      return { before };
    },
    onError: (_error, _language, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSuccess: (person) => queryClient.setQueryData(key, (old) => (old ? { ...old, person } : old)),
  });
}
