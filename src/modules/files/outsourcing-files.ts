import type { Ctx } from '../../core/context.js';
import { qualifiedColumnsOf } from '../../core/db/columns.js';
import { notFound, stateConflict } from '../../core/errors.js';
import { groupFiles } from './group-files.js';
import { jobFiles } from './job-kind.js';
import type { FileRow } from './kinds.js';
import { files, type StoredContent } from './service.js';

/** Where one outsourcing's files are: its job, and the job's group (null when none). */
export interface OutsourcingPlace {
  outsourcingId: string;
  jobId: string;
  groupId: string | null;
}

/** Which owner a file of an outsourcing belongs to. */
export type PlaceOwner = { type: 'job' | 'group'; id: string };

/**
 * The files one outsourcing sees (the supplier portal, docs/supplier-portal.md#files): the files of
 * its job and of the job's group that are shared with every outsourcing or with this one, its
 * deliverables included (they are shared with it). The caller (modules/supplier-portal) has scoped
 * the outsourcing to the supplier; here everything is scoped by account and place again.
 */
export const outsourcingFiles = {
  /** The outsourcing's job and group, or undefined when it is not the account's. */
  async place(ctx: Ctx, outsourcingId: string): Promise<OutsourcingPlace | undefined> {
    const row = await ctx.db
      .selectFrom('outsourcing as o')
      .innerJoin('jobs as j', 'j.id', 'o.job_id')
      .select(['o.id', 'o.job_id', 'j.group_id'])
      .where('o.account_id', '=', ctx.accountId)
      .where('j.account_id', '=', ctx.accountId)
      .where('o.id', '=', outsourcingId)
      .executeTakeFirst();
    return row === undefined ? undefined : { outsourcingId: row.id, jobId: row.job_id, groupId: row.group_id ?? null };
  },

  /** The shared files, in creation order (ties by id). */
  async list(ctx: Ctx, place: OutsourcingPlace, fileId?: string): Promise<FileRow[]> {
    let query = ctx.db
      .selectFrom('files as f')
      .select(qualifiedColumnsOf('files', 'f'))
      .where('f.account_id', '=', ctx.accountId)
      .where((eb) =>
        eb.or([
          eb.and([eb('f.owner_type', '=', 'job'), eb('f.owner_id', '=', place.jobId)]),
          ...(place.groupId === null ? [] : [eb.and([eb('f.owner_type', '=', 'group'), eb('f.owner_id', '=', place.groupId)])]),
        ]),
      )
      .where((eb) =>
        eb.or([
          eb('f.share_with_all', '=', 1),
          eb.exists(
            eb
              .selectFrom('file_outsourcing_shares as s')
              .select('s.file_id')
              .whereRef('s.file_id', '=', 'f.id')
              .where('s.outsourcing_id', '=', place.outsourcingId),
          ),
        ]),
      );
    if (fileId !== undefined) query = query.where('f.id', '=', fileId);
    return query.orderBy('f.created_at').orderBy('f.id').execute();
  },

  /** One shared file; a file not shared with the outsourcing is a 404 like one that does not exist. */
  async row(ctx: Ctx, place: OutsourcingPlace, fileId: string): Promise<FileRow> {
    const [row] = await outsourcingFiles.list(ctx, place, fileId);
    if (row === undefined) throw notFound('file of this work', fileId);
    return row;
  },

  /**
   * Locks the job (an answer to the work at the same time is judged before or after, never
   * beside); in the transaction, before the work's state is read again.
   */
  lock(ctx: Ctx, place: OutsourcingPlace): Promise<void> {
    return files.assertOwner(ctx, jobFiles, place.jobId, true);
  },

  /**
   * Makes stored content a deliverable of the outsourcing: a file of its job, or of the job's group
   * when `onGroup` (and the job has one), marked as delivered by the person and shared with the
   * outsourcing. `file.uploaded` is recorded (files.create). Answers the row and its owner.
   */
  async deliver(ctx: Ctx, place: OutsourcingPlace, onGroup: boolean, content: StoredContent, portalPersonId: string) {
    const owner: PlaceOwner = onGroup && place.groupId !== null ? { type: 'group', id: place.groupId } : { type: 'job', id: place.jobId };
    const deliverable = { outsourcingId: place.outsourcingId, portalPersonId };
    const created =
      owner.type === 'group'
        ? await files.create(ctx, groupFiles, owner.id, content, deliverable)
        : await files.create(ctx, jobFiles, owner.id, content, deliverable);
    return { row: await outsourcingFiles.row(ctx, place, created.id), owner };
  },

  /** Deletes one of the outsourcing's deliverables (409 for a file of the agency's); answers its owner. */
  async removeDeliverable(ctx: Ctx, place: OutsourcingPlace, fileId: string): Promise<PlaceOwner> {
    const row = await outsourcingFiles.row(ctx, place, fileId);
    if (row.outsourcing_id !== place.outsourcingId) throw stateConflict('This file is the agency’s: only the files you delivered for this work can be removed');
    const owner: PlaceOwner = { type: row.owner_type === 'group' ? 'group' : 'job', id: row.owner_id };
    await files.remove(ctx, owner.type === 'group' ? groupFiles : jobFiles, owner.id, row.id);
    return owner;
  },
};
