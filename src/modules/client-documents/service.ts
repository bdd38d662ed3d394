import type { Config } from '../../config.js';
import type { Ctx } from '../../core/context.js';
import { nowIso } from '../../core/dates.js';
import { notFound, stateConflict } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import type { PortalCtx } from '../../core/portal.js';
import { clientDocuments, invoiceKind, quoteKind } from '../documents/index.js';
import { queueManagerMail } from './manager-mail.js';
import { quoteAnswerRepository as repo, type QuoteAnswerRow } from './repository.js';
import type { PortalInvoiceDetailObject, PortalInvoiceObject, PortalQuoteDetailObject, PortalQuoteObject, QuotePortalAnswerObject } from './schemas.js';
import { invoiceDetailView, invoiceView, isExpired, quoteDetailView, quoteView } from './views.js';

/**
 * The context the documents module is called with for a client's person: their account, no user,
 * and the person as the actor of what they change (the events' actor `portal`).
 */
export function clientCtx(ctx: PortalCtx): Ctx {
  const { principal } = ctx;
  return {
    db: ctx.db,
    dialect: ctx.dialect,
    accountId: principal.accountId,
    userId: '',
    userName: principal.name,
    actor: { type: 'portal', userId: null, apiKeyId: null, portalPersonId: principal.personId },
  };
}

/** Where an answer came from: the request's IP address and user agent. */
export interface AnswerOrigin {
  ip: string;
  userAgent: string;
}

/** The client's quotes (docs/client-portal.md#quotes): every read scoped by the person's client. */
export const clientQuotes = {
  async list(ctx: PortalCtx): Promise<PortalQuoteObject[]> {
    const party = clientCtx(ctx);
    const quotes = await clientDocuments.list(party, quoteKind, ctx.principal.party.id);
    const answers = await repo.of(
      ctx.db,
      party.accountId,
      quotes.map((quote) => quote.id),
    );
    return quotes.map((quote) => quoteView(quote, answers.get(quote.id)));
  },

  async get(ctx: PortalCtx, id: string): Promise<PortalQuoteDetailObject> {
    const party = clientCtx(ctx);
    const quote = await clientDocuments.get(party, quoteKind, ctx.principal.party.id, id);
    const answers = await repo.of(ctx.db, party.accountId, [id]);
    return quoteDetailView(quote, answers.get(id));
  },

  /**
   * Accepts or refuses a sent quote, as the agency's own accept and refuse do (the same status
   * move, events and job status), recording who, when, from where and what they said. 409 when
   * the quote was answered already or its validity has passed; one transaction (the caller's).
   */
  async answer(
    ctx: PortalCtx,
    config: Pick<Config, 'smtp' | 'publicUrl'>,
    id: string,
    answer: 'accept' | 'refuse',
    comment: string,
    origin: AnswerOrigin,
  ): Promise<PortalQuoteDetailObject> {
    const party = clientCtx(ctx);
    const quote = await clientDocuments.get(party, quoteKind, ctx.principal.party.id, id);
    const label = quote.number ?? id;
    if (quote.status === 3 || quote.status === 4) {
      throw stateConflict(`Quote ${label} was already answered: it is ${quote.status === 3 ? 'accepted' : 'refused'}`);
    }
    if (isExpired(quote)) {
      throw stateConflict(`Quote ${label} expired on ${quote.validityDate!.slice(0, 10)}: ask the agency for a new one`);
    }
    const moved = await clientDocuments.answerQuote(party, id, answer);
    const row: QuoteAnswerRow = {
      id: newId(),
      account_id: party.accountId,
      document_id: id,
      answer: answer === 'accept' ? 'accepted' : 'refused',
      portal_person_id: ctx.principal.personId,
      person_name: ctx.principal.name,
      comment: comment.trim(),
      ip: origin.ip,
      user_agent: origin.userAgent.slice(0, 1000),
      answered_at: nowIso(),
    };
    await repo.insert(ctx.db, row);
    await queueManagerMail(party, config, { id, number: moved.number, clientName: moved.client?.name ?? '' }, row);
    return quoteDetailView(moved, row);
  },
};

/** The client's invoices and credit notes (docs/client-portal.md#invoices). */
export const clientInvoices = {
  async list(ctx: PortalCtx): Promise<PortalInvoiceObject[]> {
    const invoices = await clientDocuments.list(clientCtx(ctx), invoiceKind, ctx.principal.party.id);
    return invoices.map((invoice) => invoiceView(invoice));
  },

  async get(ctx: PortalCtx, id: string): Promise<PortalInvoiceDetailObject> {
    return invoiceDetailView(await clientDocuments.get(clientCtx(ctx), invoiceKind, ctx.principal.party.id, id));
  },
};

/** The agency's read of a quote's portal answer: null when it was not answered on the portal; 404 for a quote it does not have. */
export async function quotePortalAnswer(ctx: Ctx, id: string): Promise<QuotePortalAnswerObject | null> {
  if (!(await clientDocuments.quoteExists(ctx, id))) throw notFound('quote', id);
  const row = (await repo.of(ctx.db, ctx.accountId, [id])).get(id);
  if (row === undefined) return null;
  return {
    object: 'quotePortalAnswer',
    quote: { id },
    answer: row.answer,
    person: { id: row.portal_person_id, name: row.person_name },
    answeredAt: row.answered_at,
    ip: row.ip,
    userAgent: row.user_agent,
    comment: row.comment,
  };
}
