/** Events are written by core/events.ts (recordEvent); this module only reads them (GET /v2/events). */
export { events, type EventObject } from './service.js';
