import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api, ApiProblem, data, sessionHooks, type Answer } from '../api/client';

export type Session = Answer<'getCurrentSession'>;
export type Area = Session['writableAreas'][number];

/** Who is signed in (GET /v2/auth/session), or null: the one place the console asks. */
export const sessionQuery = queryOptions({
  queryKey: ['session'] as const,
  queryFn: async (): Promise<Session | null> => {
    try {
      const session = await data(api.GET('/v2/auth/session'));
      sessionHooks.csrfToken = session.csrfToken;
      return session;
    } catch (error) {
      if (error instanceof ApiProblem && error.status === 401) return null;
      throw error;
    }
  },
  staleTime: Infinity,
});

/** The signed-in session; only under the signed-in frame (shared/routing/root-routes.ts ensures one). */
export function useSession(): Session {
  const { data: session } = useQuery(sessionQuery);
  if (!session) throw new Error('useSession outside the signed-in frame');
  return session;
}

/** May the signed-in role change what this area holds (the role matrix of docs/access.md)? */
export function useCan(area: Area): boolean {
  return useSession().writableAreas.includes(area);
}

/** After a sign-in: the new session's token, and the session read again (with its role's areas). */
export async function signedIn(queryClient: QueryClient, csrfToken: string): Promise<void> {
  sessionHooks.csrfToken = csrfToken;
  await queryClient.fetchQuery({ ...sessionQuery, staleTime: 0 });
}

/**
 * Signs out: ends the session, calls `leave` (which shows sign-in: the signed-in frame's
 * components need the session until they are gone), then forgets every answer of the session.
 */
export async function signOut(queryClient: QueryClient, leave: () => Promise<void>): Promise<void> {
  await api.POST('/v2/auth/logout').catch(() => undefined);
  sessionHooks.csrfToken = null;
  await leave();
  queryClient.clear();
  queryClient.setQueryData(sessionQuery.queryKey, null);
}

/**
 * A path of this console to return to after signing in: only a path on this site (no `//host`,
 * no scheme), else the dashboard.
 */
export function safeReturnPath(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  if (value.startsWith('/sign-in')) return '/';
  return value;
}
