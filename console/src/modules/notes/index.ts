import { lazy } from 'react';

/**
 * The door of notes (docs/console.md#modules): the notes section a job embeds, a party's Notes tab
 * (a chunk of its own, loaded when the tab opens), and how a note's HTML is shown.
 */
export { NotesSection } from './notes-section';
export type { NoteWriter } from './notes-queries';
export { noteNodes } from './notes-html';
export const PartyNotesSection = lazy(() => import('./party-notes-section').then((module) => ({ default: module.PartyNotesSection })));
