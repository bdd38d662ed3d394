/** The dashboard (docs/dashboard.md): figures over jobs and documents, read-only. */
export { dashboardRoutes } from './routes.js';
export { dashboard, DASHBOARD_TIME_ZONE, FIRST_FEW } from './service.js';
