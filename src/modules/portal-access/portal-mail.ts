import { performance } from 'node:perf_hooks';
import { deliverMail, stableMessageId, type MailMessage } from '../../core/mail.js';
import type { DeliveryHandler, DeliveryOutcome } from '../outbox/index.js';
import { agencyHeadingOf, withAgencyHeading } from './agency-heading.js';

/** What a `portal_mail` delivery holds: the message, composed when it was queued (in its reader's language). */
export interface PortalMailPayload {
  to: string;
  subject: string;
  text: string;
  html: string;
}

const SMTP_OK = 250;

function payloadOf(json: string): PortalMailPayload | undefined {
  try {
    const payload = JSON.parse(json) as Partial<PortalMailPayload>;
    const complete = ['to', 'subject', 'text', 'html'].every((key) => typeof payload[key as keyof PortalMailPayload] === 'string');
    return complete ? (payload as PortalMailPayload) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Sends an e-mail of the portal (docs/supplier-portal.md#sending-work): the outbox's handler of
 * deliveries of kind `portal_mail`, after the change that queued it committed, headed by the
 * agency's logo and name as they are when it is sent. The same
 * Message-ID on every attempt, so that a repeat after a crash is recognisable as one.
 */
export const sendPortalMail: DeliveryHandler = async (delivery, env): Promise<DeliveryOutcome> => {
  const started = performance.now();
  const outcome = (ok: boolean, statusCode: number | null, error: string | null, retry: boolean): DeliveryOutcome => ({
    ok,
    statusCode,
    error,
    retry,
    durationMs: Math.round(performance.now() - started),
  });
  const payload = payloadOf(delivery.payload);
  if (payload === undefined) return outcome(false, null, 'the delivery holds no e-mail', false);
  const smtp = env.config.smtp;
  if (smtp === undefined) return outcome(false, null, 'e-mail is not configured (SMTP_URL)', false);
  const heading = await agencyHeadingOf(env.database.db, delivery.account_id);
  const message: MailMessage = withAgencyHeading({ ...payload, messageId: stableMessageId(delivery.id, smtp.from) }, heading);
  const result = await deliverMail(smtp, message);
  if (result.ok) return outcome(true, SMTP_OK, null, false);
  // A 5xx reply is the server's final word (RFC 5321 4.2.1); anything else may pass later.
  const permanent = result.code !== null && result.code >= 500;
  env.log.warn({ deliveryId: delivery.id, code: result.code, err: result.error }, 'could not send a portal e-mail through SMTP_URL');
  return outcome(false, result.code, result.error, !permanent);
};
