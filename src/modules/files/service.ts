import type { Ctx } from '../../core/context.js';
import { bool } from '../../core/db/dialect.js';
import { nowIso } from '../../core/dates.js';
import { notFound } from '../../core/errors.js';
import { recordEvent } from '../../core/events.js';
import { newId } from '../../core/ids.js';
import { discardBlobs } from '../../core/storage/index.js';
import type { FileFlag, FileKind, FileRow } from './kinds.js';
import { contentTypeFor } from './names.js';
import { fileRepository as repo } from './repository.js';

/** Content already in storage, not yet visible: the file row is inserted only once it is complete. */
export interface StoredContent {
  blobId: string;
  name: string;
  size: number;
  sha256: string;
}

/** Who delivers a file through the supplier portal: the outsourcing it is for, and the portal person. */
export interface Deliverable {
  outsourcingId: string;
  portalPersonId: string;
}

async function objects<F extends object>(ctx: Ctx, kind: FileKind<F>, rows: readonly FileRow[]): Promise<F[]> {
  return rows.length === 0 ? [] : kind.present(ctx, rows);
}

export const files = {
  /** The files of several owners in one query (plus the kind's extras), for their full objects. */
  async listFor<F extends object>(ctx: Ctx, kind: FileKind<F>, ownerIds: readonly string[]): Promise<Map<string, F[]>> {
    const result = new Map<string, F[]>(ownerIds.map((id) => [id, []]));
    if (ownerIds.length === 0) return result;
    if (kind.loadFor) {
      for (const [id, list] of await kind.loadFor(ctx, ownerIds)) if (result.has(id)) result.set(id, list);
      return result;
    }
    const own = await repo.listByOwners(ctx.db, ctx.accountId, kind.ownerType, ownerIds);
    const inherited = kind.inherited ? await kind.inherited(ctx, ownerIds) : new Map<string, FileRow[]>();
    const rowsOf = new Map<string, FileRow[]>(ownerIds.map((id) => [id, [...(inherited.get(id) ?? [])]]));
    for (const row of own) rowsOf.get(row.owner_id)?.push(row);
    const all = [...rowsOf.values()].flat();
    const presented = await objects(ctx, kind, all);
    let index = 0;
    for (const id of ownerIds) {
      const count = rowsOf.get(id)!.length;
      result.set(id, presented.slice(index, index + count));
      index += count;
    }
    return result;
  },

  /** 404 unless the owner is the caller's; `lock` when a file is about to be added to it. */
  async assertOwner(ctx: Ctx, kind: FileKind, ownerId: string, lock = false): Promise<void> {
    if (!(await repo.ownerExists(ctx.db, ctx.dialect, ctx.accountId, kind.ownerTable, ownerId, lock))) throw notFound(kind.noun, ownerId);
  },

  async list<F extends object>(ctx: Ctx, kind: FileKind<F>, ownerId: string): Promise<F[]> {
    await files.assertOwner(ctx, kind, ownerId);
    return (await files.listFor(ctx, kind, [ownerId])).get(ownerId) ?? [];
  },

  /** The row of a file of the owner (its own or inherited); 404 for anything else. */
  async row(ctx: Ctx, kind: FileKind, ownerId: string, fileId: string): Promise<FileRow> {
    await files.assertOwner(ctx, kind, ownerId);
    const own = await repo.find(ctx.db, ctx.accountId, kind.ownerType, ownerId, fileId);
    if (own) return own;
    const inherited = kind.inherited ? ((await kind.inherited(ctx, [ownerId])).get(ownerId) ?? []).find((row) => row.id === fileId) : undefined;
    if (!inherited) throw notFound(`file of this ${kind.noun}`, fileId);
    return inherited;
  },

  async get<F extends object>(ctx: Ctx, kind: FileKind<F>, ownerId: string, fileId: string): Promise<F> {
    const row = await files.row(ctx, kind, ownerId, fileId);
    return (await objects(ctx, kind, [row]))[0]!;
  },

  /**
   * Makes stored content a file of the owner (404 when the owner is gone meanwhile: the caller removes the content).
   * A deliverable of the supplier portal (jobs and groups) is marked with its outsourcing and person, and shared with that outsourcing.
   */
  async create<F extends object>(ctx: Ctx, kind: FileKind<F>, ownerId: string, content: StoredContent, deliverable?: Deliverable): Promise<F> {
    await files.assertOwner(ctx, kind, ownerId, true);
    const row: FileRow = {
      id: newId(),
      account_id: ctx.accountId,
      owner_type: kind.ownerType,
      owner_id: ownerId,
      name: content.name,
      size: content.size,
      sha256: content.sha256,
      content_type: contentTypeFor(content.name),
      blob_id: content.blobId,
      share_on_jobs: 0,
      share_with_all: 0,
      share_with_client: 0,
      outsourcing_id: deliverable?.outsourcingId ?? null,
      portal_person_id: deliverable?.portalPersonId ?? null,
      created_at: nowIso(),
    };
    await repo.insert(ctx.db, row);
    if (deliverable) await repo.share(ctx.db, row.id, deliverable.outsourcingId);
    const file = (await objects(ctx, kind, [row]))[0]!;
    // docs/webhooks.md#event-types: every upload (a CAT report's too), with what the file belongs to.
    await recordEvent(ctx, 'file.uploaded', { ...file, owner: { type: kind.ownerType, id: ownerId } });
    return file;
  },

  async setFlag<F extends object>(
    ctx: Ctx,
    kind: FileKind<F>,
    ownerId: string,
    fileId: string,
    flag: FileFlag,
    value: boolean,
  ): Promise<{ file: F; changed: boolean }> {
    const row = await files.row(ctx, kind, ownerId, fileId);
    if (row.owner_id !== ownerId) throw notFound(`file of this ${kind.noun}`, fileId);
    const changed = row[flag.column] !== bool(value);
    if (changed) await repo.setFlag(ctx.db, ctx.accountId, fileId, flag.column, bool(value));
    return { file: await files.get(ctx, kind, ownerId, fileId), changed };
  },

  /** Deletes one own file; its content goes once the transaction commits (docs/files.md#lifecycle). */
  async remove(ctx: Ctx, kind: FileKind, ownerId: string, fileId: string): Promise<void> {
    const row = await repo.find(ctx.db, ctx.accountId, kind.ownerType, ownerId, fileId);
    if (!row) {
      await files.assertOwner(ctx, kind, ownerId);
      throw notFound(`file of this ${kind.noun}`, fileId);
    }
    await repo.delete(ctx.db, ctx.accountId, [row.id]);
    await discardBlobs(ctx.db, [row.blob_id]);
  },

  /** Deletes every file of an owner that is being deleted, content included (in the owner's transaction). */
  async removeAllFor(ctx: Ctx, kind: FileKind, ownerId: string): Promise<void> {
    const rows = await repo.listByOwners(ctx.db, ctx.accountId, kind.ownerType, [ownerId]);
    await repo.delete(
      ctx.db,
      ctx.accountId,
      rows.map((row) => row.id),
    );
    await discardBlobs(
      ctx.db,
      rows.map((row) => row.blob_id),
    );
  },
};
