import { notFound, stateConflict } from '../../core/errors.js';
import type { PortalCtx } from '../../core/portal.js';
import { outsourcingFiles, type FileRow, type OutsourcingPlace } from '../files/index.js';
import type { PortalFileObject, PortalWorkObject } from './schemas.js';
import { partyCtx, supplierWork } from './service.js';

/** The file as the portal shows it: field by field, nothing of the agency's sharing or people. */
export function toPortalFile(row: FileRow, place: OutsourcingPlace): PortalFileObject {
  return {
    id: row.id,
    name: row.name,
    size: Number(row.size),
    contentType: row.content_type,
    kind: row.owner_type === 'group' ? 'group' : 'job',
    deliverable: row.outsourcing_id === place.outsourcingId,
    createdAt: row.created_at,
  };
}

/** Why files of work in this state cannot change (409), or undefined when they can: only open work takes deliverables. */
function refusal(work: PortalWorkObject): string | undefined {
  switch (work.state) {
    case 'open':
      return undefined;
    case 'offered':
      return 'Accept the work before you deliver files for it';
    case 'refused':
      return 'You refused this work';
    case 'cancelled':
      return 'The agency cancelled this work: nothing more can be done on it';
    case 'done':
      return 'This work is done: its deliverables no longer change (ask the agency if one is missing)';
  }
}

/**
 * The files of a piece of work on the portal (docs/supplier-portal.md#files). The work is found as
 * the supplier's other reads find it (their supplier's, on the portal; a 404 otherwise), then its
 * job and group; a file not shared with this work is a 404 like one that does not exist.
 */
export const workFiles = {
  async place(ctx: PortalCtx, id: string): Promise<{ work: PortalWorkObject; place: OutsourcingPlace }> {
    const work = await supplierWork.get(ctx, id);
    const place = await outsourcingFiles.place(partyCtx(ctx), id);
    if (place === undefined) throw notFound('work', id);
    return { work, place };
  },

  /** The work and its place when its files may change (409 otherwise). */
  async writable(ctx: PortalCtx, id: string): Promise<{ work: PortalWorkObject; place: OutsourcingPlace }> {
    const found = await workFiles.place(ctx, id);
    const reason = refusal(found.work);
    if (reason !== undefined) throw stateConflict(reason);
    return found;
  },

  async list(ctx: PortalCtx, id: string): Promise<PortalFileObject[]> {
    const { place } = await workFiles.place(ctx, id);
    return (await outsourcingFiles.list(partyCtx(ctx), place)).map((row) => toPortalFile(row, place));
  },

  async row(ctx: PortalCtx, id: string, fileId: string): Promise<FileRow> {
    const { place } = await workFiles.place(ctx, id);
    return outsourcingFiles.row(partyCtx(ctx), place, fileId);
  },
};
