import type { Config } from '../../config.js';
import type { Ctx } from '../../core/context.js';
import { nowIso } from '../../core/dates.js';
import { invalid, notFound } from '../../core/errors.js';
import { recordEvent } from '../../core/events.js';
import { newId } from '../../core/ids.js';
import type { PortalCtx } from '../../core/portal.js';
import { enqueue } from '../outbox/index.js';
import { languageOf, portalPeople } from '../portal-access/index.js';
import { userRepository } from '../users/index.js';
import { messageToClientMail, messageToManagerMail } from './mail.js';
import { clientMessageRepository, type ClientMessageRow } from './repository.js';
import type { ClientMessageObject } from './schemas.js';
import type { SubjectFacts, ThreadSubject } from './subjects.js';

/** docs/webhooks.md#event-types: a message of a client thread, from either side. */
export const CLIENT_MESSAGE_EVENT = 'client_message.created';

type MailConfig = Pick<Config, 'smtp' | 'publicUrl'>;

const toMessage = (row: ClientMessageRow): ClientMessageObject => ({
  id: row.id,
  from: row.person_id === null ? 'agency' : 'client',
  authorName: row.author_name,
  text: row.text,
  createdAt: row.created_at,
});

/** A text of spaces only is no message (the schema has checked the length). */
function checkedText(text: string): string {
  if (text.trim() === '') throw invalid('text', 'must not be empty');
  return text;
}

/** The context the modules below are called with for a client's person: their account, the person as the events' actor. */
function personCtx(ctx: PortalCtx): Ctx {
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

async function record(ctx: Ctx, subject: ThreadSubject, facts: SubjectFacts, row: ClientMessageRow): Promise<ClientMessageObject> {
  await clientMessageRepository.insert(ctx.db, row);
  const message = toMessage(row);
  await recordEvent(ctx, CLIENT_MESSAGE_EVENT, { ...message, subject: { kind: subject.kind, id: facts.id }, clientId: facts.clientId });
  return message;
}

/**
 * The threads between a client and the agency (docs/client-portal.md#messages), over any subject
 * (subjects.ts). The portal's side reaches only the person's client's subjects; the agency's, the
 * account's. Each new message records `client_message.created` and queues its e-mails in its
 * transaction (the outbox's `portal_mail`; none without SMTP_URL).
 */
export const clientThreads = {
  async listForClient(ctx: PortalCtx, subject: ThreadSubject, id: string): Promise<ClientMessageObject[]> {
    const facts = await subject.ofClient(ctx, id);
    if (facts === undefined || ctx.principal.party.kind !== 'client' || facts.clientId !== ctx.principal.party.id) throw notFound(subject.kind, id);
    const rows = await clientMessageRepository.thread(ctx.db, ctx.principal.accountId, facts.clientId, subject.kind, facts.id);
    return rows.map(toMessage);
  },

  /** The client writes: the subject's manager is e-mailed. */
  async postByClient(ctx: PortalCtx, config: MailConfig, subject: ThreadSubject, id: string, text: string): Promise<ClientMessageObject> {
    const facts = await subject.ofClient(ctx, id);
    if (facts === undefined || ctx.principal.party.kind !== 'client' || facts.clientId !== ctx.principal.party.id) throw notFound(subject.kind, id);
    const { principal } = ctx;
    const agencyCtx = personCtx(ctx);
    const message = await record(agencyCtx, subject, facts, {
      id: newId(),
      account_id: principal.accountId,
      client_id: facts.clientId,
      subject_kind: subject.kind,
      subject_id: facts.id,
      person_id: principal.personId,
      user_id: null,
      author_name: principal.name,
      text: checkedText(text),
      created_at: nowIso(),
    });
    if (config.smtp !== undefined && facts.managerUserId !== null) {
      const manager = await userRepository.find(ctx.db, principal.accountId, facts.managerUserId);
      if (manager?.email && manager.status === 'active') {
        const payload = messageToManagerMail({
          to: manager.email,
          author: principal.name,
          name: facts.name,
          text: message.text,
          url: `${config.publicUrl}${subject.agencyPage(facts.id)}`,
        });
        await enqueue(agencyCtx, { kind: 'portal_mail', endpointId: null, eventId: null, eventType: CLIENT_MESSAGE_EVENT, payload });
      }
    }
    return message;
  },

  async listForAgency(ctx: Ctx, subject: ThreadSubject, id: string): Promise<ClientMessageObject[]> {
    const facts = await subject.ofAccount(ctx, id);
    if (facts === undefined) throw notFound(subject.kind, id);
    return (await clientMessageRepository.thread(ctx.db, ctx.accountId, facts.clientId, subject.kind, facts.id)).map(toMessage);
  },

  /** The agency writes: each of the client's people with portal access is e-mailed, in their language. */
  async postByAgency(ctx: Ctx, config: MailConfig, subject: ThreadSubject, id: string, text: string): Promise<ClientMessageObject> {
    const facts = await subject.ofAccount(ctx, id);
    if (facts === undefined) throw notFound(subject.kind, id);
    const message = await record(ctx, subject, facts, {
      id: newId(),
      account_id: ctx.accountId,
      client_id: facts.clientId,
      subject_kind: subject.kind,
      subject_id: facts.id,
      person_id: null,
      user_id: ctx.userId === '' ? null : ctx.userId,
      author_name: ctx.userName ?? 'Agency',
      text: checkedText(text),
      created_at: nowIso(),
    });
    if (config.smtp !== undefined) {
      for (const person of await portalPeople.activeOf(ctx, 'client', facts.clientId)) {
        if (person.email === null) continue;
        const payload = messageToClientMail({
          to: person.email,
          language: languageOf(person),
          agency: person.account_name,
          name: facts.name,
          text: message.text,
          url: `${config.publicUrl}${subject.portalPage(facts.id)}`,
        });
        await enqueue(ctx, { kind: 'portal_mail', endpointId: null, eventId: null, eventType: CLIENT_MESSAGE_EVENT, payload });
      }
    }
    return message;
  },
};
