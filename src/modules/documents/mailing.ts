import type { Config } from '../../config.js';
import type { Ctx } from '../../core/context.js';
import { nowIso } from '../../core/dates.js';
import { notFound } from '../../core/errors.js';
import type { KindConfig } from './kinds.js';
import type { EmailRequest } from './mail-request.js';
import { documentRepository as repo } from './repository.js';
import type { NotEmailedReason, SendAnswer } from './schemas.js';

/**
 * What documents need from the module that e-mails them (modules/document-mail, wired by
 * modules/index.ts, which keeps documents free of an import of its own mailer): called in the
 * transaction of a send, it queues the e-mail, or says why not (docs/documents.md#e-mailing-documents).
 */
export interface SentDocument {
  kind: KindConfig;
  id: string;
  /** 1 invoice, 2 credit note (quotes and purchase orders: 1) */
  type: number;
  /** the client (quotes, invoices) or the supplier (purchase orders) */
  partyId: string;
  /** What the caller said of the e-mail (recipients, subject, message); absent: the defaults. */
  request?: EmailRequest;
}

/** A document as its e-mail needs it: what a send gives, plus its number and status (`POST …/:id/email`, `GET …/:id/email-draft`). */
export interface MailableDocument extends SentDocument {
  number: string | null;
  status: number;
}

/** The document of a kind for its e-mail, 404 when the account has none with that id. */
export async function mailableDocument(ctx: Ctx, kind: KindConfig, id: string): Promise<MailableDocument> {
  const [row] = await repo.findMany(ctx.db, ctx.accountId, kind.kind, [id]);
  if (row === undefined) throw notFound(kind.noun, id);
  const partyId = (kind.party === 'client' ? row.client_id : row.supplier_id) ?? '';
  return { kind, id, type: row.type, partyId, number: row.number, status: row.status };
}

export type MailQueued = { queued: true; deliveryId: string } | { queued: false; reason: NotEmailedReason };

export type DocumentMailer = (ctx: Ctx, config: Config, document: SentDocument) => Promise<MailQueued>;

/** The mailer of one request, config given: what a send calls. */
export type QueueMail = (ctx: Ctx, document: SentDocument) => Promise<MailQueued>;

/** Sending without a mailer e-mails no one (tests and tools that call the service directly). */
export const NO_MAIL: QueueMail = async () => ({ queued: false, reason: 'smtp_not_configured' });

/** Queues the e-mail of a document just sent; when queued, its status is `processed` from now. */
export async function queueDocumentMail(ctx: Ctx, queueMail: QueueMail, document: SentDocument): Promise<SendAnswer> {
  const queued = await queueMail(ctx, document);
  if (!queued.queued) return { emailed: false, notEmailedReason: queued.reason };
  await repo.update(ctx.db, ctx.accountId, document.id, { email_status: 'processed', email_status_at: nowIso() });
  return { emailed: true, notEmailedReason: null };
}
