import type { Ctx } from '../../core/context.js';
import { notFound } from '../../core/errors.js';
import type { ParentResource } from '../../core/parent-resource.js';
import type { FileKind } from './kinds.js';
import type { FileOwner } from './routes.js';
import { GroupFile, type GroupFileObject } from './schemas.js';
import {
  CLIENT_SHARE_FLAG,
  foldShared,
  groupFileObject,
  ownFilesWithShares,
  presentShared,
  shareRepository,
  uploadSharedWithOutsourcing,
  type SharedRow,
} from './sharing.js';

/**
 * Files of a group (specification "Files of a group", docs/files.md#files-of-jobs-and-groups): shared with all the
 * outsourcing of the group's jobs or with some of it (upload into one); they are also listed on
 * every job of the group with `groupFileId` (job-files.ts). The group is known through its
 * descriptor, handed over by the composition; the group's `files` and their delete with the group
 * are the groups module's extension (groups/files.ts).
 */
export const groupFiles: FileKind<GroupFileObject> = {
  ownerType: 'group',
  ownerTable: 'groups',
  noun: 'group',
  schema: GroupFile,
  present: presentShared(groupFileObject),
  flags: [{ path: 'share/with/all', column: 'share_with_all', summary: 'shared with all the outsourcing of its jobs' }, CLIENT_SHARE_FLAG],
  /** One query for a page of groups: their files with their shares, in creation order. */
  async loadFor(ctx, groupIds) {
    const rows = (await ownFilesWithShares(ctx.db, ctx.accountId, 'group', groupIds)
      .orderBy('f.created_at')
      .orderBy('f.id')
      .orderBy('s.outsourcing_id')
      .execute()) as SharedRow[];
    return foldShared(rows, groupFileObject);
  },
};

async function assertOutsourcing(ctx: Ctx, groupId: string, outsourcingId: string | undefined): Promise<void> {
  if (outsourcingId !== undefined && !(await shareRepository.isOutsourcingOfGroup(ctx.db, ctx.accountId, groupId, outsourcingId))) {
    throw notFound('outsourcing of a job of this group', outsourcingId);
  }
}

/** The group as owner of files; a change of one of its files is the group's change. */
export function groupFileOwner(group: ParentResource): FileOwner<GroupFileObject> {
  return { kind: groupFiles, parent: group, upload: uploadSharedWithOutsourcing(assertOutsourcing) };
}
