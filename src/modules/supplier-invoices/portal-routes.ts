import { Readable } from 'node:stream';
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses, IdParams } from '../../core/schemas.js';
import { PortalInvoiceQuery, PortalPurchaseOrder, PortalPurchaseOrderQuery, PortalSupplierInvoice, SubmitFields } from './schemas.js';
import { supplierInvoices } from './service.js';
import { pdfCap, readInvoiceUpload } from './upload.js';

const SUBMIT_DESCRIPTION =
  'multipart/form-data: the text fields below (`purchaseOrderIds` repeated, once per order) and the PDF of the invoice in the part `file` ' +
  '(a PDF file: it starts with `%PDF-`; at most 20 MiB). The purchase orders must be yours (404), issued, completed, on none of your ' +
  'invoices that is not rejected, and in the currency of the invoice (409). A total other than the sum of the orders needs an explanation (400).';

/**
 * Invoices from the portal (docs/supplier-portal.md#invoices): a branch of the portal's tree
 * (paths relative to /v2/portal). A supplier's person lists their purchase orders, submits an
 * invoice for completed ones, and follows what the agency decided.
 */
export const supplierInvoicePortalRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/purchase-orders',
    {
      schema: {
        summary: 'Your purchase orders from the agency (sent or accepted), newest first, with whether each may be invoiced',
        querystring: PortalPurchaseOrderQuery,
        response: { 200: Type.Array(PortalPurchaseOrder), ...errorResponses },
      },
    },
    async (request) => supplierInvoices.portalPurchaseOrders(app.portalCtx(request), request.query.invoiceable),
  );
  app.get(
    '/invoices',
    {
      schema: {
        summary: 'Your invoices to the agency, newest first (at most 500)',
        querystring: PortalInvoiceQuery,
        response: { 200: Type.Array(PortalSupplierInvoice), ...errorResponses },
      },
    },
    async (request) => supplierInvoices.portalList(app.portalCtx(request)),
  );
  app.get(
    '/invoices/:id',
    { schema: { summary: 'One of your invoices', params: IdParams, response: { 200: PortalSupplierInvoice, ...errorResponses } } },
    async (request) => supplierInvoices.portalGet(app.portalCtx(request), request.params.id),
  );
  app.post(
    '/invoices',
    {
      schema: {
        summary: 'Submit an invoice for your completed purchase orders, with its PDF',
        description: SUBMIT_DESCRIPTION,
        consumes: ['multipart/form-data'],
        'x-multipart': { file: 'the PDF of your invoice', required: true, fields: SubmitFields },
        response: { 201: PortalSupplierInvoice, ...errorResponses },
      },
    },
    async (request, reply) => {
      const upload = await readInvoiceUpload(request, pdfCap(app.config.maxUploadBytes));
      // Stored outside the transaction (as every upload); removed again when the submission is refused.
      const blobId = await app.storage.put(Readable.from([upload.pdf.bytes]));
      let created;
      try {
        created = await app.portalTransaction(request, (ctx) =>
          supplierInvoices.submit(ctx, upload.fields, { blobId, name: upload.pdf.name, size: upload.pdf.size, sha256: upload.pdf.sha256 }),
        );
      } catch (error) {
        await app.storage.remove([blobId]).catch(() => {});
        throw error;
      }
      return reply.code(201).send(created);
    },
  );
};
