import type { Executor } from '../../core/db/dialect.js';
import type { FileRow } from './kinds.js';

/** A job as the client portal knows it: the job, and its group (whose shared files the job lists too). */
export interface ClientJobPlace {
  jobId: string;
  groupId: string | null;
}

/**
 * The files of a job the agency shares with its client (docs/client-portal.md#jobs-and-deliveries):
 * the job's own and its group's files with `share_with_client`, oldest first (ties by id). Scoped
 * to the account; the caller has scoped the job to the client.
 */
export const clientSharedFiles = {
  async sharedWithClient(db: Executor, accountId: string, place: ClientJobPlace): Promise<FileRow[]> {
    return db
      .selectFrom('files')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('share_with_client', '=', 1)
      .where((eb) =>
        eb.or([
          eb.and([eb('owner_type', '=', 'job'), eb('owner_id', '=', place.jobId)]),
          ...(place.groupId === null ? [] : [eb.and([eb('owner_type', '=', 'group'), eb('owner_id', '=', place.groupId)])]),
        ]),
      )
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  },
};
