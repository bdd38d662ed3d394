import type { Config } from '../../config.js';
import type { Ctx } from '../../core/context.js';
import { enqueue } from '../outbox/index.js';
import { noticeMail, type PortalMailPayload } from '../portal-access/index.js';
import type { RequestObject } from './schemas.js';

/** Where a request opens in the console. */
export const requestUrl = (publicUrl: string, id: string): string => `${publicUrl}/requests/${id}`;

/** The address new requests are e-mailed to: the request address, else the account's e-mail; none when both are empty. */
export const requestAddress = (account: { requestEmail: string; email: string }): string | undefined =>
  account.requestEmail.trim() || account.email.trim() || undefined;

/** The e-mail that tells the agency of a new request (in English: the console's language). */
export function requestMail(to: string, request: RequestObject, url: string): PortalMailPayload {
  const languages = `${request.sourceLanguage.name} → ${request.targetLanguages.map((language) => language.name).join(', ')}`;
  const facts: Array<[string, string]> = [
    ['Client', request.client.name],
    ['Asked by', request.requestedBy.name],
    ['Service', request.service.name],
    ['Languages', languages],
    ['Due', request.dueDate === null ? 'not given' : `${request.dueDate.slice(0, 16).replace('T', ' ')} UTC`],
  ];
  if (request.reference !== '') facts.push(['Their reference', request.reference]);
  if (request.purchaseOrder !== '') facts.push(['Purchase order', request.purchaseOrder]);
  facts.push(['Files', String(request.files.length)]);
  return noticeMail({
    to,
    language: 'en',
    subject: `New request ${request.number} from ${request.client.name}`,
    intro: `${request.client.name} asks for work: request ${request.number}.`,
    facts,
    ...(request.message === '' ? {} : { quote: request.message }),
    link: { label: 'Open the request', url },
  });
}

/**
 * Queues the e-mail of a new request to the agency (the outbox, in the request's transaction).
 * Without SMTP_URL, or without an address, there is nothing to queue: the request is in the console all the same.
 */
export async function queueRequestMail(
  ctx: Ctx,
  config: Pick<Config, 'smtp' | 'publicUrl'>,
  account: { requestEmail: string; email: string },
  request: RequestObject,
): Promise<void> {
  const to = requestAddress(account);
  if (config.smtp === undefined || to === undefined) return;
  const payload = requestMail(to, request, requestUrl(config.publicUrl, request.id));
  await enqueue(ctx, { kind: 'portal_mail', endpointId: null, eventId: null, eventType: 'request.created', payload });
}
