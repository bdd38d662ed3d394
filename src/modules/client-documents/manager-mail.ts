import type { Config } from '../../config.js';
import type { Ctx } from '../../core/context.js';
import { accounts } from '../accounts/index.js';
import { enqueue } from '../outbox/index.js';
import { noticeMail } from '../portal-access/index.js';
import { userRepository } from '../users/index.js';
import { quoteAnswerRepository as repo, type QuoteAnswerRow } from './repository.js';

/**
 * The e-mail that tells the agency a client answered a quote on the portal
 * (docs/client-portal.md#quotes): to the quote's manager — the user who created it, while active
 * with an e-mail address — else to the account's e-mail address. In English: it is read inside
 * the agency. Queued in the answer's transaction (outbox `portal_mail`); none without SMTP_URL.
 */
export async function queueManagerMail(
  ctx: Ctx,
  config: Pick<Config, 'smtp' | 'publicUrl'>,
  quote: { id: string; number: string | null; clientName: string },
  answer: QuoteAnswerRow,
): Promise<void> {
  if (config.smtp === undefined) return;
  const to = await managerAddress(ctx, quote.id);
  if (to === null) return;
  const verb = answer.answer === 'accepted' ? 'accepted' : 'refused';
  const name = quote.number ?? quote.id;
  const url = `${config.publicUrl}/quotes/${quote.id}`;
  const facts: Array<[string, string]> = [
    ['Client', quote.clientName],
    ['By', answer.person_name],
    ['When', `${answer.answered_at.slice(0, 16).replace('T', ' ')} UTC`],
    ['From', `${answer.ip} (${answer.user_agent || 'no user agent'})`],
  ];
  const payload = noticeMail({
    to,
    language: 'en',
    subject: `Quote ${name} ${verb} by ${quote.clientName}`,
    intro: `${quote.clientName} ${verb} quote ${name} on the client portal.`,
    facts,
    ...(answer.comment === '' ? {} : { quote: `Comment: ${answer.comment}` }),
    link: { label: 'Open the quote', url },
  });
  await enqueue(ctx, { kind: 'portal_mail', endpointId: null, eventId: null, eventType: `quote.${verb}`, payload });
}

async function managerAddress(ctx: Ctx, quoteId: string): Promise<string | null> {
  const creator = await repo.creatorOf(ctx.db, ctx.accountId, quoteId);
  if (creator !== null) {
    const user = await userRepository.find(ctx.db, ctx.accountId, creator);
    if (user !== undefined && user.status === 'active' && user.email) return user.email;
  }
  const email = (await accounts.get(ctx)).email;
  return email === '' ? null : email;
}
