/**
 * The message threads between a client and the agency (docs/client-portal.md#messages), generic over
 * their subjects (a job, a request): the composition (src/modules/index.ts) hands each side the
 * subjects it wires, each a `ThreadSubject` given by the subject's module.
 */
export { clientMessageRoutes, clientMessagePortalRoutes } from './routes.js';
export { clientThreads, CLIENT_MESSAGE_EVENT } from './service.js';
export { ClientMessage, type ClientMessageObject } from './schemas.js';
export type { SubjectFacts, ThreadSubject } from './subjects.js';
