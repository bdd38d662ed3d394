/**
 * What other modules may use of groups: full objects, the plug-in point for their parts of a
 * group (files), the group schema (docs/groups.md), and the groups' extension of jobs (for the
 * composition).
 */
export { groups } from './service.js';
export { groupViews } from './views.js';
export { groupExtensions, type GroupExtension, type GroupParts } from './extensions.js';
export { groupsJobExtension } from './job-hooks.js';
export { Group, GroupFile, type GroupObject } from './schemas.js';
