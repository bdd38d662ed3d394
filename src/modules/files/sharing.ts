import type { Ctx } from '../../core/context.js';
import { isTrue, ofAccount, type Executor } from '../../core/db/dialect.js';
import { qualifiedColumnsOf } from '../../core/db/columns.js';
import { notFound } from '../../core/errors.js';
import type { FileKind, FileRow } from './kinds.js';
import { fileRepository } from './repository.js';
import type { FileOwner } from './routes.js';
import { UploadToOutsourcingParams, type GroupFileObject, type JobFileObject } from './schemas.js';
import { files } from './service.js';

/**
 * Sharing of job and group files with outsourcing (specification "File sharing flags",
 * docs/files.md#files-of-jobs-and-groups): `files.share_with_all` and the rows of `file_outsourcing_shares`, which go with their
 * file and their outsourcing (cascade).
 */
export const shareRepository = {
  /** Outsourcing ids each file is shared with (in creation order of the outsourcing: ids are time-ordered). */
  async sharedWith(db: Executor, fileIds: readonly string[]): Promise<Map<string, string[]>> {
    const result = new Map<string, string[]>();
    if (fileIds.length === 0) return result;
    const rows = await db
      .selectFrom('file_outsourcing_shares')
      .select(['file_id', 'outsourcing_id'])
      .where('file_id', 'in', [...fileIds])
      .orderBy('file_id')
      .orderBy('outsourcing_id')
      .execute();
    for (const row of rows) result.set(row.file_id, [...(result.get(row.file_id) ?? []), row.outsourcing_id]);
    return result;
  },

  /** True when the row was added (false when it was there already). */
  async add(db: Executor, fileId: string, outsourcingId: string): Promise<boolean> {
    const result = await db
      .insertInto('file_outsourcing_shares')
      .values({ file_id: fileId, outsourcing_id: outsourcingId })
      .onConflict((oc) => oc.columns(['file_id', 'outsourcing_id']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  },

  async remove(db: Executor, fileId: string, outsourcingId: string): Promise<boolean> {
    const result = await db.deleteFrom('file_outsourcing_shares').where('file_id', '=', fileId).where('outsourcing_id', '=', outsourcingId).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  },

  /** True when the outsourcing is one of the job's (and the account's). */
  async isOutsourcingOfJob(db: Executor, accountId: string, jobId: string, outsourcingId: string): Promise<boolean> {
    const row = await db
      .selectFrom('outsourcing')
      .select('id')
      .where('account_id', '=', accountId)
      .where('job_id', '=', jobId)
      .where('id', '=', outsourcingId)
      .executeTakeFirst();
    return row !== undefined;
  },

  /** True when the outsourcing belongs to a job of the group (and the account). */
  async isOutsourcingOfGroup(db: Executor, accountId: string, groupId: string, outsourcingId: string): Promise<boolean> {
    const row = await db
      .selectFrom('outsourcing as o')
      .innerJoin('jobs as j', 'j.id', 'o.job_id')
      .select('o.id')
      .where('o.account_id', '=', accountId)
      .where('o.id', '=', outsourcingId)
      .where('j.account_id', '=', accountId)
      .where('j.group_id', '=', groupId)
      .executeTakeFirst();
    return row !== undefined;
  },
};

/** The files of the groups of some jobs, each listed for its job (`for_owner`), with their shares (a left join). */
export function groupFilesOfJobs(db: Executor, accountId: string, jobIds: readonly string[]) {
  return db
    .selectFrom('files as f')
    .innerJoin('jobs as j', 'j.group_id', 'f.owner_id')
    .leftJoin('file_outsourcing_shares as s', 's.file_id', 'f.id')
    .select(qualifiedColumnsOf('files', 'f'))
    .select(['j.id as for_owner', 's.outsourcing_id as shared_with'])
    .where('f.account_id', '=', accountId)
    .where('f.owner_type', '=', 'group')
    .where(ofAccount('j.account_id', accountId))
    .where('j.id', 'in', [...jobIds]);
}

/** A file row with the owner it is listed for and one outsourcing it is shared with (a left join). */
export type SharedRow = FileRow & { for_owner: string; shared_with: string | null };

/** Own files of several owners with their shares, in one query, creation order (ties by id). */
export function ownFilesWithShares(db: Executor, accountId: string, ownerType: string, ownerIds: readonly string[]) {
  return db
    .selectFrom('files as f')
    .leftJoin('file_outsourcing_shares as s', 's.file_id', 'f.id')
    .select(qualifiedColumnsOf('files', 'f'))
    .select(['f.owner_id as for_owner', 's.outsourcing_id as shared_with'])
    .where('f.account_id', '=', accountId)
    .where('f.owner_type', '=', ownerType)
    .where('f.owner_id', 'in', [...ownerIds]);
}

/** Folds joined rows (sorted by file) into the file objects of each owner. */
export function foldShared<F>(rows: readonly SharedRow[], object: (row: FileRow, sharedWith: string[]) => F): Map<string, F[]> {
  const owners = new Map<string, Map<string, { row: FileRow; shared: string[] }>>();
  for (const row of rows) {
    let list = owners.get(row.for_owner);
    if (!list) owners.set(row.for_owner, (list = new Map<string, { row: FileRow; shared: string[] }>()));
    let entry = list.get(row.id);
    if (!entry) list.set(row.id, (entry = { row, shared: [] }));
    if (row.shared_with !== null && !entry.shared.includes(row.shared_with)) entry.shared.push(row.shared_with);
  }
  return new Map([...owners].map(([owner, list]) => [owner, [...list.values()].map((entry) => object(entry.row, entry.shared))]));
}

/**
 * `PUT` / `DELETE …/files/:fileId/share/with/client` of jobs and groups (docs/files.md#sharing-with-the-client):
 * the file is a deliverable the job's client downloads on the client portal (a group's file: on
 * every job of the group). Only the owner's own files: a group file on a job's path is a 404.
 */
export const CLIENT_SHARE_FLAG = { path: 'share/with/client', column: 'share_with_client', summary: 'shared with the client (client portal)' } as const;

const sharingOf = (row: FileRow, sharedWith: string[]) => ({ shareWithAll: isTrue(row.share_with_all), sharedWith });

/** `deliverable` only on the files a supplier's person uploaded on the portal. */
const deliverableOf = (row: FileRow) =>
  row.outsourcing_id !== null && row.portal_person_id !== null
    ? { deliverable: { outsourcingId: row.outsourcing_id, portalPersonId: row.portal_person_id } }
    : {};

/** "File of a job": `groupFileId` only for the files of the job's group. */
export const jobFileObject = (row: FileRow, sharedWith: string[]): JobFileObject => ({
  id: row.id,
  name: row.name,
  ...(row.owner_type === 'group' ? { groupFileId: row.id } : {}),
  outsourcing: sharingOf(row, sharedWith),
  shareWithClient: isTrue(row.share_with_client),
  ...deliverableOf(row),
  size: Number(row.size),
  createdAt: row.created_at,
});

export const groupFileObject = (row: FileRow, sharedWith: string[]): GroupFileObject => ({
  id: row.id,
  name: row.name,
  outsourcing: sharingOf(row, sharedWith),
  shareWithClient: isTrue(row.share_with_client),
  ...deliverableOf(row),
  size: Number(row.size),
  createdAt: row.created_at,
});

/** A kind's `present`: the objects of some rows with their shares (one query). */
export const presentShared =
  <F>(object: (row: FileRow, sharedWith: string[]) => F) =>
  async (ctx: Ctx, rows: readonly FileRow[]): Promise<F[]> => {
    const shares = await shareRepository.sharedWith(
      ctx.db,
      rows.map((row) => row.id),
    );
    return rows.map((row) => object(row, shares.get(row.id) ?? []));
  };

export const sharing = {
  /**
   * `PUT` / `DELETE …/files/:fileId/share/with/:outsourcingId` (docs/files.md#files-of-jobs-and-groups): sharing adds the
   * outsourcing to `sharedWith` and leaves `shareWithAll` as it is; unsharing removes it and sets
   * `shareWithAll` false. Only the owner's own files (404 otherwise, and for an outsourcing
   * `belongs` refuses).
   */
  async setShare<F extends object>(
    ctx: Ctx,
    kind: FileKind<F>,
    ownerId: string,
    fileId: string,
    outsourcingId: string,
    shared: boolean,
    belongs: (ctx: Ctx, ownerId: string, outsourcingId: string) => Promise<boolean>,
  ): Promise<{ file: F; changed: boolean }> {
    const row = await files.row(ctx, kind, ownerId, fileId);
    if (row.owner_id !== ownerId || row.owner_type !== kind.ownerType) throw notFound(`file of this ${kind.noun}`, fileId);
    if (!(await belongs(ctx, ownerId, outsourcingId))) throw notFound(`outsourcing of this ${kind.noun}`, outsourcingId);
    let changed: boolean;
    if (shared) changed = await shareRepository.add(ctx.db, fileId, outsourcingId);
    else {
      changed = await shareRepository.remove(ctx.db, fileId, outsourcingId);
      if (isTrue(row.share_with_all)) {
        await fileRepository.setFlag(ctx.db, ctx.accountId, fileId, 'share_with_all', 0);
        changed = true;
      }
    }
    return { file: await files.get(ctx, kind, ownerId, fileId), changed };
  },
};

/**
 * `POST …/files/upload/:outsourcingId` of jobs and groups: the outsourcing must be the owner's
 * (checked before the body is read, and again in the transaction), then the new file is shared with it.
 */
export function uploadSharedWithOutsourcing(
  assertOutsourcing: (ctx: Ctx, ownerId: string, outsourcingId: string | undefined) => Promise<void>,
): NonNullable<FileOwner['upload']> {
  return {
    suffix: '/:outsourcingId',
    params: UploadToOutsourcingParams,
    check: (ctx, ownerId, params) => assertOutsourcing(ctx, ownerId, params.outsourcingId),
    async after(ctx, ownerId, fileId, params) {
      if (params.outsourcingId === undefined) return;
      await assertOutsourcing(ctx, ownerId, params.outsourcingId);
      await shareRepository.add(ctx.db, fileId, params.outsourcingId);
    },
  };
}
