/**
 * What other modules may use of notes: the per-parent routes, the batch read for a parent's
 * loadMany, the delete of a parent's notes, and the Note schema (docs/notes.md).
 */
export { notes, noteContent } from './service.js';
export { noteRoutes } from './routes.js';
export { NoteObject, type Note } from './schemas.js';
