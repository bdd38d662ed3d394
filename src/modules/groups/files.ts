import { files, groupFiles } from '../files/index.js';
import type { GroupExtension, GroupParts } from './extensions.js';

/**
 * Files on groups (docs/files.md#files-of-jobs-and-groups): the group's `files` for a page of groups,
 * and the files (with their content) of a deleted group: an extension of groups (listed in
 * modules/index.ts). Their routes are the files module's, registered with the group's descriptor (parent.ts).
 */
export const filesGroupExtension: GroupExtension = {
  name: 'files',
  async loadParts(ctx, groupIds) {
    const lists = await files.listFor(ctx, groupFiles, groupIds);
    return new Map<string, Partial<GroupParts>>([...lists].map(([id, list]) => [id, { files: list }]));
  },
  deleteParts: (ctx, groupId) => files.removeAllFor(ctx, groupFiles, groupId),
};
