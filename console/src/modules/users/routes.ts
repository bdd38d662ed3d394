import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { settingsRoute } from '../settings';
import { usersQuery } from './queries';

/** `/settings/users`: the account's users and their roles; the list is asked for while the page's code loads. */
export const usersRoute = createRoute({
  getParentRoute: () => settingsRoute,
  path: 'users',
  loader: ({ context }) => context.queryClient.prefetchQuery(usersQuery),
  component: lazyRouteComponent(() => import('./users-page'), 'UsersPage'),
});

/** `/settings/password`: the signed-in user's own password (every role). */
export const passwordRoute = createRoute({
  getParentRoute: () => settingsRoute,
  path: 'password',
  component: lazyRouteComponent(() => import('./password-page'), 'PasswordPage'),
});

/** `/settings/name`: the signed-in user's own name (every role). */
export const nameRoute = createRoute({
  getParentRoute: () => settingsRoute,
  path: 'name',
  component: lazyRouteComponent(() => import('./name-page'), 'NamePage'),
});

export const userRoutes = [usersRoute, passwordRoute, nameRoute];
