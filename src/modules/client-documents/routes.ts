import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { invalid } from '../../core/errors.js';
import { Binary, errorResponses, IdParams, Nullable } from '../../core/schemas.js';
import { renderPdf, renderUbl } from '../document-rendering/index.js';
import { invoiceKind, quoteKind } from '../documents/index.js';
import { requirePermission } from '../portal-access/index.js';
import { AcceptQuoteBody, NoQuery, PortalInvoice, PortalInvoiceDetail, PortalQuote, PortalQuoteDetail, QuotePortalAnswer, RefuseQuoteBody } from './schemas.js';
import { clientCtx, clientInvoices, clientQuotes, quotePortalAnswer } from './service.js';
import { Type } from '@sinclair/typebox';

const FORM_OR_JSON = ['application/x-www-form-urlencoded', 'application/json'];

function sendFile(reply: FastifyReply, type: string, disposition: 'inline' | 'attachment', file: { content: Buffer; filename: string }) {
  return reply.type(type).header('content-disposition', `${disposition}; filename="${file.filename}"`).send(file.content);
}

/**
 * The client's quotes on the portal (docs/client-portal.md#quotes): a branch of the client portal
 * (paths relative to /v2/portal/client), for a person with the `approve` permission (403 otherwise).
 */
export const clientQuoteRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preHandler', async (request) => requirePermission(app.portalCtx(request).principal, 'approve'));
  app.get(
    '/quotes',
    {
      schema: {
        summary: 'Your quotes from the agency (sent to you: never drafts), newest first',
        querystring: NoQuery,
        response: { 200: Type.Array(PortalQuote), ...errorResponses },
      },
    },
    async (request) => clientQuotes.list(app.portalCtx(request)),
  );
  app.get(
    '/quotes/:id',
    {
      schema: {
        summary: 'One of your quotes, with its lines',
        params: IdParams,
        querystring: NoQuery,
        response: { 200: PortalQuoteDetail, ...errorResponses },
      },
    },
    async (request) => clientQuotes.get(app.portalCtx(request), request.params.id),
  );
  app.get(
    '/quotes/:id/pdf',
    {
      schema: {
        summary: 'The PDF of one of your quotes, as the agency sends it (in your document language)',
        params: IdParams,
        querystring: NoQuery,
        response: { 200: Binary('the quote as a PDF document', 'application/pdf'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const ctx = app.portalCtx(request);
      await clientQuotes.get(ctx, request.params.id);
      return sendFile(reply, 'application/pdf', 'inline', await renderPdf(clientCtx(ctx), quoteKind, request.params.id));
    },
  );
  app.post(
    '/quotes/:id/accept',
    {
      schema: {
        summary: "Accept a quote sent to you, with an optional comment: it moves to accepted as the agency's own accept does (409 once answered or expired)",
        params: IdParams,
        consumes: FORM_OR_JSON,
        body: Type.Optional(AcceptQuoteBody),
        response: { 200: PortalQuoteDetail, ...errorResponses },
      },
    },
    async (request) => {
      const comment = request.body?.comment ?? '';
      const origin = { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' };
      return app.portalTransaction(request, (ctx) => clientQuotes.answer(ctx, app.config, request.params.id, 'accept', comment, origin));
    },
  );
  app.post(
    '/quotes/:id/refuse',
    {
      schema: {
        summary: 'Refuse a quote sent to you, saying why (comment required): it moves to refused (409 once answered or expired)',
        params: IdParams,
        consumes: FORM_OR_JSON,
        body: RefuseQuoteBody,
        response: { 200: PortalQuoteDetail, ...errorResponses },
      },
    },
    async (request) => {
      const comment = request.body.comment.trim();
      if (comment === '') throw invalid('comment', 'must not be blank: say why the quote is refused');
      const origin = { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' };
      return app.portalTransaction(request, (ctx) => clientQuotes.answer(ctx, app.config, request.params.id, 'refuse', comment, origin));
    },
  );
};

/**
 * The client's invoices and credit notes on the portal (docs/client-portal.md#invoices), for a
 * person with the `invoices` permission (403 otherwise): the receivables are theirs alone.
 */
export const clientInvoiceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preHandler', async (request) => requirePermission(app.portalCtx(request).principal, 'invoices'));
  app.get(
    '/invoices',
    {
      schema: {
        summary: 'Your invoices and credit notes (issued: never drafts), newest first, with what is paid and outstanding',
        querystring: NoQuery,
        response: { 200: Type.Array(PortalInvoice), ...errorResponses },
      },
    },
    async (request) => clientInvoices.list(app.portalCtx(request)),
  );
  app.get(
    '/invoices/:id',
    {
      schema: {
        summary: 'One of your invoices or credit notes, with its lines and payments',
        params: IdParams,
        querystring: NoQuery,
        response: { 200: PortalInvoiceDetail, ...errorResponses },
      },
    },
    async (request) => clientInvoices.get(app.portalCtx(request), request.params.id),
  );
  app.get(
    '/invoices/:id/pdf',
    {
      schema: {
        summary: 'The PDF of one of your invoices or credit notes, as the agency sends it',
        params: IdParams,
        querystring: NoQuery,
        response: { 200: Binary('the invoice as a PDF document', 'application/pdf'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const ctx = app.portalCtx(request);
      await clientInvoices.get(ctx, request.params.id);
      return sendFile(reply, 'application/pdf', 'inline', await renderPdf(clientCtx(ctx), invoiceKind, request.params.id));
    },
  );
  app.get(
    '/invoices/:id/ubl',
    {
      schema: {
        summary: 'One of your invoices or credit notes as a Peppol BIS Billing 3.0 UBL e-invoice (its PDF embedded)',
        params: IdParams,
        querystring: NoQuery,
        response: { 200: Binary('the invoice as UBL 2.1 XML', 'application/xml'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const ctx = app.portalCtx(request);
      await clientInvoices.get(ctx, request.params.id);
      return sendFile(reply, 'application/xml', 'attachment', await renderUbl(clientCtx(ctx), request.params.id));
    },
  );
};

/** The agency's read of a quote's answer on the client portal, with its evidence (docs/client-portal.md#quotes). */
export const quotePortalAnswerRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/v2/quotes/:id/portal-answer',
    {
      schema: {
        tags: ['Quotes'],
        summary: "The client's answer to the quote on the client portal: who, when, from where (IP, user agent) and their comment; null when none",
        params: IdParams,
        response: { 200: Nullable(QuotePortalAnswer), ...errorResponses },
      },
    },
    async (request) => quotePortalAnswer(app.readCtx(request), request.params.id),
  );
};
