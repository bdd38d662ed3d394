/**
 * Time trackers of jobs (docs/trackers.md): the routes, and the jobs extension that fills a job's
 * `timeTrackers` and feeds its estimation (listed by the composition, modules/index.ts).
 */
export { trackerRoutes } from './routes.js';
export { timeTrackersOf, trackerInputs, trackersJobExtension } from './extension.js';
export { trackers } from './service.js';
