import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appRoute } from '../../shared/routing/root-routes';

/** `/exports` (docs/console.md#exports): the CSV export of every listing of the API. */
export const exportsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/exports',
  component: lazyRouteComponent(() => import('./exports-page'), 'ExportsPage'),
});

export const exportRoutes = [exportsRoute];
