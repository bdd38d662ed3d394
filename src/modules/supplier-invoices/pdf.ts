import type { FastifyReply } from 'fastify';
import type { BlobStorage } from '../../core/storage/index.js';
import type { SupplierInvoiceRow } from './repository.js';

/** `attachment` with the name as ASCII (others as `_`) and in full as RFC 5987. */
function disposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Answers an invoice's PDF: the exact bytes the supplier sent, streamed from storage, always as a download. */
export function sendInvoicePdf(reply: FastifyReply, storage: BlobStorage, row: SupplierInvoiceRow): FastifyReply {
  return reply
    .type('application/pdf')
    .header('Content-Disposition', disposition(row.pdf_name))
    .header('Content-Length', String(row.pdf_size))
    .header('ETag', `"${row.pdf_sha256}"`)
    .header('X-Content-Type-Options', 'nosniff')
    .send(storage.read(row.pdf_blob_id));
}
