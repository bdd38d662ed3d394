import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appRoute } from '../../shared/routing/root-routes';
import { parseReportsSearch } from './report-kinds';
import { reportQuery } from './queries';

/** `/reports` (docs/console.md#reports): the report, its dimension and its days are in the address. */
export const reportsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/reports',
  validateSearch: parseReportsSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(reportQuery(deps));
  },
  component: lazyRouteComponent(() => import('./reports-page'), 'ReportsPage'),
});

export const reportRoutes = [reportsRoute];
