import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DateOut, IdParams, Nullable, errorResponses } from '../../core/schemas.js';
import { EmailRequestSchema, KINDS, type KindConfig } from '../documents/index.js';
import { documentMail } from './service.js';

/**
 * The e-mail routes of each document kind (docs/documents.md#e-mailing-documents), one
 * implementation configured per kind: `POST :id/email`, `GET :id/email-draft`, `GET :id/emails`.
 * Their roles are the kind's (src/core/access.ts): every role reads, who may send a kind e-mails it.
 */

const RecipientSchema = Type.Object({
  name: Type.String({ description: "the contact's or the party's name; empty for an address they do not have" }),
  address: Type.String(),
});

const MailLogEntrySchema = Type.Object(
  {
    id: Type.String({ description: "the e-mail's id (its outbox delivery's)" }),
    object: Type.Literal('documentEmail'),
    documentId: Type.String(),
    to: Type.Array(RecipientSchema),
    cc: Type.Array(RecipientSchema),
    subject: Type.String({ description: 'the subject as queued' }),
    customMessage: Type.Boolean({ description: 'the message was written by the sender (false: the default one)' }),
    queuedAt: DateOut(),
    queuedBy: Type.Object({
      type: Type.Union([Type.Literal('user'), Type.Literal('key'), Type.Literal('system')]),
      id: Nullable(Type.String({ description: 'the user (or the API key’s user)' })),
      name: Nullable(Type.String()),
    }),
    status: Type.Union([Type.Literal('queued'), Type.Literal('sent'), Type.Literal('failed')], {
      description: 'queued (waiting, or retrying after a failure), sent (taken by the SMTP server), failed (given up)',
    }),
    attempts: Type.Integer(),
    error: Nullable(Type.String({ description: 'why the last attempt failed (while queued: why it is retried)' })),
    updatedAt: DateOut(),
  },
  { title: 'documentEmail' },
);

const EmailDraftSchema = Type.Object(
  {
    object: Type.Literal('documentEmailDraft'),
    documentId: Type.String(),
    to: Type.Array(RecipientSchema),
    cc: Type.Array(RecipientSchema),
    recipientsSource: Type.Union([Type.Literal('contacts'), Type.Literal('party'), Type.Literal('none')], {
      description: "where the addressees come from: the contacts marked for the kind, the party's own e-mail, or nowhere",
    }),
    subject: Type.String(),
    message: Type.String({ description: 'plain text; `{number}` while the document is a draft' }),
    language: Type.String(),
    attachments: Type.Array(
      Type.Object({
        filename: Type.String(),
        contentType: Type.String(),
        optional: Type.Boolean({ description: "a draft invoice's e-invoice: attached when it can be one" }),
      }),
    ),
    willSend: Type.Boolean({ description: 'sending now would queue an e-mail' }),
    notEmailedReason: Nullable(Type.Union([Type.Literal('smtp_not_configured'), Type.Literal('no_recipients')])),
  },
  { title: 'documentEmailDraft' },
);

function kindMailRoutes(kind: KindConfig): FastifyPluginAsyncTypebox {
  const tags = [kind.tag];
  const base = kind.basePath;
  return async (app) => {
    app.post(
      `${base}/:id/email`,
      {
        schema: {
          tags,
          summary: `E-mail a sent ${kind.noun} (again), through the outbox (202: the queued e-mail)`,
          params: IdParams,
          body: Type.Optional(EmailRequestSchema),
          response: { 202: MailLogEntrySchema, ...errorResponses },
        },
      },
      async (request, reply) =>
        reply.code(202).send(await app.inTransaction(request, (ctx) => documentMail.email(ctx, app.config, kind, request.params.id, request.body ?? {}))),
    );
    app.get(
      `${base}/:id/email-draft`,
      {
        schema: {
          tags,
          summary: `The e-mail a send of the ${kind.noun} would queue now: recipients, subject, message, attachments`,
          params: IdParams,
          response: { 200: EmailDraftSchema, ...errorResponses },
        },
      },
      async (request) => documentMail.draft(app.readCtx(request), app.config, kind, request.params.id),
    );
    app.get(
      `${base}/:id/emails`,
      {
        schema: {
          tags,
          summary: `The mail log of a ${kind.noun}, newest first`,
          params: IdParams,
          response: { 200: Type.Object({ items: Type.Array(MailLogEntrySchema) }), ...errorResponses },
        },
      },
      async (request) => ({ items: await documentMail.log(app.readCtx(request), kind, request.params.id) }),
    );
  };
}

/** The e-mail routes of quotes, invoices and purchase orders. */
export const documentMailRoutes: FastifyPluginAsync = async (app) => {
  for (const kind of KINDS) await app.register(kindMailRoutes(kind));
};
