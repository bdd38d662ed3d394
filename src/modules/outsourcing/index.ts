/**
 * What other modules may use of outsourcing: its writes, for the import of a CAT report into an
 * outsourcing (modules/cat-analysis). What the jobs show of it is outsourcing-view's.
 */
export { outsourcingService } from './service.js';
