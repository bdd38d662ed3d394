import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from '../../shared/routing/root-routes';

interface SignInSearch {
  returnTo?: string;
  expired?: boolean;
}

/** Sign-in, with where to go back to and whether a session just ended. */
export const signInRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'sign-in',
  validateSearch: (search: Record<string, unknown>): SignInSearch => ({
    ...(typeof search.returnTo === 'string' ? { returnTo: search.returnTo } : {}),
    ...(search.expired === true || search.expired === 'true' ? { expired: true } : {}),
  }),
  component: lazyRouteComponent(() => import('./sign-in-page'), 'SignInPage'),
});

/** Asking for a reset link, and the pages that single-use links open (the secret is in `#token=`). */
export const linkRoutes = [
  createRoute({ getParentRoute: () => rootRoute, path: 'set-password', component: lazyRouteComponent(() => import('./link-page'), 'SetPasswordPage') }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: 'accept-invitation',
    component: lazyRouteComponent(() => import('./link-page'), 'AcceptInvitationPage'),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: 'forgot-password',
    component: lazyRouteComponent(() => import('./forgot-password-page'), 'ForgotPasswordPage'),
  }),
  createRoute({ getParentRoute: () => rootRoute, path: 'reset-password', component: lazyRouteComponent(() => import('./link-page'), 'ResetPasswordPage') }),
];
