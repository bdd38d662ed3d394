/**
 * What other modules may use of outsourcing: the outsourcing of a page of jobs (objects and
 * estimation items), and the jobs outsourced to some suppliers (the jobs listing's filter).
 */
export { jobsOutsourcedTo, outsourcingOfJobs } from './assembly.js';
export { Outsourcing, type OutsourcingObject } from './schemas.js';
