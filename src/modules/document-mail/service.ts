import type { Config } from '../../config.js';
import type { Ctx } from '../../core/context.js';
import { ApiError, invalid } from '../../core/errors.js';
import { eInvoiceFilename, loadDocumentSnapshot, pdfFilename, type DocumentSnapshot } from '../document-rendering/index.js';
import { DRAFT, mailableDocument, recordEmailStatus, type EmailRequest, type KindConfig, type MailableDocument } from '../documents/index.js';
import { agencyName, defaultSubject, NUMBER_PLACEHOLDER } from './compose.js';
import { readLog, type MailLogEntry } from './log.js';
import { languageOf, mailDocumentOf, queueDocumentEmail } from './queue.js';
import { resolveRecipients, type Recipient, type RecipientsSource } from './recipients.js';
import { composeMail } from './templates.js';

/**
 * E-mailing a sent document again, the e-mail it would get, and its mail log
 * (docs/documents.md#e-mailing-documents): the services of `POST …/:id/email`,
 * `GET …/:id/email-draft` and `GET …/:id/emails`, the same for the three kinds.
 */

export interface Attachment {
  filename: string;
  contentType: string;
  /** Attached only when the invoice can be an e-invoice, which is known once it is sent. */
  optional: boolean;
}

export interface EmailDraft {
  object: 'documentEmailDraft';
  documentId: string;
  to: Recipient[];
  cc: Recipient[];
  recipientsSource: RecipientsSource;
  subject: string;
  message: string;
  language: string;
  attachments: Attachment[];
  /** Whether sending now would queue an e-mail, and why not. */
  willSend: boolean;
  notEmailedReason: 'smtp_not_configured' | 'no_recipients' | null;
}

/**
 * The attachments the e-mail would carry: the PDF, and for a sent invoice its e-invoice when one
 * can be made (the handler attaches it then; a draft's is optional: it depends on the send).
 */
async function attachmentsOf(ctx: Ctx, document: MailableDocument, snapshot: DocumentSnapshot): Promise<{ attachments: Attachment[]; eInvoice: boolean }> {
  const stem = document.number === null ? NUMBER_PLACEHOLDER : pdfFilename({ number: document.number, id: document.id }).replace(/\.pdf$/, '');
  const attachments: Attachment[] = [{ filename: `${stem}.pdf`, contentType: 'application/pdf', optional: false }];
  if (document.kind.kind !== 'invoice') return { attachments, eInvoice: false };
  if (document.number === null) {
    attachments.push({ filename: `${stem}.xml`, contentType: 'application/xml', optional: true });
    return { attachments, eInvoice: false };
  }
  const name = await eInvoiceFilename(ctx, snapshot);
  if (name !== false) attachments.push({ filename: name, contentType: 'application/xml', optional: false });
  return { attachments, eInvoice: name !== false };
}

export const documentMail = {
  /** `POST …/:id/email`: queues the e-mail of a sent document; 409 for a draft, without SMTP, or to nobody. */
  async email(ctx: Ctx, config: Config, kind: KindConfig, id: string, request: EmailRequest): Promise<MailLogEntry> {
    const document = await mailableDocument(ctx, kind, id);
    if (document.status === DRAFT) {
      throw new ApiError('document_not_sent', `A draft ${kind.noun} cannot be e-mailed: send it first (POST ${kind.basePath}/${id}/send)`);
    }
    if (request.subject !== undefined && request.subject.trim() === '') throw invalid('subject', 'must not be blank');
    if (request.message !== undefined && request.message.trim() === '') throw invalid('message', 'must not be blank');
    const queued = await queueDocumentEmail(ctx, config, { ...document, request });
    if (!queued.queued) {
      if (queued.reason === 'smtp_not_configured') {
        throw new ApiError('smtp_not_configured', 'No e-mail can be sent: the operator of this installation has not configured outgoing e-mail');
      }
      throw new ApiError(
        'no_recipients',
        request.to === undefined
          ? `Nobody would receive this ${kind.noun}: its ${kind.party} has no contact with an e-mail marked for ${kind.noun}s and no e-mail of its own; give "to"`
          : `Nobody would receive this ${kind.noun}: "to" is empty`,
      );
    }
    await recordEmailStatus(ctx, kind, id, 'processed');
    const [entry] = await readLog(ctx, { ids: [queued.deliveryId] });
    return entry!;
  },

  /** `GET …/:id/email-draft`: the e-mail a send (draft) or `POST …/:id/email` (sent) would queue now, with the defaults. */
  async draft(ctx: Ctx, config: Config, kind: KindConfig, id: string): Promise<EmailDraft> {
    const document = await mailableDocument(ctx, kind, id);
    const mailDocument = mailDocumentOf(kind.kind, document.type);
    const recipients = await resolveRecipients(ctx, mailDocument, document.partyId);
    const language = await languageOf(ctx, kind, document.partyId);
    const data = await loadDocumentSnapshot(ctx, kind, id);
    const { attachments, eInvoice } = await attachmentsOf(ctx, document, data);
    const number = document.number ?? NUMBER_PLACEHOLDER;
    const agency = await agencyName(ctx);
    const composed = composeMail({
      document: mailDocument,
      language,
      number,
      agency,
      total: data.document.total.total,
      currency: data.document.currency.code,
      dueDate: data.document.dueDate,
      validityDate: data.document.validityDate ?? null,
      eInvoiceAttached: eInvoice,
    });
    const reason = config.smtp === undefined ? 'smtp_not_configured' : recipients.to.length === 0 ? 'no_recipients' : null;
    return {
      object: 'documentEmailDraft',
      documentId: id,
      to: recipients.to,
      cc: recipients.cc,
      recipientsSource: recipients.source,
      subject: defaultSubject(language, mailDocument, number, agency),
      message: composed.text.trimEnd(),
      language,
      attachments,
      willSend: reason === null,
      notEmailedReason: reason,
    };
  },

  /** `GET …/:id/emails`: the document's mail log, newest first (404 for a document the account does not have). */
  async log(ctx: Ctx, kind: KindConfig, id: string): Promise<MailLogEntry[]> {
    await mailableDocument(ctx, kind, id);
    return readLog(ctx, { documentId: id });
  },
};
