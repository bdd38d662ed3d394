import { Type } from '@sinclair/typebox';
import type { Ctx } from '../../core/context.js';
import type { ParentResource } from '../../core/parent-resource.js';
import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Binary, Id, IdParams, Paginated, errorResponses } from '../../core/schemas.js';
import { labelRoutes } from '../labels/index.js';
import { noteRoutes } from '../notes/index.js';
import { invoicing } from './invoicing.js';
import { KINDS, type KindConfig } from './kinds.js';
import { NO_MAIL, type DocumentMailer, type QueueMail } from './mailing.js';
import { EmailRequestSchema } from './mail-request.js';
import { CreatePayment, CreditInput, createSchema, documentSchema, listSchema, sentDocumentSchema, updateSchema } from './schemas.js';
import { documents } from './service.js';

/** What the documents' routes are given (modules/index.ts): the module that e-mails sent documents. */
export interface DocumentRouteOptions {
  mailer?: DocumentMailer;
  /** Makes the PDF and the e-invoice (modules/document-rendering), which builds on this module. */
  renderer: DocumentRenderer;
}

export interface DocumentRenderer {
  pdf(ctx: Ctx, kind: KindConfig, id: string): Promise<{ content: Buffer; filename: string }>;
  /** An invoice or credit note as an e-invoice. */
  ubl(ctx: Ctx, id: string): Promise<{ content: Buffer; filename: string }>;
}

/** The path of a document's job (quotes, invoices) or outsourcing (purchase orders). */
const JobSourceParams = Type.Object({ id: Id(), jobId: Id() }, { additionalProperties: false });
const OutsourcingSourceParams = Type.Object({ id: Id(), outsourcingId: Id() }, { additionalProperties: false });
const sourceIdOf = (params: { jobId: string } | { outsourcingId: string }) => ('jobId' in params ? params.jobId : params.outsourcingId);

/** The routes of one document kind (docs/documents.md), the same for the three kinds but for their configuration. */
function kindRoutes(kind: KindConfig, options: DocumentRouteOptions): FastifyPluginAsyncTypebox {
  const schema = documentSchema(kind);
  const sentSchema = sentDocumentSchema(kind);
  const tags = [kind.tag];
  const base = kind.basePath;
  const answer = { 200: schema, ...errorResponses };
  const sourceParams = kind.source === 'jobs' ? JobSourceParams : OutsourcingSourceParams;
  const sourcePath = `${base}/:id/${kind.source}/:${kind.source === 'jobs' ? 'jobId' : 'outsourcingId'}`;

  return async (app) => {
    const mailer = options.mailer;
    const queueMail: QueueMail = mailer === undefined ? NO_MAIL : (ctx, document) => mailer(ctx, app.config, document);
    app.get(
      base,
      {
        schema: { tags, summary: `List ${kind.noun}s (paginated)`, querystring: listSchema(kind), response: { 200: Paginated(schema), ...errorResponses } },
        config: { csvExport: { page: (ctx, query) => documents.list(ctx, kind, query) } },
      },
      async (request) => documents.list(app.readCtx(request), kind, request.query),
    );
    app.post(
      base,
      { schema: { tags, summary: `Create a ${kind.noun} (draft)`, body: createSchema(kind), response: { 201: schema, ...errorResponses } } },
      async (request, reply) => reply.code(201).send(await app.inTransaction(request, (ctx) => documents.create(ctx, kind, request.body))),
    );
    app.get(`${base}/:id`, { schema: { tags, summary: `Retrieve a ${kind.noun}`, params: IdParams, response: answer } }, async (request) =>
      documents.get(app.readCtx(request), kind, request.params.id),
    );
    app.put(
      `${base}/:id`,
      {
        schema: {
          tags,
          summary: `Update a ${kind.noun} (draft; afterwards archive and pinned only)`,
          params: IdParams,
          body: updateSchema(kind),
          response: answer,
        },
      },
      async (request) => app.inTransaction(request, (ctx) => documents.update(ctx, kind, request.params.id, request.body)),
    );
    app.delete(
      `${base}/:id`,
      { schema: { tags, summary: `Delete a draft ${kind.noun}`, params: IdParams, response: { 204: Type.Null(), ...errorResponses } } },
      async (request, reply) => {
        await app.inTransaction(request, (ctx) => documents.remove(ctx, kind, request.params.id));
        return reply.code(204).send(null);
      },
    );
    app.post(
      sourcePath,
      {
        schema: { tags, summary: `Add ${kind.source === 'jobs' ? 'a job' : 'an outsourcing'} to a draft ${kind.noun}`, params: sourceParams, response: answer },
      },
      async (request) => app.inTransaction(request, (ctx) => documents.changeSource(ctx, kind, request.params.id, sourceIdOf(request.params), true)),
    );
    app.delete(
      sourcePath,
      {
        schema: {
          tags,
          summary: `Remove ${kind.source === 'jobs' ? 'a job' : 'an outsourcing'} from a draft ${kind.noun}`,
          params: sourceParams,
          response: answer,
        },
      },
      async (request) => app.inTransaction(request, (ctx) => documents.changeSource(ctx, kind, request.params.id, sourceIdOf(request.params), false)),
    );
    for (const action of kind.actions) {
      const path = `${base}/:id/${action.name}`;
      if (action.name === 'send') {
        // A send may say who gets its e-mail and what it says (docs/documents.md#e-mailing-documents); no body: the defaults.
        const sendSchema = {
          tags,
          summary: action.summary,
          params: IdParams,
          body: Type.Optional(EmailRequestSchema),
          response: { 200: sentSchema, ...errorResponses },
        };
        app.post(path, { schema: sendSchema }, async (request) =>
          app.inTransaction(request, (ctx) => documents.act(ctx, kind, request.params.id, action.name, queueMail, request.body)),
        );
      } else {
        app.post(path, { schema: { tags, summary: action.summary, params: IdParams, response: answer } }, async (request) =>
          app.inTransaction(request, (ctx) => documents.act(ctx, kind, request.params.id, action.name, queueMail, undefined)),
        );
      }
    }
    app.get(
      `${base}/:id/pdf`,
      {
        schema: {
          tags,
          summary: `The ${kind.noun} as a PDF`,
          params: IdParams,
          response: { 200: Binary(`the ${kind.noun} as a PDF document`, 'application/pdf'), ...errorResponses },
        },
      },
      async (request, reply) => {
        const pdf = await options.renderer.pdf(app.readCtx(request), kind, request.params.id);
        return reply.type('application/pdf').header('content-disposition', `inline; filename="${pdf.filename}"`).send(pdf.content);
      },
    );
    if (kind.hasPayments) {
      app.get(
        `${base}/:id/ubl`,
        {
          schema: {
            tags,
            summary: `The ${kind.noun} or credit note as a Peppol BIS Billing 3.0 UBL e-invoice (409 while draft)`,
            params: IdParams,
            response: { 200: Binary(`the ${kind.noun} as UBL 2.1 XML, its PDF embedded`, 'application/xml'), ...errorResponses },
          },
        },
        async (request, reply) => {
          const ubl = await options.renderer.ubl(app.readCtx(request), request.params.id);
          return reply.type('application/xml').header('content-disposition', `attachment; filename="${ubl.filename}"`).send(ubl.content);
        },
      );
    }
    if (kind.hasPayments) {
      const paymentParams = Type.Object({ id: Id(), paymentId: Id() }, { additionalProperties: false });
      app.post(
        `${base}/:id/payments`,
        { schema: { tags, summary: 'Add a payment to a sent invoice', params: IdParams, body: CreatePayment, response: answer } },
        async (request) => app.inTransaction(request, (ctx) => invoicing.addPayment(ctx, request.params.id, request.body)),
      );
      app.delete(
        `${base}/:id/payments/:paymentId`,
        { schema: { tags, summary: 'Delete a payment of an invoice', params: paymentParams, response: answer } },
        async (request) => app.inTransaction(request, (ctx) => invoicing.removePayment(ctx, request.params.id, request.params.paymentId)),
      );
      app.post(
        `${base}/:id/credit`,
        {
          schema: {
            tags,
            summary: 'Credit a sent or paid invoice, whole (no body) or in part (lines or an amount, with a reason): creates its credit note (201)',
            params: IdParams,
            body: Type.Optional(CreditInput),
            response: { 201: sentSchema, ...errorResponses },
          },
        },
        async (request, reply) =>
          reply.code(201).send(await app.inTransaction(request, (ctx) => invoicing.credit(ctx, request.params.id, request.body ?? {}, queueMail))),
      );
    }
    // The document as the parent of its notes and labels (docs/development.md#attachments-and-their-parents).
    const parent: ParentResource = {
      resource: kind.object,
      basePath: base,
      tag: kind.tag,
      schema,
      load: (ctx, id) => documents.get(ctx, kind, id),
      touch: documents.touch,
    };
    await app.register(labelRoutes(parent));
    await app.register(noteRoutes(parent));
  };
}

/** Quotes, invoices and purchase orders. */
export const documentRoutes =
  (options: DocumentRouteOptions): FastifyPluginAsync =>
  async (app) => {
    for (const kind of KINDS) await app.register(kindRoutes(kind, options));
  };
