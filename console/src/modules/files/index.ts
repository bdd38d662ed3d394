import { lazy } from 'react';

/**
 * The door of files (docs/console.md#modules): the files section a job embeds, and a party's Files
 * tab, a chunk of its own loaded when the tab opens.
 */
export { FilesSection } from './files-section';
export type { FilesOwner, FileSharing, ListedFile } from './files-owner';
export const PartyFilesSection = lazy(() => import('./party-files-section').then((module) => ({ default: module.PartyFilesSection })));
