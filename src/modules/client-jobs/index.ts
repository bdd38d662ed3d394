/**
 * The client's jobs on the client portal (docs/client-portal.md#jobs-and-deliveries): their status,
 * due date and progress as the agency shows them, and the files shared with the client. The job
 * subject of the client's message threads (client-messages) is built on the same scoping.
 */
export { clientJobRoutes } from './routes.js';
export { clientJobs } from './service.js';
export { clientJobRepository } from './repository.js';
export { jobThreadSubject } from './thread-subject.js';
