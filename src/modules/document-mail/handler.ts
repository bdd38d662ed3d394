import { performance } from 'node:perf_hooks';
import type { Ctx } from '../../core/context.js';
import { SYSTEM_ACTOR } from '../../core/context.js';
import { ApiError } from '../../core/errors.js';
import { deliverMail, stableMessageId, type MailAttachment } from '../../core/mail.js';
import { loadDocumentSnapshot, pdfOf, ublOf, type DocumentSnapshot } from '../document-rendering/index.js';
import { KINDS, recordEmailStatus, type EmailStatus, type KindConfig } from '../documents/index.js';
import type { DeliveryEnv, DeliveryHandler, DeliveryOutcome, DeliveryRow } from '../outbox/index.js';
import type { EmailPayload } from './queue.js';
import { bodyOf, withNumber } from './compose.js';
import { composeMail } from './templates.js';

/**
 * Sends the e-mail of a sent document (docs/documents.md#e-mailing-documents): the outbox's
 * handler of deliveries of kind `email`, run after the send committed, outside any request. It
 * renders the document now — its PDF, the same bytes as `GET …/pdf`, and for invoices and credit
 * notes the e-invoice of `GET /v2/invoices/:id/ubl` when one can be made — and hands the message
 * to SMTP_URL. The document's `sentDateStatus` becomes `delivered` when the SMTP server takes it,
 * `failed` when it cannot be sent (see `documentEmailAbandoned` for retries running out).
 */

const SMTP_OK = 250;

/** The account's context outside a request: the events it records name the system. */
const systemCtx = (env: DeliveryEnv, accountId: string): Ctx => ({
  db: env.database.db,
  dialect: env.database.dialect,
  accountId,
  userId: '',
  actor: SYSTEM_ACTOR,
});

function payloadOf(delivery: DeliveryRow): { payload: EmailPayload; kind: KindConfig } | undefined {
  try {
    const payload = JSON.parse(delivery.payload) as EmailPayload;
    const kind = KINDS.find((item) => item.kind === payload.kind);
    if (kind === undefined || typeof payload.documentId !== 'string' || !Array.isArray(payload.to) || !Array.isArray(payload.cc)) return undefined;
    return { payload, kind };
  } catch {
    return undefined;
  }
}

/** Writes the e-mail's state on the document in a transaction of its own. */
async function setStatus(env: DeliveryEnv, accountId: string, kind: KindConfig, id: string, status: EmailStatus): Promise<void> {
  await env.database.db.transaction().execute((tx) => recordEmailStatus({ ...systemCtx(env, accountId), db: tx }, kind, id, status));
}

const isMissing = (error: unknown) => error instanceof ApiError && error.code === 'resource_missing';

/** The e-invoice, or null (logged) when the document cannot be one (a 409 of `GET /v2/invoices/:id/ubl`). */
async function eInvoiceOf(
  ctx: Ctx,
  env: DeliveryEnv,
  delivery: DeliveryRow,
  id: string,
  snapshot: DocumentSnapshot,
  pdf: { filename: string; content: Buffer },
): Promise<MailAttachment | null> {
  try {
    const ubl = await ublOf(ctx, snapshot, pdf);
    return { filename: ubl.filename, content: ubl.content, contentType: 'application/xml' };
  } catch (error) {
    if (!(error instanceof ApiError) || error.statusCode !== 409) throw error;
    env.log.info({ deliveryId: delivery.id, documentId: id, reason: error.message }, 'document e-mailed without its e-invoice: the invoice cannot be one');
    return null;
  }
}

export const sendDocumentEmail: DeliveryHandler = async (delivery, env) => {
  const started = performance.now();
  const outcome = (ok: boolean, statusCode: number | null, error: string | null, retry: boolean): DeliveryOutcome => ({
    ok,
    statusCode,
    error,
    durationMs: Math.round(performance.now() - started),
    retry,
  });
  const parsed = payloadOf(delivery);
  if (parsed === undefined) return outcome(false, null, 'unreadable e-mail delivery', false);
  const { payload, kind } = parsed;
  const id = payload.documentId;
  try {
    if (payload.to.length === 0) {
      await setStatus(env, delivery.account_id, kind, id, 'failed');
      return outcome(false, null, 'no recipient', false);
    }
    const smtp = env.config.smtp;
    // Configuration can come back (a restart with SMTP_URL): retried, the status stays `processed`.
    if (smtp === undefined) return outcome(false, null, 'the operator of this installation has not configured outgoing e-mail', true);
    const ctx = systemCtx(env, delivery.account_id);
    let data: DocumentSnapshot;
    try {
      data = await loadDocumentSnapshot(ctx, kind, id);
    } catch (error) {
      if (isMissing(error)) return outcome(false, null, `the ${kind.noun} was deleted`, false);
      throw error;
    }
    const pdf = await pdfOf(kind, data);
    const attachments: MailAttachment[] = [{ filename: pdf.filename, content: pdf.content, contentType: 'application/pdf' }];
    // The e-invoice embeds this same PDF, made once from the same snapshot.
    const eInvoice = kind.kind === 'invoice' ? await eInvoiceOf(ctx, env, delivery, id, data, pdf) : null;
    if (eInvoice !== null) attachments.push(eInvoice);
    const mail = composeMail({
      document: payload.document,
      language: payload.language,
      number: data.document.number ?? '',
      agency: data.account.name,
      total: data.document.total.total,
      currency: data.document.currency.code,
      dueDate: data.document.dueDate,
      validityDate: data.document.validityDate ?? null,
      eInvoiceAttached: eInvoice !== null,
    });
    // The caller's words, when given (docs/documents.md#e-mailing-documents): `{number}` is the number now.
    const number = data.document.number ?? '';
    if (payload.subject !== undefined) mail.subject = withNumber(payload.subject, number);
    if (payload.message !== undefined) Object.assign(mail, bodyOf(withNumber(payload.message, number)));
    // One Message-ID per delivery, whatever the attempt: a repeat after a crash is recognisable as one.
    const result = await deliverMail(smtp, { to: payload.to, cc: payload.cc, ...mail, attachments, messageId: stableMessageId(delivery.id, smtp.from) });
    if (result.ok) {
      // Sent is sent: a failure to note it must not send it again.
      await setStatus(env, delivery.account_id, kind, id, 'delivered').catch((error: unknown) =>
        env.log.warn({ deliveryId: delivery.id, documentId: id, err: error }, 'a document e-mail was sent but its status could not be saved'),
      );
      return outcome(true, SMTP_OK, null, false);
    }
    // A 5xx reply is the server's final word (RFC 5321 4.2.1: no recipient accepted, message refused); anything else may pass later.
    const permanent = result.code !== null && result.code >= 500;
    env.log.warn({ deliveryId: delivery.id, documentId: id, code: result.code, err: result.error }, 'could not e-mail a document through SMTP_URL');
    if (permanent) await setStatus(env, delivery.account_id, kind, id, 'failed');
    return outcome(false, result.code, result.error, !permanent);
  } catch (error) {
    env.log.warn({ deliveryId: delivery.id, documentId: id, err: error }, 'could not prepare the e-mail of a document');
    return outcome(false, null, error instanceof Error ? error.message : String(error), true);
  }
};

/**
 * For the outbox, when it gives an e-mail delivery up (its retries ran out): the document's
 * `sentDateStatus` becomes `failed`. Never throws.
 */
export async function documentEmailAbandoned(delivery: DeliveryRow, env: DeliveryEnv): Promise<void> {
  const parsed = payloadOf(delivery);
  if (parsed === undefined) return;
  try {
    await setStatus(env, delivery.account_id, parsed.kind, parsed.payload.documentId, 'failed');
  } catch (error) {
    env.log.warn({ deliveryId: delivery.id, err: error }, 'could not mark a document e-mail failed');
  }
}
