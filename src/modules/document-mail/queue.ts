import type { Ctx } from '../../core/context.js';
import { isDocumentLanguage, type DocumentLanguage } from '../../core/document-languages.js';
import { accounts } from '../accounts/index.js';
import { documentLanguage } from '../document-rendering/index.js';
import { INVOICE_TYPE, mailableDocument, type DocumentMailer, type KindConfig } from '../documents/index.js';
import { enqueue } from '../outbox/index.js';
import { agencyName, defaultSubject, withNumber } from './compose.js';
import { logMail } from './log.js';
import { requestedRecipients, type Recipient } from './recipients.js';
import type { MailDocument } from './templates.js';

/** What an e-mail delivery carries (`deliveries.payload`): the document, its recipients and language as they were when it was sent. */
export interface EmailPayload {
  documentId: string;
  kind: KindConfig['kind'];
  document: MailDocument;
  to: Recipient[];
  cc: Recipient[];
  language: DocumentLanguage;
  /** The caller's subject, `{number}` in it replaced when sent; absent: the default one. */
  subject?: string;
  /** The caller's message (plain text, the whole body); absent: the default one. */
  message?: string;
}

/** The event type of each e-mail (`deliveries.event_type`): the moment it tells of, named as the webhook event of that moment. */
export const EMAIL_EVENT_TYPES: Record<MailDocument, string> = {
  invoice: 'invoice.sent',
  creditNote: 'invoice.credited',
  quote: 'quote.sent',
  purchaseOrder: 'purchase_order.sent',
};

export const mailDocumentOf = (kind: KindConfig['kind'], type: number): MailDocument =>
  kind === 'invoice' && type === INVOICE_TYPE.creditNote ? 'creditNote' : kind;

/** The party's document language, else the account's (the PDF's rule, docs/documents.md#languages). */
export async function languageOf(ctx: Ctx, kind: KindConfig, partyId: string): Promise<DocumentLanguage> {
  const table = kind.party === 'client' ? 'clients' : 'suppliers';
  const party = await ctx.db
    .selectFrom(table as 'clients')
    .select('document_language')
    .where('account_id', '=', ctx.accountId)
    .where('id', '=', partyId)
    .executeTakeFirst();
  const own = party?.document_language;
  // The account is read only when the party has no language of its own.
  return documentLanguage(own, isDocumentLanguage(own) ? undefined : (await accounts.get(ctx)).documentLanguage);
}

/**
 * Queues the e-mail of a sent document (docs/documents.md#e-mailing-documents): in the send's
 * transaction, or in that of `POST …/:id/email`. One delivery of kind `email` to the recipients
 * (the caller's, else the contacts marked for the kind, else the party's own e-mail), sent after
 * commit by `sendDocumentEmail`, and its row of the mail log. Nothing is queued without SMTP or
 * without an addressee, and the answer says which.
 */
export const queueDocumentEmail: DocumentMailer = async (ctx, config, sent) => {
  if (config.smtp === undefined) return { queued: false, reason: 'smtp_not_configured' };
  const document = mailDocumentOf(sent.kind.kind, sent.type);
  const request = sent.request ?? {};
  const recipients = await requestedRecipients(ctx, document, sent.partyId, request);
  if (recipients.to.length === 0) return { queued: false, reason: 'no_recipients' };
  const language = await languageOf(ctx, sent.kind, sent.partyId);
  const payload: EmailPayload = {
    documentId: sent.id,
    kind: sent.kind.kind,
    document,
    to: recipients.to,
    cc: recipients.cc,
    language,
    ...(request.subject !== undefined ? { subject: request.subject.trim() } : {}),
    ...(request.message !== undefined ? { message: request.message } : {}),
  };
  const deliveryId = await enqueue(ctx, { kind: 'email', endpointId: null, eventId: null, eventType: EMAIL_EVENT_TYPES[document], payload });
  // The log keeps the subject as it will read: the number is the document's by now (a send numbered it first).
  const number = (await mailableDocument(ctx, sent.kind, sent.id)).number ?? '';
  const subject = payload.subject !== undefined ? withNumber(payload.subject, number) : defaultSubject(language, document, number, await agencyName(ctx));
  await logMail(ctx, { deliveryId, documentId: sent.id, to: recipients.to, cc: recipients.cc, subject, customMessage: payload.message !== undefined });
  return { queued: true, deliveryId };
};
