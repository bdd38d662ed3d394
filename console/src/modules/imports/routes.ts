import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appRoute } from '../../shared/routing/root-routes';

/** `/imports` (docs/console.md#imports): a CSV file checked first, then imported. */
export const importsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/imports',
  component: lazyRouteComponent(() => import('./imports-page'), 'ImportsPage'),
});

export const importRoutes = [importsRoute];
