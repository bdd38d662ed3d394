/** What other modules may use of clients: references, and the code shared with suppliers (party.ts). */
export { clients } from './service.js';
export type { ClientObject } from './schemas.js';
export * as party from './party.js';
