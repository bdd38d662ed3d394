import { queryOptions } from '@tanstack/react-query';
import { api, data, type Body } from '../../shared/api/client';

/** How one may sign in (a password; single sign-on when the server has it). */
export const authMethodsQuery = queryOptions({
  queryKey: ['auth-methods'] as const,
  queryFn: () => data(api.GET('/v2/auth/methods')),
  staleTime: Infinity,
});

/** Signs in with an e-mail and a password; the answer carries the session's CSRF token. */
export const signIn = (body: Body<'login'>) => data(api.POST('/v2/auth/login', { body }));

/** Asks for a password-reset link by e-mail (the answer is the same for an unknown address). */
export const requestPasswordReset = (email: string) => data(api.POST('/v2/auth/password-reset', { body: { email } }));

/** The first owner's link: sets the owner's e-mail and password, and signs in. */
export const setUpOwner = (body: Body<'setUpOwner'>) => data(api.POST('/v2/auth/owner-setup', { body }));

/** An invited user's link: sets the password (and the name), and signs in. */
export const acceptInvitation = (body: Body<'acceptInvitation'>) => data(api.POST('/v2/auth/invitations/accept', { body }));

/** A password-reset link: sets the new password. */
export const confirmPasswordReset = (body: Body<'confirmPasswordReset'>) => data(api.POST('/v2/auth/password-reset/confirm', { body }));
