/**
 * A request's conversion into jobs (docs/client-portal.md#converting-a-request), built on the doors
 * of requests, jobs, groups, files, CAT analysis and documents. The composition registers its route.
 */
export { requestConversionRoutes } from './routes.js';
