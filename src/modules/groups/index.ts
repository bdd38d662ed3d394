/**
 * What other modules may use of groups: full objects, the plug-in point for the parts of a
 * group, the group schema (docs/groups.md), and for the composition: the groups' extension of
 * jobs, the group's files (an extension of groups) and its descriptor as a parent of attachments.
 */
export { groups } from './service.js';
export { groupViews } from './views.js';
export { groupExtensions, type GroupExtension, type GroupParts } from './extensions.js';
export { groupsJobExtension } from './job-hooks.js';
export { filesGroupExtension } from './files.js';
export { groupParent } from './parent.js';
export { Group, GroupFile, type GroupObject } from './schemas.js';
