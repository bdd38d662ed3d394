import type { Ctx } from '../../core/context.js';
import { nowIso } from '../../core/dates.js';
import { notFound } from '../../core/errors.js';
import { recordEvent } from '../../core/events.js';
import { groups, type GroupExtension } from '../groups/index.js';
import type { FileKind } from './kinds.js';
import type { FileOwner } from './routes.js';
import { GroupFile, type GroupFileObject } from './schemas.js';
import { files } from './service.js';
import { foldShared, groupFileObject, ownFilesWithShares, presentShared, shareRepository, uploadSharedWithOutsourcing, type SharedRow } from './sharing.js';

/**
 * Files of a group (specification "Files of a group", docs/files.md#files-of-jobs-and-groups): shared with all the
 * outsourcing of the group's jobs or with some of it (upload into one); they are also listed on
 * every job of the group with `groupFileId` (job-files.ts).
 */
export const groupFiles: FileKind<GroupFileObject> = {
  ownerType: 'group',
  ownerTable: 'groups',
  noun: 'group',
  schema: GroupFile,
  present: presentShared(groupFileObject),
  flags: [{ path: 'share/with/all', column: 'share_with_all', summary: 'shared with all the outsourcing of its jobs' }],
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

export const groupFileOwner: FileOwner<GroupFileObject> = {
  kind: groupFiles,
  basePath: '/v2/groups',
  tag: 'Groups',
  /** The group's updated_at and `group.updated`. */
  async changed(ctx, groupId) {
    await groups.touch(ctx, groupId, nowIso());
    await recordEvent(ctx, 'group.updated', await groups.get(ctx, groupId));
  },
  upload: uploadSharedWithOutsourcing(assertOutsourcing),
};

/** The group object's `files` for a page of groups, and the files (with content) of a deleted group. */
export const filesGroupExtension: GroupExtension = {
  name: 'files',
  async loadParts(ctx, groupIds) {
    const lists = await files.listFor(ctx, groupFiles, groupIds);
    return new Map([...lists].map(([id, list]) => [id, { files: list }]));
  },
  deleteParts: (ctx, groupId) => files.removeAllFor(ctx, groupFiles, groupId),
};
