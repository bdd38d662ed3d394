/**
 * Time trackers of jobs (docs/trackers.md): the routes, and the jobs extension that fills a job's
 * `timeTrackers` and feeds its estimation (registered when this module is loaded).
 */
export { trackerRoutes } from './routes.js';
export { timeTrackersOf, trackerInputs } from './extension.js';
export { trackers } from './service.js';
