import type { Ctx } from '../../core/context.js';
import { forUpdate } from '../../core/db/dialect.js';
import type { RequestStatus } from '../../core/db/schema.js';
import { nowIso } from '../../core/dates.js';
import { notFound, stateConflict } from '../../core/errors.js';
import { recordEvent } from '../../core/events.js';
import { paginateIds, withItems, type Page } from '../../core/pagination.js';
import type { BlobStorage } from '../../core/storage/index.js';
import type { StoredContent } from '../files/index.js';
import { agencyObjects } from './objects.js';
import { requestRepository as repo, type RequestRow } from './repository.js';
import type { RequestObject, RequestQueryInput } from './schemas.js';
import { requests } from './service.js';

const SORTS = { createdAt: 'created_at', updatedAt: 'updated_at', dueDate: 'due_date' };

/** The statuses the agency may still answer from: a quoted request is converted or declined later. */
const ANSWERABLE: readonly RequestStatus[] = ['new', 'quoted'];

/** A file of a request as a conversion reads it: its content is the blob `blobId` of the file storage. */
export interface RequestFileContent {
  id: string;
  name: string;
  size: number;
  sha256: string;
  contentType: string;
  blobId: string;
}

/** What the agency decided, in the request's row. */
async function answer(ctx: Ctx, id: string, from: readonly RequestStatus[], changes: Partial<RequestRow>, event: string): Promise<RequestObject> {
  const before = await repo.find(ctx.db, ctx.accountId, id);
  if (before === undefined) throw notFound('request', id);
  const now = nowIso();
  const done = await repo.change(ctx.db, ctx.accountId, id, from, {
    ...changes,
    answered_at: now,
    answered_by_user_id: ctx.actor?.userId ?? (ctx.userId || null),
    updated_at: now,
  });
  if (!done) throw stateConflict(`The request is ${before.status}: only a request that is ${from.join(' or ')} can be ${changes.status}`);
  const after = await requests.get(ctx, id);
  await recordEvent(ctx, event, after);
  return after;
}

/** The agency's side of requests (docs/client-portal.md#requests): the list, the answers, and what a conversion needs. */
export const agencyRequests = {
  async list(ctx: Ctx, query: RequestQueryInput): Promise<Page<RequestObject>> {
    let select = ctx.db.selectFrom('requests').where('requests.account_id', '=', ctx.accountId);
    if (query.status !== undefined) select = select.where('requests.status', '=', query.status);
    if (query.clientId !== undefined) select = select.where('requests.client_id', '=', query.clientId);
    const page = await paginateIds(select, 'requests', query, SORTS);
    return withItems(page, async (ids) => {
      const objects = await agencyObjects(ctx, await repo.byIds(ctx.db, ctx.accountId, ids));
      return new Map(objects.map((object) => [object.id, object]));
    });
  },

  /** The agency sent (or will send) a quote: new → quoted (409 otherwise). Records `request.quoted`. */
  quoted: (ctx: Ctx, id: string) => answer(ctx, id, ['new'], { status: 'quoted' }, 'request.quoted'),

  /** The agency declines, saying why: new or quoted → declined (409 otherwise). Records `request.declined`. */
  decline: (ctx: Ctx, id: string, reason: string) => answer(ctx, id, ANSWERABLE, { status: 'declined', decline_reason: reason.trim() }, 'request.declined'),

  /**
   * For a conversion, in its transaction: the request (404), locked until the transaction ends
   * (PostgreSQL; SQLite serialises writes), and its files with their content's blob. 409 unless it
   * is new or quoted (converted, declined or withdrawn already).
   */
  async forConversion(ctx: Ctx, id: string): Promise<{ request: RequestObject; files: RequestFileContent[] }> {
    const locked = await forUpdate(
      ctx.db.selectFrom('requests').select(['id', 'status']).where('account_id', '=', ctx.accountId).where('id', '=', id),
      ctx.dialect,
    ).executeTakeFirst();
    if (locked === undefined) throw notFound('request', id);
    if (!ANSWERABLE.includes(locked.status)) throw stateConflict(`The request is ${locked.status}: only a new or quoted request can be converted`);
    const request = await requests.get(ctx, id);
    const contents: RequestFileContent[] = [];
    for (const file of request.files) {
      const row = await requests.file(ctx, id, file.id);
      contents.push({ id: row.id, name: row.name, size: Number(row.size), sha256: row.sha256, contentType: row.content_type, blobId: row.blob_id });
    }
    return { request, files: contents };
  },

  /**
   * Marks a request converted, in the conversion's transaction: new or quoted → converted (409
   * otherwise), with what it made (the jobs, the group and the quote, when any). Records `request.converted`.
   */
  markConverted: (ctx: Ctx, id: string, made: { jobIds: readonly string[]; groupId?: string | null; quoteId?: string | null }) =>
    answer(
      ctx,
      id,
      ANSWERABLE,
      {
        status: 'converted',
        converted_job_ids: JSON.stringify(made.jobIds),
        converted_group_id: made.groupId ?? null,
        converted_quote_id: made.quoteId ?? null,
      },
      'request.converted',
    ),
};

/**
 * Copies the content of request files into new blobs of the storage, BEFORE the conversion's
 * transaction (as every upload): each copy becomes a job's or group's file with
 * `files.create(ctx, jobFiles, jobId, content)` inside it. A file row owns its blob (deleting the
 * row deletes the blob), so a job never shares the request's. When the transaction fails, the
 * caller removes the copies: `storage.remove(contents.map((c) => c.blobId))`.
 */
export async function copyRequestFiles(storage: BlobStorage, contents: readonly RequestFileContent[]): Promise<StoredContent[]> {
  const copies: StoredContent[] = [];
  try {
    for (const file of contents) {
      const blobId = await storage.put(storage.read(file.blobId));
      copies.push({ blobId, name: file.name, size: file.size, sha256: file.sha256 });
    }
  } catch (error) {
    await storage.remove(copies.map((copy) => copy.blobId)).catch(() => {});
    throw error;
  }
  return copies;
}
