import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appRoute } from '../../app/root-route';

export const jobsRoute = createRoute({ getParentRoute: () => appRoute, path: 'jobs', component: lazyRouteComponent(() => import('./jobs-page'), 'JobsPage') });

export const jobRoutes = [jobsRoute];
