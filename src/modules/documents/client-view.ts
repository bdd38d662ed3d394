import type { Ctx } from '../../core/context.js';
import { notFound } from '../../core/errors.js';
import { loadDocuments } from './assembly.js';
import { DRAFT, quoteKind, type KindConfig } from './kinds.js';
import type { DocumentObject } from './schemas.js';
import { documents } from './service.js';

/**
 * The documents of one client as the client portal reads them (docs/client-portal.md#quotes,
 * #invoices): only those that left draft (a draft was never sent to the client), scoped by account
 * and client. A document of another client, or a draft, is a 404 like one that does not exist.
 */
export const clientDocuments = {
  /** The client's issued documents of a kind, newest first (issue date, then creation). */
  async list(ctx: Ctx, kind: KindConfig, clientId: string): Promise<DocumentObject[]> {
    const rows = await ctx.db
      .selectFrom('documents')
      .select('id')
      .where('account_id', '=', ctx.accountId)
      .where('kind', '=', kind.kind)
      .where('client_id', '=', clientId)
      .where('status', '!=', DRAFT)
      .orderBy('issue_date', 'desc')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    const ids = rows.map((row) => row.id);
    const loaded = await loadDocuments(ctx, kind, ids);
    return ids.flatMap((id) => {
      const document = loaded.get(id);
      return document === undefined ? [] : [document];
    });
  },

  /** One issued document of the client (404 otherwise). */
  async get(ctx: Ctx, kind: KindConfig, clientId: string, id: string): Promise<DocumentObject> {
    const row = await ctx.db
      .selectFrom('documents')
      .select('id')
      .where('account_id', '=', ctx.accountId)
      .where('kind', '=', kind.kind)
      .where('client_id', '=', clientId)
      .where('status', '!=', DRAFT)
      .where('id', '=', id)
      .executeTakeFirst();
    if (row === undefined) throw notFound(kind.noun, id);
    return documents.get(ctx, kind, id);
  },

  /** Whether the account has this quote (any client, any status): the agency's reads of a quote's portal answer. */
  async quoteExists(ctx: Ctx, id: string): Promise<boolean> {
    const row = await ctx.db
      .selectFrom('documents')
      .select('id')
      .where('account_id', '=', ctx.accountId)
      .where('kind', '=', quoteKind.kind)
      .where('id', '=', id)
      .executeTakeFirst();
    return row !== undefined;
  },

  /**
   * The client's answer to a quote: the agency's own `POST /v2/quotes/:id/accept` or `/refuse`, the
   * same status move, events and accepted-quote job status (docs/documents.md#accepting-a-quote).
   */
  answerQuote(ctx: Ctx, id: string, answer: 'accept' | 'refuse'): Promise<DocumentObject> {
    return documents.act(ctx, quoteKind, id, answer);
  },
};
