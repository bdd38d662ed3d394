import { createHash } from 'node:crypto';
import type { Ctx } from '../../core/context.js';
import { nowIso } from '../../core/dates.js';
import { invalid, notFound } from '../../core/errors.js';
import { sanitizeFileName } from '../files/index.js';
import { requestRepository as repo, type TermsPdfRow } from './repository.js';
import type { TermsPdfObject } from './schemas.js';

/** The most the terms PDF may weigh: 10 MiB (it is kept in the database, as the logo). */
export const TERMS_PDF_MAX_BYTES = 10 * 1024 * 1024;

/** Every PDF file starts with these bytes (ISO 32000-1, 7.5.2). */
const PDF_MAGIC = Buffer.from('%PDF-', 'latin1');

const toObject = (row: Omit<TermsPdfRow, 'content'>): TermsPdfObject => ({
  name: row.name,
  size: Number(row.size),
  sha256: row.sha256,
  updatedAt: row.updated_at,
});

/** The terms a new request accepts: the account's text and the PDF's hash; `required` when there is either. */
export async function termsInForce(ctx: Pick<Ctx, 'db' | 'accountId'>, text: string): Promise<{ required: boolean; text: string; pdfSha256: string | null }> {
  const pdf = await repo.termsPdfInfo(ctx.db, ctx.accountId);
  const trimmed = text.trim();
  return { required: trimmed !== '' || pdf !== undefined, text, pdfSha256: pdf?.sha256 ?? null };
}

/**
 * The agency's terms PDF (docs/client-portal.md#terms): one per account, replaced by each upload,
 * shown with the portal's request form. Its changes record no event: the account object does not tell of it.
 */
export const termsPdf = {
  async info(ctx: Pick<Ctx, 'db' | 'accountId'>): Promise<TermsPdfObject | null> {
    const row = await repo.termsPdfInfo(ctx.db, ctx.accountId);
    return row === undefined ? null : toObject(row);
  },

  /** The PDF as stored; 404 when the account has none. */
  async content(ctx: Pick<Ctx, 'db' | 'accountId'>): Promise<TermsPdfRow> {
    const row = await repo.termsPdf(ctx.db, ctx.accountId);
    if (row === undefined) throw notFound('terms PDF');
    return row;
  },

  /** Stores (or replaces) the PDF; 400 on `file` unless it starts as a PDF does. */
  async put(ctx: Ctx, name: string, content: Buffer): Promise<TermsPdfObject> {
    if (content.length < PDF_MAGIC.length || !content.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC))
      throw invalid('file', 'must be a PDF file (it does not start with %PDF-)');
    const row: TermsPdfRow = {
      account_id: ctx.accountId,
      name: sanitizeFileName(name) || 'terms.pdf',
      content,
      size: content.length,
      sha256: createHash('sha256').update(content).digest('hex'),
      updated_at: nowIso(),
    };
    await repo.putTermsPdf(ctx.db, row);
    return toObject(row);
  },

  /** Removes the PDF; 404 when there was none. */
  async remove(ctx: Ctx): Promise<void> {
    if (!(await repo.deleteTermsPdf(ctx.db, ctx.accountId))) throw notFound('terms PDF');
  },
};
