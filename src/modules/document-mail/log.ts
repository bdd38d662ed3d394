import type { Ctx } from '../../core/context.js';
import { nowIso } from '../../core/dates.js';
import type { Recipient } from './recipients.js';

/**
 * The mail log of documents (docs/documents.md#the-mail-log): a row per e-mail queued
 * (`document_emails`, keyed by the outbox delivery's id), read with what the outbox made of it.
 */

/** What became of an e-mail, from its delivery: waiting or retrying, taken by the SMTP server, given up. */
export type MailLogStatus = 'queued' | 'sent' | 'failed';

export interface MailLogEntry {
  id: string;
  object: 'documentEmail';
  documentId: string;
  to: Recipient[];
  cc: Recipient[];
  subject: string;
  customMessage: boolean;
  queuedAt: string;
  queuedBy: { type: 'user' | 'key' | 'system'; id: string | null; name: string | null };
  status: MailLogStatus;
  attempts: number;
  error: string | null;
  updatedAt: string;
}

export interface NewLogRow {
  deliveryId: string;
  documentId: string;
  to: Recipient[];
  cc: Recipient[];
  subject: string;
  customMessage: boolean;
}

export async function logMail(ctx: Ctx, row: NewLogRow): Promise<void> {
  await ctx.db
    .insertInto('document_emails')
    .values({
      id: row.deliveryId,
      account_id: ctx.accountId,
      document_id: row.documentId,
      recipients: JSON.stringify({ to: row.to, cc: row.cc }),
      subject: row.subject,
      custom_message: row.customMessage ? 1 : 0,
      user_id: ctx.actor?.userId ?? null,
      api_key_id: ctx.actor?.apiKeyId ?? null,
      created_at: nowIso(),
    })
    .execute();
}

/** An outbox delivery's status in the log's words; `cancelled` never happens to an e-mail, but would be a failure. */
const STATUS: Record<string, MailLogStatus> = { pending: 'queued', succeeded: 'sent', failed: 'failed', cancelled: 'failed' };

/** The e-mails of a document, newest first; or only those of `ids`. */
export async function readLog(ctx: Ctx, filter: { documentId: string } | { ids: readonly string[] }): Promise<MailLogEntry[]> {
  let query = ctx.db
    .selectFrom('document_emails as e')
    .leftJoin('deliveries as d', 'd.id', 'e.id')
    .leftJoin('users as u', (join) => join.onRef('u.id', '=', 'e.user_id').on('u.account_id', '=', ctx.accountId))
    .select([
      'e.id',
      'e.document_id',
      'e.recipients',
      'e.subject',
      'e.custom_message',
      'e.user_id',
      'e.api_key_id',
      'e.created_at',
      'd.status',
      'd.attempts',
      'd.last_error',
      'd.updated_at',
      'u.name as user_name',
    ])
    .where('e.account_id', '=', ctx.accountId);
  query = 'documentId' in filter ? query.where('e.document_id', '=', filter.documentId) : query.where('e.id', 'in', [...filter.ids]);
  const rows = await query.orderBy('e.created_at', 'desc').orderBy('e.id', 'desc').execute();
  return rows.map((row) => {
    const recipients = JSON.parse(row.recipients) as { to: Recipient[]; cc: Recipient[] };
    const status = row.status === null ? 'failed' : (STATUS[row.status] ?? 'failed');
    return {
      id: row.id,
      object: 'documentEmail',
      documentId: row.document_id,
      to: recipients.to,
      cc: recipients.cc,
      subject: row.subject,
      customMessage: row.custom_message === 1,
      queuedAt: row.created_at,
      queuedBy: {
        type: row.api_key_id !== null ? 'key' : row.user_id !== null ? 'user' : 'system',
        id: row.user_id,
        name: row.user_name ?? null,
      },
      status,
      attempts: row.attempts ?? 0,
      // A delivery that is still retrying keeps its last error: the log says why it waits.
      error: status === 'sent' ? null : (row.last_error ?? (row.status === null ? 'the delivery is no longer kept' : null)),
      updatedAt: row.updated_at ?? row.created_at,
    };
  });
}
