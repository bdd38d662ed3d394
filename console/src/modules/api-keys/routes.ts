import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { settingsRoute } from '../settings';

export interface ApiKeysSearch {
  /** Only this user's keys (owners and admins see every user's). */
  user?: string;
}

/** The address's view: an id-like `user`, else all; anything else is dropped. */
export function parseApiKeysSearch(search: Record<string, unknown>): ApiKeysSearch {
  const user = search.user;
  return typeof user === 'string' && /^[0-9a-f]{24}$/i.test(user) ? { user } : {};
}

/** `/settings/api-keys`: API keys; the user filter is in the address. */
export const apiKeysRoute = createRoute({
  getParentRoute: () => settingsRoute,
  path: 'api-keys',
  validateSearch: parseApiKeysSearch,
  component: lazyRouteComponent(() => import('./api-keys-page'), 'ApiKeysPage'),
});

export const apiKeyRoutes = [apiKeysRoute];
