import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { invalid } from '../../core/errors.js';
import { Binary, errorResponses, IdParams } from '../../core/schemas.js';
import { sendInvoicePdf } from './pdf.js';
import { NoParameters, RejectSupplierInvoice, SupplierInvoice, SupplierInvoicePage, SupplierInvoiceQuery } from './schemas.js';
import { supplierInvoices } from './service.js';

const tags = ['Supplier invoices'];
const PATH = '/v2/supplier-invoices';
const FORM_OR_JSON = ['application/x-www-form-urlencoded', 'application/json'];

/**
 * The agency's side of supplier invoices (docs/supplier-invoices.md): every role reads them; the
 * invoices' writers of the role matrix (owner, admin, finance) approve and reject.
 */
export const supplierInvoiceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    PATH,
    {
      schema: {
        tags,
        summary: "List the suppliers' invoices (paginated; filter status, supplierId; sort createdAt (default, newest first), date)",
        querystring: SupplierInvoiceQuery,
        response: { 200: SupplierInvoicePage, ...errorResponses },
      },
      config: { csvExport: { page: supplierInvoices.list } },
    },
    async (request) => supplierInvoices.list(app.readCtx(request), request.query),
  );
  app.get(
    `${PATH}/:id`,
    { schema: { tags, summary: 'Get a supplier invoice', params: IdParams, response: { 200: SupplierInvoice, ...errorResponses } } },
    async (request) => supplierInvoices.get(app.readCtx(request), request.params.id),
  );
  app.get(
    `${PATH}/:id/pdf`,
    {
      schema: {
        tags,
        summary: 'The PDF the supplier submitted with the invoice',
        params: IdParams,
        response: { 200: Binary('the PDF as the supplier sent it, as an attachment', 'application/pdf'), ...errorResponses },
      },
    },
    async (request, reply) => sendInvoicePdf(reply, app.storage, await supplierInvoices.row(app.readCtx(request), request.params.id)),
  );
  app.post(
    `${PATH}/:id/approve`,
    {
      schema: {
        tags,
        summary: 'Approve a submitted supplier invoice: it is owed (the payables report counts it); 409 once decided',
        params: IdParams,
        consumes: FORM_OR_JSON,
        body: NoParameters,
        response: { 200: SupplierInvoice, ...errorResponses },
      },
    },
    async (request) => app.inTransaction(request, (ctx) => supplierInvoices.approve(ctx, request.params.id)),
  );
  app.post(
    `${PATH}/:id/reject`,
    {
      schema: {
        tags,
        summary: 'Reject a submitted supplier invoice, saying why: its purchase orders may go on another invoice; 409 once decided',
        params: IdParams,
        consumes: FORM_OR_JSON,
        body: RejectSupplierInvoice,
        response: { 200: SupplierInvoice, ...errorResponses },
      },
    },
    async (request) => {
      const reason = request.body.reason.trim();
      if (reason === '') throw invalid('reason', 'must not be blank');
      return app.inTransaction(request, (ctx) => supplierInvoices.reject(ctx, request.params.id, reason));
    },
  );
};
