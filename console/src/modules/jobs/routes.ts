import { createRoute, lazyRouteComponent, notFound } from '@tanstack/react-router';
import { appRoute } from '../../shared/routing/root-routes';
import { ApiProblem } from '../../shared/api/client';
import { jobQuery } from '../../shared/api/job-query';
import { jobsListQuery } from './jobs-list-queries';
import { parseJobsSearch, toJobsQuery, type JobsSearch } from './jobs-search';

/**
 * The jobs list. Its view (search, filters, order, page) is the address's search, read by
 * `parseJobsSearch`: what is not valid is dropped, never an error page.
 */
export const jobsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'jobs',
  validateSearch: (search: Record<string, unknown>): JobsSearch => parseJobsSearch(search),
  // The first page is asked for while the page's code loads.
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(jobsListQuery(toJobsQuery(deps)));
  },
  component: lazyRouteComponent(() => import('./jobs-page'), 'JobsPage'),
});

export const newJobRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'jobs/new',
  component: lazyRouteComponent(() => import('./new-job-page'), 'NewJobPage'),
});

export const jobRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'jobs/$jobId',
  // The job is asked for while the page's code loads.
  loader: async ({ context, params }) => {
    try {
      return await context.queryClient.ensureQueryData(jobQuery(params.jobId));
    } catch (error) {
      // TanStack Router's "not found" is thrown; the route shows its notFoundComponent.
      // eslint-disable-next-line @typescript-eslint/only-throw-error
      if (error instanceof ApiProblem && error.status === 404) throw notFound();
      throw error;
    }
  },
  notFoundComponent: lazyRouteComponent(() => import('./job/job-not-found'), 'JobNotFound'),
  errorComponent: lazyRouteComponent(() => import('./job/job-not-found'), 'JobRouteError'),
  component: lazyRouteComponent(() => import('./job/job-route-page'), 'JobRoutePage'),
});

export const jobRoutes = [jobsRoute, newJobRoute, jobRoute];
