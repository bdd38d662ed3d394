/** What other modules may use of clients: references, and the code shared with suppliers (party.ts). */
export { clients } from './service.js';
export { clientParent } from './parent.js';
export type { ClientObject } from './schemas.js';
export * as party from './party.js';
// The request schemas, for imports (modules/imports) to validate rows exactly as the API does.
export { CreateClient, UpdateClient } from './schemas.js';
export type { ClientDependents } from './service.js';
