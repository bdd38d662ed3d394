/**
 * What other modules may use of groups: full objects, the plug-in point for their parts of a
 * group (files), and the group schema (docs/groups.md).
 */
export { groups } from './service.js';
export { groupViews } from './views.js';
export { groupExtensions, type GroupExtension, type GroupParts } from './extensions.js';
export { Group, GroupFile, type GroupObject } from './schemas.js';
