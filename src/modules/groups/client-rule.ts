import type { Ctx } from '../../core/context.js';
import { ApiError } from '../../core/errors.js';
import { groupRepository as repo, type GroupRow } from './repository.js';

/**
 * One client per group (docs/groups.md#one-client-per-group): a group with a client holds only
 * that client's jobs; a group without one holds the jobs of a single client, the client of the
 * jobs already in it (an empty one takes any job). Called with the job and the group locked (job
 * first, then group), so that two concurrent writes of one group cannot both pass on stale jobs.
 */
export async function assertClientFits(ctx: Ctx, group: GroupRow, job: { id: string; name: string; client_id: string }): Promise<void> {
  let other: string | undefined;
  if (group.client_id !== null) {
    if (job.client_id !== group.client_id) other = group.client_id;
  } else {
    other = (await repo.memberClients(ctx.db, ctx.accountId, group.id, job.id)).find((clientId) => clientId !== job.client_id);
  }
  if (other === undefined) return;
  const names = await repo.names(ctx.db, 'clients', ctx.accountId, [job.client_id, other]);
  const whose = group.client_id !== null ? `is the client "${names.get(other)}"'s` : `holds jobs of the client "${names.get(other)}"`;
  throw new ApiError(
    'group_client_mismatch',
    `Job "${job.name}" is of the client "${names.get(job.client_id)}" and group "${group.name}" ${whose}: a group holds the jobs of one client`,
  );
}
