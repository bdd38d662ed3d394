/**
 * What other modules may use of jobs: full objects (one or a page), the hooks for their own parts
 * (extensions: trackers, files, notes, groups, invoices, quotes), recomputation of the stored
 * estimation when an input they own changes, and the job schema.
 */
export { jobs } from './service.js';
export { jobStore, type StoredJob } from './store.js';
export { jobPricing } from './price-service.js';
export { jobExtensions, loadExtras as estimationExtrasOf, type JobExtension, type JobParts, type EstimationExtras, type JobSummary } from './extensions.js';
export { Job, type JobObject } from './schemas.js';
export { notesJobExtension } from './notes.js';
export { filesJobExtension } from './files.js';
export { jobParent } from './parent.js';
export { jobViews } from './views.js';
export { JOB_STATUS, JOB_STATUS_NAMES, TRANSITIONS, sideEffects as statusSideEffects } from './status.js';
export { ProfitabilityObject, profitabilityJson, accountRates } from './profitability.js';
