import { notFound } from '../../core/errors.js';
import type { PortalCtx } from '../../core/portal.js';
import { clientSharedFiles, type FileRow } from '../files/index.js';
import { clientJobRepository, type ClientJobRow } from './repository.js';
import { CLIENT_JOB_STATUSES, type ClientDeliverableObject, type ClientJobObject, type ClientJobState } from './schemas.js';

/** docs/jobs.md#status by state: open (not started, in progress, on hold), finished (finished, invoiced, cancelled). */
const STATUSES_OF: Record<ClientJobState, readonly number[]> = { open: [1, 2, 6], finished: [3, 4, 5] };

/** The client of the person: a supplier's person never reaches here (the client branch refuses them), but reads nothing if they did. */
function clientOf(ctx: PortalCtx): string {
  if (ctx.principal.party.kind !== 'client') throw notFound('job');
  return ctx.principal.party.id;
}

const blankToNull = (text: string): string | null => (text.trim() === '' ? null : text);

function toClientJob(row: ClientJobRow, shown: { dueDates: boolean; progress: boolean }): ClientJobObject {
  return {
    id: row.id,
    number: row.number,
    name: row.name,
    service: row.service_name,
    languages: row.target_code === null ? null : { source: row.source_code, target: row.target_code },
    status: CLIENT_JOB_STATUSES[row.status - 1] ?? 'notStarted',
    ...(shown.dueDates ? { dueDate: row.due_date } : {}),
    ...(shown.progress ? { progress: Number(row.progress) } : {}),
    reference: blankToNull(row.external_reference),
    purchaseOrder: blankToNull(row.purchase_order),
    deliveredAt: row.delivery_date,
    createdAt: row.created_at,
  };
}

/** Files shared with the client grouped by name, each group newest first (docs/client-portal.md#jobs-and-deliveries). */
export function toDeliverables(rows: readonly FileRow[]): ClientDeliverableObject[] {
  const byName = new Map<string, FileRow[]>();
  for (const row of rows) byName.set(row.name, [...(byName.get(row.name) ?? []), row]);
  const version = (row: FileRow) => ({ id: row.id, size: Number(row.size), deliveredAt: row.created_at });
  return [...byName.entries()]
    .map(([name, versions]) => {
      const newestFirst = [...versions].reverse();
      return { name, latest: version(newestFirst[0]!), history: newestFirst.slice(1).map(version) };
    })
    .sort((a, b) => (a.latest.deliveredAt < b.latest.deliveredAt ? 1 : a.latest.deliveredAt > b.latest.deliveredAt ? -1 : a.name.localeCompare(b.name)));
}

/**
 * The client's jobs on the portal (docs/client-portal.md#jobs-and-deliveries): every read is scoped
 * by the person's account and client — another client's job is a 404 like one that does not exist.
 */
export const clientJobs = {
  async list(ctx: PortalCtx, state: ClientJobState | undefined): Promise<ClientJobObject[]> {
    const { accountId } = ctx.principal;
    const rows = await clientJobRepository.list(ctx.db, accountId, clientOf(ctx), state === undefined ? undefined : STATUSES_OF[state]);
    const shown = await clientJobRepository.visibility(ctx.db, accountId);
    return rows.map((row) => toClientJob(row, shown));
  },

  /** The job's row when it is the client's (404 otherwise). */
  async row(ctx: PortalCtx, id: string): Promise<ClientJobRow> {
    const [row] = await clientJobRepository.list(ctx.db, ctx.principal.accountId, clientOf(ctx), undefined, id);
    if (row === undefined) throw notFound('job', id);
    return row;
  },

  async get(ctx: PortalCtx, id: string): Promise<ClientJobObject> {
    const row = await clientJobs.row(ctx, id);
    return toClientJob(row, await clientJobRepository.visibility(ctx.db, ctx.principal.accountId));
  },

  async deliverables(ctx: PortalCtx, id: string): Promise<ClientDeliverableObject[]> {
    const row = await clientJobs.row(ctx, id);
    return toDeliverables(await clientSharedFiles.sharedWithClient(ctx.db, ctx.principal.accountId, { jobId: row.id, groupId: row.group_id }));
  },

  /** A file of the job (or its group) shared with the client; 404 for any other. */
  async file(ctx: PortalCtx, id: string, fileId: string): Promise<FileRow> {
    const row = await clientJobs.row(ctx, id);
    const shared = await clientSharedFiles.sharedWithClient(ctx.db, ctx.principal.accountId, { jobId: row.id, groupId: row.group_id });
    const file = shared.find((item) => item.id === fileId);
    if (file === undefined) throw notFound('file of this job', fileId);
    return file;
  },
};
