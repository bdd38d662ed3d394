/**
 * What other modules may use of the outsourcing as the jobs show it (docs/jobs.md#outsourcing): the
 * outsourcing of a page of jobs (objects and estimation items), the jobs outsourced to some suppliers
 * (the jobs listing's filter), and the object's schema. Below jobs: its writes, which are job writes,
 * are the outsourcing module's, above jobs.
 */
export { jobsOutsourcedTo, onPortalOf, outsourcingOfJobs } from './assembly.js';
export { Outsourcing, type OutsourcingObject } from './schemas.js';
export { PORTAL_CONFIRM_STATUSES, checklistOf } from './portal.js';
