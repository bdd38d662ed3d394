import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appRoute } from '../../shared/routing/root-routes';
import { parseRequestsSearch } from './search';

/**
 * `/requests`: the clients' requests from the client portal (docs/client-portal.md#requests), to
 * answer; its status filter, client and page in the address (search.ts). `/requests/$requestId`: one.
 */
export const requestsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'requests',
  validateSearch: parseRequestsSearch,
  component: lazyRouteComponent(() => import('./requests-page'), 'RequestsPage'),
});

export const requestRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'requests/$requestId',
  component: lazyRouteComponent(() => import('./request-page'), 'RequestPage'),
});

export const requestRoutes = [requestsRoute, requestRoute];
