/** What other modules may use of outsourcing: the outsourcing of a page of jobs (objects and estimation items). */
export { outsourcingOfJobs } from './assembly.js';
export { Outsourcing, type OutsourcingObject } from './schemas.js';
