import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiProblem, createApiClient, data, type Answer, type SessionHooks } from '../../shared/api/client';

/**
 * The portal's session (docs/console.md#portal-pages), apart from the agency's
 * (shared/session/session.ts): its own cookie on the server, its own CSRF token here, its own
 * client. The portal's pages call no agency endpoint, and the agency's pages never send this token.
 */
export const portalHooks: SessionHooks = { csrfToken: null, onUnauthorized: () => {} };

/** Paths whose 401 means "not signed in yet", not "the session has ended". */
const PORTAL_SIGN_IN_PATHS = ['/v2/portal/auth/', '/v2/portal/session'];

/** The API client of the portal's pages: writes carry the portal session's CSRF token. */
export const portalApi = createApiClient(portalHooks, PORTAL_SIGN_IN_PATHS);

export type PortalSession = Answer<'getPortalSession'>;
export type PortalMe = PortalSession['person'];

/** Who is signed in to the portal (GET /v2/portal/session), or null. */
export const portalSessionQuery = queryOptions({
  queryKey: ['portal', 'session'] as const,
  queryFn: async (): Promise<PortalSession | null> => {
    try {
      const session = await data(portalApi.GET('/v2/portal/session'));
      portalHooks.csrfToken = session.csrfToken;
      return session;
    } catch (error) {
      if (error instanceof ApiProblem && error.status === 401) return null;
      throw error;
    }
  },
  staleTime: Infinity,
});

/** The session as far as it is known, without asking the server (the public pages read it so). */
export function useKnownPortalSession(): PortalSession | null | undefined {
  return useQuery({ ...portalSessionQuery, enabled: false }).data;
}

/** The signed-in person; only under the portal's signed-in frame (its route ensures a session). */
export function usePortalPerson(): PortalMe {
  const session = useKnownPortalSession();
  if (!session) throw new Error('usePortalPerson outside the portal frame');
  return session.person;
}
