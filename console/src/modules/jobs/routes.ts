import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appRoute } from '../../app/root-route';
import { jobQuery } from './job-query';

export const jobsRoute = createRoute({ getParentRoute: () => appRoute, path: 'jobs', component: lazyRouteComponent(() => import('./jobs-page'), 'JobsPage') });

export const newJobRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'jobs/new',
  component: lazyRouteComponent(() => import('./new-job-page'), 'NewJobPage'),
});

export const jobRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'jobs/$jobId',
  // The job is asked for while the page's code loads.
  loader: ({ context, params }) => context.queryClient.ensureQueryData(jobQuery(params.jobId)),
  component: lazyRouteComponent(() => import('./job/job-route-page'), 'JobRoutePage'),
});

export const jobRoutes = [jobsRoute, newJobRoute, jobRoute];
