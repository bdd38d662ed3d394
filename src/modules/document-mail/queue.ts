import type { Ctx } from '../../core/context.js';
import { isDocumentLanguage, type DocumentLanguage } from '../../core/document-languages.js';
import { accounts } from '../accounts/index.js';
import { INVOICE_TYPE, documentLanguage, type DocumentMailer, type KindConfig } from '../documents/index.js';
import { enqueue } from '../outbox/index.js';
import { resolveRecipients, type Recipient } from './recipients.js';
import type { MailDocument } from './templates.js';

/** What an e-mail delivery carries (`deliveries.payload`): the document, its recipients and language as they were when it was sent. */
export interface EmailPayload {
  documentId: string;
  kind: KindConfig['kind'];
  document: MailDocument;
  to: Recipient[];
  cc: Recipient[];
  language: DocumentLanguage;
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
async function languageOf(ctx: Ctx, kind: KindConfig, partyId: string): Promise<DocumentLanguage> {
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
 * Queues the e-mail of a document just sent, in the send's transaction
 * (docs/documents.md#e-mailing-documents): one delivery of kind `email` to the party's contacts
 * marked for the kind, sent after commit by `sendDocumentEmail`. Nothing is queued without SMTP
 * or without a recipient, and the answer says which.
 */
export const queueDocumentEmail: DocumentMailer = async (ctx, config, sent) => {
  if (config.smtp === undefined) return { queued: false, reason: 'smtp_not_configured' };
  const document = mailDocumentOf(sent.kind.kind, sent.type);
  const recipients = await resolveRecipients(ctx, document, sent.partyId);
  if (recipients.to.length === 0) return { queued: false, reason: 'no_recipients' };
  const payload: EmailPayload = {
    documentId: sent.id,
    kind: sent.kind.kind,
    document,
    to: recipients.to,
    cc: recipients.cc,
    language: await languageOf(ctx, sent.kind, sent.partyId),
  };
  await enqueue(ctx, { kind: 'email', endpointId: null, eventId: null, eventType: EMAIL_EVENT_TYPES[document], payload });
  return { queued: true };
};
