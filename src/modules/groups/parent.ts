import type { ParentResource } from '../../core/parent-resource.js';
import { GROUP_ENTITY } from './assembly.js';
import { Group, type GroupObject } from './schemas.js';
import { groups } from './service.js';

/**
 * The group as the parent of its notes, labels and files (docs/development.md#attachments-and-their-parents):
 * its routes register the notes and labels with it, the composition hands it to the files.
 */
export const groupParent: ParentResource<GroupObject> = {
  resource: GROUP_ENTITY,
  basePath: '/v2/groups',
  tag: 'Groups',
  schema: Group,
  load: groups.get,
  touch: groups.touch,
};
